import { REQUISITION_MESSAGES, type RequisitionAction, type RequisitionState, type RequisitionType } from '../../domain/requisition';

/**
 * The requisition state machine written out (business-areas.md §4), for the domain and the API
 * tests to hold the code to: what each action answers from each state, null where it is allowed.
 */
type Answers = Record<RequisitionAction, Record<RequisitionState, string | null>>;

const ok = null;
const standard: Answers = {
  approve: {
    open: REQUISITION_MESSAGES.approvalNotNeeded,
    approved: REQUISITION_MESSAGES.approvalNotNeeded,
    'partly-issued': REQUISITION_MESSAGES.approvalNotNeeded,
    issued: REQUISITION_MESSAGES.approvalNotNeeded,
    closed: REQUISITION_MESSAGES.approvalNotNeeded,
    cancelled: REQUISITION_MESSAGES.approvalNotNeeded,
  },
  issue: { open: ok, approved: ok, 'partly-issued': ok, issued: 'This requisition is issued: it cannot be issued against.', closed: 'This requisition is closed: it cannot be issued against.', cancelled: 'This requisition is cancelled: it cannot be issued against.' },
  reserve: { open: ok, approved: ok, 'partly-issued': ok, issued: 'This requisition is issued: it cannot be reserved against.', closed: 'This requisition is closed: it cannot be reserved against.', cancelled: 'This requisition is cancelled: it cannot be reserved against.' },
  'change-items': { open: ok, approved: ok, 'partly-issued': ok, issued: 'This requisition is issued: it cannot be changed.', closed: 'This requisition is closed: it cannot be changed.', cancelled: 'This requisition is cancelled: it cannot be changed.' },
  close: { open: ok, approved: ok, 'partly-issued': ok, issued: ok, closed: 'This requisition is closed: it cannot be closed.', cancelled: 'This requisition is cancelled: it cannot be closed.' },
  cancel: { open: ok, approved: ok, 'partly-issued': REQUISITION_MESSAGES.cancelIssued, issued: REQUISITION_MESSAGES.cancelIssued, closed: 'This requisition is closed: it cannot be cancelled.', cancelled: 'This requisition is cancelled: it cannot be cancelled.' },
};
/** Re-work and shortfall wait for approval before stores serve them. */
const rework: Answers = {
  ...standard,
  approve: { open: ok, approved: 'This requisition is approved: it cannot be approved.', 'partly-issued': 'This requisition is partly issued: it cannot be approved.', issued: 'This requisition is issued: it cannot be approved.', closed: 'This requisition is closed: it cannot be approved.', cancelled: 'This requisition is cancelled: it cannot be approved.' },
  issue: { ...standard.issue, open: REQUISITION_MESSAGES.approvalFirst },
  reserve: { ...standard.reserve, open: REQUISITION_MESSAGES.approvalFirst },
};

export const REQUISITION_ANSWERS: Record<RequisitionType, Answers> = { standard, installation: standard, consumables: standard, 're-work': rework, shortfall: rework };
export const REQUISITION_STATE_NAMES: RequisitionState[] = ['open', 'approved', 'partly-issued', 'issued', 'closed', 'cancelled'];
