import './setup';
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { MemoryRouter } from 'react-router-dom';
import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { create as createQrCode } from 'qrcode';
import jsQR from 'jsqr';
import { materialLabelText } from '../../domain/material-label';
import { LABELS_PER_PAGE, downloadLabels, materialLabelsPdf, type LabelledMaterial } from '../../src/ui/labels';
import { qrCodeRuns, type ModuleRun } from '../../src/ui/qr-code';
import { makeUser } from './support';
import { material } from './mirror-fakes';
import { mirror, type MirrorRow } from '../../src/data/mirror/db';
import { AppDialog } from '../../src/ui/dialog';
import { Notifications } from '../../src/ui/Notifications';
import MaterialsScreen from '../../src/features/materials/MaterialsScreen';

vi.mock('../../src/data/session', async (original) => ({
  ...(await original<typeof import('../../src/data/session')>()),
  useSession: () => ({ user: makeUser({ id: 5, department: 'stores' }), users: [], modules: {}, offline: false }),
}));

const materials = (count: number): LabelledMaterial[] => Array.from({ length: count }, (_, i) => ({ id: 101 + i, name: `Acrylic sheet clear ${i + 1}mm`, unit: 'SHEET' }));

/** Paints runs of dark modules as a black-on-white image, `pixels` a module, for a QR reader. */
function paint(runs: readonly { row: number; col: number; length: number }[], size: number, pixels = 4) {
  const side = size * pixels;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const run of runs) {
    for (let y = run.row * pixels; y < (run.row + 1) * pixels; y++) {
      for (let x = run.col * pixels; x < (run.col + run.length) * pixels; x++) data.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
    }
  }
  return jsQR(data, side, side)?.data ?? null;
}

/** What a page draws: its content streams, inflated, as text. */
async function pageContent(pdf: Uint8Array, pageIndex: number): Promise<string> {
  const document = await PDFDocument.load(pdf);
  const contents = document.getPage(pageIndex).node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => document.context.lookup(ref) as PDFRawStream) : [contents as PDFRawStream];
  return streams.map((stream) => new TextDecoder().decode(decodePDFRawStream(stream).decode())).join('\n');
}

/** The rectangles each label's QR code is drawn with, read back out of a page's content. */
async function codesOnPage(pdf: Uint8Array, pageIndex: number): Promise<ModuleRun[][]> {
  const text = await pageContent(pdf, pageIndex);
  const blocks = text.match(/(?:\S+ \S+ \S+ \S+ re\n)+/g) ?? [];
  return blocks.map((block) =>
    block
      .trim()
      .split('\n')
      .map((op) => {
        const [col, row, length] = op.split(' ').map(Number);
        return { row: row!, col: col!, length: length! };
      }),
  );
}

describe('the sheet of material labels', () => {
  it('is a PDF with a page for every 24 materials', async () => {
    for (const [count, pages] of [
      [1, 1],
      [LABELS_PER_PAGE, 1],
      [LABELS_PER_PAGE + 1, 2],
    ] as const) {
      const pdf = await materialLabelsPdf(materials(count));
      expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe('%PDF-');
      expect((await PDFDocument.load(pdf)).getPageCount()).toBe(pages);
    }
  });

  it('draws on each label the QR code of its material, in order', async () => {
    const pdf = await materialLabelsPdf(materials(LABELS_PER_PAGE + 2));
    const size = qrCodeRuns(materialLabelText(101)).size;
    const first = await codesOnPage(pdf, 0);
    expect(first).toHaveLength(LABELS_PER_PAGE);
    expect(first.map((runs) => paint(runs, size))).toEqual(materials(LABELS_PER_PAGE).map((m) => materialLabelText(m.id)));
    expect((await codesOnPage(pdf, 1)).map((runs) => paint(runs, size))).toEqual([materialLabelText(125), materialLabelText(126)]);
  });

  it('prints names the PDF fonts cannot show with question marks instead of failing', async () => {
    const pdf = await materialLabelsPdf([{ id: 7, name: 'Pipe 25×25 नमस्ते', unit: 'PCS' }]);
    // Helvetica in WinAnsi: '?' is 3F, and the six Devanagari code points become six of them.
    expect(await pageContent(pdf, 0)).toContain('<3F3F3F3F3F3F>');
  });
});

describe('the QR code of a label', () => {
  it('is the qrcode library’s module matrix of the label text, quiet zone around it', () => {
    const text = materialLabelText(12);
    const { modules } = createQrCode(text, { errorCorrectionLevel: 'M' });
    const { size, runs } = qrCodeRuns(text);
    expect(size).toBe(modules.size + 8);
    const drawn = new Set(runs.flatMap((r) => Array.from({ length: r.length }, (_, i) => `${r.row - 4},${r.col - 4 + i}`)));
    const dark = new Set<string>();
    for (let row = 0; row < modules.size; row++) for (let col = 0; col < modules.size; col++) if (modules.get(row, col)) dark.add(`${row},${col}`);
    expect(drawn).toEqual(dark);
    expect(paint(runs, size)).toBe(text);
  });
});

/** Catches what the page saves through an object URL. */
function savedFiles(): Blob[] {
  const blobs: Blob[] = [];
  Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:labels'), revokeObjectURL: () => undefined });
  return blobs;
}

describe('downloading the labels', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('saves the sheet as material-labels.pdf', async () => {
    const blobs = savedFiles();
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('material-labels.pdf');
      expect(this.href).toBe('blob:labels');
    });
    await downloadLabels(materials(3));
    expect(clicked).toHaveBeenCalledOnce();
    expect(blobs[0]!.type).toBe('application/pdf');
    const bytes = new Uint8Array(await blobs[0]!.arrayBuffer());
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
  });
});

describe('printing labels from the materials list', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('labels the numbered materials the list shows: its search and filters pick them', async () => {
    await mirror.clearAll();
    await mirror.rows('materials').bulkPut(
      [
        material(11, { name: 'Acrylic sheet clear 3mm' }),
        material(12, { name: 'Acrylic sheet clear 5mm' }),
        material(13, { name: 'MS square pipe 25mm' }),
        // Saved offline, not yet numbered by the server: its label would point nowhere later.
        material(-1, { name: 'Acrylic sheet opal 3mm' }),
      ] as MirrorRow[],
    );
    const blobs = savedFiles();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    render(
      <ChakraProvider value={defaultSystem}>
        <MemoryRouter>
          <MaterialsScreen />
        </MemoryRouter>
        <AppDialog />
      </ChakraProvider>,
    );
    await screen.findByText('MS square pipe 25mm');
    const search = screen.getByRole('textbox', { name: 'Search materials' });
    fireEvent.change(search, { target: { value: 'nothing like it' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Print labels' })).toHaveProperty('disabled', true));
    fireEvent.change(search, { target: { value: 'acrylic' } });
    await waitFor(() => expect(screen.getByText('3 in all · page 1 of 1')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Print labels' }));
    expect(await screen.findByText(/QR labels for the 2 materials listed/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Make the PDF' }));

    await waitFor(() => expect(blobs).toHaveLength(1));
    const pdf = new Uint8Array(await blobs[0]!.arrayBuffer());
    const size = qrCodeRuns(materialLabelText(11)).size;
    expect((await codesOnPage(pdf, 0)).map((runs) => paint(runs, size))).toEqual([materialLabelText(11), materialLabelText(12)]);
  });

  it('asks for a narrower list before printing more than 480 labels (20 sheets)', async () => {
    await mirror.clearAll();
    await mirror.rows('materials').bulkPut(Array.from({ length: 481 }, (_, i) => material(i + 1)) as MirrorRow[]);
    render(
      <ChakraProvider value={defaultSystem}>
        <MemoryRouter>
          <MaterialsScreen />
        </MemoryRouter>
        <Notifications />
        <AppDialog />
      </ChakraProvider>,
    );
    await screen.findByText('481 in all · page 1 of 33');
    fireEvent.click(screen.getByRole('button', { name: 'Print labels' }));
    expect(await screen.findByText('The list shows 481 materials: search or filter it down to 480 at most to print their labels.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Make the PDF' })).toBeNull();
  });
});
