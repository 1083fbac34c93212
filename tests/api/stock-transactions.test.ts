import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { materials, requisitionDetails, requisitions, stockTransactions } from '../../server/db/schema';
import { useTestServer } from '../support/server';
import { expectAccessMatrix } from '../support/access';
import { ledgerMismatches, makeJobOrder, makeRequisition, makeStockMaterial, receiveThroughGra, reverseEntry } from '../support/factories-stock';
import { businessToday } from '../../domain/rules/dates';

const { app, as, db } = useTestServer();

const stores = () => as('stores');
const URL = '/stocks/stocktransactions/';

const DATE = businessToday();

async function post(body: Record<string, unknown>) {
  const res = await (await stores()).post(URL, { transaction_date: DATE, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const receive = (material: number, quantity: string, values: { rate?: string; date?: string; requisition?: number } = {}) => receiveThroughGra(db(), material, quantity, values);
const reverse = (id: number | string, headers: Record<string, string> = {}) => reverseEntry(app(), id as number, { reason: 'Booked twice' }, { headers });
const onHand = async (id: number) => (await db().select().from(materials).where(eq(materials.id, id)))[0]!.quantity;

describe('DELETE stocktransactions/{id}/ (a reversing entry)', () => {
  it('writes an opposite row that references the original, marks the original reversed, and keeps both', async () => {
    const sheet = await makeStockMaterial(db());
    const receipt = await receive(sheet.id, '10', { rate: '50' });
    const res = await reverse(receipt.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ transaction_type: 'receipt', quantity: '-10.000', reverses: receipt.id, material: sheet.id, remarks: `Reverses transaction #${receipt.id}: Booked twice` });
    expect(await onHand(sheet.id)).toBe('0.000');
    const rows = await db().select().from(stockTransactions).where(eq(stockTransactions.material, sheet.id));
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.id === receipt.id)).toMatchObject({ reversed_by: res.json().id, deleted_at: null });
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('refuses to reverse a row twice (409) or to reverse a reversing entry (400)', async () => {
    const sheet = await makeStockMaterial(db());
    const receipt = await receive(sheet.id, '10');
    const reversal = (await reverse(receipt.id)).json();
    const again = await reverse(receipt.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'This transaction has already been reversed.' });
    const ofReversal = await reverse(reversal.id);
    expect(ofReversal.statusCode).toBe(400);
    expect(ofReversal.json()).toEqual({ non_field_errors: ['This is a reversing entry: it cannot be reversed. Record a new transaction instead.'] });
    expect((await reverse(999999)).statusCode).toBe(404);
    expect((await reverse('abc')).statusCode).toBe(404);
    expect(await onHand(sheet.id)).toBe('0.000');
  });

  it('refuses to reverse a receipt whose stock has been issued, with the 409 of an issue', async () => {
    const sheet = await makeStockMaterial(db(), 'Teak plank');
    const receipt = await receive(sheet.id, '10');
    await post({ material: sheet.id, transaction_type: 'issue', quantity: '-7', job_order: (await makeJobOrder(db())).id });
    const res = await reverse(receipt.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'Not enough Teak plank in stock: asked 10, available 3.' });
  });

  it('reversing an issue gives the quantity back to stores and to the requisition line, reopening it', async () => {
    const sheet = await makeStockMaterial(db());
    await receive(sheet.id, '10');
    const { requisition, lines } = await makeRequisition(db(), [{ material: sheet.id, quantity: '4' }]);
    const issued = await post({ material: sheet.id, transaction_type: 'issue', quantity: '-4', requisition: requisition.id });
    expect((await db().select().from(requisitions).where(eq(requisitions.id, requisition.id)))[0]!.is_completed).toBe(true);
    expect((await reverse(issued.id)).statusCode).toBe(200);
    expect(await onHand(sheet.id)).toBe('10.000');
    expect((await db().select().from(requisitionDetails).where(eq(requisitionDetails.id, lines[0]!.id)))[0]!.quantity_issued).toBe('0.000');
    expect((await db().select().from(requisitions).where(eq(requisitions.id, requisition.id)))[0]!.is_completed).toBe(false);
  });
});

describe('the ledger lists', () => {
  it('pages the ledger by 15, newest first, and gives the mirror its delta with reversed rows', async () => {
    const sheet = await makeStockMaterial(db());
    for (let i = 0; i < 16; i++) await receive(sheet.id, '1', { date: `2026-10-${String(i + 1).padStart(2, '0')}` });
    const client = await as('purchase');
    const page = (await client.get(URL)).json();
    expect(page.count).toBe(16);
    expect(page.results).toHaveLength(15);
    expect(page.results[0].transaction_date).toBe('2026-10-16');
    const first = (await client.get(`${URL}?updated_since=0`)).json();
    expect(first.results).toHaveLength(16);
    await reverse(page.results[0].id);
    const delta = (await client.get(`${URL}?updated_since=${first.cursor}`)).json();
    // The cursor may hand a row over twice (DESIGN.md), never leave one out: both sides of the reversal are there.
    const reversed = delta.results.find((r: { id: number }) => r.id === page.results[0].id);
    expect(reversed.reversed_by).toBe(17);
    expect(delta.results.find((r: { id: number }) => r.id === 17)).toMatchObject({ reverses: page.results[0].id, quantity: '-1.000' });
  });

  it('filter_transactions by dates, requisition, material, and whether receipts and issues are included', async () => {
    const sheet = await makeStockMaterial(db());
    const other = await makeStockMaterial(db());
    await receive(sheet.id, '10', { date: businessToday(-20) });
    await receive(other.id, '10', { date: businessToday(-10) });
    const { requisition } = await makeRequisition(db(), [{ material: sheet.id, quantity: '2' }]);
    await post({ material: sheet.id, transaction_type: 'issue', quantity: '-2', requisition: requisition.id });
    const client = await stores();
    const ids = async (query: string) => {
      const res = await client.get(`${URL}filter_transactions/?${query}`);
      expect(res.statusCode, query).toBe(200);
      return res.json().results.map((r: { transaction_type: string; material: number }) => `${r.transaction_type}:${r.material === sheet.id ? 'sheet' : 'other'}`);
    };
    expect(await ids(`startDate=${businessToday(-15)}&endDate=${DATE}`)).toEqual(['issue:sheet', 'receipt:other']);
    expect(await ids(`material=${sheet.id}&issues=false`)).toEqual(['receipt:sheet']);
    expect(await ids('receipts=false')).toEqual(['issue:sheet']);
    expect(await ids(`requisition=${requisition.id}`)).toEqual(['issue:sheet']);
    for (const bad of ['startDate=01-11-2026', 'receipts=maybe', 'material=x', 'colour=red']) {
      const res = await client.get(`${URL}filter_transactions/?${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it('lists materials in transit and moves an issue to completed with update-status', async () => {
    const sheet = await makeStockMaterial(db());
    await receive(sheet.id, '10');
    const job = await makeJobOrder(db());
    const travelling = await post({ material: sheet.id, transaction_type: 'issue', quantity: '-2', job_order: job.id, status: 'in-transit' });
    await post({ material: sheet.id, transaction_type: 'issue', quantity: '-1', job_order: job.id });
    const client = await stores();
    const inTransit = (await client.get(`${URL}list_materials_in_transit/`)).json();
    expect(inTransit.results.map((r: { id: number }) => r.id)).toEqual([travelling.id]);
    const arrived = await client.patch(`${URL}${travelling.id}/update-status/`, { status: 'completed', remarks: 'Received by foreman' });
    expect(arrived.statusCode).toBe(200);
    expect(arrived.json()).toMatchObject({ status: 'completed', quantity: '-2.000', remarks: 'Received by foreman', version: 2 });
    expect((await client.get(`${URL}list_materials_in_transit/`)).json().count).toBe(0);
    const stale = await client.patch(`${URL}${travelling.id}/update-status/`, { status: 'in-transit' }, { 'if-match': '1' });
    expect(stale.statusCode).toBe(409);
    const receipt = (await client.get(`${URL}?transaction_type=receipt`)).json().results[0];
    expect((await client.patch(`${URL}${receipt.id}/update-status/`, { status: 'in-transit' })).json()).toEqual({ status: ['Only issues can be in transit.'] });
    expect((await client.patch(`${URL}${receipt.id}/update-status/`, { status: 'lost' })).statusCode).toBe(400);
    expect((await client.patch(`${URL}999999/update-status/`, { status: 'completed' })).statusCode).toBe(404);
    // A ledger row's quantity never changes: anything but status and remarks is ignored.
    expect((await client.patch(`${URL}${receipt.id}/update-status/`, { quantity: '5' })).json().quantity).toBe('10.000');
  });

  it('material-movement gives the opening balance, the rows in the range and the closing balance', async () => {
    const sheet = await makeStockMaterial(db(), 'Aluminium angle');
    await receive(sheet.id, '10', { date: businessToday(-40) });
    await receive(sheet.id, '5', { date: businessToday(-2) });
    await post({ material: sheet.id, transaction_type: 'issue', quantity: '-3', job_order: (await makeJobOrder(db())).id });
    const client = await as('purchase');
    const res = await client.get(`${URL}material-movement/?material=${sheet.id}&startDate=${businessToday(-30)}&endDate=${DATE}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Aluminium angle', opening_quantity: '10.000', inward: '5.000', outward: '3.000', closing_quantity: '12.000' });
    expect(res.json().transactions).toHaveLength(2);
    expect((await client.get(`${URL}material-movement/?material=${sheet.id}&startDate=2026-11-30&endDate=2026-11-01`)).json()).toEqual({ endDate: ['The end date may not be before the start date.'] });
    expect((await client.get(`${URL}material-movement/?material=999999`)).statusCode).toBe(400);
    expect((await client.get(`${URL}material-movement/`)).statusCode).toBe(400);
  });

  it('shows a requisition\'s rows, receipts and material lines; an unknown requisition is a 404', async () => {
    const sheet = await makeStockMaterial(db(), 'Plywood 18mm');
    await receive(sheet.id, '10');
    const { requisition, lines } = await makeRequisition(db(), [{ material: sheet.id, quantity: '6' }], { type: 'consumables' });
    await receive(sheet.id, '4', { requisition: requisition.id });
    await post({ material: sheet.id, transaction_type: 'issue', quantity: '-2', requisition: requisition.id });
    const client = await as('foreman');
    expect((await client.get(`${URL}req/all/${requisition.id}/`)).json().map((r: { transaction_type: string }) => r.transaction_type)).toEqual(['receipt', 'issue']);
    expect((await client.get(`${URL}req/receipts/${requisition.id}/`)).json()).toHaveLength(1);
    expect((await client.get(`${URL}req/material/${requisition.id}/`)).json()).toEqual([
      { requisition_detail: lines[0]!.id, material: sheet.id, name: 'Plywood 18mm', unit: 'PCS', quantity: '6.000', quantity_issued: '2.000', quantity_reserved: '0.000', quantity_pending: '4.000', on_hand: '12.000' },
    ]);
    for (const path of ['all', 'receipts', 'material']) expect((await client.get(`${URL}req/${path}/999999/`)).statusCode).toBe(404);
  });
});

describe('access', () => {
  it('answers each demo role as domain/permissions.ts says', async () => {
    const sheet = await makeStockMaterial(db());
    const receipt = await receive(sheet.id, '10');
    await expectAccessMatrix(app(), [
      { method: 'GET', url: URL, permission: 'stock.read' },
      { method: 'POST', url: URL, body: {}, permission: 'stock.write' },
      { method: 'DELETE', url: `${URL}999999/`, permission: 'stock.reverse' },
      { method: 'GET', url: `${URL}req/receipts/999999/`, permission: 'stock.read' },
      { method: 'GET', url: `${URL}req/all/999999/`, permission: 'stock.read' },
      { method: 'GET', url: `${URL}req/material/999999/`, permission: 'stock.read' },
      { method: 'GET', url: `${URL}list_materials_in_transit/`, permission: 'stock.read' },
      { method: 'PATCH', url: `${URL}${receipt.id}/update-status/`, body: { status: 'bad' }, permission: 'stock.write' },
      { method: 'GET', url: `${URL}material-movement/?material=${sheet.id}`, permission: 'stock.read' },
      { method: 'GET', url: `${URL}filter_transactions/`, permission: 'stock.read' },
      { method: 'GET', url: '/stocks/stock-value/', permission: 'stock.reports' },
      { method: 'GET', url: `/stocks/stock-value/${sheet.id}/`, permission: 'stock.reports' },
      { method: 'GET', url: '/stocks/settings/', permission: 'system.config' },
      { method: 'PUT', url: '/stocks/settings/', body: {}, permission: 'system.config' },
      { method: 'POST', url: '/materials/materials/reserve_material/', body: {}, permission: 'stock.write' },
    ]);
  });

  it('lets a superuser allow negative stock through /stocks/settings/, leaving the settings not sent as they are', async () => {
    const admin = await as('admin');
    expect((await admin.get('/stocks/settings/')).json()).toEqual({ allow_negative_stock: false, stock_backdate_days: 3, gra_over_receipt_tolerance_percent: '0.00' });
    expect((await admin.put('/stocks/settings/', { allow_negative_stock: 'yes' })).statusCode).toBe(400);
    expect((await admin.put('/stocks/settings/', { allow_negative_stock: true })).json()).toEqual({ allow_negative_stock: true, stock_backdate_days: 3, gra_over_receipt_tolerance_percent: '0.00' });
    expect((await admin.get('/stocks/settings/')).json()).toEqual({ allow_negative_stock: true, stock_backdate_days: 3, gra_over_receipt_tolerance_percent: '0.00' });
  });
});

describe('Idempotency-Key', () => {
  it('replays a repeated issue instead of issuing twice', async () => {
    const sheet = await makeStockMaterial(db());
    await receive(sheet.id, '10');
    const job = await makeJobOrder(db());
    const client = await stores();
    const body = { material: sheet.id, transaction_type: 'issue', quantity: '-4', job_order: job.id, transaction_date: DATE };
    const first = await client.post(URL, body, { 'idempotency-key': 'issue-1' });
    const again = await client.post(URL, body, { 'idempotency-key': 'issue-1' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect(await onHand(sheet.id)).toBe('6.000');
    const reversal = await reverse(first.json().id, { 'idempotency-key': 'undo-1' });
    expect((await reverse(first.json().id, { 'idempotency-key': 'undo-1' })).json()).toEqual(reversal.json());
    expect(await onHand(sheet.id)).toBe('10.000');
  });
});
