import { useMemo } from 'react';
import { Button, HStack, SimpleGrid, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { displayDateInput } from '../../domain/entity';
import type { Material } from '../../domain/material';
import type { Option } from '../../domain/options';
import { businessToday, formatDisplayDate, isPartialDate, PARTIAL_DATE_NOTE } from '../../domain/rules/dates';
import { mirror } from '../data/mirror/db';
import { FormStack, SelectField, TextField } from './form';
import { MaterialPicker } from './MaterialPicker';

/**
 * What the user may narrow a report by, as the API's query parameters: a period typed as
 * DD-MM-YYYY (optionally the last `lastDays` days until the user changes it), a choice among
 * options (`all` labels the choice of none), one material, or words typed (a name, a part of one).
 */
export type ReportFilter =
  | { kind: 'period'; from: string; to: string; lastDays?: number }
  | { kind: 'choice'; name: string; label: string; options: readonly Option[]; all?: string }
  | { kind: 'material'; name: string }
  | { kind: 'text'; name: string; label: string };


const filterNames = (f: ReportFilter) => (f.kind === 'period' ? [f.from, f.to] : [f.name]);

function defaultOf(f: ReportFilter, name: string): string {
  if (f.kind === 'period') return name === f.from && f.lastDays ? businessToday(-f.lastDays) : '';
  if (f.kind === 'choice' && f.all === undefined) return f.options[0]?.value ?? '';
  return '';
}

/** The filters in force: what the user chose (kept in the address, so it can be shared and goes back), else each default. */
export function chosenFilters(fields: readonly ReportFilter[], search: URLSearchParams): Record<string, string> {
  return Object.fromEntries(fields.flatMap((f) => filterNames(f).map((name) => [name, search.get(name) ?? defaultOf(f, name)])));
}

/** The filters in force in words, for a file or a print: "From 01-09-2026 to 31-10-2026 · By customer". */
export function describeFilters(fields: readonly ReportFilter[], chosen: Record<string, string>): string {
  return fields
    .flatMap((f) => {
      if (f.kind === 'period') {
        const [from, to] = [chosen[f.from], chosen[f.to]].map((day) => (day ? formatDisplayDate(day) : ''));
        return from || to ? [[from && `From ${from}`, to && `to ${to}`].filter(Boolean).join(' ')] : ['All dates'];
      }
      if (f.kind === 'choice') return chosen[f.name] ? [`${f.label}: ${f.options.find((o) => o.value === chosen[f.name])?.label ?? chosen[f.name]}`] : [];
      if (f.kind === 'text') return chosen[f.name] ? [`${f.label}: ${chosen[f.name]}`] : [];
      return chosen[f.name] ? [`Material No. ${chosen[f.name]}`] : [];
    })
    .join(' · ');
}

/** The form's schema: dates read as the spec types them, then the report's own query schema (with the screen's fixed parameters) checks the lot. */
function filterFormSchema(fields: readonly ReportFilter[], query: z.ZodType, fixed: Record<string, string | number>) {
  const shape: Record<string, z.ZodType<unknown, string>> = {};
  for (const f of fields) {
    if (f.kind === 'period') Object.assign(shape, { [f.from]: displayDateInput, [f.to]: displayDateInput });
    else shape[f.name] = z.string().transform((v) => v.trim() || undefined);
  }
  return z
    .object(shape)
    .transform((values) => ({ ...fixed, ...values }))
    .pipe(query as z.ZodType<Record<string, unknown>, Record<string, unknown>>);
}

const NO_MATERIALS: ReadonlySet<number> = new Set();

function MaterialFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const material = useLiveQuery(async () => (value ? await mirror.rowsOf<Material>('materials').get(Number(value)) : undefined), [value]);
  if (!value) return <MaterialPicker label="Narrow to a material" exclude={NO_MATERIALS} onPick={(m) => onChange(String(m.id))} />;
  return (
    <HStack>
      <Text fontWeight="semibold">Material: {material?.name ?? `No. ${value}`}</Text>
      <Button variant="outline" onClick={() => onChange('')}>
        All materials
      </Button>
    </HStack>
  );
}

/** The filter form of a report: "Show" checks the choice and hands it on as query parameters. */
export function ReportFilters({ fields, query, fixed, chosen, onChoose }: { fields: readonly ReportFilter[]; query: z.ZodType; fixed: Record<string, string | number>; chosen: Record<string, string>; onChoose: (values: Record<string, string>) => void }) {
  const schema = useMemo(() => filterFormSchema(fields, query, fixed), [fields, query, fixed]);
  const periods = new Set(fields.flatMap((f) => (f.kind === 'period' ? [f.from, f.to] : [])));
  const { register, handleSubmit, control, formState } = useForm<Record<string, string>, unknown, Record<string, unknown>>({
    resolver: zodResolver(schema),
    defaultValues: Object.fromEntries(Object.entries(chosen).map(([name, value]) => [name, periods.has(name) ? formatDisplayDate(value) : value])),
  });
  const errors = formState.errors;
  const typed = useWatch({ control });
  // A date too short to read is left out, as the spec says, and the field says so once the user leaves it.
  const periodField = (name: string, label: string) => (
    <TextField
      key={name}
      label={label}
      placeholder="DD-MM-YYYY"
      registration={register(name)}
      error={errors[name]}
      helper={(formState.touchedFields[name] || formState.isSubmitted) && isPartialDate(typed[name]) ? PARTIAL_DATE_NOTE : undefined}
    />
  );
  const submit = handleSubmit((values) => {
    // Every filter goes in the address, empty ones too: a period the user cleared stays cleared.
    onChoose(Object.fromEntries(fields.flatMap(filterNames).map((name) => [name, values[name] == null ? '' : String(values[name])])));
  });
  return (
    <FormStack onSubmit={submit} aria-label="Filters" gap="3">
      <SimpleGrid columns={{ base: 1, md: 4 }} gap="3" alignItems="end">
        {fields.map((f) =>
          f.kind === 'period' ? (
            [periodField(f.from, 'From'), periodField(f.to, 'To')]
          ) : f.kind === 'choice' ? (
            <SelectField key={f.name} label={f.label} options={f.options} placeholder={f.all ?? null} registration={register(f.name)} error={errors[f.name]} />
          ) : f.kind === 'text' ? (
            <TextField key={f.name} label={f.label} registration={register(f.name)} error={errors[f.name]} />
          ) : null,
        )}
      </SimpleGrid>
      {fields.map((f) => f.kind === 'material' && <Controller key={f.name} control={control} name={f.name} render={({ field }) => <MaterialFilter value={field.value ?? ''} onChange={field.onChange} />} />)}
      <HStack>
        <Button type="submit">Show</Button>
      </HStack>
    </FormStack>
  );
}
