import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLiveQuery } from 'dexie-react-hooks';
import { Alert, Button, Field, Heading, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { isJobOrderOpen, jobOrderLabel, type JobOrder } from '../../../domain/job-order';
import { materialUnitLabel, type Material } from '../../../domain/material';
import { pathOf } from '../../../domain/routes';
import { businessToday, parseDisplayDate } from '../../../domain/rules/dates';
import { formatIndian } from '../../../domain/decimal';
import { RECORDED_STOCK_TRANSACTION_TYPES, STOCK_ENTRY_MESSAGES, STOCK_MESSAGES, stockTransactionCreateSchema } from '../../../domain/stock';
import { mirror } from '../../data/mirror/db';
import { enqueue } from '../../data/outbox';
import { MaterialPicker } from '../../ui/MaterialPicker';
import { notify } from '../../ui/notify';
import { trackSave, useUnsavedChanges } from '../../ui/unsaved-changes';
import { recordStockTransaction } from '../../data/operations';

type Kind = (typeof RECORDED_STOCK_TRANSACTION_TYPES)[number]['value'];

export const TRANSACTION_SAVED = 'Stock transaction saved.';

/**
 * An issue straight to a job order, or a return from one (issues against a requisition are made
 * on the requisition); receipts come in through GRAs, corrections as adjustment requests. Through
 * the outbox: it works offline, and a refusal (not enough stock) waits in the Sync screen to be
 * corrected.
 */
export default function StockTransactionCreateScreen() {
  const navigate = useNavigate();
  const [kind, setKind] = useState<Kind>('issue');
  const [material, setMaterial] = useState<Material | null>(null);
  const [quantity, setQuantity] = useState('');
  const [date, setDate] = useState('');
  const [jobOrder, setJobOrder] = useState('');
  const [remarks, setRemarks] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useUnsavedChanges(material !== null || quantity !== '' || remarks !== '');
  const jobOrders = useLiveQuery(async () => (await mirror.rowsOf<JobOrder>('jobOrders').toArray()).filter(isJobOrderOpen).sort((a, b) => b.id - a.id), []);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    // Every field's error shows at once: the date's own check does not hold back the others'.
    const found: Record<string, string> = {};
    const day = date.trim() ? parseDisplayDate(date) : null;
    const today = businessToday();
    if (day && !day.ok) found.transaction_date = day.message;
    else if (day?.iso && day.iso > today) found.transaction_date = STOCK_MESSAGES.futureDate;
    const magnitude = quantity.trim().replace(/^[-+]/, '');
    const parsed = stockTransactionCreateSchema.safeParse({
      material: material?.id,
      transaction_type: kind,
      quantity: kind === 'issue' ? `-${magnitude}` : magnitude,
      transaction_date: (day?.ok && day.iso) || today,
      job_order: jobOrder ? Number(jobOrder) : null,
      remarks,
    });
    for (const issue of parsed.error?.issues ?? []) found[String(issue.path[0] ?? '')] ??= issue.message;
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    await enqueue(recordStockTransaction, parsed.data);
    notify({ type: 'positive', message: TRANSACTION_SAVED });
    navigate(pathOf('stock-transactions-home'));
  };

  return (
    // The save is tracked as FormStack tracks it: moving on to the list after it asks nothing.
    <form onSubmit={(event) => trackSave(save(event))} noValidate aria-label="New stock transaction">
      <Stack gap="4" maxW="3xl">
        <Heading size="xl">New stock transaction</Heading>
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{STOCK_ENTRY_MESSAGES.receipt}</Alert.Title>
        </Alert.Root>
        <Field.Root>
          <Field.Label>Type</Field.Label>
          <NativeSelect.Root size="lg">
            <NativeSelect.Field aria-label="Type" value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
              {RECORDED_STOCK_TRANSACTION_TYPES.map((k) => (
                <option key={k.value} value={k.value}>
                  {k.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {material ? (
          <HStack>
            <Text flex="1" fontWeight="semibold">
              {material.name} · on hand {formatIndian(material.quantity)} {materialUnitLabel(material.unit)}
            </Text>
            <Button variant="outline" onClick={() => setMaterial(null)}>
              Change material
            </Button>
          </HStack>
        ) : (
          <Field.Root invalid={!!errors.material}>
            <MaterialPicker exclude={new Set()} onPick={setMaterial} />
            {errors.material && <Field.ErrorText>{errors.material}</Field.ErrorText>}
          </Field.Root>
        )}
        <Field.Root invalid={!!errors.quantity} required>
          <Field.Label>Quantity</Field.Label>
          <Input size="lg" inputMode="decimal" value={quantity} onChange={(e) => setQuantity(e.target.value)} />
          {errors.quantity && <Field.ErrorText>{errors.quantity}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={!!errors.requisition || !!errors.job_order}>
          <Field.Label>Job order</Field.Label>
          <NativeSelect.Root size="lg">
            <NativeSelect.Field aria-label="Job order" value={jobOrder} onChange={(e) => setJobOrder(e.target.value)}>
              <option value="">Select</option>
              {(jobOrders ?? []).map((j) => (
                <option key={j.id} value={j.id}>
                  {jobOrderLabel(j)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {(errors.requisition || errors.job_order) && <Field.ErrorText>{errors.requisition ?? errors.job_order}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={!!errors.transaction_date}>
          <Field.Label>Date (DD-MM-YYYY, today if empty)</Field.Label>
          <Input size="lg" value={date} onChange={(e) => setDate(e.target.value)} />
          {errors.transaction_date && <Field.ErrorText>{errors.transaction_date}</Field.ErrorText>}
        </Field.Root>
        <Field.Root>
          <Field.Label>Remarks</Field.Label>
          <Input size="lg" value={remarks} onChange={(e) => setRemarks(e.target.value)} />
        </Field.Root>
        <HStack>
          <Button type="submit" size="lg">
            Save
          </Button>
          <Button size="lg" variant="outline" onClick={() => navigate(pathOf('stock-transactions-home'))}>
            Cancel
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
