import { useForm, type DefaultValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Card, Heading, SimpleGrid } from '@chakra-ui/react';
import type { z } from 'zod';
import { STANDARD_SHEET } from '../../../domain/estimation-costing';
import { estimationMaterialCreateSchema, type EstimationMaterial, type EstimationMaterialCategory } from '../../../domain/estimation-material';
import { MATERIAL_UNITS } from '../../../domain/material';
import { enqueue } from '../../data/outbox';
import { createEstimationMaterial, updateEstimationMaterial } from '../../data/operations';
import { FormActions, FormStack, SelectField, TextField } from '../../ui/form';
import { notify } from '../../ui/notify';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { takenInCategory } from './data';

type MaterialInput = z.input<typeof estimationMaterialCreateSchema>;
type MaterialValues = z.output<typeof estimationMaterialCreateSchema>;

/** The server's words for a name already in the category (server/modules/estimation-materials). */
export const DUPLICATE_MATERIAL = 'This category already has a material with this name.';
export const ESTIMATION_MATERIAL_SAVED = 'Estimation material saved.';
export const ESTIMATION_MATERIAL_SAVED_OFFLINE = 'Estimation material saved on this device. It is sent to the server when the connection is back.';

/** A blank size box means "not set". */
const sizeValue = { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : String(v)) };

const valuesOf = (material: EstimationMaterial | undefined): DefaultValues<MaterialInput> =>
  material
    ? { category: material.category, name: material.name, unit: material.unit, rate: material.rate, sheet_length: material.sheet_length, sheet_width: material.sheet_width, kg_per_metre: material.kg_per_metre }
    : { name: '', unit: 'PCS', rate: '', sheet_length: null, sheet_width: null, kg_per_metre: null };

/**
 * Adds a costing material or edits one (its rate, unit, category and the costing fields: the sheet
 * a SHEET material is bought as, the kilos per metre of a KG one), through the outbox, offline too.
 */
export function EstimationMaterialForm({
  material,
  materials,
  categories,
  onDone,
}: {
  material?: EstimationMaterial;
  materials: readonly EstimationMaterial[];
  categories: readonly EstimationMaterialCategory[];
  onDone: () => void;
}) {
  const { register, handleSubmit, setError, formState, reset } = useForm<MaterialInput, unknown, MaterialValues>({
    resolver: zodResolver(estimationMaterialCreateSchema),
    defaultValues: valuesOf(material),
  });
  useUnsavedChanges(formState.isDirty && !formState.isSubmitSuccessful);
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    if (takenInCategory(materials, values.category, values.name, material?.id)) {
      setError('name', { message: DUPLICATE_MATERIAL });
      return;
    }
    if (material) {
      const changed = Object.fromEntries(Object.entries(values).filter(([field]) => formState.dirtyFields[field as keyof MaterialInput])) as Partial<MaterialValues>;
      await enqueue(updateEstimationMaterial, { id: material.id, ...changed, expected_version: material.version });
    } else {
      await enqueue(createEstimationMaterial, values);
    }
    notify({ type: 'positive', message: navigator.onLine ? ESTIMATION_MATERIAL_SAVED : ESTIMATION_MATERIAL_SAVED_OFFLINE });
    reset(values);
    onDone();
  });

  const title = material ? `Edit ${material.name}` : 'New estimation material';
  return (
    <Card.Root>
      <Card.Body>
        <FormStack onSubmit={onSubmit} aria-label={title}>
          <Heading size="lg">{title}</Heading>
          <TextField label="Name" required autoFocus registration={register('name')} error={errors.name} />
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <SelectField
              label="Category"
              required
              options={categories.map((c) => ({ value: String(c.id), label: c.name }))}
              registration={register('category', { setValueAs: (v: unknown) => (v === '' || v === undefined ? undefined : Number(v)) })}
              error={errors.category}
            />
            <SelectField label="Unit" required placeholder={null} options={MATERIAL_UNITS} registration={register('unit')} error={errors.unit} />
            <TextField label="Rate (₹ per unit)" required inputMode="decimal" registration={register('rate')} error={errors.rate} />
          </SimpleGrid>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <TextField label="Sheet length (mm)" inputMode="decimal" helper={`Sheet materials; ${STANDARD_SHEET.length} when blank`} registration={register('sheet_length', sizeValue)} error={errors.sheet_length} />
            <TextField label="Sheet width (mm)" inputMode="decimal" helper={`Sheet materials; ${STANDARD_SHEET.width} when blank`} registration={register('sheet_width', sizeValue)} error={errors.sheet_width} />
            <TextField label="Kg per metre" inputMode="decimal" helper="Materials costed by weight" registration={register('kg_per_metre', sizeValue)} error={errors.kg_per_metre} />
          </SimpleGrid>
          <FormActions save="Save material" saving={formState.isSubmitting} onCancel={onDone} />
        </FormStack>
      </Card.Body>
    </Card.Root>
  );
}
