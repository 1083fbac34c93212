import './setup';
import { describe, expect, it } from 'vitest';
import { formDataOf, isMultipartBody, multipartBody } from '../../src/data/outbox/multipart';
import { placeholderKeys, resolvePlaceholders } from '../../src/data/outbox/placeholders';
import { createQuotation } from '../../src/data/operations';
import { payloadFields, readValues, valuesOf } from '../../src/features/sync/payload-form';

/**
 * A write that carries pictures (a quotation's item images): kept in the outbox with its files and
 * sent as multipart, the fields as JSON in one part and each picture in the part of its line.
 * The replay through IndexedDB runs in Chromium (e2e/sales-day.spec.ts): jsdom's Blob does not
 * survive fake-indexeddb's clone.
 */
const picture = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'counter.png', { type: 'image/png' });
const quotation = { customer: -3, sales_exec: 7, quotation_date: '2026-11-27', monarch_entity: 'Monarch Displays LLP', tax_rate: '18', items: [{ description: 'Acrylic counter', quantity: '2', unit: 'PCS', unit_price: '500', discount: '0' }] };

describe('a quotation with a picture in the outbox', () => {
  it('is a multipart body: the fields (with the customer made offline as a placeholder) and the picture in its line’s part', () => {
    const file = picture();
    const request = createQuotation.request(createQuotation.schema.parse({ ...quotation, images: [{ line: 0, name: 'counter.png', file }] }));
    expect(request.method).toBe('POST');
    expect(isMultipartBody(request.body)).toBe(true);
    const { multipart } = request.body as ReturnType<typeof multipartBody>;
    expect(multipart.dataPart).toBe('data');
    expect(multipart.data).toMatchObject({ customer: '{{tempId:-3}}', items: [{ description: 'Acrylic counter' }] });
    expect(multipart.data).not.toHaveProperty('images');
    expect(multipart.files).toEqual([{ part: 'items.0.image', name: 'counter.png', file }]);
    expect(placeholderKeys(request.body)).toEqual(['tempId:-3']);
  });

  it('is plain JSON when no picture was chosen', () => {
    const request = createQuotation.request(createQuotation.schema.parse(quotation));
    expect(isMultipartBody(request.body)).toBe(false);
    expect(request.body).toMatchObject({ customer: '{{tempId:-3}}' });
  });

  it('resolves the placeholders of its fields and leaves the picture as it is', () => {
    const file = picture();
    const body = resolvePlaceholders(multipartBody('data', { customer: '{{tempId:-3}}' }, [{ part: 'items.0.image', name: 'counter.png', file }]), new Map([['tempId:-3', 55]]));
    expect(body.multipart.data).toEqual({ customer: 55 });
    expect(body.multipart.files[0]!.file).toBe(file);
  });

  it('is sent as form data: the fields as JSON in their part, then each picture under its name', async () => {
    const form = formDataOf(multipartBody('data', { customer: 55, items: [{ description: 'Acrylic counter' }] }, [{ part: 'items.0.image', name: 'counter.png', file: picture() }]));
    expect([...form.keys()]).toEqual(['data', 'items.0.image']);
    expect(JSON.parse(String(form.get('data')))).toEqual({ customer: 55, items: [{ description: 'Acrylic counter' }] });
    const sent = form.get('items.0.image') as File;
    expect([sent.name, sent.type, sent.size]).toEqual(['counter.png', 'image/png', 4]);
  });
});

describe('the Sync screen’s form for a refused quotation with a picture', () => {
  it('shows the pictures by count and sends them again as chosen', () => {
    const file = picture();
    const payload = createQuotation.schema.parse({ ...quotation, images: [{ line: 0, name: 'counter.png', file }] });
    const fields = payloadFields(createQuotation.schema);
    expect(fields.find((field) => field.name === 'images')).toMatchObject({ kind: 'files' });
    const values = valuesOf(fields, payload);
    expect(values.images).toBe('1 picture, sent as chosen');

    const reading = readValues(fields, { ...values, monarch_entity: 'Monarch Glass Works' }, payload);
    expect(reading.errors).toEqual({});
    const resent = createQuotation.schema.parse(reading.payload);
    expect(resent.monarch_entity).toBe('Monarch Glass Works');
    expect(resent.images).toEqual([{ line: 0, name: 'counter.png', file }]);
  });
});
