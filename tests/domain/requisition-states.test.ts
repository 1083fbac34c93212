import { describe, expect, it } from 'vitest';
import {
  REQUISITION_STATES,
  REQUISITION_TRANSITIONS,
  inStoresQueue,
  lineDiscrepancy,
  requisitionActionRefusal,
  requisitionIssuedInFull,
  requisitionState,
  type RequisitionAction,
  type RequisitionState,
  type RequisitionType,
} from '../../domain/requisition';
import { REQUISITION_ANSWERS, REQUISITION_STATE_NAMES } from '../support/requisition-answers';

const row = (facts: Partial<{ deleted_at: string | null; closed_at: string | null; is_completed: boolean; is_approved: boolean }> = {}) => ({
  deleted_at: null,
  closed_at: null,
  is_completed: false,
  is_approved: false,
  ...facts,
});
const when = '2026-03-01T10:00:00.000Z';

describe('requisitionState', () => {
  const partlyIssued = [{ quantity: '2.000', quantity_issued: '1.000' }];
  const issuedInFull = [{ quantity: '2.000', quantity_issued: '2.000' }];

  it('reads cancelled before closed before issued before partly issued before approved before open', () => {
    expect(requisitionState(row({ deleted_at: when, closed_at: when, is_completed: true }), issuedInFull)).toBe('cancelled');
    expect(requisitionState(row({ closed_at: when, is_completed: true }), issuedInFull)).toBe('closed');
    expect(requisitionState(row({ is_completed: true, is_approved: true }), issuedInFull)).toBe('issued');
    expect(requisitionState(row({ is_approved: true }), partlyIssued)).toBe('partly-issued');
    expect(requisitionState(row({ is_approved: true }), [{ quantity: '2', quantity_issued: '0.000' }])).toBe('approved');
    expect(requisitionState(row(), [{ quantity: '2', quantity_issued: '0' }])).toBe('open');
  });

  it('reads issued from the lines it is given, so a screen showing every line issued (unsent issues too) says Issued before the row does', () => {
    expect(requisitionState(row(), issuedInFull)).toBe('issued');
    expect(requisitionState(row(), [...issuedInFull, { quantity: '5', quantity_issued: '4.999' }])).toBe('partly-issued');
    expect(requisitionState(row({ is_completed: true }), partlyIssued)).toBe('partly-issued');
  });

  it("takes the row's word when no live line is at hand (a requisition always keeps one)", () => {
    expect(requisitionState(row({ is_completed: true }), [])).toBe('issued');
    expect(requisitionState(row(), [])).toBe('open');
  });

  it('ignores material issued on a removed line', () => {
    expect(requisitionState(row(), [{ quantity: '3', quantity_issued: '3', deleted_at: when }])).toBe('open');
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

describe('requisitionActionRefusal', () => {
  it('the written table covers every state and action of the domain', () => {
    expect(REQUISITION_STATES.map((s) => s.value)).toEqual(REQUISITION_STATE_NAMES);
    expect(Object.keys(REQUISITION_TRANSITIONS).sort()).toEqual(Object.keys(REQUISITION_ANSWERS.standard).sort());
  });

  for (const [type, answers] of Object.entries(REQUISITION_ANSWERS) as [RequisitionType, (typeof REQUISITION_ANSWERS)[RequisitionType]][]) {
    it(`answers every action from every state of a ${type} requisition`, () => {
      for (const [action, fromState] of Object.entries(answers) as [RequisitionAction, Record<RequisitionState, string | null>][]) {
        for (const state of REQUISITION_STATE_NAMES) {
          expect(requisitionActionRefusal(action, state, type), `${action} from ${state}`).toBe(fromState[state]);
        }
      }
    });
  }
});

describe('the stores queue', () => {
  it('holds what stores may issue against now: pending, approved when the type needs it, on a job order still open', () => {
    const queued = (state: RequisitionState, type: 'standard' | 're-work', jobOrderOpen = true) => inStoresQueue(state, type, jobOrderOpen);
    expect(REQUISITION_STATE_NAMES.filter((state) => queued(state, 'standard'))).toEqual(['open', 'approved', 'partly-issued']);
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
