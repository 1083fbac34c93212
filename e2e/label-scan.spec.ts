import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import { expect, test } from '@playwright/test';
import { materialLabelText } from '../domain/material-label';
import { DEMO_PASSWORD, signIn } from './support';

/**
 * Scanning a material's QR label with the camera (issue 5), in Chromium with a camera that films
 * a printed label: Chromium's fake capture device plays a video file, here frames of the label's
 * QR code made from the same text the printed sheet encodes. Headless Chromium on Linux has no
 * BarcodeDetector, so this is the jsQR fallback reading real camera frames.
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

test('stores picks a material by pointing the tablet camera at its label', async ({ browser, request }) => {
  const { access } = (await (await request.post('/api/v1/auth/jwt/create/', { data: { username: 'stores', password: DEMO_PASSWORD } })).json()) as { access: string };
  const page1 = (await (await request.get('/api/v1/materials/materials/?ordering=name&page_size=1', { headers: { Authorization: `JWT ${access}` } })).json()) as {
    results: { id: number; name: string }[];
  };
  const material = page1.results[0]!;

  const camera = await browser.browserType().launch({
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
      `--use-file-for-fake-video-capture=${labelVideo(materialLabelText(material.id))}`,
    ],
  });
  try {
    const baseURL = test.info().project.use.baseURL!;
    const context = await camera.newContext({ baseURL, viewport: { width: 768, height: 1024 }, permissions: ['camera'] });
    const page = await context.newPage();
    await signIn(page, 'stores');
    await page.goto('/stock/transactions/create');
    await page.getByRole('button', { name: 'Scan label' }).click();
    await expect(page.getByRole('dialog', { name: 'Scan a label' })).toBeVisible();
    // The label is read from the camera, the dialog closes and the material is chosen.
    await expect(page.getByText(`${material.name} · on hand`)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('dialog', { name: 'Scan a label' })).toHaveCount(0);
    await context.close();
  } finally {
    await camera.close();
  }
});
