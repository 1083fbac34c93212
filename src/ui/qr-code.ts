import { create as createQrCode } from 'qrcode';

/** The four blank modules the QR standard asks for around the code, so scanners find its edges. */
const QUIET_ZONE = 4;

/** A row's stretch of dark modules, in modules from the top left corner of the quiet zone. */
export interface ModuleRun {
  row: number;
  col: number;
  length: number;
}

/**
 * The QR code of a label's text as runs of dark modules, with the quiet zone inside `size`. A run
 * is one rectangle, in the PDF sheet and on screen: a rectangle per module, or an SVG path
 * pdf-lib parses, make a sheet of hundreds of labels several times slower. Apart from the labels
 * (pdf-lib), so a screen can show a code without loading the PDF maker.
 */
export function qrCodeRuns(text: string): { size: number; runs: ModuleRun[] } {
  const { modules } = createQrCode(text, { errorCorrectionLevel: 'M' });
  const runs: ModuleRun[] = [];
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      let end = col;
      while (end < modules.size && modules.get(row, end)) end++;
      runs.push({ row: row + QUIET_ZONE, col: col + QUIET_ZONE, length: end - col });
      col = end;
    }
  }
  return { size: modules.size + 2 * QUIET_ZONE, runs };
}
