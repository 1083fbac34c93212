import './setup';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { routeByName, type RouteName } from '../../domain/routes';
import { makeUser, storeSession } from './support';
import { mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import { operationNamed } from '../../src/data/outbox';
import MaterialCategoriesScreen from '../../src/features/material-categories/MaterialCategoriesScreen';

vi.mock('../../src/data/session', async (original) => (await import('./screen-mocks')).signedInSession(original, () => makeUser({ id: 8, department: 'stores' })));
vi.mock('../../src/data/outbox/triggers', async (original) => (await import('./screen-mocks')).queueOnlyTriggers(original));

function show(routeName: RouteName) {
  const route = routeByName(routeName);
  const router = createMemoryRouter([{ path: route.path, element: <MaterialCategoriesScreen />, handle: { route } }], { initialEntries: [route.path] });
  render(
    <ChakraProvider value={defaultSystem}>
      <RouterProvider router={router} />
    </ChakraProvider>,
  );
}

const tracked = { created_by: 1, created_at: '2026-11-20T09:00:00.000Z', updated_at: '2026-11-20T09:00:00.000Z', version: 1, deleted_at: null };

beforeEach(async () => {
  storeSession({ userId: 8 });
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
  await mirror.rows('materialCategories').put({ id: 1, name: 'Acrylic', ...tracked });
});

afterEach(() => cleanup());

describe('material categories and subcategories', () => {
  it('stores adds a category through the outbox; it shows at once as pending', async () => {
    show('material-categories-home');
    const form = await screen.findByRole('form', { name: 'New category' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Glass' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    const row = (await screen.findByRole('cell', { name: /Glass/ })).closest('tr')!;
    // The row comes from the mirror, its badge from the outbox: two live reads, either may answer first.
    await waitFor(() => expect(row.getAttribute('data-pending')).toBe('true'));
    expect((await outbox.entries.toArray())[0]).toMatchObject({ operation: 'material-category.create', payload: { name: 'Glass' } });
  });

  it('a subcategory needs its category', async () => {
    show('material-subcategories-home');
    const form = await screen.findByRole('form', { name: 'New subcategory' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Clear' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(/^Category: /)).toBeTruthy();
    expect(await outbox.entries.count()).toBe(0);
  });

  it('subcategories made under a category made offline follow it to its server id', async () => {
    await mirror.rows('materialCategories').put({ id: -3, name: 'Glass', ...tracked });
    await mirror.rows('materialSubcategories').put({ id: -4, name: 'Toughened', category: -3, ...tracked });
    await operationNamed('material-category.create')!.reconcile(mirror, { id: 44, name: 'Glass', ...tracked }, { tempId: -3, rowId: -3, entryId: 3 });
    expect(await mirror.rows('materialCategories').get(-3)).toBeUndefined();
    expect(await mirror.rows('materialSubcategories').get(-4)).toMatchObject({ category: 44 });
  });
});
