import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EDIT_RULES, editRefusal, materialNamesTypeOf, mayEdit, quotationScopeOf, type EditSubject } from '../../domain/row-rules';
import type { UserRole } from '../../domain/user';

const user = (id: number, department: UserRole['department'], designation: UserRole['designation'], is_superuser = false): EditSubject => ({ id, department, designation, is_superuser });
const FOREMAN = user(5, 'production', 'foreman');
const foremansRequisition = { requested_by: 5, requested_by_department: 'production' };

describe('whose requisition a user may change', () => {
  it("lets its raiser, the managers and supervisors of the raiser's department and superusers change or cancel it", () => {
    for (const who of [FOREMAN, user(6, 'production', 'supervisor'), user(7, 'production', 'assistant-manager'), user(8, 'production', 'manager'), user(1, 'admin', 'manager', true)]) {
      expect(mayEdit('requisition', who, foremansRequisition, ['quantity']), `${who.designation}`).toBe(true);
      expect(mayEdit('requisition', who, foremansRequisition), `${who.designation}`).toBe(true);
    }
  });

  it('refuses other departments, supervisors and managers included, and other people of the department', () => {
    for (const who of [user(20, 'acrylic', 'supervisor'), user(21, 'metal', 'manager'), user(22, 'management', 'manager'), user(23, 'production', 'foreman'), user(24, 'production', 'executive')]) {
      expect(editRefusal('requisition', who, foremansRequisition, ['quantity']), `${who.department} ${who.designation}`).toBe(EDIT_RULES.requisition.refusal);
    }
  });

  it('lets stores change only what is issued and reserved, and never cancel', () => {
    const stores = user(30, 'stores', 'executive');
    expect(mayEdit('requisition', stores, foremansRequisition, ['quantity_reserved'])).toBe(true);
    expect(mayEdit('requisition', stores, foremansRequisition, ['quantity_issued', 'quantity_reserved'])).toBe(true);
    expect(mayEdit('requisition', stores, foremansRequisition, ['quantity_reserved', 'quantity'])).toBe(false);
    expect(mayEdit('requisition', stores, foremansRequisition)).toBe(false);
  });
});

describe('whose expense and job order a user may change', () => {
  it('lets the recorder and the expense approvers change an expense, nobody else', () => {
    const recordedByAccounts = { created_by: 40 };
    expect([user(40, 'accounts', 'executive'), user(41, 'accounts', 'executive'), user(42, 'production', 'manager'), user(43, 'management', 'executive')].map((who) => mayEdit('jobOrderExpense', who, recordedByAccounts))).toEqual([true, true, true, true]);
    expect([FOREMAN, user(6, 'production', 'supervisor')].map((who) => mayEdit('jobOrderExpense', who, recordedByAccounts))).toEqual([false, false]);
  });

  it('lets a sales executive change only the job orders where they are the sales executive, everyone else all', () => {
    const ofSenior = { sales_executive: 51 };
    expect(mayEdit('jobOrder', user(50, 'sales', 'executive'), ofSenior)).toBe(false);
    expect(mayEdit('jobOrder', user(51, 'sales', 'senior-executive'), ofSenior)).toBe(true);
    expect([user(52, 'sales', 'manager'), user(53, 'sales', 'co-ordinator'), user(8, 'production', 'manager'), user(54, 'management', 'manager')].map((who) => mayEdit('jobOrder', who, ofSenior))).toEqual([true, true, true, true]);
  });
});

describe("where a requisition's picker finds every material's name", () => {
  it('is the materials for users who see them all, and material-names for the narrower scopes', () => {
    expect(materialNamesTypeOf(FOREMAN)).toBe('materialNames');
    expect(materialNamesTypeOf(user(6, 'production', 'supervisor'))).toBe('materialNames');
    expect([user(8, 'production', 'manager'), user(30, 'stores', 'executive'), user(20, 'acrylic', 'supervisor')].map(materialNamesTypeOf)).toEqual(['materials', 'materials', 'materials']);
  });
});

it('documents every edit rule and its refusal in docs/permissions.md', () => {
  const doc = fs.readFileSync(path.join(import.meta.dirname, '../../docs/permissions.md'), 'utf8');
  for (const rule of Object.values(EDIT_RULES)) expect(doc).toContain(rule.refusal);
});

describe("whose quotations a user's lists hold", () => {
  it('gives sales executives and senior executives their own, everyone else who reads quotations all of them', () => {
    expect(quotationScopeOf(user(7, 'sales', 'executive'))).toBe('own');
    expect(quotationScopeOf(user(8, 'sales', 'senior-executive'))).toBe('own');
    for (const who of [user(9, 'sales', 'manager'), user(10, 'management', 'executive'), user(11, 'design', 'executive'), user(12, 'accounts', 'executive'), user(1, 'sales', 'executive', true)]) {
      expect(quotationScopeOf(who), `${who.department} ${who.designation}`).toBe('all');
    }
  });
});
