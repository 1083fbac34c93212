import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import type { Browser } from '@playwright/test';

/**
 * A tablet whose camera films a printed label: Chromium's fake capture device plays a video file,
 * here frames of the label's QR code made from the same text the printed sheet encodes. Headless
 * Chromium on Linux has no BarcodeDetector, so the app reads real camera frames with jsQR.
 */

const WIDTH = 640;
const HEIGHT = 480;

/** A YUV4MPEG2 video of the QR code of `text`, black on white, a few identical frames (Chromium loops it). */
function labelVideo(text: string): string {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const module = Math.floor((HEIGHT * 0.8) / (size + 8));
  const side = module * (size + 8);
  const left = Math.floor((WIDTH - side) / 2) + 4 * module;
  const top = Math.floor((HEIGHT - side) / 2) + 4 * module;
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (!qr.modules.get(row, col)) continue;
      for (let y = 0; y < module; y++) luma.fill(16, (top + row * module + y) * WIDTH + left + col * module, (top + row * module + y) * WIDTH + left + (col + 1) * module);
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fabops-label-')), 'label.y4m');
  fs.writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`), frame, frame, frame]));
  return file;
}

/** A second Chromium, as the tests launch it, whose camera films the QR label of `text`; close it when done. */
export function cameraFilming(browser: Browser, text: string): Promise<Browser> {
  return browser.browserType().launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${labelVideo(text)}`,
    ],
  });
}
