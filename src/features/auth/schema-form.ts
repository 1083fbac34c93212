import { useRef, useState, type BaseSyntheticEvent } from 'react';
import type { FieldError, UseFormRegisterReturn, UseFormSetError } from 'react-hook-form';
import type * as z from 'zod/mini';

type Errors<F extends string> = Partial<Record<F, FieldError>>;

function fieldErrors<F extends string>(issues: readonly z.core.$ZodIssue[]): Errors<F> {
  const errors: Errors<F> = {};
  for (const issue of issues) {
    const field = issue.path[0] as F;
    errors[field] ??= { type: issue.code, message: issue.message };
  }
  return errors;
}

/**
 * A small form of text fields checked by a zod schema, for the sign-in page only: react-hook-form is
 * 16 KiB gzipped, and the sign-in page is the first download of every device (issue 16 §4's budget).
 * It behaves as the other forms do: checked on submit, then again on every change; the first
 * field in error takes the focus; the server's field messages land on their fields.
 */
export function useSchemaForm<S extends z.ZodMiniObject, F extends keyof z.input<S> & string>(schema: S, fields: readonly F[]) {
  const values = useRef({} as Record<F, string>);
  const inputs = useRef({} as Partial<Record<F, HTMLInputElement | null>>);
  const [errors, setErrors] = useState<Errors<F>>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);

  const check = () => {
    const result = schema.safeParse(values.current);
    const found: Errors<F> = result.success ? {} : fieldErrors<F>(result.error.issues);
    setErrors(found);
    return { data: result.success ? result.data : null, found };
  };

  const register = (name: F): UseFormRegisterReturn<F> => ({
    name,
    ref: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
      if (input) values.current[name] = input.value;
    },
    onChange: async (event: { target: { value: string } }) => {
      values.current[name] = event.target.value;
      if (submitted) check();
    },
    onBlur: async () => undefined,
  });

  const setError: UseFormSetError<Record<F, string>> = (name, error) => {
    setErrors((current) => ({ ...current, [name]: { type: error.type ?? 'server', message: error.message } }));
  };

  const handleSubmit = (onValid: (data: z.output<S>) => Promise<void>) => async (event?: BaseSyntheticEvent) => {
    event?.preventDefault();
    setSubmitted(true);
    const { data, found } = check();
    if (data === null) {
      const first = fields.find((field) => found[field]);
      if (first) inputs.current[first]?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await onValid(data);
    } finally {
      setSubmitting(false);
    }
  };

  return { register, setError, handleSubmit, errors, isSubmitting };
}
