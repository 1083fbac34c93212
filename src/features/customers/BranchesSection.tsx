import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Badge, Button, Checkbox, Flex, Heading, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import type { z } from 'zod';
import { branchLabel, customerBranchFieldsSchema, type CustomerBranch } from '../../../domain/customer';
import { enqueue, usePendingIds } from '../../data/outbox';
import { addBranch, editBranch } from '../../data/operations';
import { FormStack, TextField } from '../../ui/form';
import { notify } from '../../ui/notify';
import { FOLDING_TABLE } from '../../ui/table-layout';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { CHANGE_SAVED, versionOf } from './data';
import { PendingBadge } from '../../ui/PendingBadge';

type BranchInput = z.input<typeof customerBranchFieldsSchema>;
type BranchValues = z.output<typeof customerBranchFieldsSchema>;

const EMPTY: BranchInput = { location: '', address_line_1: '', contact_person_name: '', contact_person_number: '', is_active: true };

const valuesOf = (branch: CustomerBranch): BranchInput => ({
  location: branch.location,
  address_line_1: branch.address_line_1,
  contact_person_name: branch.contact_person_name,
  contact_person_number: branch.contact_person_number,
  is_active: branch.is_active,
});

/** The fields whose value differs from the branch as the user saw it: only these are sent. */
const changesOf = (seen: CustomerBranch, values: BranchValues): Partial<BranchValues> =>
  Object.fromEntries(Object.entries(values).filter(([field, value]) => seen[field as keyof BranchValues] !== value));

/** A new branch of the customer, or a change to one, checked with the domain schema and queued through the outbox. */
function BranchForm({ customer, branch, onDone }: { customer: number; branch: CustomerBranch | null; onDone: () => void }) {
  const { register, handleSubmit, control, formState } = useForm<BranchInput, unknown, BranchValues>({
    resolver: zodResolver(customerBranchFieldsSchema),
    defaultValues: branch ? valuesOf(branch) : EMPTY,
  });
  useUnsavedChanges(formState.isDirty && !formState.isSubmitSuccessful);
  const errors = formState.errors;
  const onSubmit = handleSubmit(async (values) => {
    if (branch) {
      const changes = changesOf(branch, values);
      if (Object.keys(changes).length) await enqueue(editBranch, { id: branch.id, ...changes, ...versionOf(branch) });
    } else {
      await enqueue(addBranch, { customer, ...values });
    }
    notify({ type: 'positive', message: CHANGE_SAVED });
    onDone();
  });
  const title = branch ? `Edit branch ${branchLabel(branch)}` : 'New branch';
  return (
    <FormStack onSubmit={onSubmit} aria-label={title} borderWidth="1px" rounded="md" p="4">
      <Heading size="md">{title}</Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField label="Location" size="lg" required registration={register('location')} error={errors.location} />
        <TextField label="Address line 1" size="lg" registration={register('address_line_1')} error={errors.address_line_1} />
        <TextField label="Contact person" size="lg" registration={register('contact_person_name')} error={errors.contact_person_name} />
        <TextField label="Contact number" size="lg" type="tel" registration={register('contact_person_number')} error={errors.contact_person_number} />
      </SimpleGrid>
      <Controller
        control={control}
        name="is_active"
        render={({ field }) => (
          <Checkbox.Root size="lg" checked={field.value !== false} onCheckedChange={(e) => field.onChange(e.checked === true)}>
            <Checkbox.HiddenInput onBlur={field.onBlur} />
            <Checkbox.Control />
            <Checkbox.Label>Active: offered for new documents</Checkbox.Label>
          </Checkbox.Root>
        )}
      />
      <HStack gap="3" wrap="wrap">
        <Button type="submit" size="lg" loading={formState.isSubmitting}>
          {branch ? 'Save branch' : 'Add branch'}
        </Button>
        <Button size="lg" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </HStack>
    </FormStack>
  );
}

/** Active or not, switched through the outbox with the version the user saw. */
async function switchActive(branch: CustomerBranch): Promise<void> {
  await enqueue(editBranch, { id: branch.id, is_active: !branch.is_active, ...versionOf(branch) });
  notify({ type: 'positive', message: CHANGE_SAVED });
}

/**
 * A customer's branches, each under its label (location plus address line 1, business-areas.md
 * §9), active or not; users who may write customers add and edit them here and switch them on
 * and off, offline too (pending badge until the server has the change).
 */
export function BranchesSection({ customer, branches, editable }: { customer: number; branches: readonly CustomerBranch[]; editable: boolean }) {
  const pending = usePendingIds('customerBranches');
  // null: no form; 'new': the add form; a branch: its edit form.
  const [editing, setEditing] = useState<CustomerBranch | 'new' | null>(null);
  return (
    <Stack gap="4">
      <Flex align="center" gap="3" wrap="wrap">
        <Heading size="lg" flex="1">
          Branches
        </Heading>
        {editable && editing === null && (
          <Button size="lg" onClick={() => setEditing('new')}>
            Add branch
          </Button>
        )}
      </Flex>
      {editing !== null && <BranchForm key={editing === 'new' ? 'new' : editing.id} customer={customer} branch={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      {branches.length === 0 ? (
        <Text color="fg.muted">No branches on this device.</Text>
      ) : (
        <Table.ScrollArea>
          <Table.Root size="md" aria-label="Branches" css={FOLDING_TABLE}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Branch</Table.ColumnHeader>
                <Table.ColumnHeader>Contact person</Table.ColumnHeader>
                <Table.ColumnHeader>Contact number</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                {editable && <Table.ColumnHeader />}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {branches.map((branch) => (
                <Table.Row key={branch.id} data-pending={pending.has(branch.id) || undefined}>
                  <Table.Cell>
                    {branchLabel(branch)}
                    {pending.has(branch.id) && (
                      <PendingBadge />
                    )}
                  </Table.Cell>
                  <Table.Cell data-label="Contact person">{branch.contact_person_name || '—'}</Table.Cell>
                  <Table.Cell data-label="Contact number">{branch.contact_person_number || '—'}</Table.Cell>
                  <Table.Cell data-label="Status">
                    <Badge colorPalette={branch.is_active ? 'green' : 'gray'}>{branch.is_active ? 'Active' : 'Inactive'}</Badge>
                  </Table.Cell>
                  {editable && (
                    <Table.Cell>
                      <HStack gap="2" wrap="wrap">
                        <Button size="lg" variant="outline" disabled={editing !== null} onClick={() => setEditing(branch)} aria-label={`Edit ${branchLabel(branch)}`}>
                          Edit
                        </Button>
                        <Button size="lg" variant="outline" disabled={editing !== null} onClick={() => void switchActive(branch)} aria-label={`${branch.is_active ? 'Deactivate' : 'Activate'} ${branchLabel(branch)}`}>
                          {branch.is_active ? 'Deactivate' : 'Activate'}
                        </Button>
                      </HStack>
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
