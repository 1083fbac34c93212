import type { FormEvent, ReactNode } from 'react';
import { Button, Field, HStack, Input, NativeSelect, Stack, Textarea, type InputProps, type StackProps, type TextareaProps } from '@chakra-ui/react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import type { Option } from '../../domain/options';
import { trackSave } from './unsaved-changes';

interface FieldProps {
  label: string;
  error?: FieldError | undefined;
  helper?: ReactNode;
  required?: boolean;
}

/** A form control with its label (starred when required), help and error, as every field of a form shows them. */
function LabelledField({ label, error, helper, required, children }: FieldProps & { children: ReactNode }) {
  return (
    <Field.Root invalid={!!error} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helper && <Field.HelperText>{helper}</Field.HelperText>}
      {error?.message && <Field.ErrorText>{error.message}</Field.ErrorText>}
    </Field.Root>
  );
}

export function TextField({ label, error, helper, required, registration, ...input }: FieldProps & { registration: UseFormRegisterReturn } & InputProps) {
  return (
    <LabelledField label={label} error={error} helper={helper} required={required}>
      <Input {...input} {...registration} />
    </LabelledField>
  );
}

/** How every form types a date (DESIGN.md "Dates"): DD-MM-YYYY on the number keys a tablet offers, read with domain/rules/dates.ts. */
export const DATE_TYPING = { placeholder: 'DD-MM-YYYY', inputMode: 'numeric' } as const satisfies InputProps;

/**
 * A date typed DD-MM-YYYY in a form kept in React state (forms on react-hook-form use TextField
 * with DATE_TYPING): the same box, hint and keys, so a date is typed the same way everywhere.
 */
export function DateField({ label, required, helper, value, onChange, error }: Omit<FieldProps, 'error'> & { value: string; onChange: (typed: string) => void; error?: string | undefined }) {
  return (
    <LabelledField label={label} required={required} helper={helper} error={error ? { type: 'validate', message: error } : undefined}>
      <Input size="lg" {...DATE_TYPING} value={value} onChange={(e) => onChange(e.target.value)} />
    </LabelledField>
  );
}

/** A text box of several lines (an address, remarks). */
export function TextAreaField({ label, error, helper, required, registration, ...input }: FieldProps & { registration: UseFormRegisterReturn } & TextareaProps) {
  return (
    <LabelledField label={label} error={error} helper={helper} required={required}>
      <Textarea {...input} {...registration} />
    </LabelledField>
  );
}

/** A native select's options: a blank first choice (none when `blank` is null), then each option. */
export function SelectOptions({ blank, options }: { blank: string | null; options: readonly { value: string | number; label: string }[] }) {
  return (
    <>
      {blank !== null && <option value="">{blank}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </>
  );
}

/** A dropdown; `placeholder={null}` when the list has its own "none" value (the states' N/A). */
export function SelectField({ label, error, required, registration, options, placeholder = 'Select' }: FieldProps & { registration: UseFormRegisterReturn; options: readonly Option[]; placeholder?: string | null }) {
  return (
    <LabelledField label={label} error={error} required={required}>
      <NativeSelect.Root>
        <NativeSelect.Field {...registration} defaultValue={placeholder === null ? undefined : ''}>
          <SelectOptions blank={placeholder} options={options} />
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </LabelledField>
  );
}

/**
 * A form laid out as a stack; the browser's own validation bubbles are off (zod's messages show).
 * A submit handler that answers a promise is a save: leaving the page while it runs (to the saved
 * record) does not ask about unsaved input.
 */
export function FormStack({ onSubmit, children, 'aria-label': label, ...stack }: StackProps & { onSubmit: (event: FormEvent<HTMLFormElement>) => void | Promise<void> }) {
  return (
    <form
      onSubmit={(event) => {
        const save = onSubmit(event);
        if (save) trackSave(save);
      }}
      noValidate
      aria-label={label}
    >
      <Stack gap="4" {...stack}>
        {children}
      </Stack>
    </form>
  );
}

/** A form's save button and its Cancel beside it (the form empties itself in `onCancel`). */
export function FormActions({ save, saving, onCancel }: { save: string; saving: boolean; onCancel: () => void }) {
  return (
    <HStack>
      <Button type="submit" loading={saving}>
        {save}
      </Button>
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
    </HStack>
  );
}

/** A form screen's save button and its Cancel (which leaves the screen), large for a tablet. */
export function ScreenFormActions({ save, saving, onCancel }: { save: ReactNode; saving: boolean; onCancel: () => void }) {
  return (
    <HStack>
      <Button type="submit" size="lg" minH="14" px="8" loading={saving}>
        {save}
      </Button>
      <Button size="lg" minH="14" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
    </HStack>
  );
}
