import { z } from 'zod';
import { isFilesField } from '../../data/outbox/multipart';

/**
 * A simple form for any operation's payload, read off its zod schema: one field per key of the
 * object, text/number/yes-no/choice inputs for plain values and JSON for lists and objects.
 */
export type FieldKind = 'text' | 'number' | 'boolean' | 'choice' | 'json' | 'files';

export interface PayloadField {
  name: string;
  label: string;
  kind: FieldKind;
  options: readonly string[];
  /** The row's id: shown, not edited (the write is about that row). */
  readOnly: boolean;
}

export type FormValues = Record<string, string | boolean>;

function innerOf(type: z.ZodType): z.ZodType {
  if (type instanceof z.ZodOptional || type instanceof z.ZodNullable || type instanceof z.ZodDefault) return innerOf(type.unwrap() as z.ZodType);
  return type;
}

function kindOf(type: z.ZodType): Pick<PayloadField, 'kind' | 'options'> {
  const inner = innerOf(type);
  // Pictures a write carries are kept as chosen: shown by count, never typed.
  if (isFilesField(inner)) return { kind: 'files', options: [] };
  if (inner instanceof z.ZodNumber) return { kind: 'number', options: [] };
  if (inner instanceof z.ZodBoolean) return { kind: 'boolean', options: [] };
  if (inner instanceof z.ZodEnum) return { kind: 'choice', options: inner.options.map(String) };
  if (inner instanceof z.ZodArray || inner instanceof z.ZodObject || inner instanceof z.ZodRecord) return { kind: 'json', options: [] };
  // Strings, and decimals (a string-or-number union piped to a string).
  return { kind: 'text', options: [] };
}

const labelOf = (name: string) => name.charAt(0).toUpperCase() + name.slice(1).replace(/_/g, ' ');

export function payloadFields(schema: z.ZodType): PayloadField[] {
  if (!(schema instanceof z.ZodObject)) return [{ name: '', label: 'Payload', kind: 'json', options: [], readOnly: false }];
  return Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, type]) => ({ name, label: labelOf(name), ...kindOf(type), readOnly: name === 'id' }));
}

/** What the form shows of a payload's files. */
export const filesNote = (count: number) => (count === 1 ? '1 picture, sent as chosen' : `${count} pictures, sent as chosen`);

/** The form's values for a payload; a field the payload lacks starts empty. */
export function valuesOf(fields: readonly PayloadField[], payload: unknown): FormValues {
  const record = (payload ?? {}) as Record<string, unknown>;
  const values: FormValues = {};
  for (const field of fields) {
    const value = field.name ? record[field.name] : payload;
    if (field.kind === 'boolean') values[field.name] = value === true;
    else if (field.kind === 'files') values[field.name] = filesNote(Array.isArray(value) ? value.length : 0);
    else if (field.kind === 'json') values[field.name] = value === undefined ? '' : JSON.stringify(value, null, 2);
    else values[field.name] = value === undefined || value === null ? '' : String(value);
  }
  return values;
}

export interface FormReading {
  payload: unknown;
  /** Messages of values the form itself could not read (bad JSON, not a number). */
  errors: Record<string, string>;
}

/**
 * The payload the form holds. An empty field the original payload did not have stays out
 * (an update leaves that column alone); an empty one it had becomes '' or null.
 */
export function readValues(fields: readonly PayloadField[], values: FormValues, original: unknown): FormReading {
  const had = (original ?? {}) as Record<string, unknown>;
  const errors: Record<string, string> = {};
  const payload: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.kind === 'files') {
      if (field.name in had) payload[field.name] = had[field.name];
      continue;
    }
    if (field.kind === 'boolean') {
      payload[field.name] = value === true;
      continue;
    }
    const text = String(value ?? '');
    if (text.trim() === '') {
      if (field.name in had) payload[field.name] = had[field.name] === null || field.kind !== 'text' ? null : '';
      continue;
    }
    if (field.kind === 'number') {
      const number = Number(text);
      if (Number.isNaN(number)) errors[field.name] = 'A valid number is required.';
      else payload[field.name] = number;
    } else if (field.kind === 'json') {
      try {
        payload[field.name] = JSON.parse(text);
      } catch {
        errors[field.name] = 'Enter valid JSON.';
      }
    } else payload[field.name] = text;
  }
  const single = fields.length === 1 && fields[0]!.name === '';
  return { payload: single ? payload[''] : payload, errors };
}

/** The schema's messages by top-level field ('' for the payload as a whole). */
export function schemaErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : '';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The server's 400 messages by field, from the answer the entry was rejected with. */
export function serverFieldErrors(body: unknown): Record<string, string> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(body)) {
    const first = Array.isArray(messages) ? messages.find((m) => typeof m === 'string') : undefined;
    if (first) errors[field] = first;
  }
  return errors;
}
