import { liveQuery } from 'dexie';
import { API } from '../../../domain/api-paths';
import { QUOTATION_DATA_PART, quotationImagePart, type QuotationView } from '../../../domain/quotation';
import { api } from '../../data/api';
import { outbox, serverIdOf } from '../../data/outbox';
import { serverFailure } from '../../ui/connection';
import { notify } from '../../ui/notify';

export const IMAGES_SAVED = 'The item images are saved with the quotation.';
export const IMAGES_WAIT_FOR_QUOTATION = 'The quotation was not accepted by the server, so its item images were not sent: see the Sync screen.';
export const imagesNotSaved = (reason: string) => `The item images were not saved: ${reason}`;

/** The images chosen on the form's lines, by the line's place in the saved quotation. */
export type LineImages = ReadonlyMap<number, File>;

/** Resolves once the outbox has sent the entry (true), or it was refused (false). */
function settled(entryId: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const watch = liveQuery(() => outbox.entries.get(entryId)).subscribe({
      next: (entry) => {
        if (entry && entry.state !== 'rejected') return;
        watch.unsubscribe();
        resolve(!entry);
      },
      error: reject,
    });
  });
}

/**
 * The server's item of each line the form saved: a line that had an id keeps it; the new lines are
 * the quotation's items the form did not know, in the order the server numbered them.
 */
export function itemIdsOfLines(lineIds: readonly (number | undefined)[], items: readonly { id: number }[]): number[] {
  const known = new Set(lineIds.filter((id): id is number => id !== undefined));
  const added = items.map((item) => item.id).filter((id) => !known.has(id)).sort((a, b) => a - b);
  return lineIds.map((id) => id ?? added.shift()!);
}

/**
 * After a quotation's save reaches the server (decision 243), its chosen item images go in one
 * multipart PATCH of the quotation: the lines as the server has them, each image in the part of its
 * line, at the version just read. The file store keeps each under its item (`quotation-item`).
 */
export async function sendLineImages(saved: { entryId: number; id: number }, lineIds: readonly (number | undefined)[], images: LineImages): Promise<void> {
  if (!images.size) return;
  if (!(await settled(saved.entryId))) {
    notify({ type: 'warning', message: IMAGES_WAIT_FOR_QUOTATION });
    return;
  }
  try {
    const id = saved.id < 0 ? await serverIdOf(saved.id) : saved.id;
    if (id === null) throw new Error('The quotation has no server id.');
    const view = (await api.get<QuotationView>(API.quotations.detail(id))).data;
    const itemIds = itemIdsOfLines(lineIds, view.items);
    const lines = view.items.map(({ id: line, code, description, quantity, unit, unit_price, discount }) => ({ id: line, code, description, quantity, unit, unit_price, discount }));
    const form = new FormData();
    form.append(QUOTATION_DATA_PART, JSON.stringify({ items: lines }));
    for (const [index, image] of images) form.append(quotationImagePart(lines.findIndex((line) => line.id === itemIds[index])), image, image.name);
    await api.patch(API.quotations.detail(id), form, { headers: { 'If-Match': String(view.version) } });
    notify({ type: 'positive', message: IMAGES_SAVED });
  } catch (error) {
    notify({ type: 'negative', message: imagesNotSaved(serverFailure(error)) });
  }
}
