import { dutyRefusal, type Duty, type MadeRow } from '../../domain/duty-rules';
import { forbidden } from './http-error';

/** 403 when `actor` made the row they are approving (domain/duty-rules.ts); superusers too. */
export function checkDuty<D extends Duty>(duty: D, row: MadeRow<D>, actor: { id: number }): void {
  const refusal = dutyRefusal(duty, row, actor);
  if (refusal) throw forbidden(refusal);
}
