import './setup';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { User } from '../../domain/user';
import { mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import RegisterScreen from '../../src/features/auth/RegisterScreen';
import RequisitionCreateScreen from '../../src/features/requisitions/RequisitionCreateScreen';
import StockTransactionCreateScreen from '../../src/features/stock-transactions/StockTransactionCreateScreen';
import { AppProviders } from './providers';
import { renderRoute } from './render-screen';
import { makeUser, storeSession } from './support';

/** Issue 17 §4: forms say what is wrong in plain words, at the field, and all of it at once. */
let user: User = makeUser();

vi.mock('../../src/data/session', async (original) => (await import('./screen-mocks')).signedInSession(original, () => user));
vi.mock('../../src/data/outbox/triggers', async (original) => (await import('./screen-mocks')).queueOnlyTriggers(original));

const NOW = '2026-11-20T09:00:00.000Z';
const tracked = { created_by: 1, created_at: NOW, updated_at: NOW, version: 1, deleted_at: null };
const material = { id: 11, name: 'Acrylic sheet clear 3mm', unit: 'SHEET', brand: '', size: '', color: '', thickness: '3mm', category: 1, ...tracked };

/** The label of the field a message is shown in. */
const fieldOf = (message: HTMLElement) => message.closest('[data-scope="field"][data-part="root"]')?.querySelector('label')?.textContent;

beforeEach(async () => {
  user = makeUser({ id: 8, department: 'stores', designation: 'executive' });
  storeSession({ userId: 8 });
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
  await mirror.rows('materials').put({ ...material, quantity: '40.000' });
  await mirror.rows('materialNames').put(material);
});

afterEach(() => cleanup());

describe('every error of a form at once', () => {
  it('the stock transaction form shows the material, quantity and job order errors beside a bad date', async () => {
    render(
      <AppProviders>
        <MemoryRouter>
          <StockTransactionCreateScreen />
        </MemoryRouter>
      </AppProviders>,
    );
    fireEvent.change(await screen.findByLabelText(/^Date/), { target: { value: '31-02-2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Invalid Date Provided')).toBeTruthy();
    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(screen.getByText('A valid number is required.')).toBeTruthy();
    expect(screen.getByText('An issue must be against a requisition or a job order.')).toBeTruthy();
    expect(await outbox.entries.count()).toBe(0);
  });
});

describe('messages in plain words', () => {
  const newRequisition = () => renderRoute('requisition-create', RequisitionCreateScreen, '/requisition/create', ['requisitions-home', 'requisition-detail']);

  it('asks for at least one material on a requisition', async () => {
    newRequisition();
    fireEvent.click(await screen.findByRole('button', { name: 'Save requisition' }));
    expect(await screen.findByText('Add at least one material.')).toBeTruthy();
  });

  it('asks for a quantity above zero on a requisition line', async () => {
    newRequisition();
    fireEvent.change(await screen.findByLabelText('Find a material'), { target: { value: 'clear 3mm' } });
    fireEvent.click(await screen.findByRole('button', { name: /Acrylic sheet clear 3mm/ }));
    fireEvent.change(screen.getByLabelText('Quantity of Acrylic sheet clear 3mm'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save requisition' }));
    expect(await screen.findByText('Enter a quantity above zero.')).toBeTruthy();
  });

  it('flags a repeated password that does not match at the repeat box', async () => {
    render(
      <AppProviders>
        <MemoryRouter>
          <RegisterScreen />
        </MemoryRouter>
      </AppProviders>,
    );
    fireEvent.change(screen.getByLabelText(/^Username/), { target: { value: 'new.joiner' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'plywood-and-glue' } });
    fireEvent.change(screen.getByLabelText(/^Repeat password/), { target: { value: 'plywood-and-glu' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request account' }));
    expect(fieldOf(await screen.findByText("The two password fields didn't match."))).toMatch(/^Repeat password/);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
