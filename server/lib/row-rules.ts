import { editRefusal, type EditableRow, type EditSubject } from '../../domain/row-rules';
import { forbidden } from './http-error';

/** 403 when the row's edit rule (domain/row-rules.ts) does not let `actor` change it; `fields` omitted for a cancel or delete. */
export function checkEdit(entity: EditableRow, actor: EditSubject, row: object, fields?: readonly string[]): void {
  const refusal = editRefusal(entity, actor, row, fields);
  if (refusal) throw forbidden(refusal);
}
