import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../support/server';
import { makeCategory, makeMaterial } from '../../support/factories';
import { makeJobOrder, makeLedgerRow, makeRequisition } from '../../support/factories-requisitions';
import { stockAdjustments } from '../../../server/db/schema';

/**
 * The foreman's materials rule (business-areas.md §6, docs/permissions.md "The foreman's
 * materials"): wherever a material's stock shows (the materials list and its export, the stock
 * reports, the ledger lists, material movement, the duplicate check), a production foreman sees
 * only consumables; his requisitions and the requisition picker name every material.
 */
const { db, as } = useTestServer();

/** Glue (a consumable) and a sheet of acrylic (not one), both with ledger rows, and a foreman's requisition of both. */
async function twoMaterials() {
  const consumables = await makeCategory(db(), { name: 'Consumables' });
  const sheets = await makeCategory(db(), { name: 'Acrylic sheets' });
  const glue = await makeMaterial(db(), consumables.id, { name: 'Acrylic glue', unit: 'ML', quantity: '40' });
  const sheet = await makeMaterial(db(), sheets.id, { name: 'Clear acrylic 5mm', unit: 'SHEET', quantity: '12' });
  const job = await makeJobOrder(db());
  const requisition = await makeRequisition(db(), { requested_by: 'foreman', job_order: job.id, lines: [{ material: glue.id }, { material: sheet.id }] });
  for (const material of [glue, sheet]) {
    await makeLedgerRow(db(), { material: material.id, transaction_type: 'receipt', quantity: '50' });
    await makeLedgerRow(db(), { material: material.id, transaction_type: 'issue', quantity: '-2', requisition: requisition.id, status: 'in-transit' });
  }
  await db()
    .insert(stockAdjustments)
    .values([glue, sheet].map((m) => ({ material: m.id, quantity: '-1', reason: 'Damaged' })));
  return { glue, sheet, job, requisition };
}

const materialsOf = (rows: { material: number }[]) => [...new Set(rows.map((r) => r.material))];

describe('a production foreman sees the stock of consumables only', () => {
  it('lists only consumables, in the materials list and its delta, and hides the others\' detail', async () => {
    const { glue, sheet } = await twoMaterials();
    const foreman = await as('foreman');
    expect((await foreman.get('/materials/materials/')).json().results.map((m: { name: string }) => m.name)).toEqual(['Acrylic glue']);
    expect((await foreman.get('/materials/materials/?updated_since=0')).json().results.map((m: { id: number }) => m.id)).toEqual([glue.id]);
    expect((await foreman.get(`/materials/materials/${sheet.id}/`)).statusCode).toBe(404);
  });

  it('exports only consumables', async () => {
    await twoMaterials();
    const res = await (await as('foreman')).get('/materials/materials/export_to_excel/');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as Parameters<typeof workbook.xlsx.load>[0]);
    const names: unknown[] = [];
    workbook.getWorksheet('Materials')!.eachRow((row) => names.push((row.values as unknown[])[1]));
    expect(names).toEqual(['Name', 'Acrylic glue']);
  });

  it('shows only consumables in the stock reports he may read', async () => {
    const { glue, sheet } = await twoMaterials();
    const foreman = await as('foreman');
    expect((await foreman.get('/materials/materials/filter_materials/')).json().results.map((m: { name: string }) => m.name)).toEqual(['Acrylic glue']);
    expect(materialsOf((await foreman.get('/materials/materials/issued_today/')).json().results)).toEqual([glue.id]);
    const log = await foreman.get(`/materials/materials/log_report/?material=${sheet.id}`);
    expect(log.statusCode).toBe(400);
  });

  it('lists only the ledger rows of consumables: transactions, their delta, the filter and the in-transit list', async () => {
    const { glue } = await twoMaterials();
    const foreman = await as('foreman');
    for (const url of ['/stocks/stocktransactions/', '/stocks/stocktransactions/?updated_since=0', '/stocks/stocktransactions/filter_transactions/', '/stocks/stocktransactions/list_materials_in_transit/']) {
      const res = await foreman.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(materialsOf(res.json().results), url).toEqual([glue.id]);
    }
  });

  it('lists only the stock adjustments of consumables', async () => {
    const { glue } = await twoMaterials();
    expect(materialsOf((await (await as('foreman')).get('/stockadjustments/stock-adjustments/')).json().results)).toEqual([glue.id]);
  });

  it('refuses the movement of a material that is not a consumable, as for an unknown one', async () => {
    const { glue, sheet } = await twoMaterials();
    const foreman = await as('foreman');
    const refused = await foreman.get(`/stocks/stocktransactions/material-movement/?material=${sheet.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ material: [`Invalid pk "${sheet.id}" - object does not exist.`] });
    const glueMovement = await foreman.get(`/stocks/stocktransactions/material-movement/?material=${glue.id}`);
    expect(glueMovement.json()).toMatchObject({ name: 'Acrylic glue', inward: '50.000', outward: '2.000' });
  });

  it('answers the duplicate-name check without naming a material that is not a consumable', async () => {
    const { glue } = await twoMaterials();
    const foreman = await as('foreman');
    expect((await foreman.get('/materials/materials/check_duplicate/?name=clear%20acrylic%205MM')).json()).toEqual({ exists: true, material: null });
    expect((await foreman.get('/materials/materials/check_duplicate/?name=acrylic%20glue')).json()).toEqual({ exists: true, material: { id: glue.id, name: 'Acrylic glue' } });
    expect((await (await as('stores')).get('/materials/materials/check_duplicate/?name=clear%20acrylic%205MM')).json().material.name).toBe('Clear acrylic 5mm');
  });

  it('gives other production users all but consumables, and production managers and stores everything', async () => {
    await twoMaterials();
    const ledgerRowsSeenBy = async (username: string) => (await (await as(username)).get('/stocks/stocktransactions/filter_transactions/')).json().results.length;
    expect(await ledgerRowsSeenBy('production')).toBe(2);
    expect(await ledgerRowsSeenBy('stores')).toBe(4);
  });
});

describe('a foreman sees every material his requisitions name', () => {
  it('shows the name and unit of every line of his own requisition, in its detail and in the mirrored lines', async () => {
    const { requisition } = await twoMaterials();
    const foreman = await as('foreman');
    const detail = (await foreman.get(`/requisitions/requisitions/${requisition.id}/`)).json();
    expect(detail.requisition_items.map((l: { material_name: string; material_unit: string }) => [l.material_name, l.material_unit])).toEqual([
      ['Acrylic glue', 'ML'],
      ['Clear acrylic 5mm', 'SHEET'],
    ]);
    const mirrored = (await foreman.get(`/requisitions/requisition_details/?updated_since=0`)).json().results;
    expect(mirrored.map((l: { material_name: string; material_unit: string }) => [l.material_name, l.material_unit])).toEqual([
      ['Acrylic glue', 'ML'],
      ['Clear acrylic 5mm', 'SHEET'],
    ]);
  });

  it("offers every material's name and unit to his picker (material-names), without stock", async () => {
    const { glue, sheet } = await twoMaterials();
    const foreman = await as('foreman');
    const { results } = (await foreman.get('/materials/material-names/?updated_since=0')).json();
    expect(results.map((m: { id: number; name: string; unit: string }) => [m.id, m.name, m.unit])).toEqual([
      [glue.id, 'Acrylic glue', 'ML'],
      [sheet.id, 'Clear acrylic 5mm', 'SHEET'],
    ]);
    expect(results.some((m: object) => 'quantity' in m || 'reorder_level' in m || 'average_cost' in m)).toBe(false);
    const scanned = (await foreman.get(`/materials/material-names/${sheet.id}/`)).json();
    expect(scanned).toMatchObject({ id: sheet.id, name: 'Clear acrylic 5mm', unit: 'SHEET' });
    expect((await foreman.get('/materials/material-names/?ordering=quantity')).statusCode).toBe(400);
  });

  it('lets him raise a requisition for a material that is not a consumable, and answers the repeat check for it', async () => {
    const { sheet, job, requisition } = await twoMaterials();
    const foreman = await as('foreman');
    const verdict = (await foreman.get(`/requisitions/requisition_details/check_duplicate_material/?material=${sheet.id}&job_order=${job.id}`)).json();
    expect(verdict).toMatchObject({ exists: true, requisitions: [{ id: requisition.id, requisition_type: 'standard' }] });
    const raised = await foreman.post('/requisitions/requisitions/', { requisition_type: 'installation', job_order: job.id, requisition_items: [{ material: sheet.id, quantity: '2' }] });
    expect(raised.statusCode).toBe(201);
    expect(raised.json().requisition_items[0]).toMatchObject({ material_name: 'Clear acrylic 5mm', material_unit: 'SHEET' });
  });
});
