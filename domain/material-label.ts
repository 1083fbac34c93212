/**
 * What a material's QR label says. A prefix names the app and the kind of thing, so a label of
 * something else (a URL, another system's part number, a bare number) is never taken for a
 * material. Only ids the server gave go on labels: a material made offline has a temporary
 * negative id until it syncs, and a label printed with it would point nowhere afterwards.
 */
const PREFIX = 'fabops:material:';
const LABEL = /^fabops:material:([1-9]\d*)$/;

/** The text a material's QR label encodes. */
export function materialLabelText(id: number): string {
  if (!Number.isSafeInteger(id) || id <= 0) throw new RangeError(`A material label needs a server id, not ${id}.`);
  return `${PREFIX}${id}`;
}

/** The material a scanned label names, or null when the text is not a FabOps material label. */
export function materialIdFromLabel(text: string): number | null {
  const digits = LABEL.exec(text)?.[1];
  if (digits === undefined) return null;
  const id = Number(digits);
  return Number.isSafeInteger(id) ? id : null;
}
