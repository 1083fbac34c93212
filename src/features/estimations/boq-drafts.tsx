import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { z } from 'zod';
import { formatIndian, QUANTITY_PLACES } from '../../../domain/decimal';
import { boqDraftCreateSchema, type BoqDraft, type EstimationViewProduct } from '../../../domain/estimation';
import { readFailure, refusedOffline, serverFailure } from '../../ui/connection';
import { Failure } from '../../ui/detail';
import { openDialog } from '../../ui/dialog';
import { FormStack, TextField } from '../../ui/form';
import { notify } from '../../ui/notify';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { useBoqDrafts, useBoqDraftWrites } from './api';
import { blankAsNull, dimension } from './sizes';

/** What the drafts' writes tell the user; a failure carries the server's reason below. */
export const BOQ_DRAFT_NOTICES = {
  added: 'Sizes added.',
  used: 'Sizes used: the product is costed again.',
  removed: 'Sizes removed.',
  failed: 'The sizes were not changed',
} as const;

/** Width × depth × height in millimetres, and the quantity. */
export const draftSizes = (d: Pick<BoqDraft, 'width' | 'depth' | 'height'>) => `${dimension(d.width)} × ${dimension(d.depth)} × ${dimension(d.height)} mm`;
const draftText = (d: BoqDraft) => `${draftSizes(d)}, quantity ${formatIndian(d.quantity, QUANTITY_PLACES)}`;

const shape = boqDraftCreateSchema.shape;
const sizesForm = z.object({ width: blankAsNull.pipe(shape.width), depth: blankAsNull.pipe(shape.depth), height: blankAsNull.pipe(shape.height), quantity: shape.quantity });
type SizesInput = z.input<typeof sizesForm>;
type SizesValues = z.output<typeof sizesForm>;
const EMPTY: SizesInput = { width: '', depth: '', height: '', quantity: '' };

/** Add sizes: width, depth and height in millimetres (any may be blank) and a quantity, kept beside the product. */
function AddSizesForm({ product, onDone }: { product: EstimationViewProduct; onDone: () => void }) {
  const { add } = useBoqDraftWrites();
  const { register, handleSubmit, formState } = useForm<SizesInput, unknown, SizesValues>({ resolver: zodResolver(sizesForm), defaultValues: { ...EMPTY, quantity: product.quantity } });
  useUnsavedChanges(formState.isDirty && !formState.isSubmitSuccessful);
  const errors = formState.errors;
  const onSubmit = handleSubmit(async (values) => {
    if (refusedOffline()) return;
    try {
      await add.mutateAsync({ product: product.id, ...values });
      notify({ type: 'positive', message: BOQ_DRAFT_NOTICES.added });
      onDone();
    } catch (error) {
      notify({ type: 'negative', message: BOQ_DRAFT_NOTICES.failed, caption: serverFailure(error) });
    }
  });
  return (
    <FormStack onSubmit={onSubmit} aria-label={`Add sizes to ${product.name}`} gap="3">
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" alignItems="end">
        <TextField label="Width (mm)" size="lg" inputMode="decimal" registration={register('width')} error={errors.width} />
        <TextField label="Depth (mm)" size="lg" inputMode="decimal" registration={register('depth')} error={errors.depth} />
        <TextField label="Height (mm)" size="lg" inputMode="decimal" registration={register('height')} error={errors.height} />
        <TextField label="Quantity" required size="lg" inputMode="decimal" registration={register('quantity')} error={errors.quantity} />
      </SimpleGrid>
      <HStack gap="2" wrap="wrap">
        <Button type="submit" size="lg" minH="11" loading={formState.isSubmitting}>
          Save sizes
        </Button>
        <Button size="lg" minH="11" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </HStack>
    </FormStack>
  );
}

/**
 * A product's bill-of-quantities drafts (decision 363): the sizes and quantity the customer or a
 * site measurement gave. For an estimation that may be changed, Add sizes, and on each draft Use
 * these sizes (the product takes them and is costed again) and Remove; each needs the server.
 */
export function BoqDrafts({ product, editable }: { product: EstimationViewProduct; editable: boolean }) {
  const result = useBoqDrafts(product);
  const { apply, remove } = useBoqDraftWrites();
  const [adding, setAdding] = useState(false);
  const failure = readFailure(result);

  const run = async (write: () => Promise<unknown>, done: string) => {
    try {
      await write();
      notify({ type: 'positive', message: done });
    } catch (error) {
      notify({ type: 'negative', message: BOQ_DRAFT_NOTICES.failed, caption: serverFailure(error) });
    }
  };
  const takeSizes = async (draft: BoqDraft) => {
    if (refusedOffline()) return;
    const ok = await openDialog({
      title: `Use these sizes for ${product.name}?`,
      message: `The product becomes ${draftText(draft)}; its measured costing lines, unit price and the estimation's total are worked out again.`,
      okLabel: 'Use these sizes',
    });
    if (ok) await run(() => apply.mutateAsync(draft), BOQ_DRAFT_NOTICES.used);
  };
  const removeSizes = async (draft: BoqDraft) => {
    if (refusedOffline()) return;
    const ok = await openDialog({ title: 'Remove these sizes?', message: `${draftText(draft)} is removed from ${product.name}; the product keeps its own sizes.`, okLabel: 'Remove', type: 'negative' });
    if (ok) await run(() => remove.mutateAsync(draft), BOQ_DRAFT_NOTICES.removed);
  };

  return (
    <Stack gap="3">
      <Heading as="h3" size="sm">
        Bill-of-quantities drafts
      </Heading>
      {failure && <Failure text={failure} />}
      {!result.data && !failure && <Text color="fg.muted">Loading…</Text>}
      {result.data?.length === 0 && <Text color="fg.muted">No sizes kept yet.</Text>}
      {result.data && result.data.length > 0 && (
        <Stack as="ul" gap="2" listStyleType="none" aria-label={`Bill-of-quantities drafts of ${product.name}`}>
          {result.data.map((draft) => (
            <HStack as="li" key={draft.id} aria-label={draftText(draft)} borderWidth="1px" rounded="md" p="3" gap="3" wrap="wrap" justify="space-between">
              <Text>{draftText(draft)}</Text>
              {editable && (
                <HStack gap="2" wrap="wrap">
                  <Button size="lg" minH="11" colorPalette="teal" loading={apply.isPending && apply.variables?.id === draft.id} onClick={() => void takeSizes(draft)}>
                    Use these sizes
                  </Button>
                  <Button size="lg" minH="11" variant="outline" colorPalette="red" onClick={() => void removeSizes(draft)}>
                    Remove
                  </Button>
                </HStack>
              )}
            </HStack>
          ))}
        </Stack>
      )}
      {editable &&
        (adding ? (
          <AddSizesForm product={product} onDone={() => setAdding(false)} />
        ) : (
          <Box>
            <Button size="lg" minH="11" variant="outline" onClick={() => setAdding(true)}>
              Add sizes
            </Button>
          </Box>
        ))}
    </Stack>
  );
}
