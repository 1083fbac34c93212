import { useMemo, useState } from 'react';
import type { z } from 'zod';
import type { ColumnDef } from '@tanstack/react-table';
import { useLiveQuery } from 'dexie-react-hooks';
import { Button, Field, Flex, Heading, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { DataType } from '../../../domain/data-types';
import { materialCategoryCreateSchema, materialSubcategoryCreateSchema, type MaterialCategory, type MaterialSubcategory } from '../../../domain/material';
import { can } from '../../../domain/permissions';
import { mirror } from '../../data/mirror/db';
import { useMirrorStatus } from '../../data/mirror/status';
import { enqueue, usePendingIds } from '../../data/outbox';
import { createMaterialCategory, createMaterialSubcategory } from '../../data/operations';
import { reloadData } from '../../data/preload';
import { useSession } from '../../data/session';
import { LocalDataTable } from '../../ui/DataTable';
import { Freshness } from '../../ui/Freshness';
import { useCurrentRoute } from '../../ui/route';
import { useUnsavedChanges } from '../../ui/unsaved-changes';

const PAGE_SIZE = 15;
const BY_NAME = [{ id: 'name', desc: false }];
const DATA: readonly DataType[] = ['materialCategories', 'materialSubcategories'];

interface Row {
  id: number;
  name: string;
  category: string;
}

/** Adds a category or subcategory through the outbox (offline too); the name is checked by the domain schema. */
function AddForm({ subcategories, categories }: { subcategories: boolean; categories: readonly MaterialCategory[] }) {
  const [name, setName] = useState('');
  const [category, setCategory] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  useUnsavedChanges(name.trim() !== '');
  const add = async (event: React.FormEvent) => {
    event.preventDefault();
    const problemOf = (error: z.ZodError) => error.issues.map((i) => `${i.path.join('.') === 'category' ? 'Category: ' : ''}${i.message}`).join(' ');
    if (subcategories) {
      const parsed = materialSubcategoryCreateSchema.safeParse({ name, category: Number(category) || undefined });
      if (!parsed.success) return setProblem(problemOf(parsed.error));
      await enqueue(createMaterialSubcategory, parsed.data);
    } else {
      const parsed = materialCategoryCreateSchema.safeParse({ name });
      if (!parsed.success) return setProblem(problemOf(parsed.error));
      await enqueue(createMaterialCategory, parsed.data);
    }
    setName('');
    setProblem(null);
  };
  return (
    <form onSubmit={add} aria-label={subcategories ? 'New subcategory' : 'New category'} noValidate>
      <HStack align="flex-end" wrap="wrap">
        <Field.Root maxW="xs">
          <Field.Label>Name</Field.Label>
          <Input value={name} onChange={(e) => setName(e.target.value)} />
        </Field.Root>
        {subcategories && (
          <Field.Root maxW="xs">
            <Field.Label>Category</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field aria-label="Category" value={category} onChange={(e) => setCategory(e.target.value)}>
                <option value="">Select</option>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        )}
        <Button type="submit">Add</Button>
      </HStack>
      {problem && <Text color="fg.error">{problem}</Text>}
    </form>
  );
}

/** Material categories and subcategories (material-categories-home, material-subcategories-home), from the device. */
export default function MaterialCategoriesScreen() {
  const route = useCurrentRoute();
  const subcategories = route?.name === 'material-subcategories-home';
  const { user } = useSession();
  const status = useMirrorStatus(DATA);
  const pending = usePendingIds(subcategories ? 'materialSubcategories' : 'materialCategories');
  const found = useLiveQuery(
    async () => ({
      categories: (await mirror.rowsOf<MaterialCategory>('materialCategories').toArray()).filter((c) => !c.deleted_at),
      subcategories: (await mirror.rowsOf<MaterialSubcategory>('materialSubcategories').toArray()).filter((s) => !s.deleted_at),
    }),
    [],
  );
  const rows = useMemo<Row[] | undefined>(() => {
    if (!found) return undefined;
    const names = new Map(found.categories.map((c) => [c.id, c.name]));
    return subcategories ? found.subcategories.map((s) => ({ id: s.id, name: s.name, category: names.get(s.category) ?? '' })) : found.categories.map((c) => ({ id: c.id, name: c.name, category: '' }));
  }, [found, subcategories]);
  const columns = useMemo<ColumnDef<Row, unknown>[]>(
    () => [
      { id: 'name', header: 'Name', accessorKey: 'name' },
      ...(subcategories
        ? [{ id: 'category', header: 'Category', accessorKey: 'category', meta: { filter: { label: 'Category', allLabel: 'All categories', options: (found?.categories ?? []).map((c) => ({ value: c.name, label: c.name })) } } } satisfies ColumnDef<Row, unknown>]
        : []),
    ],
    [subcategories, found],
  );

  return (
    <Stack gap="4">
      <Flex align="center">
        <Heading size="xl">{route?.title ?? 'Material categories'}</Heading>
      </Flex>
      {can(user, 'material-categories.write') && <AddForm subcategories={subcategories} categories={found?.categories ?? []} />}
      <LocalDataTable
        columns={columns}
        rows={rows}
        pageSize={PAGE_SIZE}
        rowKey={(r) => r.id}
        search={subcategories ? 'Search subcategories' : 'Search categories'}
        initialSorting={BY_NAME}
        note={<Freshness {...status} pending={pending.size} onRefresh={() => void reloadData(DATA)} />}
        pending={pending}
        empty="Nothing here yet."
      />
    </Stack>
  );
}
