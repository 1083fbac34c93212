import { describe, expect, it } from 'vitest';
import {
  REQUISITION_MESSAGES,
  REQUISITION_STATES,
  REQUISITION_TRANSITIONS,
  inStoresQueue,
  lineDiscrepancy,
  requisitionActionRefusal,
  requisitionIssuedInFull,
  requisitionState,
  type RequisitionAction,
  type RequisitionState,
} from '../../domain/requisition';

const row = (facts: Partial<{ deleted_at: string | null; closed_at: string | null; is_completed: boolean; is_approved: boolean }> = {}) => ({
  deleted_at: null,
  closed_at: null,
  is_completed: false,
  is_approved: false,
  ...facts,
});
const when = '2026-03-01T10:00:00.000Z';

describe('requisitionState', () => {
  it('reads cancelled before closed before issued before partly issued before approved before open', () => {
    const issuedLine = [{ quantity_issued: '1.000' }];
    expect(requisitionState(row({ deleted_at: when, closed_at: when, is_completed: true }), issuedLine)).toBe('cancelled');
    expect(requisitionState(row({ closed_at: when, is_completed: true }), issuedLine)).toBe('closed');
    expect(requisitionState(row({ is_completed: true, is_approved: true }), issuedLine)).toBe('issued');
    expect(requisitionState(row({ is_approved: true }), issuedLine)).toBe('partly-issued');
    expect(requisitionState(row({ is_approved: true }), [{ quantity_issued: '0.000' }])).toBe('approved');
    expect(requisitionState(row(), [{ quantity_issued: '0' }])).toBe('open');
    expect(requisitionState(row(), [])).toBe('open');
  });

  it('ignores material issued on a removed line', () => {
    expect(requisitionState(row(), [{ quantity_issued: '3', deleted_at: when }])).toBe('open');
  });
});

describe('requisitionIssuedInFull', () => {
  it('is true once every live line has had its whole quantity issued, and never for no lines', () => {
    expect(requisitionIssuedInFull([{ quantity: '2.000', quantity_issued: '2.000' }, { quantity: '1', quantity_issued: '1.5' }])).toBe(true);
    expect(requisitionIssuedInFull([{ quantity: '2', quantity_issued: '1.999' }])).toBe(false);
    expect(requisitionIssuedInFull([{ quantity: '2', quantity_issued: '2' }, { quantity: '5', quantity_issued: '0', deleted_at: when }])).toBe(true);
    expect(requisitionIssuedInFull([])).toBe(false);
  });
});

/** The whole table, written out: what each action answers from each state for a standard and a re-work requisition. */
const ok = null;
const standard: Record<RequisitionAction, Record<RequisitionState, string | null>> = {
  approve: Object.fromEntries(REQUISITION_STATES.map((s) => [s.value, REQUISITION_MESSAGES.approvalNotNeeded])) as Record<RequisitionState, string>,
  issue: { open: ok, approved: ok, 'partly-issued': ok, issued: 'This requisition is issued: it cannot be issued against.', closed: 'This requisition is closed: it cannot be issued against.', cancelled: 'This requisition is cancelled: it cannot be issued against.' },
  reserve: { open: ok, approved: ok, 'partly-issued': ok, issued: 'This requisition is issued: it cannot be reserved against.', closed: 'This requisition is closed: it cannot be reserved against.', cancelled: 'This requisition is cancelled: it cannot be reserved against.' },
  'change-items': { open: ok, approved: ok, 'partly-issued': ok, issued: 'This requisition is issued: it cannot be changed.', closed: 'This requisition is closed: it cannot be changed.', cancelled: 'This requisition is cancelled: it cannot be changed.' },
  close: { open: ok, approved: ok, 'partly-issued': ok, issued: ok, closed: 'This requisition is closed: it cannot be closed.', cancelled: 'This requisition is cancelled: it cannot be closed.' },
  cancel: { open: ok, approved: ok, 'partly-issued': REQUISITION_MESSAGES.cancelIssued, issued: REQUISITION_MESSAGES.cancelIssued, closed: 'This requisition is closed: it cannot be cancelled.', cancelled: 'This requisition is cancelled: it cannot be cancelled.' },
};
const rework: typeof standard = {
  ...standard,
  approve: { open: ok, approved: 'This requisition is approved: it cannot be approved.', 'partly-issued': 'This requisition is partly issued: it cannot be approved.', issued: 'This requisition is issued: it cannot be approved.', closed: 'This requisition is closed: it cannot be approved.', cancelled: 'This requisition is cancelled: it cannot be approved.' },
  issue: { ...standard.issue, open: REQUISITION_MESSAGES.approvalFirst },
  reserve: { ...standard.reserve, open: REQUISITION_MESSAGES.approvalFirst },
};

describe('requisitionActionRefusal', () => {
  for (const [type, table] of [['standard', standard], ['installation', standard], ['consumables', standard], ['re-work', rework], ['shortfall', rework]] as const) {
    it(`answers every action from every state of a ${type} requisition`, () => {
      for (const action of Object.keys(REQUISITION_TRANSITIONS) as RequisitionAction[]) {
        for (const { value: state } of REQUISITION_STATES) {
          expect(requisitionActionRefusal(action, state, type), `${action} from ${state}`).toBe(table[action][state]);
        }
      }
    });
  }
});

describe('the stores queue', () => {
  it('holds what stores may issue against now: pending, approved when the type needs it, on a job order still open', () => {
    const queued = (state: RequisitionState, type: 'standard' | 're-work', jobOrderOpen = true) => inStoresQueue(state, type, jobOrderOpen);
    expect(REQUISITION_STATES.map((s) => s.value).filter((state) => queued(state, 'standard'))).toEqual(['open', 'approved', 'partly-issued']);
    expect(queued('open', 're-work')).toBe(false);
    expect(queued('approved', 're-work')).toBe(true);
    expect(queued('partly-issued', 're-work')).toBe(true);
    expect(queued('open', 'standard', false)).toBe(false);
  });
});

describe('requisition discrepancies (prod-req-discrepancies)', () => {
  const line = (quantity: string, issued: string, reserved = '0.000') => ({ quantity, quantity_issued: issued, quantity_reserved: reserved });

  it('flags a line of a closed requisition that stores did not issue in full', () => {
    expect(lineDiscrepancy('closed', line('10.000', '6.000'), true)).toBe('closed-short');
    expect(lineDiscrepancy('closed', line('10.000', '10.000'), true)).toBeNull();
  });

  it('flags material still held for a line of a closed requisition before anything else', () => {
    expect(lineDiscrepancy('closed', line('10.000', '6.000', '2.000'), true)).toBe('reserved-not-issued');
  });

  it('flags material still asked for on a job order that has ended, in every pending state', () => {
    for (const state of ['open', 'approved', 'partly-issued'] as const) expect(lineDiscrepancy(state, line('5.000', '1.000'), false)).toBe('job-order-ended');
    expect(lineDiscrepancy('partly-issued', line('5.000', '1.000'), true)).toBeNull();
    expect(lineDiscrepancy('issued', line('5.000', '5.000'), false)).toBeNull();
  });

  it('leaves cancelled requisitions out: nothing was owed on them', () => {
    expect(lineDiscrepancy('cancelled', line('5.000', '0.000', '1.000'), false)).toBeNull();
  });
});
