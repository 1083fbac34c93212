import './setup';
import { AppProviders } from './providers';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, RouterProvider } from 'react-router-dom';
import { fakeServer, makeToken, makeUser, settle, storeSession, type FakeServer } from './support';
import { customer, material, range } from './mirror-fakes';
import { metaKey, mirror, type MirrorRow } from '../../src/data/mirror/db';
import { forgetPrimedForTests, useMirrorQuery } from '../../src/data/mirror/query';
import { prepareScreen } from '../../src/app/screens';
import { createAppRouter } from '../../src/app/router';
import { stopPreload } from '../../src/data/preload';
import { loadCurrentUser, session } from '../../src/data/session';
import { Freshness, timeAgo } from '../../src/ui/Freshness';
import MaterialsScreen from '../../src/features/materials/MaterialsScreen';
import CustomersScreen from '../../src/features/customers/CustomersScreen';

const USER = 7;
let server: FakeServer;

// In a router: the materials list links each name to the material's page.
const renderUi = (ui: ReactNode) =>
  render(
    <AppProviders>
      <MemoryRouter>{ui}</MemoryRouter>
    </AppProviders>,
  );
/** The body rows of the table, each as its cells' text. */
const bodyRows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
const names = () => bodyRows().map(([name]) => name);

/** The whole app (its router, guard and screens) opened at `path`. */
function openApp(path: string) {
  window.history.pushState({}, '', path);
  render(
    <AppProviders>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>,
  );
}

const asRows = (rows: MirrorRow[]) => rows;
/** A list's page query as screens write it: a new `where` object on every render. */
function PageProbe({ tick, offset = 0 }: { tick: number; offset?: number }) {
  const found = useMirrorQuery('materials', { sort: { field: 'name', desc: false }, where: {}, offset, limit: 15 }, asRows);
  return <p>{found ? `${found.rows.length} rows, tick ${tick}` : 'loading'}</p>;
}

const CATEGORIES = [
  { id: 1, name: 'Acrylic', deleted_at: null },
  { id: 2, name: 'Steel', deleted_at: null },
  { id: 3, name: 'Stainless Steel', deleted_at: null },
];

beforeEach(async () => {
  stopPreload();
  forgetPrimedForTests();
  await mirror.clearAll();
  session.resetForTests();
  localStorage.clear();
  server = fakeServer();
  // A signed-in user whose preload is stopped: the screens read what the test put in the mirror.
  storeSession({ access: makeToken('access', 300), refresh: makeToken('refresh', 86400) });
  server.on('GET', '/auth/users/me/', { status: 200, data: makeUser({ id: USER, department: 'stores' }) });
  await loadCurrentUser();
  stopPreload();
  server.requests.length = 0;
});

afterEach(() => {
  cleanup();
  stopPreload();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the materials list (materials-home)', () => {
  beforeEach(async () => {
    await mirror.rows('materialCategories').bulkPut(CATEGORIES);
    await mirror.rows('materials').bulkPut(
      range(1, 40).map((id) => material(id, { category: id <= 30 ? 1 : id <= 35 ? 2 : 3, unit: id % 2 ? 'KG' : 'SHEET', quantity: `${id * 1000}.500` })) as MirrorRow[],
    );
  });

  it('shows the device’s rows 15 a page, by name, with category names, unit labels and Indian-grouped numbers', async () => {
    renderUi(<MaterialsScreen />);
    await screen.findByText('Material 00001');
    expect(bodyRows()).toHaveLength(15);
    expect(bodyRows()[0]).toEqual(['Material 00001', 'Acrylic', 'Kilos', '1,000.50', '2.00']);
    expect(bodyRows()[1]).toEqual(['Material 00002', 'Acrylic', 'Sheets', '2,000.50', '2.00']);
    expect(await screen.findByText('40 in all · page 1 of 3')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name ▲', 'Category', 'Unit', 'Quantity', 'Reorder level']);
  });

  it('shows the first page without waiting for the rows to be counted (counting 100,000 takes longer than the page)', async () => {
    vi.spyOn(mirror.rows('materials'), 'count').mockReturnValue(new Promise(() => {}) as never);
    renderUi(<MaterialsScreen />);
    await screen.findByText('Material 00001');
    expect(bodyRows()).toHaveLength(15);
    expect(screen.getByText('counting… · page 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(names()[0]).toBe('Material 00016'));
  });

  it('counts the rows only once the first page and its category names are read (IndexedDB answers one request at a time)', async () => {
    const asked: string[] = [];
    const count = mirror.rows('materials').count.bind(mirror.rows('materials'));
    vi.spyOn(mirror.rows('materials'), 'count').mockImplementation(() => {
      asked.push('count');
      return count();
    });
    const bulkGet = mirror.rows('materialCategories').bulkGet.bind(mirror.rows('materialCategories'));
    vi.spyOn(mirror.rows('materialCategories'), 'bulkGet').mockImplementation((keys) => {
      asked.push('category names');
      return bulkGet(keys);
    });
    renderUi(<MaterialsScreen />);
    await screen.findByText('40 in all · page 1 of 3');
    expect(asked).toEqual(['category names', 'count']);
  });

  it('does not read the page again for a new filters object with the same filters (a screen re-rendering)', async () => {
    const orderBy = vi.spyOn(mirror.rows('materials'), 'orderBy');
    const { rerender } = render(<PageProbe tick={0} />);
    await screen.findByText('15 rows, tick 0');
    rerender(<PageProbe tick={1} />);
    rerender(<PageProbe tick={2} />);
    await screen.findByText('15 rows, tick 2');
    await act(() => settle());
    expect(orderBy).toHaveBeenCalledTimes(1);
  });

  describe('opened on the way to it (src/app/screens.ts prepareScreen)', () => {
    it('appears with its rows when the app navigates to it', async () => {
      openApp('/materials');
      const table = await screen.findByRole('table');
      expect(within(table).getAllByRole('row')).toHaveLength(16);
    });

    // The router waits at most PREPARE_WAIT_MS (250 ms) for it; the bound is not timed here, as a
    // busy test machine would make a timed bound flaky: a store that never answers must not hold the screen.
    it('is not held up by a store that does not answer', async () => {
      vi.spyOn(mirror, 'open').mockReturnValue(new Promise(() => {}) as never);
      openApp('/materials');
      expect(await screen.findByRole('heading', { name: 'Materials' })).toBeTruthy();
    });

    it('paints its first rows, with their category names, in its first render', async () => {
      await prepareScreen('materials-home');
      renderUi(<MaterialsScreen />);
      expect(bodyRows()).toHaveLength(15);
      expect(bodyRows()[0]).toEqual(['Material 00001', 'Acrylic', 'Kilos', '1,000.50', '2.00']);
    });

    it('shows "Loading…" in its first render when nothing was read on the way', () => {
      renderUi(<MaterialsScreen />);
      expect(screen.getByText('Loading…')).toBeTruthy();
    });

    it('does not show a page read on the way more than 3 s ago: it reads the page afresh', async () => {
      await prepareScreen('materials-home');
      const now = Date.now();
      vi.spyOn(Date, 'now').mockReturnValue(now + 3001);
      renderUi(<MaterialsScreen />);
      expect(screen.getByText('Loading…')).toBeTruthy();
      await screen.findByText('Material 00001');
    });

    it('then keeps the page current: a row written since it was read shows', async () => {
      await prepareScreen('materials-home');
      await mirror.rows('materials').put(material(41, { name: 'Aardvark sheet' }) as MirrorRow);
      renderUi(<MaterialsScreen />);
      expect(names()[0]).toBe('Material 00001');
      await waitFor(() => expect(names()[0]).toBe('Aardvark sheet'));
    });

    it('is only the opening page: another page of the list is read when asked for', async () => {
      await prepareScreen('materials-home');
      render(<PageProbe tick={0} offset={15} />);
      expect(screen.getByText('loading')).toBeTruthy();
      await screen.findByText('15 rows, tick 0');
    });
  });

  it('pages by 15', async () => {
    renderUi(<MaterialsScreen />);
    await screen.findByText('Material 00001');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(names()[0]).toBe('Material 00016'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(names()).toEqual(range(31, 40).map((id) => `Material 000${id}`)));
    expect(screen.getByText('40 in all · page 3 of 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  });

  it('filters by category, exactly', async () => {
    renderUi(<MaterialsScreen />);
    await screen.findByText('Material 00001');
    const category = screen.getByRole('combobox', { name: 'Category' });
    const options = within(category).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['All categories', 'Acrylic', 'Stainless Steel', 'Steel']);
    fireEvent.change(category, { target: { value: options.find((o) => o.textContent === 'Steel')!.getAttribute('value') } });
    await waitFor(() => expect(names()).toEqual(range(31, 35).map((id) => `Material 000${id}`)));
    expect(screen.getByText('5 in all · page 1 of 1')).toBeTruthy();
  });

  it('the search finds every word typed at the start of a word of the name, brand, size or colour, and goes back to the first page', async () => {
    await mirror.rows('materials').bulkPut([
      material(41, { name: 'Acrylic sheet', size: '8x4', color: 'Opal', category: 1 }),
      material(42, { name: 'Sheet of acrylic', size: '8x4', color: 'Clear', category: 1 }),
      material(43, { name: 'Glass sheet', size: '8x4', color: 'Opal', category: 1 }),
    ] as MirrorRow[]);
    renderUi(<MaterialsScreen />);
    await screen.findByText('Material 00001');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Search materials' }), { target: { value: 'opa ACR' } });
    await waitFor(() => expect(names()).toEqual(['Acrylic sheet']));
    expect(screen.getByText('1 in all · page 1 of 1')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search materials' }), { target: { value: 'sheet 8x4' } });
    await waitFor(() => expect(names()).toEqual(['Acrylic sheet', 'Glass sheet', 'Sheet of acrylic']));
    // Inside a word is no match: "crylic" does not begin a word.
    fireEvent.change(screen.getByRole('textbox', { name: 'Search materials' }), { target: { value: 'crylic' } });
    expect(await screen.findByText('No materials.')).toBeTruthy();
  });

  it('a header click sorts by its column, numbers largest first, as numbers', async () => {
    renderUi(<MaterialsScreen />);
    await screen.findByText('Material 00001');
    const quantity = screen.getByRole('columnheader', { name: 'Quantity' });
    fireEvent.click(quantity);
    expect(quantity.getAttribute('aria-sort')).toBe('descending');
    await waitFor(() => expect(names().slice(0, 3)).toEqual(['Material 00040', 'Material 00039', 'Material 00038']));
    fireEvent.click(quantity);
    expect(quantity.getAttribute('aria-sort')).toBe('ascending');
    // As text, "10000.500" would come before "2000.500".
    await waitFor(() => expect(names().slice(0, 3)).toEqual(['Material 00001', 'Material 00002', 'Material 00003']));
    // Only the orders the device keeps an index for: the category name is not one.
    fireEvent.click(screen.getByRole('columnheader', { name: 'Category' }));
    expect(screen.getByRole('columnheader', { name: 'Category' }).getAttribute('aria-sort')).toBeNull();
  });

  it('rows written to the mirror appear without a reload, and the list never asks the network', async () => {
    renderUi(<MaterialsScreen />);
    await screen.findByText('Material 00001');
    await act(() => mirror.rows('materials').put(material(41, { name: 'Aaa first' })));
    await screen.findByText('Aaa first');
    expect(screen.getByText('41 in all · page 1 of 3')).toBeTruthy();
    expect(server.requests).toEqual([]);
  });

  it('notes how fresh the rows are', async () => {
    await mirror.meta.bulkPut(
      (['materials', 'materialCategories'] as const).map((type, i) => ({
        key: metaKey(USER, type),
        userId: USER,
        type,
        cursor: '9',
        loadedAt: Date.now() - (3 + i) * 60_000 - 1000,
        rowCount: 1,
        error: null,
      })),
    );
    renderUi(<MaterialsScreen />);
    // The oldest of the screen's types counts.
    expect(await screen.findByText('updated 4 min ago')).toBeTruthy();
  });
});

describe('the customers list (customers-home)', () => {
  beforeEach(async () => {
    await mirror.rows('customers').bulkPut(range(1, 20).map((id) => customer(id, { state: id <= 4 ? 'Goa' : 'Kerala' })) as MirrorRow[]);
  });

  it('shows name, state, phone and email, 15 a page', async () => {
    renderUi(<CustomersScreen />);
    await screen.findByText('Customer 001');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name ▲', 'State', 'Phone', 'Email']);
    expect(bodyRows()).toHaveLength(15);
    expect(bodyRows()[0]).toEqual(['Customer 001', 'Goa', '9876543210', 'c1@example.com']);
    expect(screen.getByText('20 in all · page 1 of 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(bodyRows()).toHaveLength(5);
  });

  it('filters by state', async () => {
    renderUi(<CustomersScreen />);
    await screen.findByText('Customer 001');
    fireEvent.change(screen.getByRole('combobox', { name: 'State' }), { target: { value: 'Goa' } });
    expect(names()).toEqual(['Customer 001', 'Customer 002', 'Customer 003', 'Customer 004']);
  });

  it('rows deleted from the mirror leave the list', async () => {
    renderUi(<CustomersScreen />);
    await screen.findByText('Customer 001');
    await act(() => mirror.rows('customers').bulkDelete(range(1, 19)));
    await vi.waitFor(() => expect(names()).toEqual(['Customer 020']));
    expect(screen.getByText('1 in all · page 1 of 1')).toBeTruthy();
  });

  it('a list never loaded says it is loading, and its freshness that it is not loaded yet', async () => {
    await mirror.rows('customers').clear();
    renderUi(<CustomersScreen />);
    expect(await screen.findByText('Loading…')).toBeTruthy();
    expect(screen.queryByText('No customers.')).toBeNull();
    expect(screen.getByRole('status', { name: 'Data freshness' }).textContent).toContain('not loaded yet');
  });

  it('a loaded list with no rows says so', async () => {
    await mirror.rows('customers').clear();
    await mirror.meta.put({ key: metaKey(USER, 'customers'), userId: USER, type: 'customers', cursor: '9', loadedAt: Date.now() - 1000, rowCount: 0, error: null });
    renderUi(<CustomersScreen />);
    expect(await screen.findByText('No customers.')).toBeTruthy();
  });
});

describe('the freshness note', () => {
  it.each([
    [30_000, 'just now'],
    [3 * 60_000, '3 min ago'],
    [2 * 3_600_000 + 5, '2 h ago'],
    [86_400_000, '1 day ago'],
    [4 * 86_400_000, '4 days ago'],
  ])('%i ms is "%s"', (ms, text) => {
    expect(timeAgo(ms)).toBe(text);
  });

  it('says what is loading, with Indian digit grouping', () => {
    renderUi(<Freshness loadedAt={null} progress={{ loaded: 2300, total: 10000 }} />);
    expect(screen.getByRole('status').textContent).toBe('loading 2,300 of 10,000');
  });

  it('shows the last failure and the changes waiting to be sent', () => {
    renderUi(<Freshness loadedAt={Date.now() - 3 * 60_000} error="The server cannot be reached." pending={3} />);
    expect(screen.getByRole('status').textContent).toBe('updated 3 min agolast update failed: The server cannot be reached.3 changes waiting to be sent');
  });

  it('ages while the screen is open and offers a refresh', () => {
    vi.useFakeTimers();
    const refresh = vi.fn();
    renderUi(<Freshness loadedAt={Date.now()} pending={1} onRefresh={refresh} />);
    expect(screen.getByRole('status').textContent).toContain('updated just now');
    expect(screen.getByRole('status').textContent).toContain('1 change waiting to be sent');
    act(() => vi.advanceTimersByTime(2 * 60_000));
    expect(screen.getByRole('status').textContent).toContain('updated 2 min ago');
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(refresh).toHaveBeenCalledOnce();
  });
});

describe('the routes', () => {
  it.each([
    ['materials-home', MaterialsScreen],
    ['customers-home', CustomersScreen],
  ] as const)('%s shows its list screen', async (name, component) => {
    const { SCREENS } = await import('../../src/app/screens');
    expect((await SCREENS[name]!()).default).toBe(component);
  });
});
