// Digits, plus and space only, 10 to 13 characters: local and +91-style numbers, optionally spaced.
const PHONE = /^[\d+ ]{10,13}$/;
// Deliberately basic: something@domain.tld with a 2-4 letter top-level part.
const EMAIL = /^[^\s@]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,4}$/;

/** Whether a phone number has an allowed shape; empty is not valid (optionality is the form's call). */
export function isValidPhone(value: string | null | undefined): boolean {
  return PHONE.test(value ?? '');
}

/** Whether an e-mail address has the basic local@domain.tld shape. */
export function isValidEmail(value: string | null | undefined): boolean {
  return EMAIL.test(value ?? '');
}
