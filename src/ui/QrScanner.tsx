import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Box, Button, Dialog, Portal, Text, chakra } from '@chakra-ui/react';

/** Reads the QR code in a video frame, if there is one. */
type QrDecoder = (video: HTMLVideoElement) => Promise<string | null>;

/** The Barcode Detection API, which TypeScript's DOM types do not have yet. */
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
  getSupportedFormats(): Promise<string[]>;
}

/** jsQR is slow on a full camera frame; a 640 px wide frame still reads a label at arm's length. */
const FALLBACK_WIDTH = 640;

/**
 * The browser's own detector where it reads QR codes (Chrome on Android and ChromeOS, Safari);
 * elsewhere jsQR on canvas frames, loaded only then so no other screen carries it. Some browsers
 * have the detector but no QR format: they get jsQR too.
 */
async function qrDecoder(): Promise<QrDecoder> {
  const Detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (Detector && (await Detector.getSupportedFormats()).includes('qr_code')) {
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('this browser cannot read camera frames');
  return async (video) => {
    const scale = Math.min(1, FALLBACK_WIDTH / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

/** Why getUserMedia refused, by the name of its error, in words that say what to do. */
const CAMERA_REFUSALS: Record<string, string> = {
  NotAllowedError: 'permission was refused. Allow the camera for this site in the browser’s settings and try again.',
  SecurityError: 'permission was refused. Allow the camera for this site in the browser’s settings and try again.',
  NotFoundError: 'this device has no camera.',
  OverconstrainedError: 'this device has no camera.',
  NotReadableError: 'another app is using it. Close that app and try again.',
};

function cameraProblem(error: unknown): string {
  // getUserMedia rejects with a DOMException, which not every browser makes an Error.
  const { name = '', message = String(error) } = typeof error === 'object' && error !== null ? (error as { name?: string; message?: string }) : {};
  return `The camera is not available: ${CAMERA_REFUSALS[name] ?? message}`;
}

function stopCamera(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}

/** The live preview: starts the camera, reads frames until a code turns up, and stops it when it goes. */
function CameraView({ onCode }: { onCode: (text: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The loop outlives renders: it calls the latest handler (and only once: it stops first).
  const found = useEffectEvent(onCode);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let frame = 0;
    const start = async () => {
      // Without HTTPS (or on an old browser) there is no mediaDevices at all.
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('this browser gives the page no camera (it needs the secure https:// address).');
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      if (stopped) return stopCamera(stream);
      const element = video.current!;
      element.srcObject = stream;
      await element.play();
      const decode = await qrDecoder();
      const read = async () => {
        const text = element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA ? await decode(element) : null;
        if (stopped) return;
        if (text === null) frame = requestAnimationFrame(() => void read().catch(fail));
        else {
          stopped = true;
          found(text);
        }
      };
      frame = requestAnimationFrame(() => void read().catch(fail));
    };
    const fail = (error: unknown) => {
      if (!stopped) setProblem(cameraProblem(error));
    };
    void start().catch(fail);
    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      if (stream) stopCamera(stream);
    };
  }, []);

  if (problem) return <Text role="alert" color="fg.error">{problem}</Text>;
  return (
    <Box>
      <chakra.video ref={video} aria-label="Camera preview" muted playsInline width="full" maxH="60vh" rounded="md" bg="black" />
      <Text mt="2" color="fg.muted">
        Hold a material’s label in front of the camera.
      </Text>
    </Box>
  );
}

/**
 * A "Scan label" button: a dialog with the camera's live preview that hands the first QR code it
 * reads to `onScan` and closes. Everything happens on the device, so it works offline. `onScan`
 * may answer the field the scan leads to: the closing dialog hands the focus there instead of
 * back to the button (its focus trap would undo a focus set while it is still open).
 */
export function QrScanner({ onScan, label = 'Scan label' }: { onScan: (text: string) => HTMLElement | null | void; label?: string }) {
  const [open, setOpen] = useState(false);
  const focusAfter = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => {
        if (e.open) focusAfter.current = null;
        setOpen(e.open);
      }}
      finalFocusEl={() => focusAfter.current}
      size={{ base: 'full', md: 'lg' }}
    >
      <Dialog.Trigger asChild>
        <Button size="lg" minH="12" variant="outline">
          {label}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Scan a label</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {/* Mounted only while open: closing the dialog unmounts it, which turns the camera off. */}
              {open && (
                <CameraView
                  onCode={(text) => {
                    focusAfter.current = onScan(text) ?? null;
                    setOpen(false);
                  }}
                />
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button size="lg" variant="outline">
                  Cancel
                </Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
