import './setup';
import 'fake-indexeddb/auto';
// The app's plain messages (src/main.tsx installs them).
import '../../domain/zod-messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import type { User } from '../../domain/user';
import { businessDayOf } from '../../domain/rules/dates';
import type { RouteName } from '../../domain/routes';
import { renderRoute } from './render-screen';
import { leadRow, tracked } from './rows';
import { fakeServer, makeUser, storeSession, type FakeServer } from './support';
import { API } from '../../domain/api-paths';
import { mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import { forgetNotificationsForTests } from '../../src/ui/notify';
import { forgetUnsavedChangesForTests } from '../../src/ui/unsaved-changes';
import LeadsScreen from '../../src/features/leads/LeadsScreen';
import LeadDetailScreen from '../../src/features/leads/LeadDetailScreen';
import LeadEditScreen from '../../src/features/leads/LeadEditScreen';
import { DUPLICATE_CHECK_SKIPPED } from '../../src/features/leads/duplicates';
import { LEAD_DELETED } from '../../src/features/leads/LeadActions';
import { reloadData } from '../../src/data/preload';
import { NEEDS_CONNECTION } from '../../src/ui/connection';

const ASHA = 7;
const RAVI = 8;
let user: User = makeUser({ id: ASHA });
/** The user list the server gives (the sales executive dropdown reads it). */
const users: User[] = [makeUser({ id: ASHA, username: 'asha', department: 'sales', designation: 'executive' }), makeUser({ id: RAVI, username: 'ravi', department: 'sales', designation: 'executive' })];

/** The list the session holds: the server's once loaded, empty on a device that has not loaded it since it started. */
let sessionUsers: User[] = users;

vi.mock('../../src/data/session', async (original) => ({
  ...(await original<typeof import('../../src/data/session')>()),
  useSession: () => ({ user, users: sessionUsers, modules: {}, offline: false }),
  loadUsers: async () => users,
}));
vi.mock('../../src/data/preload', async (original) => ({ ...(await original<typeof import('../../src/data/preload')>()), reloadData: vi.fn(async () => undefined) }));
vi.mock('../../src/data/outbox/triggers', async (original) => (await import('./screen-mocks')).queueOnlyTriggers(original));

const NEIGHBOURS: RouteName[] = ['leads-home', 'lead-detail', 'lead-detail-direct', 'lead-edit', 'customer-detail', 'quotation-create', 'estimation-add'];
const show = (routeName: RouteName, Screen: ComponentType, path: string) => renderRoute(routeName, Screen, path, NEIGHBOURS);

/** Days around today as the business counts it (Kolkata). */
const DAY_MS = 86_400_000;
const today = businessDayOf(new Date());
const dayFrom = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const yesterday = dayFrom(-1);
const tomorrow = dayFrom(1);
/** Noon in Kolkata of a day, as the server stamps created_at. */
const createdOn = (day: string) => `${day}T06:30:00.000Z`;

const lead = (id: number, company: string, values: Record<string, unknown>) => leadRow(id, company, { assign_to: ASHA, ...tracked(createdOn(yesterday)), ...values });
const remark = (id: number, on: number, text: string) => ({ id, lead: on, remark: text, ...tracked(createdOn(yesterday)) });

/**
 * The table of leads (business-areas.md §4): Todays = open stage and follow-up today; Missed =
 * open stage and follow-up before today; Open = open stage; Not Actioned = created before today
 * and no remark.
 *
 *   company     stage        follow-up   created    remark | Todays Missed Open NotActioned
 *   Orbit       new          today       yesterday  yes    |   x            x
 *   Zen         followup     yesterday   yesterday  no     |          x     x       x
 *   Lulu        negotiation  none        today      no     |                x
 *   Titan       lost         yesterday   yesterday  no     |                        x
 *   Croma       converted    today       yesterday  yes    |
 *   Nykaa       new          tomorrow    today      no     |                x
 */
const LEADS = [
  lead(71, 'Orbit', { stage: 'new', followup_date: today }),
  lead(72, 'Zen', { stage: 'followup', followup_date: yesterday }),
  lead(73, 'Lulu', { stage: 'negotiation', ...tracked(createdOn(today)) }),
  lead(74, 'Titan', { stage: 'lost', followup_date: yesterday }),
  lead(75, 'Croma', { stage: 'converted', followup_date: today }),
  lead(76, 'Nykaa', { stage: 'new', followup_date: tomorrow, ...tracked(createdOn(today)) }),
];

const companies = () =>
  within(screen.getByRole('table'))
    .getAllByRole('link')
    .map((l) => l.textContent)
    .sort();

const setOnline = (online: boolean) => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
const DIALOG = '[role="dialog"], [role="alertdialog"]';
const dialogElement = async () => {
  await waitFor(() => expect(document.querySelector(DIALOG)).not.toBeNull());
  return document.querySelector<HTMLElement>(DIALOG)!;
};
/** The lead check's verdict when no live lead has the number or company. */
const NO_LEAD = { exists: false, leads: [] };

let server: FakeServer;

beforeEach(async () => {
  server = fakeServer();
  user = makeUser({ id: ASHA, department: 'sales', designation: 'executive' });
  sessionUsers = users;
  storeSession({ userId: ASHA });
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
  await mirror.rows('leads').bulkPut(LEADS);
  await mirror.rows('leadRemarks').bulkPut([remark(901, 71, 'Called, wants a quote'), remark(902, 75, 'Order placed')]);
  vi.mocked(reloadData).mockClear();
});

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'onLine');
  forgetNotificationsForTests();
  forgetUnsavedChangesForTests();
});

describe('the leads list', () => {
  it('shows under each display filter exactly the leads §4 says, Open by default, reading the remarks on the device', async () => {
    show('leads-home', LeadsScreen, '/leads');
    await waitFor(() => expect(companies()).toEqual(['Lulu', 'Nykaa', 'Orbit', 'Zen']));
    expect((screen.getByLabelText('Show') as HTMLSelectElement).value).toBe('open');

    const expected = { todays: ['Orbit'], missed: ['Zen'], open: ['Lulu', 'Nykaa', 'Orbit', 'Zen'], not_actioned: ['Titan', 'Zen'] };
    for (const [filter, shown] of Object.entries(expected)) {
      fireEvent.change(screen.getByLabelText('Show'), { target: { value: filter } });
      await waitFor(() => expect(companies()).toEqual(shown));
    }
  });

  it('opens on the display filter the address names (a dashboard\'s "View all"), the default for one it does not know', async () => {
    show('leads-home', LeadsScreen, '/leads?filter=missed');
    await waitFor(() => expect(companies()).toEqual(['Zen']));
    expect((screen.getByLabelText('Show') as HTMLSelectElement).value).toBe('missed');
    cleanup();
    show('leads-home', LeadsScreen, '/leads?filter=someday');
    await waitFor(() => expect(companies()).toEqual(['Lulu', 'Nykaa', 'Orbit', 'Zen']));
    expect((screen.getByLabelText('Show') as HTMLSelectElement).value).toBe('open');
  });

  it('filters by stage on top of the display filter', async () => {
    show('leads-home', LeadsScreen, '/leads');
    await waitFor(() => expect(companies()).toHaveLength(4));
    fireEvent.change(screen.getByLabelText('Stage'), { target: { value: 'new' } });
    await waitFor(() => expect(companies()).toEqual(['Nykaa', 'Orbit']));
  });

  it('offers no New lead to a user who may not write leads', async () => {
    user = makeUser({ id: ASHA, department: 'accounts', designation: 'executive' });
    show('leads-home', LeadsScreen, '/leads');
    await waitFor(() => expect(companies()).toHaveLength(4));
    expect(screen.queryByRole('button', { name: 'New lead' })).toBeNull();
  });
});

describe('the way to reassignment', () => {
  it('offers Reassign leads on the list to a sales manager, not to a sales executive', async () => {
    show('leads-home', LeadsScreen, '/leads');
    await waitFor(() => expect(companies()).toHaveLength(4));
    expect(screen.queryByRole('link', { name: 'Reassign leads' })).toBeNull();
    cleanup();

    user = makeUser({ id: 3, username: 'meera', department: 'sales', designation: 'manager' });
    show('leads-home', LeadsScreen, '/leads');
    expect((await screen.findByRole('link', { name: 'Reassign leads' })).getAttribute('href')).toBe('/leads/reassign');
  });
});

describe('working leads offline', () => {
  it('shows a new lead and two remarks at once with pending badges, and queues them in order, the remarks waiting for the lead', async () => {
    server.on('POST', API.leads.exists('0000000000', 'Westside Retail'), { status: 200, data: NO_LEAD });
    show('leads-home', LeadsScreen, '/leads');
    fireEvent.click(await screen.findByRole('button', { name: 'New lead' }));
    const form = screen.getByRole('form', { name: 'New lead' });
    expect(within(form).queryByLabelText(/^Sales executive/)).toBeNull();
    fireEvent.change(within(form).getByLabelText(/^Company/), { target: { value: 'Westside Retail' } });
    fireEvent.change(within(form).getByLabelText(/^Follow-up date/), { target: { value: tomorrow } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save lead' }));

    const row = (await screen.findByRole('link', { name: 'Westside Retail' })).closest('tr')!;
    expect(within(row).getByText('Pending')).toBeTruthy();
    const [created] = await mirror.rows('leads').where('company').equals('Westside Retail').toArray();
    expect(created).toMatchObject({ assign_to: ASHA, stage: 'new', status: 'warm', followup_date: tomorrow });
    const tempId = created!.id;
    expect(tempId).toBeLessThan(0);
    cleanup();

    show('lead-detail', LeadDetailScreen, `/leads/detail/${tempId}`);
    expect(await screen.findByRole('heading', { name: 'Westside Retail' })).toBeTruthy();
    for (const [i, text] of ['Asked for 40 trays', 'Sample sent'].entries()) {
      const remarkForm = screen.getByRole('form', { name: 'Add remark' });
      // The previous remark's save has finished (a saving button shows a spinner, not its name).
      const add = await within(remarkForm).findByRole('button', { name: 'Add remark' });
      fireEvent.change(within(remarkForm).getByLabelText(/^Remark/), { target: { value: text } });
      fireEvent.click(add);
      await waitFor(async () => expect(await outbox.entries.count()).toBe(i + 2));
      await screen.findByText(text);
    }
    const remarks = within(screen.getByRole('list', { name: 'Remarks' })).getAllByRole('listitem');
    expect(remarks.map((r) => r.querySelector('p')!.textContent)).toEqual(['Sample sent', 'Asked for 40 trays']);
    for (const r of remarks) expect(within(r).getByText('Pending')).toBeTruthy();

    const entries = await outbox.entries.orderBy('id').toArray();
    expect(entries.map((e) => e.operation)).toEqual(['lead.create', 'lead-remark.add', 'lead-remark.add']);
    expect(entries[1]!.dependsOn).toContain(entries[0]!.id);
    expect(entries[2]!.dependsOn).toContain(entries[0]!.id);
  });

  it('lets a sales manager assign a new lead to a sales executive, and asks for one', async () => {
    server.on('POST', API.leads.exists('0000000000', 'Westside Retail'), { status: 200, data: NO_LEAD });
    user = makeUser({ id: 3, username: 'meera', department: 'sales', designation: 'manager' });
    show('leads-home', LeadsScreen, '/leads');
    fireEvent.click(await screen.findByRole('button', { name: 'New lead' }));
    const form = screen.getByRole('form', { name: 'New lead' });
    const executive = within(form).getByLabelText(/^Sales executive/) as HTMLSelectElement;
    expect([...executive.options].map((o) => o.textContent)).toEqual(['Select', 'meera', 'asha', 'ravi']);
    fireEvent.change(within(form).getByLabelText(/^Company/), { target: { value: 'Westside Retail' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save lead' }));
    expect(await within(form).findByText('Choose the sales executive.')).toBeTruthy();

    fireEvent.change(executive, { target: { value: String(RAVI) } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save lead' }));
    await waitFor(async () => expect(await mirror.rows('leads').where('company').equals('Westside Retail').toArray()).toMatchObject([{ assign_to: RAVI }]));
  });

  it('offers a sales manager offline the sales executives the device last had from the server', async () => {
    user = makeUser({ id: 3, username: 'meera', department: 'sales', designation: 'manager' });
    const choices = () => [...(within(screen.getByRole('form', { name: 'New lead' })).getByLabelText(/^Sales executive/) as HTMLSelectElement).options].map((o) => o.textContent);
    show('leads-home', LeadsScreen, '/leads');
    fireEvent.click(await screen.findByRole('button', { name: 'New lead' }));
    expect(choices()).toEqual(['Select', 'meera', 'asha', 'ravi']);
    cleanup();

    // Another day, offline from the start: the app has not loaded the user list since it opened.
    sessionUsers = [];
    setOnline(false);
    show('leads-home', LeadsScreen, '/leads');
    fireEvent.click(await screen.findByRole('button', { name: 'New lead' }));
    expect(choices()).toEqual(['Select', 'meera', 'asha', 'ravi']);
  });

  it('changes the follow-up date, stage and status at once, queued with the version the user saw', async () => {
    show('lead-detail-direct', LeadDetailScreen, '/lead/detail/72');
    const form = await screen.findByRole('form', { name: 'Follow-up' });
    fireEvent.change(within(form).getByLabelText(/^Follow-up date/), { target: { value: tomorrow } });
    fireEvent.change(within(form).getByLabelText(/^Stage/), { target: { value: 'negotiation' } });
    fireEvent.change(within(form).getByLabelText(/^Status/), { target: { value: 'hot' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save follow-up' }));

    await waitFor(async () => expect(await mirror.rows('leads').get(72)).toMatchObject({ followup_date: tomorrow, stage: 'negotiation', status: 'hot' }));
    expect(await screen.findByText('Pending')).toBeTruthy();
    const [entry] = await outbox.entries.toArray();
    expect(entry).toMatchObject({ operation: 'lead.update', headers: { 'If-Match': '3' } });
    expect(entry!.body).toEqual({ followup_date: tomorrow, stage: 'negotiation', status: 'hot' });
  });
});

describe('editing a lead', () => {
  const form = () => screen.getByRole('form', { name: 'Edit lead' });
  const field = (label: RegExp) => within(form()).getByLabelText(label);

  it('changes every field but the sales executive, queued as one lead.update with the changed fields and the version seen', async () => {
    server.on('POST', API.leads.exists('9876543210', 'Zen Interiors'), { status: 200, data: NO_LEAD });
    show('lead-edit', LeadEditScreen, '/leads/edit/72');
    await screen.findByRole('form', { name: 'Edit lead' });
    expect(within(form()).queryByLabelText(/^Sales executive/)).toBeNull();
    const changes: [RegExp, string][] = [
      [/^Company/, 'Zen Interiors'],
      [/^Contact person/, 'Kiran'],
      [/^Contact number/, '9876543210'],
      [/^Location/, 'Pune'],
      [/^Source/, 'Indiamart'],
      [/^Requirement/, 'Displays'],
      [/^Lead type/, 'Corporate'],
      [/^Stage/, 'negotiation'],
      [/^Status/, 'hot'],
      [/^Follow-up date/, tomorrow],
      [/^Potential/, '250000.50'],
    ];
    for (const [label, value] of changes) fireEvent.change(field(label), { target: { value } });
    fireEvent.click(within(form()).getByRole('button', { name: 'Save lead' }));

    expect(await screen.findByText('lead-detail')).toBeTruthy();
    const [entry] = await outbox.entries.toArray();
    expect(entry).toMatchObject({ operation: 'lead.update', method: 'PATCH', url: '/leads/leads/72/update/', headers: { 'If-Match': '3' } });
    expect(entry!.body).toEqual({
      company: 'Zen Interiors',
      contact_person: 'Kiran',
      contact_number: '9876543210',
      location: 'Pune',
      source: 'Indiamart',
      requirement: 'Displays',
      lead_type: 'Corporate',
      stage: 'negotiation',
      status: 'hot',
      followup_date: tomorrow,
      potential: '250000.50',
    });
    expect(await mirror.rows('leads').get(72)).toMatchObject({ company: 'Zen Interiors', stage: 'negotiation', potential: '250000.50' });
  });

  it('lets a sales manager move the lead to another sales executive', async () => {
    user = makeUser({ id: 3, username: 'meera', department: 'sales', designation: 'manager' });
    show('lead-edit', LeadEditScreen, '/leads/edit/72');
    await screen.findByRole('form', { name: 'Edit lead' });
    const executive = field(/^Sales executive/) as HTMLSelectElement;
    await waitFor(() => expect([...executive.options].map((o) => o.textContent)).toEqual(['Select', 'meera', 'asha', 'ravi']));
    expect(executive.value).toBe(String(ASHA));
    fireEvent.change(executive, { target: { value: String(RAVI) } });
    fireEvent.click(within(form()).getByRole('button', { name: 'Save lead' }));

    expect(await screen.findByText('lead-detail')).toBeTruthy();
    const [entry] = await outbox.entries.toArray();
    expect(entry!.body).toEqual({ assign_to: RAVI });
    expect(server.calls('POST', API.leads.exists('0000000000', 'Zen'))).toHaveLength(0);
  });

  it('names the existing lead with the same company, and saves nothing when the user stops, or saves when they go on', async () => {
    const orbit = { id: 71, company: 'Orbit', stage: 'new', assign_to: RAVI, assign_to_name: 'ravi' };
    server.on('POST', API.leads.exists('0000000000', 'Orbit'), { status: 200, data: { exists: true, leads: [orbit] } });
    show('lead-edit', LeadEditScreen, '/leads/edit/72');
    await screen.findByRole('form', { name: 'Edit lead' });
    fireEvent.change(field(/^Company/), { target: { value: 'Orbit' } });
    fireEvent.click(within(form()).getByRole('button', { name: 'Save lead' }));

    const warning = await dialogElement();
    expect(warning.textContent).toContain('A lead with the same number or company exists: Orbit (New, ravi). Save this lead anyway?');
    fireEvent.click(within(warning).getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(document.querySelector(DIALOG)).toBeNull());
    expect(await outbox.entries.count()).toBe(0);
    expect(screen.queryByText('lead-detail')).toBeNull();

    fireEvent.click(within(form()).getByRole('button', { name: 'Save lead' }));
    fireEvent.click(within(await dialogElement()).getByRole('button', { name: 'Save anyway' }));
    expect(await screen.findByText('lead-detail')).toBeTruthy();
    expect((await outbox.entries.toArray()).map((e) => e.body)).toEqual([{ company: 'Orbit' }]);
  });

  it('does not count the lead being edited as its own duplicate', async () => {
    server.on('POST', API.leads.exists('9123456780', 'Zen'), { status: 200, data: { exists: true, leads: [{ id: 72, company: 'Zen', stage: 'followup', assign_to: ASHA, assign_to_name: 'asha' }] } });
    show('lead-edit', LeadEditScreen, '/leads/edit/72');
    await screen.findByRole('form', { name: 'Edit lead' });
    fireEvent.change(field(/^Contact number/), { target: { value: '9123456780' } });
    fireEvent.click(within(form()).getByRole('button', { name: 'Save lead' }));

    expect(await screen.findByText('lead-detail')).toBeTruthy();
    expect(document.querySelector(DIALOG)).toBeNull();
    expect((await outbox.entries.toArray()).map((e) => e.body)).toEqual([{ contact_number: '9123456780' }]);
  });

  it('offline, saves without the check and says the check was skipped', async () => {
    setOnline(false);
    show('lead-edit', LeadEditScreen, '/leads/edit/72');
    await screen.findByRole('form', { name: 'Edit lead' });
    fireEvent.change(field(/^Company/), { target: { value: 'Orbit' } });
    fireEvent.click(within(form()).getByRole('button', { name: 'Save lead' }));

    expect(await screen.findByText(DUPLICATE_CHECK_SKIPPED)).toBeTruthy();
    expect(await screen.findByText('lead-detail')).toBeTruthy();
    expect(server.requests).toHaveLength(0);
    expect(await outbox.entries.count()).toBe(1);
  });

  it('checks a new lead too, sending the placeholder number when it has none', async () => {
    server.on('POST', API.leads.exists('0000000000', 'Westside Retail'), { status: 200, data: NO_LEAD });
    show('leads-home', LeadsScreen, '/leads');
    fireEvent.click(await screen.findByRole('button', { name: 'New lead' }));
    const newLead = screen.getByRole('form', { name: 'New lead' });
    fireEvent.change(within(newLead).getByLabelText(/^Company/), { target: { value: 'Westside Retail' } });
    fireEvent.click(within(newLead).getByRole('button', { name: 'Save lead' }));

    expect(await screen.findByRole('link', { name: 'Westside Retail' })).toBeTruthy();
    expect(server.calls('POST', '/leads/exists/0000000000/Westside%20Retail/')).toHaveLength(1);
  });

  it('offers no editing of a converted lead', async () => {
    show('lead-edit', LeadEditScreen, '/leads/edit/75');
    expect(await screen.findByText('This lead is converted: it is no longer edited.')).toBeTruthy();
  });
});

describe('deleting a lead', () => {
  it('asks first, then queues set_deleted with the version seen; the lead leaves the list at once', async () => {
    show('lead-detail', LeadDetailScreen, '/leads/detail/72');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const ask = await dialogElement();
    expect(ask.textContent).toContain('Delete the lead Zen? It leaves every list.');
    fireEvent.click(within(ask).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('leads-home')).toBeTruthy();
    expect(await screen.findByText(LEAD_DELETED)).toBeTruthy();
    const [entry] = await outbox.entries.toArray();
    expect(entry).toMatchObject({ operation: 'lead.delete', method: 'DELETE', url: '/leads/leads/72/set_deleted/', headers: { 'If-Match': '3' } });
    expect((await mirror.rows('leads').get(72))!.deleted_at).not.toBeNull();
  });

  it('keeps the lead when the user cancels', async () => {
    show('lead-detail', LeadDetailScreen, '/leads/detail/72');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await dialogElement()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.querySelector(DIALOG)).toBeNull());
    expect(await outbox.entries.count()).toBe(0);
    expect(screen.getByRole('heading', { name: 'Zen' })).toBeTruthy();
  });

  it("offers Delete only to the lead's sales executive and who may reassign leads", async () => {
    user = makeUser({ id: 20, department: 'marketing', designation: 'executive' });
    show('lead-detail', LeadDetailScreen, '/leads/detail/72');
    expect(await screen.findByRole('link', { name: 'Edit lead' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});

describe('converting a lead to a customer', () => {
  const converted = (customer: number) => ({ ...LEADS[1]!, stage: 'converted', customer, version: 4 });
  const convertPath = '/leads/leads/72/convert/';
  const convertNow = async () => fireEvent.click(await screen.findByRole('button', { name: 'Convert to customer' }));

  it('makes a new customer from the lead when none of its name exists, and brings the device up to date', async () => {
    server.on('POST', API.customers.exists('Zen'), { status: 200, data: { exists: false, customer: null } });
    server.on('POST', convertPath, { status: 200, data: { lead: converted(501), customer: { id: 501, name: 'Zen' }, customer_created: true } });
    show('lead-detail', LeadDetailScreen, '/leads/detail/72');
    await convertNow();

    expect(await screen.findByText('Lead converted to the new customer Zen.')).toBeTruthy();
    expect(server.calls('POST', convertPath).map((r) => r.body)).toEqual([{ expected_version: 3 }]);
    await waitFor(() => expect(reloadData).toHaveBeenCalledWith(['leads', 'customers', 'customerBranches']));
  });

  it('names the customer of the same name and converts to it when the user takes it', async () => {
    server.on('POST', API.customers.exists('Zen'), { status: 200, data: { exists: true, customer: { id: 9, name: 'ZEN' } } });
    server.on('POST', convertPath, { status: 200, data: { lead: converted(9), customer: { id: 9, name: 'ZEN' }, customer_created: false } });
    show('lead-detail', LeadDetailScreen, '/leads/detail/72');
    await convertNow();
    const ask = await dialogElement();
    expect(ask.textContent).toContain('A customer named ZEN exists. Convert the lead to that customer?');
    fireEvent.click(within(ask).getByRole('button', { name: 'Use this customer' }));

    expect(await screen.findByText('Lead converted to the customer ZEN.')).toBeTruthy();
    expect(server.calls('POST', convertPath).map((r) => r.body)).toEqual([{ customer: 9, expected_version: 3 }]);
  });

  it('stops when the user does not take the existing customer', async () => {
    server.on('POST', API.customers.exists('Zen'), { status: 200, data: { exists: true, customer: { id: 9, name: 'ZEN' } } });
    show('lead-detail', LeadDetailScreen, '/leads/detail/72');
    await convertNow();
    fireEvent.click(within(await dialogElement()).getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(document.querySelector(DIALOG)).toBeNull());
    expect(server.calls('POST', convertPath)).toHaveLength(0);
  });

  it('converts to a customer on the device that the user chooses, without the name check', async () => {
    await mirror.rows('customers').put({ id: 33, name: 'Zenith Stores', ...tracked() });
    server.on('POST', convertPath, { status: 200, data: { lead: converted(33), customer: { id: 33, name: 'Zenith Stores' }, customer_created: false } });
    show('lead-detail', LeadDetailScreen, '/leads/detail/72');
    const customer = (await screen.findByLabelText('Customer')) as HTMLSelectElement;
    await waitFor(() => expect([...customer.options].map((o) => o.textContent)).toEqual(['New customer from this lead', 'Zenith Stores']));
    fireEvent.change(customer, { target: { value: '33' } });
    await convertNow();

    expect(await screen.findByText('Lead converted to the customer Zenith Stores.')).toBeTruthy();
    expect(server.calls('POST', convertPath).map((r) => r.body)).toEqual([{ customer: 33, expected_version: 3 }]);
    expect(server.calls('POST', API.customers.exists('Zen'))).toHaveLength(0);
  });

  it('says offline that converting needs a connection', async () => {
    setOnline(false);
    show('lead-detail', LeadDetailScreen, '/leads/detail/72');
    await convertNow();
    expect(await screen.findByText(NEEDS_CONNECTION)).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it('carries a converted lead on to a new quotation or an estimation request for its customer', async () => {
    await mirror.rows('customers').put({ id: 501, name: 'Zen', ...tracked() });
    await mirror.rows('leads').put(converted(501));
    show('lead-detail', LeadDetailScreen, '/leads/detail/72');
    expect((await screen.findByRole('link', { name: 'Zen' })).getAttribute('href')).toBe('/customers/detail/501');
    expect(screen.getByRole('link', { name: 'New quotation' }).getAttribute('href')).toBe('/quotations/create?customer=501');
    expect(screen.getByRole('link', { name: 'Estimation request' }).getAttribute('href')).toBe('/estimations/add?customer=501');
    expect(screen.queryByRole('button', { name: 'Convert to customer' })).toBeNull();
  });

  it('offers marketing, who may neither quote nor request an estimation, only the customer', async () => {
    user = makeUser({ id: ASHA, department: 'marketing', designation: 'executive' });
    await mirror.rows('customers').put({ id: 501, name: 'Zen', ...tracked() });
    await mirror.rows('leads').put(converted(501));
    show('lead-detail', LeadDetailScreen, '/leads/detail/72');
    await screen.findByRole('link', { name: 'Zen' });
    expect(screen.queryByRole('link', { name: 'New quotation' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Estimation request' })).toBeNull();
  });
});
