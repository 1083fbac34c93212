import './setup';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { MATERIAL_MESSAGES } from '../../domain/material';
import { makeUser, storeSession } from './support';
import { mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import { Notifications } from '../../src/ui/Notifications';
import MaterialCreateScreen, { MATERIAL_SAVED_OFFLINE, NO_MATERIAL_PERMISSION } from '../../src/features/materials/MaterialCreateScreen';

const RAVI = 11;
let mayCreate = true;

vi.mock('../../src/data/session', async (original) => (await import('./screen-mocks')).signedInSession(original, () => makeUser({ id: RAVI, department: 'stores', can_create_materials: mayCreate })));
vi.mock('../../src/data/outbox/triggers', async (original) => (await import('./screen-mocks')).queueOnlyTriggers(original));

const SHEETS = 3;
const ACRYLIC = 30;

const renderScreen = () =>
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter initialEntries={['/materials/create']}>
        <Routes>
          <Route path="/materials/create" element={<MaterialCreateScreen />} />
          <Route path="/materials" element={<p>Materials list</p>} />
        </Routes>
        <Notifications />
      </MemoryRouter>
    </ChakraProvider>,
  );

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
const setOnline = (online: boolean) => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
const row = { deleted_at: null, version: 1, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' };

beforeEach(async () => {
  mayCreate = true;
  setOnline(false);
  storeSession({ userId: RAVI });
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
  await mirror.rows('materialCategories').bulkPut([{ id: SHEETS, name: 'Sheets', ...row }]);
  await mirror.rows('materialSubcategories').bulkPut([{ id: ACRYLIC, name: 'Acrylic', category: SHEETS, ...row }]);
});

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'onLine');
});

async function fillIn(name: string) {
  renderScreen();
  // Within the select: the Unit list has a "Sheets" option of its own, there from the first render.
  await within(field('Category')).findByRole('option', { name: 'Sheets' });
  fireEvent.change(field('Name'), { target: { value: name } });
  fireEvent.change(field('Category'), { target: { value: String(SHEETS) } });
  await within(field('Subcategory')).findByRole('option', { name: 'Acrylic' });
  fireEvent.change(field('Subcategory'), { target: { value: String(ACRYLIC) } });
  fireEvent.change(field('Unit'), { target: { value: 'SHEET' } });
  fireEvent.change(field('Thickness'), { target: { value: '3mm' } });
  fireEvent.change(field('Reorder level'), { target: { value: '25' } });
}

describe('a new material (material-create)', () => {
  it('is queued in the outbox offline, shown in the mirror with a temporary id, and the list opens', async () => {
    await fillIn('Clear acrylic sheet 3mm');
    fireEvent.click(screen.getByRole('button', { name: 'Save material' }));

    expect(await screen.findByText('Materials list')).toBeTruthy();
    expect(await screen.findByText(MATERIAL_SAVED_OFFLINE)).toBeTruthy();
    const [entry] = await outbox.entries.toArray();
    expect(entry).toMatchObject({ operation: 'material.create', method: 'POST', url: '/materials/materials/', userId: RAVI, state: 'pending' });
    expect(entry!.payload).toMatchObject({ name: 'Clear acrylic sheet 3mm', category: SHEETS, subcategory: ACRYLIC, unit: 'SHEET', thickness: '3mm', reorder_level: '25' });
    const [local] = await mirror.rows('materials').toArray();
    expect(local).toMatchObject({ name: 'Clear acrylic sheet 3mm', quantity: '0' });
    expect(local!.id).toBeLessThan(0);
  });

  it('refuses a name already on the device, ignoring case and spaces, before queueing', async () => {
    await mirror.rows('materials').put({ id: 5, name: 'Clear Acrylic Sheet 3mm', category: SHEETS, subcategory: null, unit: 'SHEET', quantity: '4', reorder_level: '0', ...row });
    await fillIn('clear acrylic  sheet 3MM');
    fireEvent.click(screen.getByRole('button', { name: 'Save material' }));

    expect(await screen.findByText(MATERIAL_MESSAGES.duplicateName)).toBeTruthy();
    expect(await outbox.entries.count()).toBe(0);
  });

  it('asks for a name and a category before anything is saved', async () => {
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Save material' }));
    await waitFor(() => expect(screen.getAllByText(/required|expected/i).length).toBeGreaterThanOrEqual(2));
    expect(await outbox.entries.count()).toBe(0);
  });

  it('a user without the material-creation permission is told so and gets no form', async () => {
    mayCreate = false;
    renderScreen();
    expect(await screen.findByText(NO_MATERIAL_PERMISSION)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'New material' })).toBeNull();
  });
});
