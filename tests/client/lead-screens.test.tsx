import './setup';
import 'fake-indexeddb/auto';
// The app's plain messages (src/main.tsx installs them).
import '../../domain/zod-messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import type { User } from '../../domain/user';
import { businessDayOf } from '../../domain/lead';
import type { RouteName } from '../../domain/routes';
import { renderRoute } from './render-screen';
import { tracked } from './rows';
import { makeUser, storeSession } from './support';
import { mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import { forgetNotificationsForTests } from '../../src/ui/notify';
import { forgetUnsavedChangesForTests } from '../../src/ui/unsaved-changes';
import LeadsScreen from '../../src/features/leads/LeadsScreen';
import LeadDetailScreen from '../../src/features/leads/LeadDetailScreen';

const ASHA = 7;
const RAVI = 8;
let user: User = makeUser({ id: ASHA });
/** The user list the server gives (the sales executive dropdown reads it). */
const users: User[] = [makeUser({ id: ASHA, username: 'asha', department: 'sales', designation: 'executive' }), makeUser({ id: RAVI, username: 'ravi', department: 'sales', designation: 'executive' })];

vi.mock('../../src/data/session', async (original) => ({
  ...(await original<typeof import('../../src/data/session')>()),
  useSession: () => ({ user, users, modules: {}, offline: false }),
  loadUsers: async () => users,
}));
vi.mock('../../src/data/outbox/triggers', async (original) => (await import('./screen-mocks')).queueOnlyTriggers(original));

const NEIGHBOURS: RouteName[] = ['leads-home', 'lead-detail', 'lead-detail-direct'];
const show = (routeName: RouteName, Screen: ComponentType, path: string) => renderRoute(routeName, Screen, path, NEIGHBOURS);

/** Days around today as the business counts it (Kolkata). */
const DAY_MS = 86_400_000;
const today = businessDayOf(new Date());
const dayFrom = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const yesterday = dayFrom(-1);
const tomorrow = dayFrom(1);
/** Noon in Kolkata of a day, as the server stamps created_at. */
const createdOn = (day: string) => `${day}T06:30:00.000Z`;

const lead = (id: number, company: string, values: Record<string, unknown>) => ({
  id,
  assign_to: ASHA,
  stage: 'new',
  followup_date: null,
  source: 'Linkedin',
  requirement: 'Trays',
  lead_type: 'Retail',
  company,
  contact_person: '',
  contact_number: '',
  location: '',
  status: 'warm',
  potential: '0.00',
  customer: null,
  ...tracked(createdOn(yesterday)),
  ...values,
});
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
  screen
    .getAllByRole('link')
    .map((l) => l.textContent)
    .sort();

beforeEach(async () => {
  user = makeUser({ id: ASHA, department: 'sales', designation: 'executive' });
  storeSession({ userId: ASHA });
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
  await mirror.rows('leads').bulkPut(LEADS);
  await mirror.rows('leadRemarks').bulkPut([remark(901, 71, 'Called, wants a quote'), remark(902, 75, 'Order placed')]);
});

afterEach(() => {
  cleanup();
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

describe('working leads offline', () => {
  it('shows a new lead and two remarks at once with pending badges, and queues them in order, the remarks waiting for the lead', async () => {
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
