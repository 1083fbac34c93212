import './setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API } from '../../domain/api-paths';
import { renderRoute } from './render-screen';
import { fakeServer, makeUser } from './support';
import { errorRates, performance } from './superuser-fixtures';
import PerformanceMonitorScreen from '../../src/features/superuser/PerformanceMonitorScreen';

const superuser = makeUser({ id: 1, username: 'admin', department: 'admin', designation: 'manager', is_superuser: true });
vi.mock('../../src/data/session', async (original) => (await import('./screen-mocks')).signedInSession(original, () => superuser));

const show = () => renderRoute('performance-monitor', PerformanceMonitorScreen, '/superuser/performance', []);
const tile = async (testId: string) => (await screen.findByTestId(testId)).textContent;
/** A chart's table of figures (ui/charts): its rows as text. */
const chartRows = async (label: string) => within(await screen.findByRole('table', { name: label })).getAllByRole('row').map((r) => r.textContent);

beforeEach(() => {
  fakeServer().on('GET', API.admin.performance, { status: 200, data: performance() }).on('GET', API.admin.errorRates, { status: 200, data: errorRates() });
});

afterEach(() => cleanup());

describe('performance monitor', () => {
  it('shows the window’s requests, average response and error rate, outlined above their alert thresholds', async () => {
    show();
    await waitFor(async () => expect(await tile('requests')).toBe('600'));
    expect(await tile('average-response')).toBe('38 ms');
    await waitFor(async () => expect(await tile('error-rate')).toBe('6.0 %'));
    expect(await tile('client-errors')).toBe('12');
    expect(screen.getByText(/36 server errors; alert above 5 %/)).toBeTruthy();
  });

  it('charts all routes by minute, then the route chosen', async () => {
    show();
    expect(await screen.findByRole('heading', { name: 'All routes' })).toBeTruthy();
    expect((await chartRows('Response time (p95) by minute')).slice(1)).toEqual([expect.stringMatching(/^\d\d:\d8\s*45 ms$/), expect.stringMatching(/^\d\d:\d9\s*90 ms$/)]);
    fireEvent.change(screen.getByLabelText('Route'), { target: { value: 'POST /api/v1/requisitions/requisitions/' } });
    expect(await screen.findByRole('heading', { name: 'POST /api/v1/requisitions/requisitions/' })).toBeTruthy();
    expect((await chartRows('Response time (p95) by minute')).slice(1)).toEqual([expect.stringMatching(/260 ms$/)]);
    expect(screen.getByText(/p50 110 ms, p95 260 ms, p99 400 ms/)).toBeTruthy();
  });

  it('lists the routes busiest first, the latest server errors and the slow requests', async () => {
    show();
    const routes = await screen.findByRole('table', { name: 'Routes' });
    await waitFor(() => expect(within(routes).getAllByRole('row')).toHaveLength(3));
    expect(within(routes).getAllByRole('row')[1]!.textContent).toContain('GET /api/v1/materials/materials/');
    expect(within(await screen.findByRole('table', { name: 'Latest server errors' })).getByText('connection terminated')).toBeTruthy();
    expect(within(await screen.findByRole('table', { name: 'Slow requests' })).getByText('2,300 ms')).toBeTruthy();
  });
});
