import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from '../../server/lib/serializer';

/** The API's answers are written from their zod schemas (server/lib/serializer.ts). */
const serializerOf = (schema: z.ZodType) =>
  responseSerializerCompiler({ schema, method: 'GET', url: '/rows/', httpStatus: '200' } as Parameters<typeof responseSerializerCompiler>[0]) as (data: unknown) => string;

const row = z.object({
  id: z.number().int(),
  deleted_at: z.iso.datetime().nullable(),
  due_date: z.iso.date().nullable(),
  status: z.enum(['draft', 'sent']).nullable(),
  quantity: z.number().int().nullable(),
  notes: z.string().nullable(),
  parent: z.object({ id: z.number().int() }).nullable(),
});

describe('answers written from their schemas', () => {
  it('writes nullable values as null or as their value', () => {
    const write = serializerOf(row);
    expect(write({ id: 1, deleted_at: null, due_date: null, status: null, quantity: null, notes: null, parent: null })).toBe(
      '{"id":1,"deleted_at":null,"due_date":null,"status":null,"quantity":null,"notes":null,"parent":null}',
    );
    expect(write({ id: 2, deleted_at: '2026-12-07T10:15:00.000Z', due_date: '2026-12-31', status: 'sent', quantity: 0, notes: 'Rush "A"', parent: { id: 9 } })).toBe(
      '{"id":2,"deleted_at":"2026-12-07T10:15:00.000Z","due_date":"2026-12-31","status":"sent","quantity":0,"notes":"Rush \\"A\\"","parent":{"id":9}}',
    );
  });

  it('leaves out what the schema does not declare, such as the sync id', () => {
    expect(serializerOf(z.object({ id: z.number().int() }))({ id: 3, txid: 88, rows_in_all: 40 })).toBe('{"id":3}');
  });
});
