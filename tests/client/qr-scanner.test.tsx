import './setup';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { api } from '../../src/data/api';
import { mirror } from '../../src/data/mirror/db';
import { QrScanner } from '../../src/ui/QrScanner';
import { MaterialPicker } from '../../src/ui/MaterialPicker';
import { settle } from './support';

// The fallback reader: a stand-in, since jsdom has no canvas to read camera frames from.
const jsQR = vi.hoisted(() => vi.fn<(data: Uint8ClampedArray, width: number, height: number) => { data: string } | null>());
vi.mock('jsqr', () => ({ default: jsQR }));

/** jsdom has no camera: a stream whose one track records being stopped. */
function fakeCamera() {
  const track = { stop: vi.fn() };
  const stream = { getTracks: () => [track] } as unknown as MediaStream;
  const getUserMedia = vi.fn<(constraints: MediaStreamConstraints) => Promise<MediaStream>>(async () => stream);
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  return { track, getUserMedia };
}

/** The browser's QR detector, seeing whatever `seen` holds in every frame. */
function fakeDetector(seen: { rawValue: string }[]) {
  const detect = vi.fn(async () => seen);
  class BarcodeDetector {
    static getSupportedFormats = async () => ['qr_code', 'ean_13'];
    constructor(readonly options: { formats: string[] }) {}
    detect = detect;
  }
  vi.stubGlobal('BarcodeDetector', BarcodeDetector);
  return detect;
}

/** Animation frames on demand: `runDue` runs at once every frame asked for and not yet run or cancelled. */
function framesOnDemand() {
  const due = new Map<number, FrameRequestCallback>();
  const request = window.requestAnimationFrame.bind(window);
  const cancel = window.cancelAnimationFrame.bind(window);
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    const id = request((time) => {
      due.delete(id);
      callback(time);
    });
    due.set(id, callback);
    return id;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => {
    due.delete(id);
    cancel(id);
  });
  return {
    runDue: () =>
      act(() => {
        for (const [id, callback] of [...due]) {
          due.delete(id);
          cancel(id);
          callback(performance.now());
        }
      }),
  };
}

const inChakra = (ui: ReactNode) => render(<ChakraProvider value={defaultSystem}>{ui}</ChakraProvider>);

beforeEach(() => {
  // jsdom's video never plays nor gets a frame: pretend one is showing.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(HTMLMediaElement.HAVE_ENOUGH_DATA);
  jsQR.mockReset();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('scanning a label with the camera', () => {
  it('asks for the back camera, hands over the first code once, closes and turns the camera off', async () => {
    const { track, getUserMedia } = fakeCamera();
    const detect = fakeDetector([{ rawValue: 'fabops:material:12' }]);
    const frames = framesOnDemand();
    const onScan = vi.fn();
    inChakra(<QrScanner onScan={onScan} />);
    fireEvent.click(screen.getByRole('button', { name: 'Scan label' }));

    await waitFor(() => expect(onScan).toHaveBeenCalledWith('fabops:material:12'));
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment' }, audio: false });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(track.stop).toHaveBeenCalled();
    // Nothing reads on after the code was found: not the reads under way, nor any frame still due.
    await settle();
    frames.runDue();
    await settle();
    expect(onScan).toHaveBeenCalledOnce();
    expect(detect).toHaveBeenCalledOnce();
  });

  it('hands the focus to the field the scan leads to, not back to the Scan label button', async () => {
    fakeCamera();
    fakeDetector([{ rawValue: 'fabops:material:12' }]);
    framesOnDemand();
    inChakra(
      <>
        <input aria-label="Received of MS sheet 2mm" />
        <QrScanner onScan={() => screen.getByLabelText('Received of MS sheet 2mm')} />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Scan label' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Received of MS sheet 2mm')));
  });

  it('keeps looking until a code shows, and turns the camera off when cancelled', async () => {
    const { track } = fakeCamera();
    const detect = fakeDetector([]);
    const frames = framesOnDemand();
    const onScan = vi.fn();
    inChakra(<QrScanner onScan={onScan} />);
    fireEvent.click(screen.getByRole('button', { name: 'Scan label' }));
    await waitFor(() => expect(detect.mock.calls.length).toBeGreaterThan(2));
    expect(track.stop).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(track.stop).toHaveBeenCalled());
    await settle();
    const reads = detect.mock.calls.length;
    frames.runDue();
    await settle();
    expect(detect.mock.calls.length).toBe(reads);
    expect(onScan).not.toHaveBeenCalled();
  });

  it('reads camera frames with jsQR where the browser has no QR detector', async () => {
    const { track } = fakeCamera();
    vi.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(1280);
    vi.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockReturnValue(720);
    const context = { drawImage: vi.fn(), getImageData: (_x: number, _y: number, width: number, height: number) => ({ data: new Uint8ClampedArray(width * height * 4), width, height }) };
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
    jsQR.mockReturnValueOnce(null).mockReturnValue({ data: 'fabops:material:12' });
    const onScan = vi.fn();
    inChakra(<QrScanner onScan={onScan} />);
    fireEvent.click(screen.getByRole('button', { name: 'Scan label' }));

    await waitFor(() => expect(onScan).toHaveBeenCalledWith('fabops:material:12'));
    expect(jsQR).toHaveBeenCalledTimes(2);
    // Frames are scaled down to 640 px wide before jsQR reads them.
    expect(jsQR.mock.calls[0]!.slice(1, 3)).toEqual([640, 360]);
    await waitFor(() => expect(track.stop).toHaveBeenCalled());
  });

  it('says so when the camera permission is refused', async () => {
    const { getUserMedia } = fakeCamera();
    getUserMedia.mockRejectedValue(new DOMException('Permission denied', 'NotAllowedError'));
    inChakra(<QrScanner onScan={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Scan label' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^The camera is not available: permission was refused\./);
  });

  it('says so when the device has no camera', async () => {
    const { getUserMedia } = fakeCamera();
    getUserMedia.mockRejectedValue(new DOMException('Requested device not found', 'NotFoundError'));
    inChakra(<QrScanner onScan={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Scan label' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The camera is not available: this device has no camera.');
  });
});

describe('picking a material by its label', () => {
  const NOW = '2026-11-20T09:00:00.000Z';
  const material = (id: number, name: string, deleted_at: string | null = null) => ({
    id,
    name,
    unit: 'SHEET',
    quantity: '12.000',
    brand: '',
    size: '',
    color: '',
    thickness: '',
    category: 1,
    created_by: 1,
    created_at: NOW,
    updated_at: NOW,
    version: 1,
    deleted_at,
  });

  beforeEach(async () => {
    await mirror.rows('materials').clear();
    await mirror.rows('materials').bulkPut([material(11, 'Acrylic sheet clear 3mm'), material(12, 'Acrylic sheet clear 5mm'), material(14, 'Old stock', NOW)]);
  });

  async function scanWith(code: string, exclude: ReadonlySet<number> = new Set()) {
    fakeCamera();
    fakeDetector([{ rawValue: code }]);
    const onPick = vi.fn();
    inChakra(<MaterialPicker onPick={onPick} exclude={exclude} />);
    fireEvent.click(screen.getByRole('button', { name: 'Scan label' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    return onPick;
  }

  it('picks the material the label names from the device', async () => {
    const onPick = await scanWith('fabops:material:12');
    await waitFor(() => expect(onPick).toHaveBeenCalledOnce());
    expect(onPick.mock.calls[0]![0]).toMatchObject({ id: 12, name: 'Acrylic sheet clear 5mm' });
  });

  it('asks the server for a material the device has not loaded yet, when there is a connection', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue({ data: material(99, 'Mirror acrylic gold 2mm'), status: 200, headers: {} });
    const onPick = await scanWith('fabops:material:99');
    await waitFor(() => expect(onPick).toHaveBeenCalledOnce());
    expect(get).toHaveBeenCalledWith('/materials/materials/99/');
    expect(onPick.mock.calls[0]![0]).toMatchObject({ id: 99, name: 'Mirror acrylic gold 2mm' });
  });

  it.each([
    ['a material neither the device nor the server has', 'fabops:material:99'],
    ['a deleted material', 'fabops:material:14'],
    ['a code that is no material label', 'https://example.com/12'],
  ])('refuses %s', async (_what, code) => {
    const get = vi.spyOn(api, 'get').mockRejectedValue(new Error('Request failed with status code 404'));
    const onPick = await scanWith(code);
    expect((await screen.findByRole('alert')).textContent).toBe('This label is not a material on this device.');
    expect(onPick).not.toHaveBeenCalled();
    expect(get.mock.calls.length).toBe(code === 'fabops:material:99' ? 1 : 0);
  });

  it('offline, refuses a material the device does not have without asking the server', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const get = vi.spyOn(api, 'get');
    const onPick = await scanWith('fabops:material:99');
    expect((await screen.findByRole('alert')).textContent).toBe('This label is not a material on this device.');
    expect(onPick).not.toHaveBeenCalled();
    expect(get).not.toHaveBeenCalled();
  });

  it('refuses a material already chosen', async () => {
    const onPick = await scanWith('fabops:material:12', new Set([12]));
    expect((await screen.findByRole('alert')).textContent).toBe('Acrylic sheet clear 5mm is already chosen.');
    expect(onPick).not.toHaveBeenCalled();
  });

  it('offers no scan button where the browser gives no camera', () => {
    inChakra(<MaterialPicker onPick={vi.fn()} exclude={new Set()} />);
    screen.getByLabelText('Find a material');
    expect(screen.queryByRole('button', { name: 'Scan label' })).toBeNull();
  });
});
