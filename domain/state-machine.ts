/**
 * The refusal sentence of a document's state machine, shared by the documents whose transitions
 * are a table of action -> statuses it may start from (LPOs, invoices): "A sent invoice cannot be
 * cancelled: void it instead."
 */
export interface ActionTable<Action extends string, Status extends string> {
  /** The document in words: 'LPO', 'invoice'. */
  noun: string;
  statuses: readonly { readonly value: Status; readonly label: string }[];
  transitions: Readonly<Record<Action, readonly Status[]>>;
  /** The action as a past participle after "cannot be": 'approved', 'sent to the vendor'. */
  words: Readonly<Record<Action, string>>;
  /** What to do instead, where the sentence alone would not say it. */
  hints?: Partial<Record<Action, Partial<Record<Status, string>>>>;
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'An' : 'A');

/** Why `action` may not be done in `status` (a 400's message), or null when it may. */
export function actionRefusal<Action extends string, Status extends string>(table: ActionTable<Action, Status>, action: Action, status: Status): string | null {
  if (table.transitions[action].includes(status)) return null;
  const words = table.statuses.find((s) => s.value === status)!.label.toLowerCase();
  const hint = table.hints?.[action]?.[status];
  return `${article(words)} ${words} ${table.noun} cannot be ${table.words[action]}${hint ? `: ${hint}` : ''}.`;
}
