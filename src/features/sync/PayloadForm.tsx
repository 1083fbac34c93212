import { useMemo, useState } from 'react';
import { Button, Checkbox, Field, HStack, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { OutboxEntry } from '../../data/outbox';
import { mirror } from '../../data/mirror/db';
import { materialUnitLabel, type MaterialName } from '../../../domain/material';
import type { Operation } from '../../data/outbox/operations';
import { payloadFields, readValues, schemaErrors, serverFieldErrors, valuesOf, type FormValues, type PayloadField } from './payload-form';
import { useUnsavedChanges } from '../../ui/unsaved-changes';

function FieldInput({ field, value, onChange }: { field: PayloadField; value: string | boolean; onChange: (value: string | boolean) => void }) {
  if (field.kind === 'boolean') {
    return (
      <Checkbox.Root checked={value === true} onCheckedChange={(e) => onChange(e.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{field.label}</Checkbox.Label>
      </Checkbox.Root>
    );
  }
  if (field.kind === 'choice') {
    return (
      <NativeSelect.Root>
        <NativeSelect.Field value={String(value)} onChange={(e) => onChange(e.target.value)}>
          <option value="">—</option>
          {field.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    );
  }
  if (field.kind === 'files') return <Input readOnly value={String(value)} />;
  if (field.kind === 'json') return <Textarea fontFamily="mono" rows={4} value={String(value)} onChange={(e) => onChange(e.target.value)} />;
  return <Input inputMode={field.kind === 'number' ? 'decimal' : undefined} readOnly={field.readOnly} value={String(value)} onChange={(e) => onChange(e.target.value)} />;
}

/** A material field names its material, as the device knows it: ids mean nothing to a storekeeper. */
function MaterialNote({ id }: { id: number }) {
  const material = useLiveQuery(
    async () => (Number.isInteger(id) ? (((await mirror.rows('materials').get(id)) ?? (await mirror.rows('materialNames').get(id))) as MaterialName | undefined) : undefined) ?? null,
    [id],
  );
  if (!material) return null;
  return <Field.HelperText>{`${material.name} (${materialUnitLabel(material.unit)})`}</Field.HelperText>;
}

/**
 * "Fix and resend": the rejected payload in a form read off the operation's schema, the
 * server's field messages beside the fields, checked by the schema before it is resent.
 */
export function PayloadForm({ entry, operation, onResend, onCancel }: { entry: OutboxEntry; operation: Operation; onResend: (payload: unknown) => Promise<void>; onCancel: () => void }) {
  const fields = useMemo(() => payloadFields(operation.schema), [operation]);
  const [values, setValues] = useState<FormValues>(() => valuesOf(fields, entry.payload));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const server = useMemo(() => serverFieldErrors(entry.lastError?.body), [entry.lastError]);
  useUnsavedChanges(edited.size > 0);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const reading = readValues(fields, values, entry.payload);
    const parsed = operation.schema.safeParse(reading.payload);
    const found = { ...(parsed.success ? {} : schemaErrors(parsed.error)), ...reading.errors };
    setErrors(found);
    if (Object.keys(found).length === 0) await onResend(reading.payload);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={`Fix ${operation.label}`}>
      <Stack gap="3">
        {fields.map((field) => {
          const message = errors[field.name] ?? (edited.has(field.name) ? undefined : server[field.name]);
          return (
            <Field.Root key={field.name} invalid={!!message}>
              {field.kind !== 'boolean' && <Field.Label>{field.label}</Field.Label>}
              <FieldInput
                field={field}
                value={values[field.name] ?? ''}
                onChange={(value) => {
                  setValues((current) => ({ ...current, [field.name]: value }));
                  setEdited((current) => new Set(current).add(field.name));
                }}
              />
              {field.name === 'material' && <MaterialNote id={Number(values[field.name])} />}
              {message && <Field.ErrorText>{message}</Field.ErrorText>}
            </Field.Root>
          );
        })}
        {errors[''] && <Text color="fg.error">{errors['']}</Text>}
        <HStack>
          <Button type="submit" size="sm" colorPalette="blue">
            Resend
          </Button>
          <Button size="sm" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
