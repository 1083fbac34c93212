import { useEffect, useMemo, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { Alert, Box, Button, Card, Field, Heading, HStack, IconButton, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { z } from 'zod';
import { formatIndian, parseDecimal } from '../../../domain/decimal';
import { lpoCreateSchema, type LpoProposal } from '../../../domain/lpo';
import { materialUnitLabel } from '../../../domain/material';
import { materialNamesTypeOf } from '../../../domain/row-rules';
import { pathOf } from '../../../domain/routes';
import { businessToday } from '../../../domain/rules/dates';
import { lpoTotals } from '../../../domain/totals';
import type { Vendor } from '../../../domain/vendor';
import { mirror } from '../../data/mirror/db';
import { useSession } from '../../data/session';
import { NEEDS_CONNECTION, serverFailure } from '../../ui/connection';
import { Failure } from '../../ui/detail';
import { FormStack, SelectOptions, TextAreaField, TextField, ScreenFormActions } from '../../ui/form';
import { MaterialPicker } from '../../ui/MaterialPicker';
import { notify } from '../../ui/notify';
import { applyServerErrors } from '../../ui/server-errors';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { createLpo, reorderProposals, requisitionProposals } from './api';
import { LpoLineFields, LpoTotalsLine, optionalDate, type LpoLineErrors, type LpoLineRegistrations } from './parts';

type LpoInput = z.input<typeof lpoCreateSchema>;
type LpoValues = z.output<typeof lpoCreateSchema>;

export const LPO_FORM_NOTICES = {
  saved: 'LPO saved as a draft.',
  offline: 'Saving an LPO needs a connection to the server. What you typed stays here: save again when you are online.',
  nothingToReorder: 'No material is below its reorder level.',
  nothingShort: 'Nothing on this requisition is short of stock.',
  proposalsFailed: 'The proposed LPOs could not be loaded',
  proposal: (index: number, count: number) => `Proposed LPO ${index} of ${count}`,
  pickVendor: 'These materials were never bought before: pick the vendor.',
} as const;

/** What a proposal's material shows beside its quantity and rate. */
interface Shown {
  name: string;
  unit: string;
}

/** The live vendors on the device, by name. */
function useVendorOptions() {
  return useLiveQuery(async () =>
    (await mirror.rowsOf<Vendor>('vendors').toArray())
      .filter((v) => !v.deleted_at)
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((v) => ({ value: String(v.id), label: v.name })),
  );
}

/** One line of the LPO: the material, its quantity, rate, GST % and expected date, the amount they make, and a way to take it off. */
function LineInput({
  shown,
  registrations,
  amount,
  errors,
  materialError,
  onRemove,
}: {
  shown: Shown;
  registrations: LpoLineRegistrations;
  amount: string;
  errors: LpoLineErrors;
  materialError: string | undefined;
  onRemove: () => void;
}) {
  return (
    <Stack gap="2" data-testid="lpo-line" borderBottomWidth="1px" pb="3">
      <HStack gap="3" align="flex-end" wrap="wrap">
        <Box flex="1" minW="40">
          <Text fontWeight="semibold">{shown.name}</Text>
          <Text color="fg.muted" fontSize="sm">
            {materialUnitLabel(shown.unit)} · ₹ {amount}
          </Text>
          {materialError && <Text color="fg.error">{materialError}</Text>}
        </Box>
        <LpoLineFields name={shown.name} registrations={registrations} errors={errors} />
        <IconButton size="lg" variant="outline" colorPalette="red" aria-label={`Remove ${shown.name}`} onClick={onRemove}>
          ✕
        </IconButton>
      </HStack>
    </Stack>
  );
}

/** The totals of the lines typed so far (those not yet valid count as nothing). */
function typedTotals(lines: readonly Partial<LpoInput['lpo_items'][number]>[] | undefined) {
  return lpoTotals(
    (lines ?? []).map((line) => {
      const [quantity, rate, tax] = [parseDecimal(line.quantity), parseDecimal(line.rate), parseDecimal(line.tax_rate)];
      return quantity && rate ? { quantity, rate, tax_rate: tax ?? '0' } : { quantity: '0', rate: '0', tax_rate: '0' };
    }),
  );
}

const emptyLpo = (): LpoInput => ({ vendor: undefined as unknown as number, lpo_date: businessToday(), expected_date: null, requisition: null, remarks: '', lpo_items: [] });

const fromProposal = (proposal: LpoProposal): LpoInput => ({
  ...emptyLpo(),
  vendor: proposal.vendor ?? (undefined as unknown as number),
  requisition: proposal.requisition,
  lpo_items: proposal.lpo_items.map((line) => ({ material: line.material, quantity: line.quantity, rate: line.rate, tax_rate: line.tax_rate, expected_date: null })),
});

/**
 * lpo-create: a new draft LPO (vendor, dates, remarks and the materials with quantity and rate),
 * saved on the server (an office screen: it needs the connection, and keeps what was typed
 * without one). "Raise from reorder list" (or `?from=reorder`) and `?requisition=` fill it from the server's
 * proposals, one LPO per vendor; after saving one, the next proposal fills the form.
 */
export default function LpoCreateScreen() {
  const navigate = useNavigate();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const vendors = useVendorOptions();
  const [search] = useSearchParams();
  const requisition = Number(search.get('requisition')) || null;
  // `?from=reorder`: opened from the reorder report, the proposals load at once.
  const fromReorder = search.get('from') === 'reorder';
  const { register, handleSubmit, control, formState, setValue, setError, reset } = useForm<LpoInput, unknown, LpoValues>({ resolver: zodResolver(lpoCreateSchema), defaultValues: emptyLpo() });
  const { fields, append, remove } = useFieldArray({ control, name: 'lpo_items' });
  useUnsavedChanges(formState.isDirty && !formState.isSubmitSuccessful);
  const errors = formState.errors;
  const [shown, setShown] = useState<ReadonlyMap<number, Shown>>(new Map());
  const [proposals, setProposals] = useState<readonly LpoProposal[]>([]);
  const [current, setCurrent] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const picked = useMemo(() => new Set(fields.map((f) => f.material)), [fields]);
  const vendor = useWatch({ control, name: 'vendor' });
  const lines = useWatch({ control, name: 'lpo_items' });
  const proposal = proposals[current];
  const totals = typedTotals(lines);

  const show = (list: readonly LpoProposal[], index: number) => {
    setProposals(list);
    setCurrent(index);
    const next = list[index];
    if (!next) return;
    setShown((known) => new Map([...known, ...next.lpo_items.map((l) => [l.material, { name: l.material_name, unit: l.material_unit }] as const)]));
    // Dirty: a prefilled LPO not yet saved is work the user would lose by leaving.
    reset(fromProposal(next), { keepDefaultValues: true });
  };

  const received = (list: readonly LpoProposal[], none: string) => {
    if (!list.length) setProblem(none);
    show(list, 0);
  };

  const loadProposals = async (load: () => Promise<LpoProposal[]>) => {
    if (!navigator.onLine) return setProblem(NEEDS_CONNECTION);
    setLoading(true);
    setProblem(null);
    try {
      received(await load(), LPO_FORM_NOTICES.nothingToReorder);
    } catch (error) {
      setProblem(`${LPO_FORM_NOTICES.proposalsFailed}: ${serverFailure(error)}`);
    } finally {
      setLoading(false);
    }
  };

  // Once, for what the screen was opened with: a requisition's shortfall, or the reorder list.
  useEffect(() => {
    const [load, none] = requisition
      ? [() => requisitionProposals(requisition), LPO_FORM_NOTICES.nothingShort]
      : fromReorder
        ? [reorderProposals, LPO_FORM_NOTICES.nothingToReorder]
        : [null, ''];
    if (!load) return;
    let live = true;
    load().then(
      (list) => live && received(list, none),
      (error: unknown) => live && setProblem(`${LPO_FORM_NOTICES.proposalsFailed}: ${serverFailure(error)}`),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requisition, fromReorder]);

  const onSubmit = handleSubmit(async (lpo) => {
    if (!navigator.onLine) return setProblem(LPO_FORM_NOTICES.offline);
    setProblem(null);
    try {
      const created = await createLpo(lpo);
      void queryClient.invalidateQueries({ queryKey: ['lpos'] });
      notify({ type: 'positive', message: `${LPO_FORM_NOTICES.saved} LPO ${created.id}.` });
      if (current + 1 < proposals.length) show(proposals, current + 1);
      else navigate(pathOf('lpo-detail', { id: created.id }));
    } catch (error) {
      setProblem(applyServerErrors(error, setError, ['vendor', 'lpo_date', 'expected_date', 'remarks', 'lpo_items']));
    }
  });

  const itemsError = errors.lpo_items?.message ?? errors.lpo_items?.root?.message;
  return (
    <FormStack maxW="5xl" onSubmit={onSubmit} aria-label="New LPO">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading size="2xl">New LPO</Heading>
        <Button size="lg" minH="11" variant="outline" loading={loading} onClick={() => void loadProposals(reorderProposals)}>
          Raise from reorder list
        </Button>
      </HStack>
      {proposal && proposals.length > 0 && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>
            {LPO_FORM_NOTICES.proposal(current + 1, proposals.length)}
            {proposal.vendor_name ? `: ${proposal.vendor_name}` : `. ${LPO_FORM_NOTICES.pickVendor}`}
          </Alert.Title>
        </Alert.Root>
      )}
      {problem && <Failure text={problem} />}
      <Field.Root required invalid={!!errors.vendor}>
        <Field.Label>Vendor</Field.Label>
        <NativeSelect.Root size="lg">
          <NativeSelect.Field
            aria-label="Vendor"
            value={vendor == null ? '' : String(vendor)}
            onChange={(e) => setValue('vendor', Number(e.target.value) || (undefined as unknown as number), { shouldDirty: true, shouldValidate: formState.isSubmitted })}
          >
            <SelectOptions blank="Select the vendor" options={vendors ?? []} />
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {errors.vendor?.message && <Field.ErrorText>{errors.vendor.message}</Field.ErrorText>}
      </Field.Root>
      <HStack gap="4" align="flex-start" wrap="wrap">
        <Box flex="1" minW="48">
          <TextField label="LPO date" required type="date" registration={register('lpo_date')} error={errors.lpo_date} />
        </Box>
        <Box flex="1" minW="48">
          <TextField label="Expected by" type="date" helper="For every line without its own date." registration={register('expected_date', optionalDate)} error={errors.expected_date} />
        </Box>
      </HStack>
      <TextAreaField label="Terms and remarks" registration={register('remarks')} error={errors.remarks} />

      <Card.Root>
        <Card.Body>
          <Stack gap="4">
            <Heading size="lg">Materials</Heading>
            {fields.length === 0 && <Text color="fg.muted">Add the materials to order.</Text>}
            {fields.map((field, index) => {
              const line = lines?.[index];
              const typed = parseDecimal(line?.quantity) && parseDecimal(line?.rate);
              const lineErrors = errors.lpo_items?.[index];
              return (
                <LineInput
                  key={field.id}
                  shown={shown.get(field.material) ?? { name: `Material ${field.material}`, unit: '' }}
                  registrations={{
                    quantity: register(`lpo_items.${index}.quantity`),
                    rate: register(`lpo_items.${index}.rate`),
                    tax_rate: register(`lpo_items.${index}.tax_rate`),
                    expected_date: register(`lpo_items.${index}.expected_date`, optionalDate),
                  }}
                  amount={typed ? formatIndian(totals.lines[index]!.amount) : '—'}
                  errors={{ quantity: lineErrors?.quantity, rate: lineErrors?.rate, tax_rate: lineErrors?.tax_rate, expected_date: lineErrors?.expected_date }}
                  materialError={lineErrors?.material?.message}
                  onRemove={() => remove(index)}
                />
              );
            })}
            {fields.length > 0 && <LpoTotalsLine totals={totals} />}
            <MaterialPicker
              type={user ? materialNamesTypeOf(user) : 'materials'}
              exclude={picked}
              onPick={(m) => {
                setShown((known) => new Map(known).set(m.id, { name: m.name, unit: m.unit }));
                append({ material: m.id, quantity: '', rate: '', tax_rate: '0', expected_date: null });
              }}
            />
            {itemsError && <Failure text={itemsError} />}
          </Stack>
        </Card.Body>
      </Card.Root>

      <ScreenFormActions save="Save LPO" saving={formState.isSubmitting} onCancel={() => navigate(pathOf('lpos-home'))} />
    </FormStack>
  );
}
