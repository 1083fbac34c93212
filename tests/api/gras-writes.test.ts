import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, gras, lpos, stockTransactions } from '../../server/db/schema';
import type { GraView } from '../../domain/gra';
import { expectAccessMatrix } from '../support/access';
import { makeCategory, makeMaterial } from '../support/factories';
import { makeLpo, makeLpoItem, makeVendor } from '../support/factories-purchase';
import { cancelGraAs, lpoState, resetOrders, steelOrder, stockOf } from '../support/factories-gra';
import { useTestServer } from '../support/server';
import { businessToday } from '../../domain/rules/dates';

const { app, db, as } = useTestServer({ seed: 'users' });
beforeEach(resetOrders);

const URL = '/gra/gras/';
const TODAY = businessToday();
const receive = async (lpo: number, lines: object[], extra: object = {}, username = 'stores') =>
  (await as(username)).post(URL, { lpo, gra_date: TODAY, invoice_number: 'MST/889', gra_items: lines, ...extra });

describe('creating a GRA against an LPO (POST /gra/gras/)', () => {
  it('receives part of the LPO’s lines at the LPO rate; the LPO is partially received and stock holds what was accepted', async () => {
    const { sheet, pipe, lpo, vendor, sheetItem, pipeItem } = await steelOrder(db());
    const res = await receive(lpo.id, [
      { lpo_item: sheetItem.id, quantity_received: '10', quantity_accepted: '9.5', remarks: 'Half a sheet bent' },
      { lpo_item: pipeItem.id, quantity_received: '60', quantity_accepted: '60' },
    ]);
    expect(res.statusCode).toBe(201);
    const gra = res.json() as GraView;
    expect(gra).toMatchObject({ lpo: lpo.id, vendor: vendor.id, vendor_name: 'Mahalaxmi Steel Traders', lpo_date: '2026-10-01', gra_date: TODAY, invoice_number: 'MST/889', without_lpo_reason: null, cancelled_at: null });
    expect(gra.gra_items.map((l) => [l.material_name, l.quantity_received, l.quantity_accepted, l.rate, l.amount, l.remarks])).toEqual([
      ['MS sheet 2mm', '10.000', '9.500', '123.45', '1172.78', 'Half a sheet bent'],
      ['MS pipe 25mm', '60.000', '60.000', '80.00', '4800.00', ''],
    ]);
    expect(res.headers.etag).toBe('"1"');
    expect(await lpoState(db(), lpo.id)).toEqual({ status: 'partially_received', received: ['9.500', '60.000'] });
    expect(await stockOf(db(), sheet.id)).toEqual({ quantity: '9.500', average_cost: '123.4500' });
    expect(await stockOf(db(), pipe.id)).toEqual({ quantity: '60.000', average_cost: '80.0000' });
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'gra.create'));
    expect(audit.map((a) => [a.target, a.username])).toEqual([[`gras:${gra.id}`, 'stores']]);
  });

  it('takes the rate the vendor billed when it differs from the LPO’s', async () => {
    const { sheet, lpo, sheetItem } = await steelOrder(db());
    const res = await receive(lpo.id, [{ lpo_item: sheetItem.id, quantity_received: '4', quantity_accepted: '4', rate: '130.00' }]);
    expect((res.json() as GraView).gra_items[0]!.rate).toBe('130.00');
    expect(await stockOf(db(), sheet.id)).toEqual({ quantity: '4.000', average_cost: '130.0000' });
  });

  it('marks the LPO received once every line has come in full, over several GRAs', async () => {
    const { lpo, sheetItem, pipeItem } = await steelOrder(db());
    expect((await receive(lpo.id, [{ lpo_item: sheetItem.id, quantity_received: '20', quantity_accepted: '20' }])).statusCode).toBe(201);
    expect(await lpoState(db(), lpo.id)).toEqual({ status: 'partially_received', received: ['20.000', '0.000'] });
    expect((await receive(lpo.id, [{ lpo_item: pipeItem.id, quantity_received: '60', quantity_accepted: '60' }])).statusCode).toBe(201);
    expect(await lpoState(db(), lpo.id)).toEqual({ status: 'received', received: ['20.000', '60.000'] });
  });

  it('counts only the accepted quantity against the LPO line: rejected goods are still to come', async () => {
    const { sheet, lpo, sheetItem } = await steelOrder(db());
    await receive(lpo.id, [{ lpo_item: sheetItem.id, quantity_received: '20', quantity_accepted: '15' }]);
    expect(await lpoState(db(), lpo.id)).toEqual({ status: 'partially_received', received: ['15.000', '0.000'] });
    expect(await stockOf(db(), sheet.id)).toMatchObject({ quantity: '15.000' });
    expect((await receive(lpo.id, [{ lpo_item: sheetItem.id, quantity_received: '5', quantity_accepted: '5' }])).statusCode).toBe(201);
  });

  it('refuses to accept more than ordered less already received, naming the line and what is still to come; nothing is written', async () => {
    const { sheet, lpo, sheetItem } = await steelOrder(db());
    await receive(lpo.id, [{ lpo_item: sheetItem.id, quantity_received: '15', quantity_accepted: '15' }]);
    const res = await receive(lpo.id, [{ lpo_item: sheetItem.id, quantity_received: '6', quantity_accepted: '6' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ 'gra_items.0.quantity_accepted': ['Only 5.000 of MS sheet 2mm can still be received against this LPO: 20.000 ordered, 15.000 received.'] });
    expect(await db().select().from(gras)).toHaveLength(1);
    expect(await stockOf(db(), sheet.id)).toMatchObject({ quantity: '15.000' });
  });

  it('accepts more than ordered within the over-receipt tolerance of the stock settings, and no further', async () => {
    const { lpo, sheetItem } = await steelOrder(db());
    const admin = await as('admin');
    expect((await admin.put('/stocks/settings/', { gra_over_receipt_tolerance_percent: '101' })).json()).toEqual({ gra_over_receipt_tolerance_percent: ['Ensure this value is less than or equal to 100.'] });
    expect((await admin.put('/stocks/settings/', { gra_over_receipt_tolerance_percent: '5' })).json()).toMatchObject({ gra_over_receipt_tolerance_percent: '5.00' });
    const beyond = await receive(lpo.id, [{ lpo_item: sheetItem.id, quantity_received: '21.5', quantity_accepted: '21.5' }]);
    expect(beyond.json()).toEqual({ 'gra_items.0.quantity_accepted': ['Only 21.000 of MS sheet 2mm can still be received against this LPO, with the over-receipt tolerance of 5.00%: 20.000 ordered, 0.000 received.'] });
    expect((await receive(lpo.id, [{ lpo_item: sheetItem.id, quantity_received: '21', quantity_accepted: '21' }])).statusCode).toBe(201);
    expect(await lpoState(db(), lpo.id)).toEqual({ status: 'partially_received', received: ['21.000', '0.000'] });
  });

  it('receives against LPOs approved, sent or partially received; refuses the others with the reason', async () => {
    for (const status of ['approved', 'sent', 'partially_received']) {
      const { lpo, sheetItem } = await steelOrder(db(), status);
      expect((await receive(lpo.id, [{ lpo_item: sheetItem.id, quantity_received: '1', quantity_accepted: '1' }])).statusCode, status).toBe(201);
    }
    const refusals: Record<string, string> = {
      received: 'This LPO has been received in full: no more goods can be received against it.',
      closed: 'This LPO is closed: no more goods can be received against it.',
      cancelled: 'This LPO is cancelled: goods cannot be received against it.',
      draft: 'This LPO is still a draft: goods can be received only once it is issued.',
    };
    for (const [status, message] of Object.entries(refusals)) {
      const { lpo, sheetItem } = await steelOrder(db(), status);
      const res = await receive(lpo.id, [{ lpo_item: sheetItem.id, quantity_received: '1', quantity_accepted: '1' }]);
      expect(res.statusCode, status).toBe(400);
      expect(res.json(), status).toEqual({ lpo: [message] });
    }
  });
});

describe('a GRA without an LPO', () => {
  it('is booked with the vendor, the reason, and each line’s material and rate', async () => {
    const category = await makeCategory(db());
    const paint = await makeMaterial(db(), category.id, { name: 'Red oxide primer', unit: 'LTRS' });
    const vendor = await makeVendor(db(), { name: 'Shree Paints' });
    const res = await (await as('purchase')).post(URL, {
      vendor: vendor.id,
      without_lpo_reason: 'Bought at the counter for an urgent job',
      gra_date: TODAY,
      gra_items: [{ material: paint.id, quantity_received: '20', quantity_accepted: '20', rate: '310.00' }],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ lpo: null, lpo_date: null, vendor: vendor.id, vendor_name: 'Shree Paints', without_lpo_reason: 'Bought at the counter for an urgent job' });
    expect((res.json() as GraView).gra_items.map((l) => [l.lpo_item, l.material_name, l.rate])).toEqual([[null, 'Red oxide primer', '310.00']]);
    expect(await stockOf(db(), paint.id)).toEqual({ quantity: '20.000', average_cost: '310.0000' });
    expect((await (await as('stores')).get(`${URL}${res.json().id}/`)).json()).toMatchObject({ lpo: null, lpo_date: null });
  });

  it('needs the vendor, the reason and, on each line, a material and a rate (not an LPO item)', async () => {
    const category = await makeCategory(db());
    const paint = await makeMaterial(db(), category.id);
    const res = await (await as('stores')).post(URL, {
      gra_date: TODAY,
      gra_items: [{ material: paint.id, quantity_received: '1', quantity_accepted: '1' }, { lpo_item: 1, quantity_received: '1', quantity_accepted: '1', rate: '1' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      vendor: ['Name the vendor the goods came from: the GRA has no LPO.'],
      without_lpo_reason: ['Say why the goods came without an LPO.'],
      'gra_items.0.rate': ['Give the rate billed: the GRA has no LPO to take it from.'],
      'gra_items.1.lpo_item': ['This GRA has no LPO: name the material, not an LPO item.'],
      'gra_items.1.material': ['Name the material received: the GRA has no LPO.'],
    });
  });
});

describe('bad input', () => {
  it('POST: missing and malformed fields, lines that do not belong, the vendor of another LPO, a future date', async () => {
    const { lpo, sheetItem } = await steelOrder(db());
    const other = await makeLpo(db(), (await makeVendor(db())).id);
    const stranger = await makeLpoItem(db(), other.id, (await makeMaterial(db(), (await makeCategory(db())).id)).id);
    const stores = await as('stores');
    expect((await stores.post(URL, { lpo: lpo.id })).json()).toEqual({ gra_date: ['This field is required.'], gra_items: ['This field is required.'] });
    expect((await stores.post(URL, { lpo: lpo.id, gra_date: TODAY, gra_items: [] })).json()).toEqual({ gra_items: ['Add at least one item.'] });
    expect(
      (await receive(lpo.id, [{ lpo_item: sheetItem.id, quantity_received: '2', quantity_accepted: '3' }, { lpo_item: sheetItem.id, quantity_received: '0', quantity_accepted: 'x' }])).json(),
    ).toEqual({
      'gra_items.0.quantity_accepted': ['The accepted quantity cannot be more than the received quantity.'],
      'gra_items.1.quantity_received': ['Enter a quantity above zero.'],
      'gra_items.1.quantity_accepted': ['A valid number is required.'],
    });
    expect((await receive(lpo.id, [{ lpo_item: sheetItem.id, quantity_received: '2', quantity_accepted: '3' }])).json()).toEqual({
      'gra_items.0.quantity_accepted': ['The accepted quantity cannot be more than the received quantity.'],
    });
    expect((await receive(lpo.id, [{ lpo_item: sheetItem.id, quantity_received: '1', quantity_accepted: '1' }, { lpo_item: sheetItem.id, quantity_received: '1', quantity_accepted: '1' }])).json()).toEqual({
      'gra_items.1.lpo_item': ['This LPO item is already on the GRA.'],
    });
    expect((await receive(lpo.id, [{ quantity_received: '1', quantity_accepted: '1' }])).json()).toEqual({ 'gra_items.0.lpo_item': ['Name the LPO item received.'] });
    expect((await receive(lpo.id, [{ lpo_item: stranger.id, quantity_received: '1', quantity_accepted: '1' }])).json()).toEqual({ 'gra_items.0.lpo_item': ['This item is not on the GRA’s LPO.'] });
    expect((await receive(99999, [{ lpo_item: sheetItem.id, quantity_received: '1', quantity_accepted: '1' }])).json()).toEqual({ lpo: ['Invalid pk "99999" - object does not exist.'] });
    expect((await receive(lpo.id, [{ lpo_item: sheetItem.id, quantity_received: '1', quantity_accepted: '1' }], { vendor: other.vendor })).json()).toEqual({ vendor: ['This is not the LPO’s vendor.'] });
    expect((await receive(lpo.id, [{ lpo_item: sheetItem.id, quantity_received: '1', quantity_accepted: '1' }], { without_lpo_reason: 'Urgent' })).json()).toEqual({
      without_lpo_reason: ['A GRA against an LPO needs no reason for being without one.'],
    });
    const future = await receive(lpo.id, [{ lpo_item: sheetItem.id, quantity_received: '1', quantity_accepted: '1' }], { gra_date: businessToday(2) });
    expect(future.statusCode).toBe(400);
    expect(Object.keys(future.json())).toEqual(['gra_date']);
    expect(await db().select().from(gras)).toEqual([]);
  });

  it('PATCH gras/{id}/: an unknown GRA or line, the LPO or vendor changed, a cancelled GRA, a stale version', async () => {
    const { lpo, sheetItem, pipeItem } = await steelOrder(db());
    const gra = (await receive(lpo.id, [{ lpo_item: sheetItem.id, quantity_received: '5', quantity_accepted: '5' }])).json() as GraView;
    const stores = await as('stores');
    expect((await stores.patch(`${URL}99999/`, { remarks: 'x' })).statusCode).toBe(404);
    expect((await stores.patch(`${URL}${gra.id}/`, { lpo: 7 })).json()).toEqual({ non_field_errors: ['Unknown field(s): lpo.'] });
    expect((await stores.patch(`${URL}${gra.id}/`, { gra_items: [{ id: 99999, quantity_accepted: '1' }] })).json()).toEqual({ 'gra_items.0.id': ['Invalid pk "99999" - object does not exist.'] });
    expect((await stores.patch(`${URL}${gra.id}/`, { gra_items: [{ id: gra.gra_items[0]!.id, lpo_item: pipeItem.id }] })).json()).toEqual({
      'gra_items.0.lpo_item': ['A line’s LPO item and material cannot change: remove the line and add another.'],
    });
    expect((await stores.patch(`${URL}${gra.id}/`, { gra_items: [{ lpo_item: sheetItem.id, quantity_received: '1', quantity_accepted: '1' }] })).json()).toEqual({
      'gra_items.0.lpo_item': ['This LPO item is already on the GRA.'],
    });
    expect((await stores.patch(`${URL}${gra.id}/`, { remarks: 'x', expected_version: 7 })).statusCode).toBe(409);
    expect((await cancelGraAs(app(), 'stores', gra.id)).statusCode).toBe(200);
    expect((await stores.patch(`${URL}${gra.id}/`, { remarks: 'x' })).json()).toEqual({ non_field_errors: ['This GRA is cancelled: it cannot change.'] });
  });

  it('DELETE gras/{id}/: needs the cancellation remarks (or a reason); an unknown GRA is 404; a cancelled one cannot be cancelled again', async () => {
    const { lpo, sheetItem } = await steelOrder(db());
    const gra = (await receive(lpo.id, [{ lpo_item: sheetItem.id, quantity_received: '5', quantity_accepted: '5' }])).json() as GraView;
    expect((await cancelGraAs(app(), 'stores', gra.id, {})).json()).toEqual({ cancellation_remarks: ['Say why the GRA is cancelled.'] });
    expect((await cancelGraAs(app(), 'stores', gra.id, { cancellation_remarks: '   ' })).json()).toEqual({ cancellation_remarks: ['Say why the GRA is cancelled.'] });
    expect((await cancelGraAs(app(), 'stores', 99999)).statusCode).toBe(404);
    const res = await cancelGraAs(app(), 'stores', gra.id, { reason: 'Booked against the wrong LPO' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ cancellation_remarks: 'Booked against the wrong LPO' });
    expect((await cancelGraAs(app(), 'stores', gra.id)).json()).toEqual({ non_field_errors: ['This GRA is cancelled: it cannot change.'] });
  });

  it('PATCH and DELETE gra_items/{id}/: accepted beyond received, an unknown line, the last line of a GRA', async () => {
    const { lpo, sheetItem } = await steelOrder(db());
    const gra = (await receive(lpo.id, [{ lpo_item: sheetItem.id, quantity_received: '5', quantity_accepted: '5' }])).json() as GraView;
    const line = gra.gra_items[0]!.id;
    const stores = await as('stores');
    expect((await stores.patch(`/gra/gra_items/${line}/`, { quantity_accepted: '6' })).json()).toEqual({ quantity_accepted: ['The accepted quantity cannot be more than the received quantity.'] });
    expect((await stores.patch(`/gra/gra_items/${line}/`, { quantity_received: '-1' })).json()).toEqual({ quantity_received: ['Enter a quantity above zero.'] });
    expect((await stores.patch(`/gra/gra_items/${line}/`, { quantity_received: '30', quantity_accepted: '30' })).json()).toEqual({
      quantity_accepted: ['Only 15.000 of MS sheet 2mm can still be received against this LPO: 20.000 ordered, 5.000 received.'],
    });
    expect((await stores.patch('/gra/gra_items/99999/', { remarks: 'x' })).statusCode).toBe(404);
    expect((await stores.delete('/gra/gra_items/99999/')).statusCode).toBe(404);
    expect((await stores.delete(`/gra/gra_items/${line}/`)).json()).toEqual({ non_field_errors: ['A GRA keeps at least one line: cancel the GRA instead.'] });
  });
});

describe('changing a GRA', () => {
  it('PATCH gras/{id}/ changes the papers and remarks, changes a line and adds one; the LPO follows', async () => {
    const { lpo, sheetItem, pipeItem } = await steelOrder(db());
    const gra = (await receive(lpo.id, [{ lpo_item: sheetItem.id, quantity_received: '5', quantity_accepted: '5' }])).json() as GraView;
    const res = await (await as('purchase')).patch(`${URL}${gra.id}/`, {
      invoice_number: 'MST/890',
      challan_number: 'CH-12',
      remarks: 'Invoice replaced',
      gra_items: [{ id: gra.gra_items[0]!.id, quantity_received: '8', quantity_accepted: '8' }, { lpo_item: pipeItem.id, quantity_received: '60', quantity_accepted: '60' }],
      expected_version: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ invoice_number: 'MST/890', challan_number: 'CH-12', remarks: 'Invoice replaced', version: 2 });
    expect((res.json() as GraView).gra_items.map((l) => [l.lpo_item, l.quantity_accepted])).toEqual([[sheetItem.id, '8.000'], [pipeItem.id, '60.000']]);
    expect(await lpoState(db(), lpo.id)).toEqual({ status: 'partially_received', received: ['8.000', '60.000'] });
    expect((await db().select().from(auditLog).where(eq(auditLog.action, 'gra.update'))).map((a) => a.username)).toEqual(['purchase']);
  });

  it('PATCH gra_items/{id}/ changes a line, DELETE removes one; both audited', async () => {
    const { lpo, sheetItem, pipeItem } = await steelOrder(db());
    const gra = (await receive(lpo.id, [{ lpo_item: sheetItem.id, quantity_received: '5', quantity_accepted: '5' }, { lpo_item: pipeItem.id, quantity_received: '10', quantity_accepted: '10' }])).json() as GraView;
    const [sheetLine, pipeLine] = gra.gra_items.map((l) => l.id);
    const stores = await as('stores');
    const changed = await stores.patch(`/gra/gra_items/${sheetLine}/`, { quantity_accepted: '4', remarks: 'One sheet scratched' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: sheetLine, quantity_received: '5.000', quantity_accepted: '4.000', remarks: 'One sheet scratched' });
    const removed = await stores.delete(`/gra/gra_items/${pipeLine}/`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().deleted_at).not.toBeNull();
    expect(await lpoState(db(), lpo.id)).toEqual({ status: 'partially_received', received: ['4.000', '0.000'] });
    expect((await db().select().from(auditLog).where(eq(auditLog.target, `gra_items:${sheetLine}`))).map((a) => a.action)).toEqual(['gra_item.update']);
    expect((await db().select().from(auditLog).where(eq(auditLog.target, `gra_items:${pipeLine}`))).map((a) => a.action)).toEqual(['gra_item.remove']);
  });

  it('cancelling the only GRA of an LPO mailed to the vendor leaves it sent', async () => {
    const { lpo, sheetItem } = await steelOrder(db(), 'sent');
    await db().update(lpos).set({ sent_at: '2026-10-02T06:00:00.000Z' }).where(eq(lpos.id, lpo.id));
    const gra = (await receive(lpo.id, [{ lpo_item: sheetItem.id, quantity_received: '5', quantity_accepted: '5' }])).json() as GraView;
    expect((await lpoState(db(), lpo.id)).status).toBe('partially_received');
    expect((await cancelGraAs(app(), 'stores', gra.id)).statusCode).toBe(200);
    expect(await lpoState(db(), lpo.id)).toEqual({ status: 'sent', received: ['0.000', '0.000'] });
  });

  it('cancelling gives the LPO back what the GRA received, and the LPO its status before receipts', async () => {
    const { lpo, sheetItem } = await steelOrder(db());
    const gra = (await receive(lpo.id, [{ lpo_item: sheetItem.id, quantity_received: '5', quantity_accepted: '5' }])).json() as GraView;
    const res = await cancelGraAs(app(), 'stores', gra.id);
    expect(res.json()).toMatchObject({ cancellation_remarks: 'Wrong goods delivered' });
    expect(res.json().cancelled_at).not.toBeNull();
    expect(await lpoState(db(), lpo.id)).toEqual({ status: 'approved', received: ['0.000', '0.000'] });
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'gra.cancel'));
    expect(audit.map((a) => [a.target, a.risk_level])).toEqual([[`gras:${gra.id}`, 'high']]);
  });
});

describe('who may write GRAs', () => {
  it('stores and purchase (and superusers); everyone else is refused by the guard', async () => {
    const { lpo, sheetItem } = await steelOrder(db());
    const gra = (await receive(lpo.id, [{ lpo_item: sheetItem.id, quantity_received: '5', quantity_accepted: '5' }])).json() as GraView;
    await expectAccessMatrix(app(), [
      { method: 'POST', url: URL, body: {}, permission: 'gras.write' },
      { method: 'PATCH', url: `${URL}${gra.id}/`, body: {}, permission: 'gras.write' },
      { method: 'DELETE', url: `${URL}${gra.id}/`, permission: 'gras.write' },
      { method: 'PATCH', url: `/gra/gra_items/${gra.gra_items[0]!.id}/`, body: {}, permission: 'gras.write' },
      { method: 'DELETE', url: `/gra/gra_items/${gra.gra_items[0]!.id}/`, permission: 'gras.write' },
    ]);
    expect(await db().select().from(stockTransactions).where(eq(stockTransactions.gra_item, gra.gra_items[0]!.id))).toHaveLength(1);
  });
});
