import { describe, expect, it } from 'vitest';
import { DELIVERY_NOTE_STATUSES, DELIVERY_NOTE_STEPS, nextDeliveryNoteStep } from '../../domain/delivery-note';
import { DEPARTMENT_VALUES, DESIGNATION_VALUES } from '../../domain/departments';
import { bookedDispatch, isReadyToDispatch } from '../../domain/dispatch';
import { can } from '../../domain/permissions';
import { matchesRole } from '../../domain/roles';

/** Every department and designation pair a user can have. */
const EVERY_ROLE = DEPARTMENT_VALUES.flatMap((department) => DESIGNATION_VALUES.map((designation) => ({ department, designation, is_superuser: false })));

describe("the delivery note's steps and who takes them (domain/delivery-note.ts)", () => {
  it('lead from draft through every status, in order, to dispatched', () => {
    expect(DELIVERY_NOTE_STEPS.map((step) => [step.from, step.to])).toEqual([
      ['draft', 'approved'],
      ['approved', 'ready-to-dispatch'],
      ['ready-to-dispatch', 'dispatched'],
    ]);
    expect([DELIVERY_NOTE_STEPS[0].from, ...DELIVERY_NOTE_STEPS.map((step) => step.to)]).toEqual(DELIVERY_NOTE_STATUSES.map((s) => s.value));
  });

  it("are each granted by the permission matrix to every user the step names as its owner", () => {
    for (const step of DELIVERY_NOTE_STEPS) {
      const owners = EVERY_ROLE.filter((role) => matchesRole(role, step.owner));
      expect(owners.length, step.to).toBeGreaterThan(0);
      for (const owner of owners) expect(can(owner, step.permission), `${owner.department} ${owner.designation} ${step.permission}`).toBe(true);
    }
  });

  it('name who a note waits for, as the note shows it', () => {
    expect(nextDeliveryNoteStep('draft')?.waiting).toBe('Waiting for a production supervisor to approve it');
    expect(nextDeliveryNoteStep('approved')?.waiting).toBe('Waiting for packing & dispatch to mark it ready');
    expect(nextDeliveryNoteStep('ready-to-dispatch')?.waiting).toBe('Waiting for packing & dispatch to dispatch it');
    expect(nextDeliveryNoteStep('dispatched')).toBeNull();
  });

  it('leave the production supervisor who approves a note waiting for packing & dispatch to mark it ready', () => {
    const supervisor = { department: 'production' as const, designation: 'supervisor' as const, is_superuser: false };
    expect(can(supervisor, nextDeliveryNoteStep('draft')!.permission)).toBe(true);
    expect(can(supervisor, nextDeliveryNoteStep('approved')!.permission)).toBe(false);
  });
});

describe('ready to dispatch (domain/dispatch.ts)', () => {
  const ready = { status: 'ready-to-dispatch' as const, deleted_at: null };

  it('is a live note marked ready whose goods have left on no dispatch', () => {
    expect(isReadyToDispatch(ready, [])).toBe(true);
    expect(isReadyToDispatch({ ...ready, deleted_at: '2026-11-20T09:00:00.000Z' }, [])).toBe(false);
    expect(isReadyToDispatch({ ...ready, status: 'approved' }, [])).toBe(false);
    expect(isReadyToDispatch(ready, [{ status: 'dispatched' }])).toBe(false);
    expect(isReadyToDispatch(ready, [{ status: 'delivered' }])).toBe(false);
  });

  it('stays ready with a vehicle booked or a dispatch called off, and the booking is what will leave', () => {
    expect(isReadyToDispatch(ready, [{ status: 'scheduled' }])).toBe(true);
    expect(isReadyToDispatch(ready, [{ status: 'cancelled' }])).toBe(true);
    expect(bookedDispatch([{ id: 1, status: 'cancelled' }, { id: 2, status: 'scheduled' }])).toEqual({ id: 2, status: 'scheduled' });
    expect(bookedDispatch([{ id: 1, status: 'cancelled' }])).toBeUndefined();
  });
});
