import './setup';
import 'fake-indexeddb/auto';
import '../../domain/zod-messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API } from '../../domain/api-paths';
import type { User } from '../../domain/user';
import { renderRoute } from './render-screen';
import { leadRow } from './rows';
import { fakeServer, makeUser, storeSession, type FakeServer } from './support';
import { mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import { reloadData } from '../../src/data/preload';
import { NEEDS_CONNECTION } from '../../src/ui/connection';
import { forgetNotificationsForTests } from '../../src/ui/notify';
import LeadsReassignScreen from '../../src/features/leads/LeadsReassignScreen';

/** Issue 18 §1: a sales manager moves many leads at once to a sales executive of the spec's dropdown. */
const MEERA = 3;
const ASHA = 7;
const RAVI = 8;
const user: User = makeUser({ id: MEERA, username: 'meera', department: 'sales', designation: 'manager' });

vi.mock('../../src/data/session', async (original) => ({
  ...(await original<typeof import('../../src/data/session')>()),
  useSession: () => ({ user, users: [], modules: {}, offline: false }),
}));
vi.mock('../../src/data/preload', async (original) => ({ ...(await original<typeof import('../../src/data/preload')>()), reloadData: vi.fn(async () => undefined) }));

const DROPDOWN = [
  { label: 'Select', value: null },
  { label: 'asha', value: ASHA },
  { label: 'dev', value: 12 },
  { label: 'ravi', value: RAVI },
];
const LEADS = [leadRow(71, 'Orbit'), leadRow(72, 'Zen', { assign_to: RAVI }), leadRow(73, 'Lulu'), leadRow(-4, 'Made offline')];

const setOnline = (online: boolean) => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
const show = () => renderRoute('leads-reassign', LeadsReassignScreen, '/leads/reassign', ['leads-home']);
const companies = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]!.textContent);
/** Ticks a lead's box, and waits until the box shows it. */
async function choose(company: string) {
  const box = screen.getByRole('checkbox', { name: `Choose ${company}` }) as HTMLInputElement;
  fireEvent.click(box);
  await waitFor(() => expect(box.checked).toBe(true));
}

let server: FakeServer;

beforeEach(async () => {
  server = fakeServer().on('GET', API.users.salesExecutives, { status: 200, data: DROPDOWN });
  storeSession({ userId: MEERA });
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
  await mirror.rows('leads').bulkPut(LEADS);
  vi.mocked(reloadData).mockClear();
});

afterEach(() => {
  cleanup();
  forgetNotificationsForTests();
  Reflect.deleteProperty(navigator, 'onLine');
});

describe('reassigning leads', () => {
  it("offers the server's dropdown, 'Select' with no value first, and the leads on the device that the server has", async () => {
    show();
    const executive = (await screen.findByLabelText('New sales executive')) as HTMLSelectElement;
    await waitFor(() => expect([...executive.options].map((o) => [o.textContent, o.value])).toEqual([['Select', ''], ['asha', String(ASHA)], ['dev', '12'], ['ravi', String(RAVI)]]));
    await waitFor(() => expect(companies()).toEqual(['Lulu', 'Orbit', 'Zen']));

    fireEvent.change(screen.getByLabelText('Leads of'), { target: { value: String(RAVI) } });
    await waitFor(() => expect(companies()).toEqual(['Zen']));
  });

  it('moves the chosen leads in one call, shows who had them, and brings the leads on the device up to date', async () => {
    server.on('POST', API.leads.reassign, (request) => {
      const { lead_ids, assign_to } = request.body as { lead_ids: number[]; assign_to: number };
      return { status: 200, data: { assign_to, leads: LEADS.filter((l) => lead_ids.includes(l.id)).map((l) => ({ ...l, assign_to, version: 4 })) } };
    });
    show();
    await waitFor(() => expect(companies()).toHaveLength(3));
    const executive = (await screen.findByLabelText('New sales executive')) as HTMLSelectElement;
    await waitFor(() => expect(executive.options).toHaveLength(4));
    await choose('Orbit');
    await choose('Zen');
    fireEvent.change(executive, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reassign 2 leads' }));

    const moved = await screen.findByRole('list', { name: 'Reassigned leads' });
    expect(within(moved).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Orbit: asha → dev', 'Zen: ravi → dev']);
    expect(screen.getAllByText('2 leads reassigned to dev.').length).toBeGreaterThan(0);
    expect(server.calls('POST', API.leads.reassign).map((r) => r.body)).toEqual([{ lead_ids: [71, 72], assign_to: 12 }]);
    await waitFor(() => expect(reloadData).toHaveBeenCalledWith(['leads', 'leadRemarks']));
    expect(screen.getByRole('button', { name: 'Reassign 0 leads' })).toBeTruthy();
  });

  it('asks for leads and for the sales executive before it calls the server', async () => {
    show();
    await waitFor(() => expect(companies()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Reassign 0 leads' }));
    expect(await screen.findByText('Choose at least one lead.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Choose all 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reassign 3 leads' }));
    expect(await screen.findByText('Choose the sales executive.')).toBeTruthy();
    expect(server.calls('POST', API.leads.reassign)).toHaveLength(0);
  });

  it("shows the server's refusal and moves nothing", async () => {
    server.on('POST', API.leads.reassign, { status: 400, data: { lead_ids: ['Lead 71 is not a live lead.'] } });
    show();
    await waitFor(() => expect(companies()).toHaveLength(3));
    const executive = (await screen.findByLabelText('New sales executive')) as HTMLSelectElement;
    await waitFor(() => expect(executive.options).toHaveLength(4));
    await choose('Orbit');
    fireEvent.change(executive, { target: { value: String(RAVI) } });
    fireEvent.click(screen.getByRole('button', { name: 'Reassign 1 lead' }));

    expect(await screen.findByText('Lead 71 is not a live lead.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Reassigned leads' })).toBeNull();
    expect(reloadData).not.toHaveBeenCalled();
  });

  it('says offline that reassigning needs a connection, and lets the leads be chosen', async () => {
    setOnline(false);
    show();
    expect(await screen.findByText(new RegExp(NEEDS_CONNECTION.replace('.', '\\.')))).toBeTruthy();
    await waitFor(() => expect(companies()).toHaveLength(3));
    await choose('Lulu');
    expect((screen.getByRole('button', { name: 'Reassign 1 lead' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
