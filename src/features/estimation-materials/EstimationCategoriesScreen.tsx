import { useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Button, Card, Field, Flex, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import type { DataType } from '../../../domain/data-types';
import { estimationMaterialCategoryCreateSchema, type EstimationMaterialCategory } from '../../../domain/estimation-material';
import { can } from '../../../domain/permissions';
import { isLoading, useMirrorStatus } from '../../data/mirror/status';
import { enqueue, usePendingIds } from '../../data/outbox';
import { createEstimationMaterialCategory, renameEstimationMaterialCategory } from '../../data/operations';
import { reloadData } from '../../data/preload';
import { useSession } from '../../data/session';
import { LocalDataTable } from '../../ui/DataTable';
import { Freshness } from '../../ui/Freshness';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { takenCategory, useEstimationCatalogue } from './data';

const PAGE_SIZE = 20;
const BY_NAME = [{ id: 'name', desc: false }];
const DATA: readonly DataType[] = ['estimationMaterialCategories', 'estimationMaterials'];
/** The server's words for a name already taken (server/modules/estimation-materials). */
export const DUPLICATE_CATEGORY = 'A category with this name already exists.';

interface Row {
  id: number;
  name: string;
  materials: number;
  category: EstimationMaterialCategory;
}

/** A new category, or a new name for one, checked by the domain schema and against the device's names; sent through the outbox. */
function CategoryForm({ category, categories, onDone }: { category?: EstimationMaterialCategory; categories: readonly EstimationMaterialCategory[]; onDone: () => void }) {
  const [name, setName] = useState(category?.name ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  useUnsavedChanges(name.trim() !== (category?.name ?? ''));
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = estimationMaterialCategoryCreateSchema.safeParse({ name });
    if (!parsed.success) return setProblem(parsed.error.issues.map((i) => i.message).join(' '));
    if (takenCategory(categories, parsed.data.name, category?.id)) return setProblem(DUPLICATE_CATEGORY);
    if (category) await enqueue(renameEstimationMaterialCategory, { id: category.id, name: parsed.data.name, expected_version: category.version });
    else await enqueue(createEstimationMaterialCategory, parsed.data);
    setName('');
    setProblem(null);
    onDone();
  };
  const label = category ? `Rename ${category.name}` : 'New category';
  return (
    <form onSubmit={(e) => void save(e)} aria-label={label} noValidate>
      <Stack gap="2">
        <HStack align="flex-end" wrap="wrap">
          <Field.Root maxW="sm" invalid={!!problem}>
            <Field.Label>{category ? 'New name' : 'Name'}</Field.Label>
            <Input size="lg" value={name} onChange={(e) => setName(e.target.value)} />
          </Field.Root>
          <Button type="submit" size="lg">
            {category ? 'Rename' : 'Add'}
          </Button>
          {category && (
            <Button size="lg" variant="outline" onClick={onDone}>
              Cancel
            </Button>
          )}
        </HStack>
        {problem && <Text color="fg.error">{problem}</Text>}
      </Stack>
    </form>
  );
}

/**
 * estimation-categories-home (`/estimation/material/categories`): the categories of the costing
 * materials from the device, with how many materials each holds; added and renamed by those who
 * may change the materials.
 */
export default function EstimationCategoriesScreen() {
  const { user } = useSession();
  const status = useMirrorStatus(DATA);
  const pending = usePendingIds('estimationMaterialCategories');
  const catalogue = useEstimationCatalogue();
  const [renaming, setRenaming] = useState<EstimationMaterialCategory | null>(null);
  const writes = can(user, 'estimation-materials.write');

  const rows = useMemo<Row[] | undefined>(() => {
    if (!catalogue) return undefined;
    const counts = new Map<number, number>();
    for (const m of catalogue.materials) counts.set(m.category, (counts.get(m.category) ?? 0) + 1);
    return catalogue.categories.map((c) => ({ id: c.id, name: c.name, materials: counts.get(c.id) ?? 0, category: c }));
  }, [catalogue]);

  const columns = useMemo<ColumnDef<Row, unknown>[]>(
    () => [
      { id: 'name', header: 'Name', accessorKey: 'name' },
      { id: 'materials', header: 'Materials', accessorKey: 'materials' },
      ...(writes
        ? [
            {
              id: 'rename',
              header: '',
              enableSorting: false,
              cell: ({ row }) => (
                <Button size="sm" variant="outline" aria-label={`Rename ${row.original.name}`} onClick={() => setRenaming(row.original.category)}>
                  Rename
                </Button>
              ),
            } satisfies ColumnDef<Row, unknown>,
          ]
        : []),
    ],
    [writes],
  );

  return (
    <Stack gap="4">
      <Flex align="center">
        <Heading size="xl">Estimation material categories</Heading>
      </Flex>
      {writes && catalogue && (
        <Card.Root>
          <Card.Body>
            {renaming ? (
              <CategoryForm key={renaming.id} category={renaming} categories={catalogue.categories} onDone={() => setRenaming(null)} />
            ) : (
              <CategoryForm key="new" categories={catalogue.categories} onDone={() => undefined} />
            )}
          </Card.Body>
        </Card.Root>
      )}
      <LocalDataTable
        columns={columns}
        rows={rows}
        pageSize={PAGE_SIZE}
        rowKey={(r) => r.id}
        search="Search categories"
        initialSorting={BY_NAME}
        note={<Freshness {...status} pending={pending.size} onRefresh={() => void reloadData(DATA)} />}
        pending={pending}
        loading={isLoading(status)}
        empty="No categories yet."
      />
    </Stack>
  );
}
