import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import pdfmake from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { DOCUMENT_FONT, DOCUMENT_FONT_FILES } from '../../../domain/documents';

/** pdfmake's virtual file system (not in its types): the fonts are read into it once, by name. */
type VirtualFs = { writeFileSync(name: string, content: Buffer): void };

let fontsRead = false;

/**
 * The embedded font comes from pdfmake's own package (Roboto, which has the rupee sign), so a
 * fresh machine needs nothing installed. Definitions are built from user data, so pdfmake may
 * read no local file and fetch no URL: images (the logo) arrive as data URLs only.
 */
function prepare() {
  if (!fontsRead) {
    const require = createRequire(import.meta.url);
    const vfs = (pdfmake as unknown as { virtualfs: VirtualFs }).virtualfs;
    for (const file of new Set(Object.values(DOCUMENT_FONT_FILES))) vfs.writeFileSync(file, readFileSync(require.resolve(`pdfmake/fonts/Roboto/${file}`)));
    fontsRead = true;
  }
  // pdfmake is one instance per process: its fonts and access rules are set on every render, so
  // nothing else that uses it can leave a document with another font or a file it may read.
  pdfmake.setFonts({ [DOCUMENT_FONT]: { ...DOCUMENT_FONT_FILES } });
  pdfmake.setLocalAccessPolicy(() => false);
  pdfmake.setUrlAccessPolicy(() => false);
}

/** The PDF of a document definition (domain/documents). */
export function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  prepare();
  return pdfmake.createPdf(definition).getBuffer();
}
