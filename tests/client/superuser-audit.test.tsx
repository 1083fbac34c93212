import './setup';
import '../../domain/zod-messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import ExcelJS from 'exceljs';
import { API } from '../../domain/api-paths';
import type { AuditEntry } from '../../domain/admin';
import { renderRoute } from './render-screen';
import { fakeServer, makeUser, settle, type FakeServer, type SeenRequest } from './support';
import { auditEntry } from './superuser-fixtures';
import AuditLogsScreen from '../../src/features/superuser/AuditLogsScreen';

const superuser = makeUser({ id: 1, username: 'admin', department: 'admin', designation: 'manager', is_superuser: true });
const foreman = makeUser({ id: 7, username: 'foreman', department: 'production', designation: 'foreman' });
vi.mock('../../src/data/session', async (original) => (await import('./screen-mocks')).signedInSession(original, () => superuser, () => [superuser, foreman]));
const saved: { name: string; data: Blob }[] = [];
vi.mock('../../src/ui/download', async (original) => ({ ...(await original<typeof import('../../src/ui/download')>()), saveFile: (name: string, data: Blob) => saved.push({ name, data }) }));

/** 120 entries, newest first; the API answers the slice its limit and offset ask for. */
const ENTRIES: AuditEntry[] = Array.from({ length: 120 }, (_, i) => auditEntry(120 - i, { action: i % 2 ? 'user.block' : 'module.disable', target: `user:${i}` }));
const slice = (request: SeenRequest) => {
  const { limit, offset } = request.config.params as { limit: number; offset: number };
  return { status: 200, data: { count: ENTRIES.length, next: null, previous: null, results: ENTRIES.slice(offset, offset + limit) } };
};

let server: FakeServer;
const show = (path = '/superuser/audit') => renderRoute('audit-logs', AuditLogsScreen, path, []);
const table = () => screen.findByRole('table', { name: 'Audit log' });
const lastParams = () => server.calls('GET', API.admin.audit).at(-1)!.config.params;

beforeEach(() => {
  saved.length = 0;
  server = fakeServer().on('GET', API.admin.audit, slice);
});

afterEach(() => cleanup());

describe('audit logs', () => {
  it('lists the entries newest first, 50 to a page, the next page from the 50th', async () => {
    show();
    await waitFor(async () => expect(within(await table()).getAllByRole('row')).toHaveLength(51));
    expect(lastParams()).toEqual({ limit: 50, offset: 0 });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastParams()).toEqual({ limit: 50, offset: 50 }));
  });

  it('filters by period, user, action, target and risk, the days as the business day’s first and last instants', async () => {
    show();
    const filters = await screen.findByRole('form', { name: 'Filters' });
    // The users of the choice are the session's list.
    await waitFor(() => expect(within(filters).getByRole('option', { name: 'foreman' })).toBeTruthy());
    fireEvent.change(within(filters).getByLabelText('From'), { target: { value: '01-12-2026' } });
    fireEvent.change(within(filters).getByLabelText('To'), { target: { value: '07-12-2026' } });
    fireEvent.change(within(filters).getByLabelText('User'), { target: { value: '7' } });
    fireEvent.change(within(filters).getByLabelText('Action'), { target: { value: ' user.block ' } });
    fireEvent.change(within(filters).getByLabelText('Target contains'), { target: { value: 'user:' } });
    fireEvent.change(within(filters).getByLabelText('Risk'), { target: { value: 'critical' } });
    fireEvent.click(within(filters).getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(lastParams()).toEqual({
        limit: 50,
        offset: 0,
        from: '2026-12-01T00:00:00.000+05:30',
        to: '2026-12-07T23:59:59.999+05:30',
        user: '7',
        action: 'user.block',
        target: 'user:',
        riskLevel: 'critical',
      }),
    );
  });

  it('keeps the filters in the address, and refuses a period that ends before it starts', async () => {
    show('/superuser/audit?riskLevel=high');
    await waitFor(() => expect(lastParams()).toEqual({ limit: 50, offset: 0, riskLevel: 'high' }));
    const filters = await screen.findByRole('form', { name: 'Filters' });
    expect((within(filters).getByLabelText('Risk') as HTMLSelectElement).value).toBe('high');
    const asked = server.calls('GET', API.admin.audit).length;
    fireEvent.change(within(filters).getByLabelText('From'), { target: { value: '07-12-2026' } });
    fireEvent.change(within(filters).getByLabelText('To'), { target: { value: '01-12-2026' } });
    fireEvent.click(within(filters).getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('The end date cannot be before the start date.')).toBeTruthy();
    await settle();
    expect(server.calls('GET', API.admin.audit)).toHaveLength(asked);
  });

  it("opens an entry's detail with its metadata", async () => {
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Details of entry 120' }));
    const dialog = await screen.findByRole('dialog', { name: 'Audit entry 120' });
    expect(within(dialog).getByText('Shared his password')).toBeTruthy();
    expect(within(dialog).getByText('10.0.0.5')).toBeTruthy();
    expect(within(dialog).getByText('admin (No. 1)')).toBeTruthy();
  });

  it('exports every entry the filters keep as a spreadsheet, asking for the largest pages', async () => {
    show('/superuser/audit?riskLevel=critical');
    fireEvent.click(await screen.findByRole('button', { name: 'Export xlsx' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(server.calls('GET', API.admin.audit).map((r) => r.config.params)).toContainEqual({ riskLevel: 'critical', limit: 1000, offset: 0 });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await saved[0]!.data.arrayBuffer());
    const sheet = book.worksheets[0]!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(2)).toEqual(['All dates · Risk: Critical']);
    expect(values(3)).toEqual(['When', 'User', 'Action', 'Target', 'Risk', 'Client address', 'Details']);
    expect(sheet.rowCount).toBe(3 + ENTRIES.length);
    expect(values(4).slice(1, 5)).toEqual(['admin', 'module.disable', 'user:0', 'Critical']);
  });
});
