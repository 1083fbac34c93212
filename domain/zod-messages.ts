// zod/mini's config is zod's own (one global): importing it from here keeps the classic API off the sign-in page.
import * as z from 'zod/mini';

/**
 * DRF-style messages for the generic cases, so server answers and form errors read the same; where
 * DRF's wording is not what a person would say (an empty choice, an empty list), plain words.
 * Imported once by each tier's entry point (server app, PWA main).
 */
z.config({
  customError: (issue) => {
    if ((issue.code === 'invalid_type' || issue.code === 'invalid_value') && issue.input === undefined) return 'This field is required.';
    if (issue.code === 'invalid_type' && issue.input === null) return 'This field may not be null.';
    if (issue.code === 'invalid_type') return `Expected ${issue.expected}.`;
    // An empty choice is a choice not made yet, not a wrong one.
    if (issue.code === 'invalid_value' && issue.input === '') return 'Choose one of the options.';
    if (issue.code === 'invalid_value') return `"${String(issue.input)}" is not a valid choice.`;
    if (issue.code === 'unrecognized_keys') return `Unknown field(s): ${issue.keys.join(', ')}.`;
    if (issue.code === 'too_small') return tooSmall(issue.origin, Number(issue.minimum), issue.inclusive ?? true);
    if (issue.code === 'too_big') return tooBig(issue.origin, Number(issue.maximum), issue.inclusive ?? true);
    return undefined;
  },
});

function tooSmall(origin: string, minimum: number, inclusive: boolean): string | undefined {
  if (origin === 'string') return minimum <= 1 ? 'This field may not be blank.' : `Ensure this field has at least ${minimum} characters.`;
  if (origin === 'array' || origin === 'set') return minimum <= 1 ? 'Add at least one item.' : `Add at least ${minimum} items.`;
  if (origin === 'number' || origin === 'bigint') return `Ensure this value is greater than ${inclusive ? 'or equal to ' : ''}${minimum}.`;
  return undefined;
}

function tooBig(origin: string, maximum: number, inclusive: boolean): string | undefined {
  if (origin === 'string') return `Ensure this field has no more than ${maximum} characters.`;
  if (origin === 'array' || origin === 'set') return `Ensure this field has no more than ${maximum} elements.`;
  if (origin === 'number' || origin === 'bigint') return `Ensure this value is less than ${inclusive ? 'or equal to ' : ''}${maximum}.`;
  return undefined;
}
