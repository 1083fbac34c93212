import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useLiveQuery } from 'dexie-react-hooks';
import { Field, Heading, HStack, Input, SimpleGrid, Text, Button } from '@chakra-ui/react';
import { z } from 'zod';
import type { Customer } from '../../../domain/customer';
import { displayDateInput } from '../../../domain/entity';
import { ESTIMATION_MESSAGES, estimationCreateSchema } from '../../../domain/estimation';
import type { Lead } from '../../../domain/lead';
import { whenValid } from '../../../domain/stock';
import { pathOf } from '../../../domain/routes';
import { businessToday, formatDisplayDate } from '../../../domain/rules/dates';
import { mirror } from '../../data/mirror/db';
import { enqueue } from '../../data/outbox';
import type { PayloadFiles } from '../../data/outbox/multipart';
import { createEstimation } from '../../data/operations';
import { optionalChoice } from '../../ui/choices';
import { DATE_TYPING, FormStack, SelectField, TextAreaField, TextField } from '../../ui/form';
import { notify } from '../../ui/notify';
import { useUnsavedChanges } from '../../ui/unsaved-changes';

export const ESTIMATION_SAVED = 'Estimation saved.';
export const ESTIMATION_SAVED_OFFLINE = 'Estimation saved on this device. It is sent to the server when the connection is back.';
export const FILES_WITH_SAVE = 'Drawings and images go with the save, and wait on this device with it while offline.';

const header = estimationCreateSchema.shape;
const formSchema = z
  .object({
    customer: optionalChoice,
    lead: optionalChoice,
    title: header.title,
    requirement: header.requirement,
    estimation_date: displayDateInput.pipe(z.string()),
  })
  // Said with the other fields' messages, not after them.
  .refine((e) => e.customer !== null || e.lead !== null, { path: ['customer'], message: ESTIMATION_MESSAGES.party, ...whenValid('customer', 'lead') });
type FormInput = z.input<typeof formSchema>;
type FormValues = z.output<typeof formSchema>;

/** Empty, but for the customer or lead its link names (a converted lead's "Estimation request": `?customer=501`). */
const empty = (search: URLSearchParams): FormInput => ({
  customer: search.get('customer') ?? '',
  lead: search.get('lead') ?? '',
  title: '',
  requirement: '',
  estimation_date: formatDisplayDate(businessToday()),
});

const asPayloadFiles = (files: readonly File[]): PayloadFiles => files.map((file, line) => ({ line, name: file.name, file }));

function useParties() {
  const customers = useLiveQuery(async () => (await mirror.rowsOf<Customer>('customers').toArray()).filter((c) => !c.deleted_at).sort((a, b) => a.name.localeCompare(b.name)).map((c) => ({ value: String(c.id), label: c.name })), []);
  const leads = useLiveQuery(
    async () => (await mirror.rowsOf<Lead>('leads').toArray()).filter((l) => !l.deleted_at && l.customer === null).sort((a, b) => a.company.localeCompare(b.company)).map((l) => ({ value: String(l.id), label: l.company })),
    [],
  );
  return { customers: customers ?? [], leads: leads ?? [] };
}

function FilesInput({ label, accept, files, onChange }: { label: string; accept: string; files: readonly File[]; onChange: (files: File[]) => void }) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input type="file" multiple accept={accept} p="1" minH="11" onChange={(event) => onChange([...(event.target.files ?? [])])} />
      {files.length > 0 && <Field.HelperText>{files.map((f) => f.name).join(', ')}</Field.HelperText>}
    </Field.Root>
  );
}

/**
 * New estimation (estimation-add, and design-estimation-create for the designer): for a customer
 * or a lead (either named by the link that opened it), with its title, requirement, date and
 * drawings or images. Sales raise it as a request (estimations.request). Saved through the outbox,
 * so it is made offline too and shows at once; then its detail opens.
 */
export default function EstimationFormScreen() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { customers, leads } = useParties();
  const { register, handleSubmit, formState, setValue, getValues } = useForm<FormInput, unknown, FormValues>({ resolver: zodResolver(formSchema), defaultValues: empty(search) });
  const [drawings, setDrawings] = useState<File[]>([]);
  const [images, setImages] = useState<File[]>([]);
  useUnsavedChanges((formState.isDirty || drawings.length + images.length > 0) && !formState.isSubmitSuccessful);
  // A dropdown's options arrive after its value: the value is put back once they are there.
  useEffect(() => setValue('customer', getValues('customer')), [customers, getValues, setValue]);
  useEffect(() => setValue('lead', getValues('lead')), [leads, getValues, setValue]);
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    const { tempId } = await enqueue(createEstimation, { ...values, drawings: asPayloadFiles(drawings), images: asPayloadFiles(images) });
    notify({ type: 'positive', message: navigator.onLine ? ESTIMATION_SAVED : ESTIMATION_SAVED_OFFLINE });
    navigate(pathOf('estimation-detail', { id: tempId! }));
  });

  return (
    <FormStack maxW="4xl" onSubmit={onSubmit} aria-label="New estimation">
      <Heading size="2xl">New estimation</Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <SelectField label="Customer" options={customers} placeholder="No customer" registration={register('customer')} error={errors.customer} />
        <SelectField label="Lead" options={leads} placeholder="No lead" registration={register('lead')} error={errors.lead} />
        <TextField label="Title" required size="lg" registration={register('title')} error={errors.title} />
        <TextField label="Estimation date" required size="lg" {...DATE_TYPING} registration={register('estimation_date')} error={errors.estimation_date} />
      </SimpleGrid>
      <TextAreaField label="Requirement" rows={4} registration={register('requirement')} error={errors.requirement} />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FilesInput label="Drawings" accept="application/pdf,image/png,image/jpeg,.dwg,.dxf" files={drawings} onChange={setDrawings} />
        <FilesInput label="Images" accept="image/png,image/jpeg" files={images} onChange={setImages} />
      </SimpleGrid>
      <Text color="fg.muted">{FILES_WITH_SAVE}</Text>
      <HStack position="sticky" bottom="0" bg="bg" py="3" wrap="wrap">
        <Button type="submit" size="lg" minH="14" px="8" loading={formState.isSubmitting}>
          Save estimation
        </Button>
        <Button size="lg" minH="14" variant="outline" onClick={() => navigate(pathOf('estimations-home'))}>
          Cancel
        </Button>
      </HStack>
    </FormStack>
  );
}
