import { useForm, useWatch, type DefaultValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import { useLiveQuery } from 'dexie-react-hooks';
import { Alert, Button, Heading, HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import type { z } from 'zod';
import { MATERIAL_MESSAGES, MATERIAL_UNITS, materialCreateSchema, materialNameKey, type Material, type MaterialCategory, type MaterialSubcategory } from '../../../domain/material';
import { can } from '../../../domain/permissions';
import { pathOf } from '../../../domain/routes';
import { mirror } from '../../data/mirror/db';
import { enqueue } from '../../data/outbox';
import { useSession } from '../../data/session';
import { FormStack, SelectField, TextField } from '../../ui/form';
import { notify } from '../../ui/notify';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { createMaterial } from '../../data/operations';

type MaterialInput = z.input<typeof materialCreateSchema>;
type MaterialValues = z.output<typeof materialCreateSchema>;

export const MATERIAL_SAVED = 'Material saved.';
export const MATERIAL_SAVED_OFFLINE = 'Material saved on this device. It is sent to the server when the connection is back.';
export const NO_MATERIAL_PERMISSION = 'You do not have permission to create materials. An administrator can grant it.';

const EMPTY: DefaultValues<MaterialInput> = { name: '', subcategory: null, unit: 'PCS', brand: '', size: '', color: '', thickness: '', reorder_level: '0' };

/**
 * A name already on this device, ignoring case and spaces as the server's unique index does. The
 * name index narrows by case; the server checks again, since someone may have added it meanwhile.
 */
async function nameIsTaken(name: string): Promise<boolean> {
  const key = materialNameKey(name);
  const sameCase = await mirror.rowsOf<Material>('materials').where('name').equalsIgnoreCase(name.trim()).toArray();
  if (sameCase.some((m) => !m.deleted_at)) return true;
  // Spaces differ: only names that begin with the same letter can match.
  const first = name.trim().charAt(0);
  if (!first) return false;
  const alike = await mirror.rowsOf<Material>('materials').where('name').startsWithIgnoreCase(first).toArray();
  return alike.some((m) => !m.deleted_at && materialNameKey(m.name) === key);
}

/**
 * A new material for the catalogue (material-create), for users granted material creation. Saved
 * through the outbox: it is in the list at once with a pending badge, offline too, and gets its
 * server number (and so its QR label) when it syncs.
 */
export default function MaterialCreateScreen() {
  const navigate = useNavigate();
  const { user } = useSession();
  const categories = useLiveQuery(() => mirror.rowsOf<MaterialCategory>('materialCategories').orderBy('name').toArray(), []);
  const { register, handleSubmit, setError, control, setValue, formState } = useForm<MaterialInput, unknown, MaterialValues>({
    resolver: zodResolver(materialCreateSchema),
    defaultValues: EMPTY,
  });
  const category = Number(useWatch({ control, name: 'category' })) || null;
  const subcategories = useLiveQuery(
    () => (category ? mirror.rowsOf<MaterialSubcategory>('materialSubcategories').where('category').equals(category).sortBy('name') : []),
    [category],
  );
  useUnsavedChanges(formState.isDirty && !formState.isSubmitSuccessful);
  const errors = formState.errors;

  if (!can(user, 'materials.create')) {
    return (
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Title>{NO_MATERIAL_PERMISSION}</Alert.Title>
      </Alert.Root>
    );
  }

  const onSubmit = handleSubmit(async (material) => {
    if (await nameIsTaken(material.name)) {
      setError('name', { message: MATERIAL_MESSAGES.duplicateName });
      return;
    }
    await enqueue(createMaterial, material);
    notify({ type: 'positive', message: navigator.onLine ? MATERIAL_SAVED : MATERIAL_SAVED_OFFLINE });
    navigate(pathOf('materials-home'));
  });

  const categoryField = register('category', { setValueAs: (v: string) => (v === '' ? undefined : Number(v)) });
  return (
    <Stack gap="4" maxW="3xl">
      <Heading size="xl">New material</Heading>
      <FormStack onSubmit={onSubmit} aria-label="New material">
        <TextField label="Name" required autoFocus registration={register('name')} error={errors.name} />
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <SelectField
            label="Category"
            required
            options={(categories ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            registration={{
              ...categoryField,
              onChange: async (event) => {
                // A subcategory belongs to one category: a new category clears it.
                setValue('subcategory', null);
                return categoryField.onChange(event);
              },
            }}
            error={errors.category}
          />
          <SelectField
            label="Subcategory"
            placeholder="None"
            options={(subcategories ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
            registration={register('subcategory', { setValueAs: (v: string | null) => (v === '' || v === null ? null : Number(v)) })}
            error={errors.subcategory}
          />
          <SelectField label="Unit" required placeholder={null} options={MATERIAL_UNITS} registration={register('unit')} error={errors.unit} />
        </SimpleGrid>
        <SimpleGrid columns={{ base: 1, md: 4 }} gap="4">
          <TextField label="Brand" registration={register('brand')} error={errors.brand} />
          <TextField label="Size" registration={register('size')} error={errors.size} />
          <TextField label="Color" registration={register('color')} error={errors.color} />
          <TextField label="Thickness" registration={register('thickness')} error={errors.thickness} />
        </SimpleGrid>
        <TextField label="Reorder level" inputMode="decimal" maxW="xs" registration={register('reorder_level')} error={errors.reorder_level} />
        <HStack>
          <Button type="submit" size="lg" loading={formState.isSubmitting}>
            Save material
          </Button>
          <Button size="lg" variant="outline" onClick={() => navigate(pathOf('materials-home'))}>
            Cancel
          </Button>
        </HStack>
      </FormStack>
    </Stack>
  );
}
