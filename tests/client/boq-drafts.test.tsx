import './setup';
import 'fake-indexeddb/auto';
import '../../domain/zod-messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API } from '../../domain/api-paths';
import type { User } from '../../domain/user';
import { renderRoute } from './render-screen';
import { tracked } from './rows';
import { fakeServer, makeUser, storeSession, type FakeServer } from './support';
import { estimationCopies } from '../../src/data/estimation-copies';
import { mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import { closeDialog } from '../../src/ui/dialog-store';
import { forgetNotificationsForTests } from '../../src/ui/notify';
import { forgetUnsavedChangesForTests } from '../../src/ui/unsaved-changes';
import EstimationDetailScreen from '../../src/features/estimations/EstimationDetailScreen';

/**
 * The bill-of-quantities drafts on an estimation's detail (issue 21 §1, decision 363): each
 * product lists the sizes kept beside it; a designer adds sizes, removes them, and uses them
 * (the product takes them and the server costs it again).
 */

const ASHA = 7;
let user: User = makeUser({ id: ASHA });

vi.mock('../../src/data/session', async (original) => (await import('./screen-mocks')).signedInSession(original, () => user));
vi.mock('../../src/data/outbox/triggers', async (original) => (await import('./screen-mocks')).queueOnlyTriggers(original));

const designer = () => makeUser({ id: ASHA, username: 'asha', department: 'design', designation: 'executive' });
const show = () => renderRoute('estimation-detail', EstimationDetailScreen, '/estimations/detail/5', ['estimation-product-costing']);

/** Product 50 of estimation 5, one measured line on its face. */
const product = (values: Record<string, unknown> = {}) => ({
  id: 50,
  estimation: 5,
  name: 'Acrylic counter',
  description: '',
  quantity: '2.000',
  unit_price: '2200.00',
  width: '1200.000',
  depth: '600.000',
  height: '900.000',
  overhead_percent: '10.00',
  ...tracked(),
  details: [
    { id: 501, product: 50, estimation_material: 301, description: 'Top', pieces: '1.000', length: null, width: null, wastage_percent: '0.00', measured: true, quantity: '1.080', rate: '1500.00', amount: '1620.00', material_name: 'Acrylic 10mm', material_unit: 'SQMTR', category: 3, category_name: 'acrylic', ...tracked() },
  ],
  ...values,
});

/** Estimation 5 as GET {id}/ sends it. */
const view = (values: Record<string, unknown> = {}, productValues: Record<string, unknown> = {}) => ({
  id: 5,
  customer: 1,
  lead: null,
  title: 'Display unit',
  requirement: '',
  estimation_date: '2026-11-20',
  status: 'draft',
  total_cost: '4400.00',
  costing_version: 0,
  submitted_at: null,
  approved_by: null,
  approved_at: null,
  rejection_reason: '',
  quotation: null,
  customer_name: 'Lumen Opticals',
  lead_company: null,
  product_count: 1,
  created_by_name: 'Asha Menon',
  approved_by_name: null,
  files: [],
  ...tracked(),
  created_by: ASHA,
  products: [product(productValues)],
  ...values,
});

const CUSTOMERS = { id: 61, product: 50, width: '1200.000', depth: '600.000', height: '900.000', quantity: '2.000', ...tracked() };
const SITE = { id: 62, product: 50, width: '1000.000', depth: null, height: '750.000', quantity: '3.000', ...tracked() };
const DIALOG = '[role="dialog"], [role="alertdialog"]';
const dialogElement = async () => {
  await waitFor(() => expect(document.querySelector(DIALOG)).not.toBeNull());
  return document.querySelector(DIALOG)! as HTMLElement;
};
const draftList = () => screen.getByRole('list', { name: 'Bill-of-quantities drafts of Acrylic counter' });
const shownDrafts = () => within(draftList()).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'));

let server: FakeServer;

function serve(values: Record<string, unknown> = {}) {
  server.on('GET', API.estimations.detail(5), { status: 200, data: view(values) });
  server.on('GET', API.estimations.versions(5), { status: 200, data: [] });
  server.on('GET', API.estimationProducts.costBreakdown(50), { status: 200, data: [{ category: 3, category_name: 'acrylic', amount: '1620.00' }] });
  server.on('GET', API.boqDrafts.list, { status: 200, data: [CUSTOMERS, SITE] });
}

beforeEach(async () => {
  user = designer();
  storeSession({ userId: ASHA });
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
  server = fakeServer();
  await Promise.all([...outbox.tables, ...mirror.tables, estimationCopies.estimations].map((t) => t.clear()));
});
afterEach(() => {
  cleanup();
  closeDialog(false);
  forgetNotificationsForTests();
  forgetUnsavedChangesForTests();
  Reflect.deleteProperty(navigator, 'onLine');
});

describe('a product’s bill-of-quantities drafts', () => {
  it('lists the sizes kept beside each product, oldest first, asked of the server by product', async () => {
    serve();
    show();
    await waitFor(() => expect(shownDrafts()).toEqual(['1,200.000 × 600.000 × 900.000 mm, quantity 2.000', '1,000.000 × — × 750.000 mm, quantity 3.000']));
    expect(server.calls('GET', API.boqDrafts.list).map((r) => r.config.params)).toEqual([{ product: 50 }]);
    expect(within(draftList()).getAllByRole('button', { name: 'Use these sizes' })).toHaveLength(2);
  });

  it('uses a draft’s sizes: one request, then the product’s sizes, unit price and the estimation’s total as the server worked them out', async () => {
    let applied = false;
    serve();
    // 1,000 × 750 = 0.75 m² × 1,500.00 = 1,125.00; + 10% = 1,237.50; × 3 = 3,712.50 (the server's figures, shown as sent).
    const costed = view({ total_cost: '3712.50', version: 4 }, { width: '1000.000', depth: null, height: '750.000', quantity: '3.000', unit_price: '1237.50' });
    server.on('GET', API.estimations.detail(5), () => ({ status: 200, data: applied ? costed : view() }));
    server.on('POST', API.boqDrafts.apply(62), () => {
      applied = true;
      return { status: 200, data: costed.products[0] };
    });
    show();
    await screen.findByText('1,200.000 mm × 600.000 mm × 900.000 mm');
    expect(screen.getByText('4,400.00')).toBeTruthy();
    const site = await screen.findByRole('listitem', { name: '1,000.000 × — × 750.000 mm, quantity 3.000' });
    fireEvent.click(within(site).getByRole('button', { name: 'Use these sizes' }));
    const dialog = await dialogElement();
    expect(dialog.textContent).toContain('The product becomes 1,000.000 × — × 750.000 mm, quantity 3.000');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use these sizes' }));
    await screen.findByText('Sizes used: the product is costed again.');
    expect(server.calls('POST', API.boqDrafts.apply(62)).map((r) => r.body)).toEqual([undefined]);
    expect(server.calls('POST', API.boqDrafts.apply(61))).toEqual([]);
    await screen.findByText('1,000.000 mm × — × 750.000 mm');
    expect(screen.getByText('1,237.50')).toBeTruthy();
    expect(screen.getByText('3,712.50')).toBeTruthy();
    expect(screen.getByText('3.000')).toBeTruthy();
  });

  it('adds sizes typed in the product’s small form, a blank size sent as none', async () => {
    serve();
    server.on('POST', API.boqDrafts.list, { status: 201, data: { id: 63, product: 50, width: '800.000', depth: null, height: '600.000', quantity: '4.000', ...tracked() } });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Add sizes' }));
    const form = screen.getByRole('form', { name: 'Add sizes to Acrylic counter' });
    fireEvent.change(within(form).getByLabelText('Width (mm)'), { target: { value: '800' } });
    fireEvent.change(within(form).getByLabelText('Height (mm)'), { target: { value: '600' } });
    fireEvent.change(within(form).getByLabelText(/Quantity/), { target: { value: '0' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save sizes' }));
    await within(form).findByText('Enter a quantity above zero.');
    expect(server.calls('POST', API.boqDrafts.list)).toEqual([]);
    fireEvent.change(within(form).getByLabelText(/Quantity/), { target: { value: '4' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save sizes' }));
    await screen.findByText('Sizes added.');
    expect(server.calls('POST', API.boqDrafts.list).map((r) => r.body)).toEqual([{ product: 50, width: '800', depth: null, height: '600', quantity: '4' }]);
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Add sizes to Acrylic counter' })).toBeNull());
    // The drafts are read again after the write.
    await waitFor(() => expect(server.calls('GET', API.boqDrafts.list).length).toBeGreaterThan(1));
  });

  it('removes a draft, naming the version seen', async () => {
    serve();
    server.on('DELETE', API.boqDrafts.detail(61), { status: 204 });
    show();
    const customers = await screen.findByRole('listitem', { name: '1,200.000 × 600.000 × 900.000 mm, quantity 2.000' });
    fireEvent.click(within(customers).getByRole('button', { name: 'Remove' }));
    fireEvent.click(within(await dialogElement()).getByRole('button', { name: 'Remove' }));
    await screen.findByText('Sizes removed.');
    expect(server.calls('DELETE', API.boqDrafts.detail(61)).map((r) => r.config.headers.get('If-Match'))).toEqual(['3']);
  });

  it('says why the server refused, and changes nothing shown', async () => {
    serve();
    server.on('POST', API.boqDrafts.apply(62), { status: 400, data: { non_field_errors: ['A width is required: give the part or the product a height.'] } });
    show();
    const site = await screen.findByRole('listitem', { name: '1,000.000 × — × 750.000 mm, quantity 3.000' });
    fireEvent.click(within(site).getByRole('button', { name: 'Use these sizes' }));
    fireEvent.click(within(await dialogElement()).getByRole('button', { name: 'Use these sizes' }));
    await screen.findByText('The sizes were not changed');
    expect(screen.getByText('A width is required: give the part or the product a height.')).toBeTruthy();
    expect(screen.getByText('1,200.000 mm × 600.000 mm × 900.000 mm')).toBeTruthy();
  });

  it('shows the drafts without their steps to a reader, and on an estimation that can no longer change', async () => {
    user = makeUser({ id: 12, department: 'metal', designation: 'executive' });
    serve();
    show();
    await waitFor(() => expect(shownDrafts()).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Use these sizes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add sizes' })).toBeNull();
    cleanup();
    user = designer();
    serve({ status: 'approved' });
    show();
    await waitFor(() => expect(shownDrafts()).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add sizes' })).toBeNull();
  });
});
