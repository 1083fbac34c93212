import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Flex, Heading, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import type { z } from 'zod';
import { CUSTOMER_MESSAGES, customerLpoCodeCreateSchema, type CustomerLpoCode } from '../../../domain/customer';
import { enqueue, usePendingIds } from '../../data/outbox';
import { addLpoCode, editLpoCode } from '../../data/operations';
import { FormStack, TextField } from '../../ui/form';
import { notify } from '../../ui/notify';
import { FOLDING_TABLE } from '../../ui/table-layout';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { CHANGE_SAVED, lpoCodeTaken, versionOf } from './data';
import { PendingBadge } from '../../ui/PendingBadge';

type CodeInput = z.input<typeof customerLpoCodeCreateSchema>;
type CodeValues = z.output<typeof customerLpoCodeCreateSchema>;

const EMPTY: CodeInput = { code: '', article: '' };

/** A new LPO code of the customer, or a change to one, checked with the domain schema and queued through the outbox. */
function LpoCodeForm({ customer, code, onDone }: { customer: number; code: CustomerLpoCode | null; onDone: () => void }) {
  const { register, handleSubmit, setError, formState } = useForm<CodeInput, unknown, CodeValues>({
    resolver: zodResolver(customerLpoCodeCreateSchema),
    defaultValues: code ? { code: code.code, article: code.article } : EMPTY,
  });
  useUnsavedChanges(formState.isDirty && !formState.isSubmitSuccessful);
  const errors = formState.errors;
  const onSubmit = handleSubmit(async (values) => {
    if (await lpoCodeTaken(customer, values.code, code?.id ?? null)) {
      setError('code', { message: CUSTOMER_MESSAGES.duplicateLpoCode });
      return;
    }
    if (code) {
      const changes = Object.fromEntries(Object.entries(values).filter(([field, value]) => code[field as keyof CodeValues] !== value));
      if (Object.keys(changes).length) await enqueue(editLpoCode, { id: code.id, ...changes, ...versionOf(code) });
    } else {
      await enqueue(addLpoCode, { customer, ...values });
    }
    notify({ type: 'positive', message: CHANGE_SAVED });
    onDone();
  });
  const title = code ? `Edit LPO code ${code.code}` : 'New LPO code';
  return (
    <FormStack onSubmit={onSubmit} aria-label={title} borderWidth="1px" rounded="md" p="4">
      <Heading size="md">{title}</Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField label="Code" size="lg" required registration={register('code')} error={errors.code} />
        <TextField label="Article" size="lg" registration={register('article')} error={errors.article} />
      </SimpleGrid>
      <HStack gap="3" wrap="wrap">
        <Button type="submit" size="lg" loading={formState.isSubmitting}>
          {code ? 'Save LPO code' : 'Add LPO code'}
        </Button>
        <Button size="lg" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </HStack>
    </FormStack>
  );
}

/**
 * A customer's LPO codes (its own code for each article it orders): users who may write customers
 * add and edit them here, offline too (pending badge until the server has the change).
 */
export function LpoCodesSection({ customer, codes, editable }: { customer: number; codes: readonly CustomerLpoCode[]; editable: boolean }) {
  const pending = usePendingIds('customerLpoCodes');
  const [editing, setEditing] = useState<CustomerLpoCode | 'new' | null>(null);
  return (
    <Stack gap="4">
      <Flex align="center" gap="3" wrap="wrap">
        <Heading size="lg" flex="1">
          LPO codes
        </Heading>
        {editable && editing === null && (
          <Button size="lg" onClick={() => setEditing('new')}>
            Add LPO code
          </Button>
        )}
      </Flex>
      {editing !== null && <LpoCodeForm key={editing === 'new' ? 'new' : editing.id} customer={customer} code={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      {codes.length === 0 ? (
        <Text color="fg.muted">No LPO codes on this device.</Text>
      ) : (
        <Table.ScrollArea>
          <Table.Root size="md" aria-label="LPO codes" css={FOLDING_TABLE}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Code</Table.ColumnHeader>
                <Table.ColumnHeader>Article</Table.ColumnHeader>
                {editable && <Table.ColumnHeader />}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {codes.map((code) => (
                <Table.Row key={code.id} data-pending={pending.has(code.id) || undefined}>
                  <Table.Cell>
                    {code.code}
                    {pending.has(code.id) && (
                      <PendingBadge />
                    )}
                  </Table.Cell>
                  <Table.Cell data-label="Article">{code.article || '—'}</Table.Cell>
                  {editable && (
                    <Table.Cell>
                      <Button size="lg" variant="outline" disabled={editing !== null} onClick={() => setEditing(code)} aria-label={`Edit ${code.code}`}>
                        Edit
                      </Button>
                    </Table.Cell>
                  )}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}
