import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLiveQuery } from 'dexie-react-hooks';
import { Alert, Button, Card, Field, Heading, HStack, Input, NativeSelect, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { compare, formatIndian } from '../../../domain/decimal';
import { GRA_MESSAGES, graCreateSchema, type GraCreate } from '../../../domain/gra';
import { materialUnitLabel, type MaterialName } from '../../../domain/material';
import { materialIdFromLabel } from '../../../domain/material-label';
import { pathOf } from '../../../domain/routes';
import { businessToday, formatDisplayDate, parseDisplayDate } from '../../../domain/rules/dates';
import { STOCK_MESSAGES } from '../../../domain/stock';
import type { Vendor } from '../../../domain/vendor';
import { mirror } from '../../data/mirror/db';
import { createGra } from '../../data/operations';
import { enqueue } from '../../data/outbox';
import { DateField, FormStack, ScreenFormActions, SelectOptions } from '../../ui/form';
import { MaterialPicker } from '../../ui/MaterialPicker';
import { notify } from '../../ui/notify';
import { QrScanner } from '../../ui/QrScanner';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { lpoTitle, useReceivableLines, useReceivableLpos, type ReceivableLine } from './data';

export const GRA_SAVED = 'GRA saved. Stock grows by what was accepted as soon as the server confirms it.';
export const GRA_SAVED_OFFLINE = 'GRA saved on this device. It is sent when the connection is back.';
export const NO_LINES = 'Enter the quantity received of at least one material.';
export const NO_LPO = 'Choose the LPO the goods came against.';
export const NO_GRA_DATE = 'Give the date the goods came, as DD-MM-YYYY.';

/** The GRA date typed, as ISO, or why it cannot be sent: not a date, none, or after today (the ledger's own rule). */
function graDateOf(typed: string): { iso: string } | { problem: string } {
  const day = parseDisplayDate(typed);
  if (!day.ok) return { problem: day.message };
  if (!day.iso) return { problem: NO_GRA_DATE };
  return day.iso > businessToday() ? { problem: STOCK_MESSAGES.futureDate } : { iso: day.iso };
}

/** What the device flags above what is still to come: the server alone knows the over-receipt tolerance. */
export const overReceiptWarning = (receivable: string, unit: string) =>
  `More than is still to come on the LPO (${formatIndian(receivable, 3)} ${unit}). The server takes it only within the over-receipt tolerance.`;
export const notOnLpo = (material: string) => `${material} is not on this LPO.`;

type Mode = 'lpo' | 'none';
const MODES: readonly (readonly [Mode, string])[] = [
  ['lpo', 'Against an LPO'],
  ['none', 'Without LPO'],
];
interface Typed {
  received: string;
  accepted: string;
}
interface FreeLine extends Typed {
  material: MaterialName;
  rate: string;
}

const blank: Typed = { received: '', accepted: '' };
/** The accepted quantity: as typed, or all that was received when left empty. */
const acceptedOf = (typed: Typed) => typed.accepted.trim() || typed.received.trim();

/** The zod messages of the payload, keyed as the form shows them ('gra_items.2.quantity_accepted' → the line's key). */
function problemsOf(payload: GraCreate, keys: readonly string[]): Record<string, string> {
  const parsed = graCreateSchema.safeParse(payload);
  if (parsed.success) return {};
  const problems: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const [first, index, field] = issue.path.map(String);
    const key = first === 'gra_items' && index !== undefined ? `${keys[Number(index)]}.${field ?? 'quantity_received'}` : (first ?? 'form');
    problems[key] ??= issue.message;
  }
  return problems;
}

function QuantityInputs({ id, label, typed, errors, onChange }: { id: string; label: string; typed: Typed; errors: Readonly<Record<string, string>>; onChange: (typed: Typed) => void }) {
  return (
    <>
      <Table.Cell>
        <Field.Root invalid={!!errors[`${id}.quantity_received`]}>
          <Input id={`received-${id}`} size="lg" w="28" inputMode="decimal" aria-label={`Received of ${label}`} value={typed.received} onChange={(e) => onChange({ ...typed, received: e.target.value })} />
          {errors[`${id}.quantity_received`] && <Field.ErrorText>{errors[`${id}.quantity_received`]}</Field.ErrorText>}
        </Field.Root>
      </Table.Cell>
      <Table.Cell>
        <Field.Root invalid={!!errors[`${id}.quantity_accepted`]}>
          <Input size="lg" w="28" inputMode="decimal" aria-label={`Accepted of ${label}`} placeholder={typed.received} value={typed.accepted} onChange={(e) => onChange({ ...typed, accepted: e.target.value })} />
          {errors[`${id}.quantity_accepted`] && <Field.ErrorText>{errors[`${id}.quantity_accepted`]}</Field.ErrorText>}
        </Field.Root>
      </Table.Cell>
    </>
  );
}

/** The LPO's lines: ordered, received so far, still to come, and what arrived now. */
function LpoLines({ lines, quantities, onChange, errors, scanned }: { lines: readonly ReceivableLine[]; quantities: Readonly<Record<number, Typed>>; onChange: (item: number, typed: Typed) => void; errors: Readonly<Record<string, string>>; scanned: number | null }) {
  if (!lines.length) return <Text color="fg.muted">This LPO has no lines on this device yet.</Text>;
  return (
    <Table.ScrollArea>
      <Table.Root size="md" aria-label="Lines of the LPO">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Material</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Ordered</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Received so far</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Still to come</Table.ColumnHeader>
            <Table.ColumnHeader>Received</Table.ColumnHeader>
            <Table.ColumnHeader>Accepted</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {lines.map(({ item, material, unit, receivable }) => {
            const typed = quantities[item.id] ?? blank;
            const accepted = acceptedOf(typed);
            const over = /^\d+(\.\d+)?$/.test(accepted) && compare(accepted, receivable) > 0;
            return (
              <Table.Row key={item.id} bg={scanned === item.id ? 'teal.subtle' : undefined} data-scanned={scanned === item.id || undefined}>
                <Table.Cell>
                  {material}
                  {over && (
                    <Text role="alert" color="orange.fg" textStyle="sm">
                      {overReceiptWarning(receivable, materialUnitLabel(unit))}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell textAlign="end">{formatIndian(item.quantity, 3)}</Table.Cell>
                <Table.Cell textAlign="end">{formatIndian(item.quantity_received, 3)}</Table.Cell>
                <Table.Cell textAlign="end">{formatIndian(receivable, 3)}</Table.Cell>
                <QuantityInputs id={String(item.id)} label={material} typed={typed} errors={errors} onChange={(next) => onChange(item.id, next)} />
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** Goods without an LPO: each material picked, with what came, what was accepted and the rate billed. */
function FreeLines({ lines, onChange, errors }: { lines: readonly FreeLine[]; onChange: (lines: FreeLine[]) => void; errors: Readonly<Record<string, string>> }) {
  const chosen = new Set(lines.map((l) => l.material.id));
  const set = (index: number, line: FreeLine) => onChange(lines.map((l, i) => (i === index ? line : l)));
  return (
    <Stack gap="3">
      {lines.length > 0 && (
        <Table.ScrollArea>
          <Table.Root size="md" aria-label="Materials received">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Material</Table.ColumnHeader>
                <Table.ColumnHeader>Received</Table.ColumnHeader>
                <Table.ColumnHeader>Accepted</Table.ColumnHeader>
                <Table.ColumnHeader>Rate</Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {lines.map((line, i) => {
                const id = `m${line.material.id}`;
                return (
                  <Table.Row key={id}>
                    <Table.Cell>{line.material.name}</Table.Cell>
                    <QuantityInputs id={id} label={line.material.name} typed={line} errors={errors} onChange={(typed) => set(i, { ...line, ...typed })} />
                    <Table.Cell>
                      <Field.Root invalid={!!errors[`${id}.rate`]}>
                        <Input size="lg" w="28" inputMode="decimal" aria-label={`Rate of ${line.material.name}`} value={line.rate} onChange={(e) => set(i, { ...line, rate: e.target.value })} />
                        {errors[`${id}.rate`] && <Field.ErrorText>{errors[`${id}.rate`]}</Field.ErrorText>}
                      </Field.Root>
                    </Table.Cell>
                    <Table.Cell>
                      <Button size="lg" minH="11" variant="ghost" onClick={() => onChange(lines.filter((_, j) => j !== i))}>
                        Remove
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <MaterialPicker exclude={chosen} label="Add a material" onPick={(material) => onChange([...lines, { material, ...blank, rate: '' }])} />
    </Stack>
  );
}

function useVendorOptions() {
  return useLiveQuery(async () => (await mirror.rowsOf<Vendor>('vendors').toArray()).filter((v) => !v.deleted_at).sort((a, b) => a.name.localeCompare(b.name)).map((v) => ({ value: v.id, label: v.name })), []);
}

/**
 * gra-create: goods received against an open LPO (its lines with what is still to come) or,
 * for a reason, without one. Saved through the outbox, so stores book goods at the gate with no
 * connection; the server checks the LPO and the over-receipt tolerance when it takes the GRA.
 */
export default function GraCreateScreen() {
  const navigate = useNavigate();
  const lpos = useReceivableLpos();
  const vendors = useVendorOptions();
  const [mode, setMode] = useState<Mode>('lpo');
  const [lpo, setLpo] = useState<number | null>(null);
  const [vendor, setVendor] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [graDate, setGraDate] = useState(() => formatDisplayDate(businessToday()));
  const [invoice, setInvoice] = useState('');
  const [challan, setChallan] = useState('');
  const [remarks, setRemarks] = useState('');
  const [quantities, setQuantities] = useState<Readonly<Record<number, Typed>>>({});
  const [free, setFree] = useState<FreeLine[]>([]);
  const [scanned, setScanned] = useState<number | null>(null);
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});
  const [saving, setSaving] = useState(false);
  const lines = useReceivableLines(mode === 'lpo' ? lpo : null);
  const chosenLpo = lpos?.find((l) => l.id === lpo);
  useUnsavedChanges(!saving && (Object.values(quantities).some((q) => q.received.trim() !== '') || free.length > 0 || reason !== '' || invoice !== '' || challan !== ''));

  /** The scanned material's line lit and its Received field focused (and answered, for the scanner to hand the focus to); else why not. */
  const scan = (text: string): HTMLElement | null => {
    const id = materialIdFromLabel(text);
    const line = lines?.find((l) => l.item.material === id);
    if (!line) {
      void notOnThisLpo(id);
      return null;
    }
    setErrors({});
    setScanned(line.item.id);
    const field = document.getElementById(`received-${line.item.id}`);
    field?.focus();
    return field;
  };
  const notOnThisLpo = async (id: number | null) => {
    const material = id === null ? undefined : ((await mirror.rowsOf<MaterialName>('materials').get(id)) as MaterialName | undefined);
    setErrors({ scan: material ? notOnLpo(material.name) : 'This label is not a material on this device.' });
  };

  const save = async () => {
    const typedLines =
      mode === 'lpo'
        ? (lines ?? []).flatMap(({ item }) => {
            const typed = quantities[item.id];
            return typed && typed.received.trim() ? [{ key: String(item.id), line: { lpo_item: item.id, material: item.material, quantity_received: typed.received.trim(), quantity_accepted: acceptedOf(typed) } }] : [];
          })
        : free.map((l) => ({ key: `m${l.material.id}`, line: { material: l.material.id, quantity_received: l.received.trim(), quantity_accepted: acceptedOf(l), rate: l.rate.trim() || undefined } }));
    const date = graDateOf(graDate);
    const payload: GraCreate = {
      ...(mode === 'lpo' ? { lpo: lpo ?? undefined, vendor: chosenLpo?.vendor } : { lpo: null, vendor: vendor ?? undefined, without_lpo_reason: reason.trim() || undefined }),
      // A date with a problem is said once, below, not again by the schema.
      gra_date: 'iso' in date ? date.iso : businessToday(),
      invoice_number: invoice.trim(),
      challan_number: challan.trim(),
      remarks: remarks.trim(),
      gra_items: typedLines.map((l) => l.line),
    };
    const problems = problemsOf(
      payload,
      typedLines.map((l) => l.key),
    );
    // The schema checks these only once its fields are valid: the form says all that is missing at once.
    if ('problem' in date) problems.gra_date = date.problem;
    if (mode === 'lpo' && lpo === null) problems.lpo = NO_LPO;
    if (mode === 'none' && vendor === null) problems.vendor = GRA_MESSAGES.vendorRequired;
    if (mode === 'none' && !reason.trim()) problems.without_lpo_reason = GRA_MESSAGES.reasonRequired;
    if ((mode === 'none' || lpo !== null) && !typedLines.length) problems.gra_items = NO_LINES;
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setSaving(true);
    const { tempId } = await enqueue(createGra, payload);
    notify({ type: 'positive', message: navigator.onLine ? GRA_SAVED : GRA_SAVED_OFFLINE });
    navigate(tempId === null ? pathOf('gra-home') : pathOf('gra-detail', { id: tempId }));
  };

  return (
    <FormStack maxW="5xl" onSubmit={(e) => (e.preventDefault(), save())} aria-label="New GRA">
      <Heading size="2xl">New GRA</Heading>
      <HStack gap="2" role="group" aria-label="Received">
        {MODES.map(([value, label]) => (
          <Button key={value} size="lg" minH="11" variant={mode === value ? 'solid' : 'outline'} aria-pressed={mode === value} onClick={() => (setMode(value), setErrors({}))}>
            {label}
          </Button>
        ))}
      </HStack>
      {mode === 'lpo' ? (
        <Field.Root invalid={!!errors.lpo} required>
          <Field.Label>LPO</Field.Label>
          <NativeSelect.Root size="lg">
            <NativeSelect.Field
              aria-label="LPO"
              value={lpo === null ? '' : String(lpo)}
              onChange={(e) => {
                setLpo(e.target.value ? Number(e.target.value) : null);
                setQuantities({});
                setScanned(null);
              }}
            >
              <SelectOptions blank="Choose an LPO" options={(lpos ?? []).map((l) => ({ value: l.id, label: `${lpoTitle(l.id)} · ${l.vendor_name} · ${formatDisplayDate(l.lpo_date)}` }))} />
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {errors.lpo && <Field.ErrorText>{errors.lpo}</Field.ErrorText>}
          {lpos?.length === 0 && <Field.HelperText>No LPO awaiting goods is on this device.</Field.HelperText>}
        </Field.Root>
      ) : (
        <>
          <Field.Root invalid={!!errors.vendor} required>
            <Field.Label>Vendor</Field.Label>
            <NativeSelect.Root size="lg">
              <NativeSelect.Field aria-label="Vendor" value={vendor === null ? '' : String(vendor)} onChange={(e) => setVendor(e.target.value ? Number(e.target.value) : null)}>
                <SelectOptions blank="Choose a vendor" options={vendors ?? []} />
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {errors.vendor && <Field.ErrorText>{errors.vendor}</Field.ErrorText>}
          </Field.Root>
          <Field.Root invalid={!!errors.without_lpo_reason} required>
            <Field.Label>Why without an LPO</Field.Label>
            <Textarea size="lg" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={1000} />
            {errors.without_lpo_reason && <Field.ErrorText>{errors.without_lpo_reason}</Field.ErrorText>}
          </Field.Root>
        </>
      )}
      <Stack direction={{ base: 'column', md: 'row' }} gap="4">
        <DateField label="GRA date" required value={graDate} onChange={setGraDate} error={errors.gra_date} />
        <Field.Root invalid={!!errors.invoice_number}>
          <Field.Label>Invoice number</Field.Label>
          <Input size="lg" value={invoice} onChange={(e) => setInvoice(e.target.value)} maxLength={100} />
          {errors.invoice_number && <Field.ErrorText>{errors.invoice_number}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={!!errors.challan_number}>
          <Field.Label>Challan number</Field.Label>
          <Input size="lg" value={challan} onChange={(e) => setChallan(e.target.value)} maxLength={100} />
          {errors.challan_number && <Field.ErrorText>{errors.challan_number}</Field.ErrorText>}
        </Field.Root>
      </Stack>
      <Field.Root>
        <Field.Label>Remarks</Field.Label>
        <Textarea size="lg" value={remarks} onChange={(e) => setRemarks(e.target.value)} maxLength={2000} />
      </Field.Root>

      {(mode === 'none' || lpo !== null) && (
        <Card.Root>
          <Card.Body>
            <Stack gap="4">
              <HStack justify="space-between" wrap="wrap">
                <Heading size="lg">Goods received</Heading>
                {mode === 'lpo' && <QrScanner onScan={scan} />}
              </HStack>
              {errors.scan && (
                <Text role="alert" color="fg.error">
                  {errors.scan}
                </Text>
              )}
              {mode === 'lpo' ? (
                <LpoLines lines={lines ?? []} quantities={quantities} onChange={(item, typed) => setQuantities((q) => ({ ...q, [item]: typed }))} errors={errors} scanned={scanned} />
              ) : (
                <FreeLines lines={free} onChange={setFree} errors={errors} />
              )}
              <Text color="fg.muted" textStyle="sm">
                Accepted is what enters stock; left empty, all that was received is accepted.
              </Text>
              {errors.gra_items && (
                <Alert.Root status="error">
                  <Alert.Indicator />
                  <Alert.Title>{errors.gra_items}</Alert.Title>
                </Alert.Root>
              )}
            </Stack>
          </Card.Body>
        </Card.Root>
      )}

      <ScreenFormActions save="Save GRA" saving={saving} onCancel={() => navigate(pathOf('gra-home'))} />
    </FormStack>
  );
}
