import { useNavigate } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { z } from 'zod';
import { formatIndian, QUANTITY_PLACES } from '../../../domain/decimal';
import { estimationProductCreateSchema } from '../../../domain/estimation';
import type { EstimationViewProduct } from '../../../domain/estimation';
import { pathOf } from '../../../domain/routes';
import { enqueue } from '../../data/outbox';
import { createEstimationProduct } from '../../data/operations';
import { Facts } from '../../ui/detail';
import { FormStack, TextField } from '../../ui/form';
import { notify } from '../../ui/notify';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { BoqDrafts } from './boq-drafts';
import { CostBreakdown, CostingLinesTable } from './parts';
import { blankAsNull, dimension } from './sizes';

export const PRODUCT_ADDED = 'Product added.';
export const PRODUCT_ADDED_OFFLINE = 'Product added on this device. It is sent to the server when the connection is back; its costing sheet works meanwhile.';

/** The address of a product's costing sheet. */
export const costingSheetPath = (product: number) => `${pathOf('estimation-product-costing')}?product=${product}`;

const mm = (value: string | null) => (value === null ? '—' : `${dimension(value)} mm`);

/**
 * One product of the estimation: its sizes and figures, its costing lines, its cost by category,
 * its bill-of-quantities drafts (from the server) and the way to its costing sheet.
 */
export function ProductCard({ product, editable, server }: { product: EstimationViewProduct; editable: boolean; server: boolean }) {
  const navigate = useNavigate();
  return (
    <Box borderWidth="1px" rounded="md" p="4" data-testid="estimation-product">
      <Stack gap="3">
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Heading size="md">{product.name}</Heading>
          {editable && (
            <Button size="lg" minH="11" colorPalette="teal" onClick={() => navigate(costingSheetPath(product.id))}>
              Costing sheet
            </Button>
          )}
        </HStack>
        {product.description && <Text>{product.description}</Text>}
        <Facts
          facts={[
            ['Quantity', formatIndian(product.quantity, QUANTITY_PLACES)],
            ['Width × depth × height', `${mm(product.width)} × ${mm(product.depth)} × ${mm(product.height)}`],
            ['Overhead', `${formatIndian(product.overhead_percent)} %`],
            ['Unit price', formatIndian(product.unit_price)],
          ]}
        />
        <CostingLinesTable lines={product.details} label={`Costing lines of ${product.name}`} />
        {server && product.details.length > 0 && <CostBreakdown product={product.id} name={product.name} />}
        {server && <BoqDrafts product={product} editable={editable} />}
      </Stack>
    </Box>
  );
}

const shape = estimationProductCreateSchema.shape;
const productForm = z.object({
  name: shape.name,
  description: shape.description,
  quantity: shape.quantity,
  width: blankAsNull.pipe(shape.width),
  depth: blankAsNull.pipe(shape.depth),
  height: blankAsNull.pipe(shape.height),
  overhead_percent: shape.overhead_percent,
});
type ProductInput = z.input<typeof productForm>;
type ProductValues = z.output<typeof productForm>;
const EMPTY: ProductInput = { name: '', description: '', quantity: '1', width: '', depth: '', height: '', overhead_percent: '0' };

/**
 * Add product: its name, quantity, sizes in millimetres and overhead. It goes through the outbox
 * (decision 367), so it works offline, also on an estimation made offline, and shows at once.
 */
export function AddProductForm({ estimation }: { estimation: number }) {
  const { register, handleSubmit, formState, reset } = useForm<ProductInput, unknown, ProductValues>({ resolver: zodResolver(productForm), defaultValues: EMPTY });
  useUnsavedChanges(formState.isDirty && !formState.isSubmitSuccessful);
  const errors = formState.errors;
  const onSubmit = handleSubmit(async (values) => {
    await enqueue(createEstimationProduct, { estimation, ...values });
    reset(EMPTY);
    notify({ type: 'positive', message: navigator.onLine ? PRODUCT_ADDED : PRODUCT_ADDED_OFFLINE });
  });
  return (
    <FormStack onSubmit={onSubmit} aria-label="Add product">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3" alignItems="end">
        <Box gridColumn={{ sm: 'span 2' }}>
          <TextField label="Product name" required size="lg" registration={register('name')} error={errors.name} />
        </Box>
        <Box gridColumn={{ sm: 'span 2' }}>
          <TextField label="Description" size="lg" registration={register('description')} error={errors.description} />
        </Box>
        <TextField label="Quantity" required size="lg" inputMode="decimal" registration={register('quantity')} error={errors.quantity} />
        <TextField label="Width (mm)" size="lg" inputMode="decimal" registration={register('width')} error={errors.width} />
        <TextField label="Depth (mm)" size="lg" inputMode="decimal" registration={register('depth')} error={errors.depth} />
        <TextField label="Height (mm)" size="lg" inputMode="decimal" registration={register('height')} error={errors.height} />
        <TextField label="Overhead %" size="lg" inputMode="decimal" registration={register('overhead_percent')} error={errors.overhead_percent} />
      </SimpleGrid>
      <HStack>
        <Button type="submit" size="lg" minH="11" loading={formState.isSubmitting}>
          Add product
        </Button>
      </HStack>
    </FormStack>
  );
}
