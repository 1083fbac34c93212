import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { z } from 'zod';
import { DEPARTMENTS, DESIGNATIONS } from '../../../domain/departments';
import { departmentSchema, designationSchema, type Activation, type UserListItem } from '../../../domain/user';
import { USER_ADMIN_MESSAGES } from '../../../domain/auth';
import { useSession } from '../../data/session';
import { FormStack, SelectField } from '../../ui/form';
import { useUnsavedChanges } from '../../ui/unsaved-changes';

/** The activation form: both are required here, so an account never signs in without a role. */
const activationFormSchema = z.object({
  department: z.union([z.literal(''), departmentSchema]).refine((v) => v !== '', USER_ADMIN_MESSAGES.departmentRequired),
  designation: z.union([z.literal(''), designationSchema]).refine((v) => v !== '', USER_ADMIN_MESSAGES.designationRequired),
});

/**
 * Activating an account assigns its department and designation (an account that registered
 * itself has none). Only superusers are offered the Admin department.
 */
export function ActivateUserDialog({ user, onClose }: { user: UserListItem; onClose: (activation: Activation | null) => void }) {
  const { user: me } = useSession();
  const departments = me?.is_superuser ? DEPARTMENTS : DEPARTMENTS.filter((d) => d.value !== 'admin' || user.department === 'admin');
  const { register, handleSubmit, formState } = useForm<z.input<typeof activationFormSchema>, unknown, Activation>({
    resolver: zodResolver(activationFormSchema) as never,
    defaultValues: { department: user.department ?? '', designation: user.designation ?? '' },
  });
  useUnsavedChanges(formState.isDirty);
  const submit = handleSubmit((activation) => onClose(activation));
  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose(null)}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <FormStack onSubmit={submit} gap="0" aria-label="Activate user">
              <Dialog.Header>
                <Dialog.Title>Activate user</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body display="flex" flexDirection="column" gap="4">
                <Text>{user.username} will be able to sign in, working in the department and designation chosen here.</Text>
                <SelectField label="Department" required options={departments} registration={register('department')} error={formState.errors.department} />
                <SelectField label="Designation" required options={DESIGNATIONS} registration={register('designation')} error={formState.errors.designation} />
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => onClose(null)}>
                  Cancel
                </Button>
                <Button type="submit" colorPalette="green">
                  Activate
                </Button>
              </Dialog.Footer>
            </FormStack>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
