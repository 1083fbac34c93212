import './setup';
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { jobOrderFilterQuerySchema } from '../../domain/job-order';
import { ReportFilters, type ReportFilter } from '../../src/ui/ReportFilters';
import { AppProviders } from './providers';
import { settle } from './support';

/** Issue 17 §4: a report's period is checked before it runs, and a date too short to read is left out openly. */
const PERIOD: ReportFilter[] = [{ kind: 'period', from: 'start_date', to: 'end_date' }];

function showFilters() {
  const onChoose = vi.fn();
  render(
    <AppProviders>
      <MemoryRouter>
        <ReportFilters fields={PERIOD} query={jobOrderFilterQuerySchema} fixed={{}} chosen={{ start_date: '', end_date: '' }} onChoose={onChoose} />
      </MemoryRouter>
    </AppProviders>,
  );
  return onChoose;
}

/** The label of the field a message is shown in. */
const fieldOf = (message: HTMLElement) => message.closest('[data-scope="field"][data-part="root"]')?.querySelector('label')?.textContent;

afterEach(() => cleanup());

describe('the period of a report', () => {
  it('refuses an end before the start, at the To field, and does not run the report', async () => {
    const onChoose = showFilters();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '01-03-2026' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '01-02-2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(fieldOf(await screen.findByText('The end date cannot be before the start date.'))).toBe('To');
    await settle();
    expect(onChoose).not.toHaveBeenCalled();
  });

  it('says a short date such as 1-1-26 is left out, and runs the report without it', async () => {
    const onChoose = showFilters();
    const from = screen.getByLabelText('From');
    fireEvent.change(from, { target: { value: '1-1-26' } });
    fireEvent.blur(from);
    expect(fieldOf(await screen.findByText('Not a full date: left out'))).toBe('From');
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(onChoose).toHaveBeenCalledWith({ start_date: '', end_date: '' }));
  });

  it('runs a period in order with both days', async () => {
    const onChoose = showFilters();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '01-02-2026' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '01-03-2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(onChoose).toHaveBeenCalledWith({ start_date: '2026-02-01', end_date: '2026-03-01' }));
    expect(screen.queryByText('Not a full date: left out')).toBeNull();
  });
});
