import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { graItems, gras, lpoItems } from '../../server/db/schema';
import { recordIssue, recordReturn, reserveMaterial, reverseTransaction } from '../../server/modules/stock/ledger';
import { useTestServer } from '../support/server';
import { makeCategory, makeMaterial, makeSubcategory, userId } from '../support/factories';
import { makeJobOrder, makeRequisition, receiveThroughGra } from '../support/factories-stock';
import { makeLpo, makeVendor } from '../support/factories-purchase';
import { expectAccessMatrix } from '../support/access';
import { businessDayOf } from '../../domain/rules/dates';

const { app, as, db } = useTestServer();

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/* Ledger data, written through the stock ledger itself (as stores would), dated back from the database's today. */

async function storesActor() {
  return { id: await userId(db(), 'stores'), username: 'stores' };
}

/** The date `days` before the database's current date, as the ledger dates rows. */
/** The business day `days` before today, as the ledger dates its rows. */
async function daysAgo(days: number): Promise<string> {
  return businessDayOf(new Date(Date.now() - days * 86_400_000));
}

const receive = async (material: number, quantity: string, rate: string, days: number) => receiveThroughGra(db(), material, quantity, { rate, date: await daysAgo(days) });

async function issue(material: number, quantity: string, days: number, target: { job_order?: number; requisition?: number } = {}) {
  const actor = await storesActor();
  const transaction_date = await daysAgo(days);
  return db().transaction((tx) => recordIssue(tx, actor, { material, quantity, transaction_date, ...target }));
}

async function giveBack(material: number, quantity: string, days: number, job_order: number) {
  const actor = await storesActor();
  const transaction_date = await daysAgo(days);
  return db().transaction((tx) => recordReturn(tx, actor, { material, quantity, transaction_date, job_order }));
}

async function reverse(id: number) {
  const actor = await storesActor();
  return db().transaction((tx) => reverseTransaction(tx, actor, id, 'Booked twice'));
}

async function reserve(material: number, quantity: string) {
  const { lines } = await makeRequisition(db(), [{ material, quantity }]);
  const actor = await storesActor();
  return db().transaction((tx) => reserveMaterial(tx, actor, { requisition_detail: lines[0]!.id, quantity }));
}

/** A GRA line of `material` on a date, at a rate (an LPO line and the GRA made for it). */
async function graLine(material: number, values: { days: number; rate: string; lpoRate?: string; received?: string; accepted?: string; vendor?: number; cancelled?: boolean }) {
  const vendor = values.vendor ?? (await makeVendor(db())).id;
  const lpo = await makeLpo(db(), vendor);
  const received = values.received ?? '10';
  const [lpoItem] = await db().insert(lpoItems).values({ lpo: lpo.id, material, quantity: received, rate: values.lpoRate ?? values.rate, amount: '0' }).returning();
  const [gra] = await db()
    .insert(gras)
    .values({ lpo: lpo.id, vendor, gra_date: await daysAgo(values.days), cancelled_at: values.cancelled ? new Date().toISOString() : null })
    .returning();
  await db().insert(graItems).values({ gra: gra!.id, lpo_item: lpoItem!.id, material, quantity_received: received, quantity_accepted: values.accepted ?? received, rate: values.rate });
  return gra!;
}

/**
 * One acrylic sheet's year, by the weighted average cost:
 * D-100 receipt 40 @ 10 (avg 10) | D-45 receipt 60 @ 15 (avg 13) | D-40 issue 10 to J1 @ 13 = 130.00
 * D-10 receipt 30 @ 16 (avg 13.75) | D-5 issue 20 to J2 @ 13.75 = 275.00 | D-3 return 5 from J1 @ 13.75 = 68.75
 * D-2 issue 8 to J2, reversed today. On hand 105 @ 13.75 = 1443.75.
 */
async function acrylicYear() {
  const sheets = await makeCategory(db(), { name: 'Sheets' });
  const acrylic = await makeMaterial(db(), sheets.id, { name: 'Acrylic sheet 3mm', unit: 'SHEET' });
  const j1 = await makeJobOrder(db());
  const j2 = await makeJobOrder(db());
  await receive(acrylic.id, '40', '10.00', 100);
  await receive(acrylic.id, '60', '15.00', 45);
  const firstIssue = await issue(acrylic.id, '10', 40, { job_order: j1.id });
  await receive(acrylic.id, '30', '16.00', 10);
  const secondIssue = await issue(acrylic.id, '20', 5, { job_order: j2.id });
  await giveBack(acrylic.id, '5', 3, j1.id);
  const mistaken = await issue(acrylic.id, '8', 2, { job_order: j2.id });
  const reversal = await reverse(mistaken.id);
  return { sheets, acrylic, j1, j2, firstIssue, secondIssue, mistaken, reversal };
}

const names = (rows: { name?: string; material_name?: string }[]) => rows.map((r) => r.name ?? r.material_name);

describe('filter_materials', () => {
  async function stockedCatalogue() {
    const consumables = await makeCategory(db(), { name: 'Consumables' });
    const sheets = await makeCategory(db(), { name: 'Sheets' });
    const clear = await makeSubcategory(db(), sheets.id, { name: 'Clear' });
    const glue = await makeMaterial(db(), consumables.id, { name: 'Acrylic glue', unit: 'ML' });
    const acrylic = await makeMaterial(db(), sheets.id, { name: 'Acrylic sheet 3mm', unit: 'SHEET', brand: 'Plexi', subcategory: clear.id, reorder_level: '7' });
    const glass = await makeMaterial(db(), sheets.id, { name: 'Glass 5mm', unit: 'SHEET', reorder_level: '8' });
    const pipe = await makeMaterial(db(), sheets.id, { name: 'MS pipe', unit: 'MTRS' });
    await receive(acrylic.id, '10', '100.00', 3);
    await receive(glass.id, '5', '40.00', 3);
    await reserve(acrylic.id, '3');
    return { consumables, sheets, clear, glue, acrylic, glass, pipe };
  }

  it('shows each material with on hand, reserved, available and stock value at the average cost', async () => {
    const { acrylic, clear } = await stockedCatalogue();
    const res = await (await as('stores')).get('/materials/materials/filter_materials/?search=plexi');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(1);
    expect(body.results[0]).toMatchObject({
      id: acrylic.id,
      name: 'Acrylic sheet 3mm',
      category_name: 'Sheets',
      subcategory: clear.id,
      subcategory_name: 'Clear',
      unit: 'SHEET',
      quantity: '10.000',
      reserved: '3.000',
      available: '7.000',
      reorder_level: '7.000',
      average_cost: '100.0000',
      stock_value: '1000.00',
    });
  });

  it('gives the stock value of every material the filters match, not only the page shown', async () => {
    const sheets = await makeCategory(db(), { name: 'Sheets' });
    for (let i = 0; i < 16; i++) {
      const sheet = await makeMaterial(db(), sheets.id, { name: `Sheet ${String(i).padStart(2, '0')}` });
      await receive(sheet.id, '3', '10.25', 1);
    }
    await makeMaterial(db(), sheets.id, { name: 'Sheet never bought' });
    const stores = await as('stores');
    // 16 materials of 3 at 10.25 = 30.75 each.
    expect((await stores.get('/materials/materials/filter_materials/')).json().total_value).toBe('492.00');
    expect((await stores.get('/materials/materials/filter_materials/?page=2')).json().total_value).toBe('492.00');
    expect((await stores.get('/materials/materials/filter_materials/?search=Sheet%2000')).json().total_value).toBe('30.75');
    expect((await stores.get('/materials/materials/filter_materials/?search=never')).json().total_value).toBe('0.00');
    expect((await stores.get('/materials/materials/filter_materials/?search=nothing-matches')).json()).toMatchObject({ count: 0, total_value: '0.00' });
  });

  it('narrows to materials with and without stock, by unit, category, subcategory and a literal search', async () => {
    const { sheets, clear } = await stockedCatalogue();
    const stores = await as('stores');
    expect(names((await stores.get('/materials/materials/filter_materials/?in_stock=true')).json().results)).toEqual(['Acrylic sheet 3mm', 'Glass 5mm']);
    expect(names((await stores.get('/materials/materials/filter_materials/?in_stock=false')).json().results)).toEqual(['Acrylic glue', 'MS pipe']);
    expect(names((await stores.get('/materials/materials/filter_materials/?unit=MTRS')).json().results)).toEqual(['MS pipe']);
    expect(names((await stores.get(`/materials/materials/filter_materials/?category=${sheets.id}&ordering=-name`)).json().results)).toEqual(['MS pipe', 'Glass 5mm', 'Acrylic sheet 3mm']);
    expect(names((await stores.get(`/materials/materials/filter_materials/?subcategory=${clear.id}`)).json().results)).toEqual(['Acrylic sheet 3mm']);
    expect(names((await stores.get('/materials/materials/filter_materials/?ordering=-stock_value')).json().results)).toEqual(['Acrylic sheet 3mm', 'Glass 5mm', 'Acrylic glue', 'MS pipe']);
    for (const term of ['%', '_', "' OR 1=1 --"]) expect((await stores.get(`/materials/materials/filter_materials/?search=${encodeURIComponent(term)}`)).json().count, term).toBe(0);
  });

  it('counts free stock at or below a reorder level above zero as below reorder, leaving out materials never reordered', async () => {
    await stockedCatalogue();
    const stores = await as('stores');
    // Acrylic: 10 on hand, 3 reserved: 7 free, at its level of 7. Glass: 5 free, under 8. Glue and pipe have no level.
    expect(names((await stores.get('/materials/materials/filter_materials/?below_reorder=true')).json().results)).toEqual(['Acrylic sheet 3mm', 'Glass 5mm']);
    expect(names((await stores.get('/materials/materials/filter_materials/?below_reorder=false')).json().results)).toEqual(['Acrylic glue', 'MS pipe']);
  });

  it('pages by 15 with DRF links', async () => {
    const sheets = await makeCategory(db(), { name: 'Sheets' });
    for (let i = 0; i < 17; i++) await makeMaterial(db(), sheets.id, { name: `Sheet ${String(i).padStart(2, '0')}` });
    const stores = await as('stores');
    const first = (await stores.get('/materials/materials/filter_materials/')).json();
    expect(first.count).toBe(17);
    expect(first.results).toHaveLength(15);
    expect(first.next).toContain('page=2');
    const second = (await stores.get('/materials/materials/filter_materials/?page=2')).json();
    expect(names(second.results)).toEqual(['Sheet 15', 'Sheet 16']);
    expect((await stores.get('/materials/materials/filter_materials/?page=3')).statusCode).toBe(404);
  });

  it('gives a foreman only consumables and other production users everything but (business-areas.md §6)', async () => {
    await stockedCatalogue();
    expect(names((await (await as('foreman')).get('/materials/materials/filter_materials/')).json().results)).toEqual(['Acrylic glue']);
    expect(names((await (await as('production')).get('/materials/materials/filter_materials/')).json().results)).toEqual(['Acrylic sheet 3mm', 'Glass 5mm', 'MS pipe']);
  });
});

describe('export_to_excel', () => {
  async function readSheet(body: Buffer) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(body as unknown as Parameters<typeof workbook.xlsx.load>[0]);
    const sheet = workbook.getWorksheet('Materials')!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }

  it('downloads the filtered materials list as a real .xlsx that reads back with the same figures', async () => {
    const consumables = await makeCategory(db(), { name: 'Consumables' });
    const sheets = await makeCategory(db(), { name: 'Sheets' });
    const clear = await makeSubcategory(db(), sheets.id, { name: 'Clear' });
    const acrylic = await makeMaterial(db(), sheets.id, { name: 'Acrylic sheet 3mm', unit: 'SHEET', subcategory: clear.id, reorder_level: '12' });
    await makeMaterial(db(), sheets.id, { name: 'Glass 5mm', unit: 'SHEET' });
    await makeMaterial(db(), consumables.id, { name: 'Acrylic glue', unit: 'ML' });
    await receive(acrylic.id, '10', '100.00', 3);
    await receive(acrylic.id, '10', '101.50', 1);
    await reserve(acrylic.id, '2.5');

    const res = await (await as('stores')).get(`/materials/materials/export_to_excel/?category=${sheets.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="materials-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(await readSheet(res.rawPayload)).toEqual([
      ['Name', 'Category', 'Subcategory', 'Unit', 'On hand', 'Reserved', 'Available', 'Reorder level', 'Average cost', 'Stock value'],
      ['Acrylic sheet 3mm', 'Sheets', 'Clear', 'SHEET', 20, 2.5, 17.5, 12, 100.75, 2015],
      ['Glass 5mm', 'Sheets', undefined, 'SHEET', 0, 0, 0, 0, 0, 0],
    ]);
  });

  it('exports only the materials the user may see', async () => {
    const consumables = await makeCategory(db(), { name: 'Consumables' });
    const sheets = await makeCategory(db(), { name: 'Sheets' });
    await makeMaterial(db(), consumables.id, { name: 'Acrylic glue', unit: 'ML' });
    await makeMaterial(db(), sheets.id, { name: 'Glass 5mm', unit: 'SHEET' });
    const res = await (await as('foreman')).get('/materials/materials/export_to_excel/');
    expect(res.statusCode).toBe(200);
    expect((await readSheet(res.rawPayload)).map((row) => row[0])).toEqual(['Name', 'Acrylic glue']);
  });
});

describe('issue report and materials issued today', () => {
  it('lists the issues that stand, newest first, valued at the rate they went out at', async () => {
    const { acrylic, j1, j2, firstIssue, secondIssue } = await acrylicYear();
    const body = (await (await as('stores')).get('/materials/materials/issue_report/')).json();
    expect(body.count).toBe(2);
    expect(body.total_value).toBe('405.00');
    expect(body.results).toEqual([
      expect.objectContaining({ id: secondIssue.id, transaction_date: await daysAgo(5), material: acrylic.id, material_name: 'Acrylic sheet 3mm', unit: 'SHEET', quantity: '20.000', rate: '13.75', value: '275.00', job_order: j2.id }),
      expect.objectContaining({ id: firstIssue.id, transaction_date: await daysAgo(40), quantity: '10.000', rate: '13.00', value: '130.00', job_order: j1.id, requisition: null }),
    ]);
    expect(body.results[0].customer_name).toMatch(/\S/);
  });

  it('narrows issues to a period and a job order', async () => {
    const { j1, firstIssue, secondIssue } = await acrylicYear();
    const stores = await as('stores');
    const recent = (await stores.get(`/materials/materials/issue_report/?startDate=${await daysAgo(30)}&endDate=${await daysAgo(1)}`)).json();
    expect(recent.results.map((r: { id: number }) => r.id)).toEqual([secondIssue.id]);
    expect(recent.total_value).toBe('275.00');
    const forJ1 = (await stores.get(`/materials/materials/issue_report/?job_order=${j1.id}`)).json();
    expect(forJ1.results.map((r: { id: number }) => r.id)).toEqual([firstIssue.id]);
  });

  it("lists today's issues only", async () => {
    const sheets = await makeCategory(db(), { name: 'Sheets' });
    const glass = await makeMaterial(db(), sheets.id, { name: 'Glass 5mm', unit: 'SHEET' });
    const job = await makeJobOrder(db());
    await receive(glass.id, '10', '40.00', 5);
    await issue(glass.id, '3', 1, { job_order: job.id });
    const today = await issue(glass.id, '2', 0, { job_order: job.id });
    const body = (await (await as('stores')).get('/materials/materials/issued_today/')).json();
    expect(body.results.map((r: { id: number }) => r.id)).toEqual([today.id]);
    expect(body.results[0]).toMatchObject({ quantity: '2.000', rate: '40.00', value: '80.00' });
    expect(body.total_value).toBe('80.00');
  });
});

describe('consumption', () => {
  it('per material: issued less returned, net of reversals, valued at each row’s rate', async () => {
    const { acrylic } = await acrylicYear();
    const body = (await (await as('stores')).get('/materials/materials/consumption_report/')).json();
    expect(body).toMatchObject({ count: 1, total_value: '336.25' });
    expect(body.results).toEqual([
      { material: acrylic.id, material_name: 'Acrylic sheet 3mm', unit: 'SHEET', job_order: null, customer_name: null, issued: '30.000', returned: '5.000', consumed: '25.000', value: '336.25' },
    ]);
  });

  it('per job order and material, over a period', async () => {
    const { j1, j2 } = await acrylicYear();
    const stores = await as('stores');
    const byJob = (await stores.get('/materials/materials/consumption_report/?group_by=job_order')).json();
    expect(byJob.results.map((r: { job_order: number; issued: string; returned: string; consumed: string; value: string }) => [r.job_order, r.issued, r.returned, r.consumed, r.value])).toEqual([
      [j1.id, '10.000', '5.000', '5.000', '61.25'],
      [j2.id, '20.000', '0.000', '20.000', '275.00'],
    ]);
    expect(byJob.total_value).toBe('336.25');
    const lastMonth = (await stores.get(`/materials/materials/consumption_report/?group_by=job_order&startDate=${await daysAgo(30)}`)).json();
    expect(lastMonth.results.map((r: { job_order: number; consumed: string; value: string }) => [r.job_order, r.consumed, r.value])).toEqual([
      [j1.id, '-5.000', '-68.75'],
      [j2.id, '20.000', '275.00'],
    ]);
  });

  it('leaves out a job order whose only issue was reversed', async () => {
    const { acrylic } = await acrylicYear();
    const j3 = await makeJobOrder(db());
    const wrong = await issue(acrylic.id, '4', 1, { job_order: j3.id });
    await reverse(wrong.id);
    const body = (await (await as('stores')).get(`/materials/materials/consumption_report/?job_order=${j3.id}`)).json();
    expect(body).toMatchObject({ count: 0, total_value: '0.00', results: [] });
  });

  it('answers a job order’s material consumption at /stores/joborder/{id}/material-consumption/', async () => {
    const { acrylic, j1, j2 } = await acrylicYear();
    const stores = await as('stores');
    const body = (await stores.get(`/stores/joborder/${j2.id}/material-consumption/`)).json();
    expect(body).toMatchObject({ job_order: j2.id, status: 'Created', total_value: '275.00' });
    expect(body.results).toEqual([expect.objectContaining({ material: acrylic.id, issued: '20.000', returned: '0.000', consumed: '20.000', value: '275.00' })]);
    expect((await stores.get(`/stores/joborder/${j1.id}/material-consumption/`)).json().total_value).toBe('61.25');
    expect((await stores.get('/stores/joborder/999999/material-consumption/')).statusCode).toBe(404);
  });
});

describe('log report', () => {
  it('shows a material’s ledger in a period with the balance after each row, from the balance before it', async () => {
    const { acrylic } = await acrylicYear();
    const url = `/materials/materials/log_report/?material=${acrylic.id}&startDate=${await daysAgo(45)}&endDate=${await daysAgo(3)}`;
    const body = (await (await as('stores')).get(url)).json();
    expect(body).toMatchObject({ material: acrylic.id, material_name: 'Acrylic sheet 3mm', unit: 'SHEET', opening_balance: '40.000', closing_balance: '105.000', count: 5 });
    expect(body.results.map((r: { transaction_type: string; quantity: string; value: string; balance: string }) => [r.transaction_type, r.quantity, r.value, r.balance])).toEqual([
      ['receipt', '60.000', '900.00', '100.000'],
      ['issue', '-10.000', '-130.00', '90.000'],
      ['receipt', '30.000', '480.00', '120.000'],
      ['issue', '-20.000', '-275.00', '100.000'],
      ['return', '5.000', '68.75', '105.000'],
    ]);
  });

  it('carries the running balance across pages and shows a reversal beside the row it cancels', async () => {
    const { acrylic, mistaken, reversal } = await acrylicYear();
    const stores = await as('stores');
    const second = (await stores.get(`/materials/materials/log_report/?material=${acrylic.id}&page_size=4&page=2`)).json();
    expect(second.count).toBe(8);
    expect(second.opening_balance).toBe('0.000');
    expect(second.results.map((r: { id: number; balance: string }) => [r.id, r.balance])).toEqual([
      [expect.any(Number), '100.000'],
      [expect.any(Number), '105.000'],
      [mistaken.id, '97.000'],
      [reversal.id, '105.000'],
    ]);
    expect(second.results[3]).toMatchObject({ reverses: mistaken.id, transaction_type: 'issue', quantity: '8.000' });
  });

  it('refuses a material the user may not see as unknown', async () => {
    const { acrylic } = await acrylicYear();
    const res = await (await as('foreman')).get(`/materials/materials/log_report/?material=${acrylic.id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ material: [`Invalid pk "${acrylic.id}" - object does not exist.`] });
  });
});

describe('movement report', () => {
  it('gives opening, in, out and closing per material over the period', async () => {
    const { sheets, acrylic } = await acrylicYear();
    const idle = await makeMaterial(db(), sheets.id, { name: 'Brass rod', unit: 'MTRS' });
    const stores = await as('stores');
    const body = (await stores.get(`/materials/materials/movement_report/?startDate=${await daysAgo(45)}&endDate=${await daysAgo(3)}`)).json();
    expect(body.count).toBe(2);
    expect(body.results).toEqual([
      expect.objectContaining({ material: acrylic.id, category_name: 'Sheets', opening_quantity: '40.000', inward: '95.000', outward: '30.000', closing_quantity: '105.000' }),
      expect.objectContaining({ material: idle.id, opening_quantity: '0.000', inward: '0.000', outward: '0.000', closing_quantity: '0.000' }),
    ]);
    // An issue and its reversal in the period net out of what went out.
    const lastDays = (await stores.get(`/materials/materials/movement_report/?material=${acrylic.id}&startDate=${await daysAgo(2)}`)).json();
    expect(lastDays.results[0]).toMatchObject({ opening_quantity: '105.000', inward: '0.000', outward: '0.000', closing_quantity: '105.000' });
  });
});

describe('price variance', () => {
  it('shows the GRA rates over time with the change from the line before and min, max and averages', async () => {
    const sheets = await makeCategory(db(), { name: 'Sheets' });
    const acrylic = await makeMaterial(db(), sheets.id, { name: 'Acrylic sheet 3mm', unit: 'SHEET' });
    const first = await makeVendor(db(), { name: 'Plexi Traders' });
    await graLine(acrylic.id, { days: 90, rate: '100.00', received: '10', vendor: first.id });
    await graLine(acrylic.id, { days: 60, rate: '110.00', lpoRate: '105.00', received: '20' });
    await graLine(acrylic.id, { days: 30, rate: '99.00', received: '10', accepted: '5' });
    await graLine(acrylic.id, { days: 20, rate: '500.00', cancelled: true });
    await graLine(acrylic.id, { days: 10, rate: '99.00', received: '10' });
    const stores = await as('stores');
    const all = (await stores.get(`/materials/materials/${acrylic.id}/price-variance-report/`)).json();
    expect(all).toMatchObject({ material: acrylic.id, material_name: 'Acrylic sheet 3mm', count: 4 });
    expect(all.summary).toEqual({ count: 4, min_rate: '99.00', max_rate: '110.00', average_rate: '102.00', weighted_average_rate: '104.11', first_rate: '100.00', latest_rate: '99.00' });
    expect(all.results.map((r: { rate: string; change: string | null; change_percent: string | null }) => [r.rate, r.change, r.change_percent])).toEqual([
      ['100.00', null, null],
      ['110.00', '10.00', '10.00'],
      ['99.00', '-11.00', '-10.00'],
      ['99.00', '0.00', '0.00'],
    ]);
    expect(all.results[0]).toMatchObject({ gra_date: await daysAgo(90), vendor: first.id, vendor_name: 'Plexi Traders', quantity_received: '10.000', quantity_accepted: '10.000' });
    // Against the LPO: billed 5.00 above the ordered rate on the second, at it on the others.
    expect(all.results.map((r: { lpo_rate: string | null; lpo_variance: string | null }) => [r.lpo_rate, r.lpo_variance])).toEqual([
      ['100.00', '0.00'],
      ['105.00', '5.00'],
      ['99.00', '0.00'],
      ['99.00', '0.00'],
    ]);

    // The first line of a period still shows its change from the rate before the period.
    const since = (await stores.get(`/materials/materials/${acrylic.id}/price-variance-report/?startDate=${await daysAgo(60)}`)).json();
    expect(since.summary).toEqual({ count: 3, min_rate: '99.00', max_rate: '110.00', average_rate: '102.67', weighted_average_rate: '105.29', first_rate: '110.00', latest_rate: '99.00' });
    expect(since.results[0]).toMatchObject({ rate: '110.00', change: '10.00' });
  });

  it('answers 404 for an unknown material and an empty summary for one never bought', async () => {
    const sheets = await makeCategory(db(), { name: 'Sheets' });
    const glass = await makeMaterial(db(), sheets.id, { name: 'Glass 5mm' });
    const stores = await as('stores');
    expect((await stores.get('/materials/materials/999999/price-variance-report/')).statusCode).toBe(404);
    const body = (await stores.get(`/materials/materials/${glass.id}/price-variance-report/`)).json();
    expect(body.summary).toEqual({ count: 0, min_rate: null, max_rate: null, average_rate: null, weighted_average_rate: null, first_rate: null, latest_rate: null });
    expect(body.results).toEqual([]);
  });
});

describe('reorder', () => {
  it('lists materials whose free stock is at or below the reorder level, with the shortfall', async () => {
    const sheets = await makeCategory(db(), { name: 'Sheets' });
    const short = await makeMaterial(db(), sheets.id, { name: 'Acrylic sheet 3mm', reorder_level: '10' });
    const atLevel = await makeMaterial(db(), sheets.id, { name: 'Glass 5mm', reorder_level: '10' });
    const above = await makeMaterial(db(), sheets.id, { name: 'MS pipe', reorder_level: '10' });
    const empty = await makeMaterial(db(), sheets.id, { name: 'Brass rod', reorder_level: '2.5' });
    await makeMaterial(db(), sheets.id, { name: 'Never reordered' });
    await receive(short.id, '12', '5.00', 2);
    await reserve(short.id, '4');
    await receive(atLevel.id, '10', '5.00', 2);
    await receive(above.id, '11', '5.00', 2);
    const body = (await (await as('purchase')).get('/materials/materials/reorder/')).json();
    expect(body.results.map((r: { id: number; available: string; shortfall: string }) => [r.id, r.available, r.shortfall])).toEqual([
      [short.id, '8.000', '2.000'],
      [empty.id, '0.000', '2.500'],
      [atLevel.id, '10.000', '0.000'],
    ]);
  });
});

describe('ageing', () => {
  it('attributes on-hand stock to the latest receipts first and values each bucket at the average cost', async () => {
    const { sheets, acrylic } = await acrylicYear();
    // One unit each on the bucket edges: 30 and 31, 60 and 61, 90 and 91 days ago.
    const edges = await makeMaterial(db(), sheets.id, { name: 'Bucket edges' });
    for (const days of [30, 31, 60, 61, 90, 91]) await receive(edges.id, '1', '1.00', days);
    await makeMaterial(db(), sheets.id, { name: 'Nothing in stock' });
    const body = (await (await as('stores.manager')).get('/materials/materials/ageing/')).json();
    expect(body.count).toBe(2);
    const shares = (row: { buckets: { bucket: string; quantity: string; value: string }[] }) => row.buckets.map((b) => [b.bucket, b.quantity, b.value]);
    expect(body.results[0]).toMatchObject({ material: acrylic.id, quantity: '105.000', average_cost: '13.7500', stock_value: '1443.75' });
    // 105 on hand: the return of 5 and receipt of 30 (0-30 days), all 60 of D-45, 10 of the 40 of D-100.
    expect(shares(body.results[0])).toEqual([
      ['0-30', '35.000', '481.25'],
      ['31-60', '60.000', '825.00'],
      ['61-90', '0.000', '0.00'],
      ['over-90', '10.000', '137.50'],
    ]);
    expect(shares(body.results[1])).toEqual([
      ['0-30', '1.000', '1.00'],
      ['31-60', '2.000', '2.00'],
      ['61-90', '2.000', '2.00'],
      ['over-90', '1.000', '1.00'],
    ]);
    expect(body.totals).toEqual([
      { bucket: '0-30', value: '482.25' },
      { bucket: '31-60', value: '827.00' },
      { bucket: '61-90', value: '2.00' },
      { bucket: 'over-90', value: '138.50' },
    ]);
    expect(body.total_value).toBe('1449.75');
  });

  it('keeps the totals over every material when only one page is shown', async () => {
    const { sheets } = await acrylicYear();
    const edges = await makeMaterial(db(), sheets.id, { name: 'Bucket edges' });
    await receive(edges.id, '1', '1.00', 91);
    const body = (await (await as('stores')).get('/materials/materials/ageing/?page_size=1&page=2')).json();
    expect(body.count).toBe(2);
    expect(body.results.map((r: { material: number }) => r.material)).toEqual([edges.id]);
    expect(body.total_value).toBe('1444.75');
  });
});

describe('bad parameters', () => {
  it('answers every malformed or unknown parameter with a 400 naming the field', async () => {
    const sheets = await makeCategory(db(), { name: 'Sheets' });
    const glass = await makeMaterial(db(), sheets.id, { name: 'Glass 5mm' });
    const stores = await as('stores.manager');
    const base = '/materials/materials';
    const cases: [string, string][] = [
      [`${base}/filter_materials/?category=abc`, 'category'],
      [`${base}/filter_materials/?unit=GALLON`, 'unit'],
      [`${base}/filter_materials/?below_reorder=maybe`, 'below_reorder'],
      [`${base}/filter_materials/?ordering=price`, 'ordering'],
      [`${base}/filter_materials/?colour=red`, 'non_field_errors'],
      [`${base}/filter_materials/?page=0`, 'page'],
      [`${base}/export_to_excel/?in_stock=perhaps`, 'in_stock'],
      [`${base}/export_to_excel/?page=2`, 'non_field_errors'],
      [`${base}/issue_report/?startDate=2025-13-01`, 'startDate'],
      [`${base}/issue_report/?startDate=2025-03-10&endDate=2025-03-01`, 'endDate'],
      [`${base}/issue_report/?job_order=0`, 'job_order'],
      [`${base}/issued_today/?material=abc`, 'material'],
      [`${base}/consumption_report/?group_by=customer`, 'group_by'],
      [`${base}/consumption_report/?endDate=yesterday`, 'endDate'],
      [`${base}/log_report/`, 'material'],
      [`${base}/log_report/?material=999999`, 'material'],
      [`${base}/log_report/?material=${glass.id}&startDate=01-03-2025`, 'startDate'],
      [`${base}/movement_report/?page_size=100000`, 'page_size'],
      [`${base}/movement_report/?material=x`, 'material'],
      [`${base}/reorder/?subcategory=1.5`, 'subcategory'],
      [`${base}/ageing/?search=${'x'.repeat(201)}`, 'search'],
      [`${base}/${glass.id}/price-variance-report/?endDate=2025-02-30`, 'endDate'],
    ];
    for (const [url, field] of cases) {
      const res = await stores.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(Object.keys(res.json()), url).toContain(field);
    }
  });
});

describe('access', () => {
  it('answers each demo role as domain/permissions.ts says', async () => {
    const sheets = await makeCategory(db(), { name: 'Sheets' });
    const glass = await makeMaterial(db(), sheets.id, { name: 'Glass 5mm' });
    const job = await makeJobOrder(db());
    const base = '/materials/materials';
    await expectAccessMatrix(app(), [
      { method: 'GET', url: `${base}/filter_materials/`, permission: 'materials.read' },
      { method: 'GET', url: `${base}/export_to_excel/`, permission: 'materials.read' },
      { method: 'GET', url: `${base}/issue_report/`, permission: 'stock.reports' },
      { method: 'GET', url: `${base}/issued_today/`, permission: 'stock.read' },
      { method: 'GET', url: `${base}/consumption_report/`, permission: 'stock.reports' },
      { method: 'GET', url: `${base}/log_report/?material=${glass.id}`, permission: 'stock.read' },
      { method: 'GET', url: `${base}/movement_report/`, permission: 'stock.reports' },
      { method: 'GET', url: `${base}/${glass.id}/price-variance-report/`, permission: 'stock.reports' },
      { method: 'GET', url: `${base}/reorder/`, permission: 'stock.reports' },
      { method: 'GET', url: `${base}/ageing/`, permission: 'stock.reports' },
      { method: 'GET', url: `/stores/joborder/${job.id}/material-consumption/`, permission: 'stock.read' },
    ]);
  });
});
