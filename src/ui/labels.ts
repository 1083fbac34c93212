import {
  PDFDocument,
  PDFNumber,
  PDFOperator,
  PDFOperatorNames,
  StandardFonts,
  concatTransformationMatrix,
  fill,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setFillingRgbColor,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import { materialLabelText } from '../../domain/material-label';
import { materialUnitLabel, type Material } from '../../domain/material';
import { qrCodeRuns } from './qr-code';

export type LabelledMaterial = Pick<Material, 'id' | 'name' | 'unit'>;

const MM = 72 / 25.4;
/** A4 in points. */
const PAGE = { width: 210 * MM, height: 297 * MM };
/** The common 24-up sheet (3 × 8 labels of 63.5 × 33.9 mm), so the PDF prints onto stock label paper. */
const COLUMNS = 3;
const ROWS = 8;
export const LABELS_PER_PAGE = COLUMNS * ROWS;
const LABEL = { width: 63.5 * MM, height: 33.9 * MM };
const GAP = 2.5 * MM;
const MARGIN = { left: (PAGE.width - COLUMNS * LABEL.width - (COLUMNS - 1) * GAP) / 2, top: (PAGE.height - ROWS * LABEL.height) / 2 };
const PADDING = 2 * MM;
const NAME = { size: 9, leading: 11, lines: 3 };
const DETAIL = { size: 8, leading: 10 };
const BLACK = rgb(0, 0, 0);
const GREY = rgb(0.35, 0.35, 0.35);

/** The code as a square of `side` points whose top left corner is at (left, top), y going up as in PDF. */
function drawQrCode(page: PDFPage, text: string, left: number, top: number, side: number): void {
  const { size, runs } = qrCodeRuns(text);
  const scale = side / size;
  page.pushOperators(
    pushGraphicsState(),
    // In module units with rows going down, so each run is drawn as it is numbered.
    concatTransformationMatrix(scale, 0, 0, -scale, left, top),
    setFillingRgbColor(0, 0, 0),
    ...runs.map((run) => PDFOperator.of(PDFOperatorNames.AppendRectangle, [PDFNumber.of(run.col), PDFNumber.of(run.row), PDFNumber.of(run.length), PDFNumber.of(1)])),
    fill(),
    popGraphicsState(),
  );
}

/** The standard PDF fonts know only Windows-1252: anything else (Devanagari, ², ×…) prints as '?'. */
function printable(text: string, font: PDFFont): string {
  const known = new Set(font.getCharacterSet());
  return Array.from(text.replace(/\s+/g, ' ').trim(), (ch) => (known.has(ch.codePointAt(0)!) ? ch : '?')).join('');
}

/** Words wrapped into at most `maxLines` lines of `width`; what does not fit ends in an ellipsis. */
function fitLines(text: string, font: PDFFont, size: number, width: number, maxLines: number): string[] {
  const fits = (line: string) => font.widthOfTextAtSize(line, size) <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (fits(joined)) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    // A word wider than the line (a long part number) is cut where it stops fitting.
    while (line.length > 1 && !fits(line)) {
      let cut = line.length - 1;
      while (cut > 1 && !fits(line.slice(0, cut))) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  let last = lines[maxLines - 1]!;
  while (last.length > 0 && !fits(`${last}…`)) last = last.slice(0, -1);
  return [...lines.slice(0, maxLines - 1), `${last.trimEnd()}…`];
}

function drawLabel(page: PDFPage, material: LabelledMaterial, left: number, top: number, fonts: { bold: PDFFont; regular: PDFFont }): void {
  // The code takes the label's full height, quiet zone included; the words go on its right.
  drawQrCode(page, materialLabelText(material.id), left, top, LABEL.height);
  const textLeft = left + LABEL.height;
  const textWidth = LABEL.width - LABEL.height - PADDING;
  let baseline = top - PADDING - NAME.size;
  for (const line of fitLines(printable(material.name, fonts.bold), fonts.bold, NAME.size, textWidth, NAME.lines)) {
    page.drawText(line, { x: textLeft, y: baseline, size: NAME.size, font: fonts.bold, color: BLACK });
    baseline -= NAME.leading;
  }
  baseline -= DETAIL.leading - NAME.leading + 2;
  const unit = fitLines(printable(materialUnitLabel(material.unit), fonts.regular), fonts.regular, DETAIL.size, textWidth, 1);
  for (const line of [...unit, `No. ${material.id}`]) {
    page.drawText(line, { x: textLeft, y: baseline, size: DETAIL.size, font: fonts.regular, color: GREY });
    baseline -= DETAIL.leading;
  }
}

/**
 * A printable A4 sheet of QR labels, one per material, built in the browser so it works offline.
 * The standard fonts are part of every PDF reader: nothing is fetched or embedded.
 */
export async function materialLabelsPdf(materials: readonly LabelledMaterial[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('Material labels');
  pdf.setCreator('FabOps');
  const fonts = { bold: await pdf.embedFont(StandardFonts.HelveticaBold), regular: await pdf.embedFont(StandardFonts.Helvetica) };
  for (let first = 0; first < materials.length; first += LABELS_PER_PAGE) {
    const page = pdf.addPage([PAGE.width, PAGE.height]);
    materials.slice(first, first + LABELS_PER_PAGE).forEach((material, slot) => {
      const left = MARGIN.left + (slot % COLUMNS) * (LABEL.width + GAP);
      const top = PAGE.height - MARGIN.top - Math.floor(slot / COLUMNS) * LABEL.height;
      drawLabel(page, material, left, top, fonts);
    });
  }
  return pdf.save();
}

/** Builds the sheet and saves it as material-labels.pdf. */
export async function downloadLabels(materials: readonly LabelledMaterial[]): Promise<void> {
  const bytes = await materialLabelsPdf(materials);
  const url = URL.createObjectURL(new Blob([bytes.slice()], { type: 'application/pdf' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: 'material-labels.pdf' });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
