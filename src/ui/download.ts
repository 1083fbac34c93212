import { apiErrorMessage } from '../../domain/api-errors';
import { api, isNetworkError, responseBody, type ApiResponse } from '../data/api';
import { notify } from './notify';

const FILENAME = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i;

/** Saves a file the app holds (or fetched) under `name`, as the browser saves a download. */
export function saveFile(name: string, data: Blob): void {
  const url = URL.createObjectURL(data);
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * Downloads a file the API builds (an export): fetched with the session's token, then saved
 * under the name the server gives. Exports need the server; offline it says so.
 */
export const downloadFromApi = (path: string, params: Record<string, string> = {}, fallbackName = 'export'): Promise<boolean> =>
  downloadWith(() => api.get<Blob>(path, { params, responseType: 'blob' }), fallbackName);

/**
 * Saves the file a call answers (a POST of the chosen rows, say). A failure is a negative notice:
 * `failed` with the server's words as its caption, else the server's words alone. True once saved.
 */
export async function downloadWith(call: () => Promise<ApiResponse<Blob>>, fallbackName: string, failed?: string): Promise<boolean> {
  try {
    const response = await call();
    const disposition = String(response.headers['content-disposition'] ?? '');
    saveFile(decodeURIComponent(FILENAME.exec(disposition)?.[1] ?? fallbackName), response.data);
    return true;
  } catch (error) {
    const why = await fileFailure(error, 'The export needs a connection to the server. Try again when you are online.');
    notify(failed ? { type: 'negative', message: failed, caption: why } : { type: 'negative', message: why });
    return false;
  }
}

/** Why a file asked for as a blob did not come, in words: it could not be reached (`unreachable`), or the server's message read out of the blob. */
export async function fileFailure(error: unknown, unreachable: string): Promise<string> {
  if (isNetworkError(error)) return unreachable;
  const body = responseBody(error);
  return apiErrorMessage(body instanceof Blob ? safeJson(await body.text()) : body);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
