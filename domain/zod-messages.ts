import { z } from 'zod';

/**
 * DRF-style messages for the generic cases, so server answers and form errors read the same.
 * Imported once by each tier's entry point (server app, PWA main).
 */
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && issue.input === undefined) return 'This field is required.';
    if (issue.code === 'invalid_type' && issue.input === null) return 'This field may not be null.';
    if (issue.code === 'invalid_type') return `Expected ${issue.expected}.`;
    if (issue.code === 'invalid_value') return `"${String(issue.input)}" is not a valid choice.`;
    if (issue.code === 'unrecognized_keys') return `Unknown field(s): ${issue.keys.join(', ')}.`;
    return undefined;
  },
});
