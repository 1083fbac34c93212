import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { API } from '../../domain/api-paths';
import { COMPANY_PROFILE_DEFAULTS, companyProfileSchema, type CompanyProfile } from '../../domain/company';
import { api } from './api';

/**
 * Documents in the browser: the definitions of domain/documents rendered by pdfmake's browser
 * build with the same Roboto files the server embeds (pdfmake's vfs_fonts). Only screens that
 * print import this module, so pdfmake loads with them and never with the shell; its chunks are
 * precached like every screen's, so a document is made offline too.
 */

type PdfMake = typeof import('pdfmake/build/pdfmake');
let loading: Promise<PdfMake> | undefined;

function pdfMake(): Promise<PdfMake> {
  loading ??= Promise.all([import('pdfmake/build/pdfmake'), import('pdfmake/build/vfs_fonts')]).then(([pdf, fonts]) => {
    const make = ((pdf as { default?: PdfMake }).default ?? pdf) as PdfMake;
    make.addVirtualFileSystem(fonts.default);
    return make;
  });
  return loading;
}

/** The PDF's bytes. */
export async function renderPdfBytes(definition: TDocumentDefinitions): Promise<Uint8Array> {
  const make = await pdfMake();
  return new Uint8Array(await make.createPdf(definition).getBuffer());
}

/** Saves the document under `fileName` (e.g. "GRA-12.pdf"). */
export async function downloadPdf(definition: TDocumentDefinitions, fileName: string): Promise<void> {
  const make = await pdfMake();
  await make.createPdf(definition).download(fileName);
}

const COMPANY_PROFILE_KEY = 'fabops.company-profile';

function keptCompanyProfile(): CompanyProfile {
  try {
    return companyProfileSchema.parse(JSON.parse(localStorage.getItem(COMPANY_PROFILE_KEY) ?? 'null'));
  } catch {
    return COMPANY_PROFILE_DEFAULTS;
  }
}

/**
 * The letterhead: the server's when it answers (kept for the device), else the one kept last,
 * else an empty one, so a document prints offline with the letterhead it last had.
 */
export async function companyProfile(): Promise<CompanyProfile> {
  if (!navigator.onLine) return keptCompanyProfile();
  try {
    const { data } = await api.get<CompanyProfile>(API.system.company);
    const profile = companyProfileSchema.parse(data);
    localStorage.setItem(COMPANY_PROFILE_KEY, JSON.stringify(profile));
    return profile;
  } catch {
    return keptCompanyProfile();
  }
}
