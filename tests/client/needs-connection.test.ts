import './setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { networkFailure, refusal } from './support';
import { NEEDS_CONNECTION, readFailure, refusedOffline, serverFailure, withConnection } from '../../src/ui/connection';
import * as notifications from '../../src/ui/notify';

/** Actions only the server can take (approvals, reservations, dispatches): one helper says why they did not happen. */

const NETWORK_ERROR_MESSAGE = 'The server cannot be reached. Check the connection and try again.';
const setOnline = (online: boolean) => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });

afterEach(() => {
  setOnline(true);
  vi.restoreAllMocks();
});

describe('why a call to the server failed', () => {
  it('says it needs a connection when there was no answer, or another sentence the caller gives', () => {
    expect(NEEDS_CONNECTION).toBe('This needs a connection to the server. Try again when you are online.');
    expect(serverFailure(networkFailure())).toBe('This needs a connection to the server. Try again when you are online.');
    expect(serverFailure(networkFailure(), 'The export needs the server.')).toBe('The export needs the server.');
  });

  it("gives the server's own words when it refused", () => {
    expect(serverFailure(refusal(409, { detail: 'The requisition was changed by someone else.' }))).toBe('The requisition was changed by someone else.');
    expect(serverFailure(refusal(400, { quantity: ['Ensure this value is greater than 0.'] }))).toBe('Ensure this value is greater than 0.');
  });

  it('for a read: nothing while nothing failed, the network message when there was no answer or it waits offline', () => {
    expect(readFailure({ error: null, isPaused: false })).toBeNull();
    expect(readFailure({ error: null, isPaused: true })).toBe(NETWORK_ERROR_MESSAGE);
    expect(readFailure({ error: networkFailure(), isPaused: false })).toBe(NETWORK_ERROR_MESSAGE);
    expect(readFailure({ error: refusal(403, { detail: 'You do not have permission to perform this action.' }), isPaused: false })).toBe('You do not have permission to perform this action.');
  });
});

describe('an action that needs the server', () => {
  it('resolves to what the action gives, and says nothing of its own', async () => {
    const told = vi.spyOn(notifications, 'notify');
    await expect(withConnection(async () => 'approved')).resolves.toBe('approved');
    expect(told).not.toHaveBeenCalled();
  });

  it('when the server is out of reach: a negative notice that it needs a connection, and undefined', async () => {
    const told = vi.spyOn(notifications, 'notify');
    await expect(withConnection(() => Promise.reject(networkFailure()))).resolves.toBeUndefined();
    expect(told).toHaveBeenCalledWith({ type: 'negative', message: 'This needs a connection to the server. Try again when you are online.' });
  });

  it("when the server refuses: a negative notice with the server's words", async () => {
    const told = vi.spyOn(notifications, 'notify');
    await withConnection(() => Promise.reject(refusal(400, { non_field_errors: ['Only approved requisitions can be closed.'] })));
    expect(told).toHaveBeenCalledWith({ type: 'negative', message: 'Only approved requisitions can be closed.' });
  });

  it('offline, before asking the user anything: a warning, and the caller is told not to start', () => {
    const told = vi.spyOn(notifications, 'notify');
    setOnline(false);
    expect(refusedOffline()).toBe(true);
    expect(told).toHaveBeenCalledWith({ type: 'warning', message: 'This needs a connection to the server. Try again when you are online.' });
    told.mockClear();
    setOnline(true);
    expect(refusedOffline()).toBe(false);
    expect(told).not.toHaveBeenCalled();
  });
});
