import { describe, expect, it } from 'vitest';
import { API } from '../../domain/api-paths';
import { makeEstimationCategory, makeEstimationMaterial } from '../support/factories-estimation';
import { useTestServer } from '../support/server';

/**
 * The costing fields of an estimation material (migration 0019, domain/estimation-material.ts):
 * the sheet a SHEET material is bought as and the kilos per metre of a KG material, taken on
 * create and edit, answered by the detail and the lists the device mirrors.
 */
const { as, db } = useTestServer();

describe('estimation material costing fields', () => {
  it('takes the sheet size and kilos per metre on create and answers them in the detail and the mirror', async () => {
    const acrylic = await makeEstimationCategory(db(), 'acrylic');
    const design = await as('design');
    const created = await design.post(API.estimationMaterials.list, { category: acrylic.id, name: 'Clear acrylic 3mm', unit: 'SHEET', rate: '2450', sheet_length: '2440', sheet_width: '1220.5' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ unit: 'SHEET', rate: '2450.00', sheet_length: '2440.000', sheet_width: '1220.500', kg_per_metre: null });
    const { id } = created.json() as { id: number };
    expect((await design.get(API.estimationMaterials.detail(id))).json()).toMatchObject({ sheet_length: '2440.000', sheet_width: '1220.500', kg_per_metre: null });
    const mirrored = (await design.get(`${API.estimationMaterials.list}?updated_since=0`)).json().results;
    expect(mirrored).toEqual([expect.objectContaining({ id, sheet_length: '2440.000', sheet_width: '1220.500', kg_per_metre: null })]);
  });

  it('changes and clears them on edit', async () => {
    const ms = await makeEstimationCategory(db(), 'MS');
    const pipe = await makeEstimationMaterial(db(), ms.id, { name: 'MS square pipe 25x25', unit: 'KG', rate: '72' });
    const design = await as('design');
    const set = await design.patch(API.estimationMaterials.detail(pipe.id), { kg_per_metre: '1.125' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ kg_per_metre: '1.125', sheet_length: null, sheet_width: null, rate: '72.00' });
    const cleared = await design.patch(API.estimationMaterials.detail(pipe.id), { kg_per_metre: null });
    expect(cleared.json()).toMatchObject({ kg_per_metre: null });
  });

  it('refuses a negative, wordy or too precise size with the field’s 400', async () => {
    const ms = await makeEstimationCategory(db(), 'MS');
    const design = await as('design');
    for (const [field, value] of [
      ['sheet_length', '-1'],
      ['sheet_width', 'wide'],
      ['kg_per_metre', '1.2345'],
    ] as const) {
      const res = await design.post(API.estimationMaterials.list, { category: ms.id, name: 'MS sheet', unit: 'SHEET', rate: '10', [field]: value });
      expect(res.statusCode, `${field}=${value}`).toBe(400);
      expect(Object.keys(res.json()), `${field}=${value}`).toEqual([field]);
    }
  });
});
