import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { z } from 'zod';
import type { Activation, UserListItem } from '../../../domain/user';
import { FormStack } from '../../ui/form';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { RoleFields, roleFormFields } from './role-fields';

const activationFormSchema = z.object(roleFormFields);

/**
 * Activating an account assigns its department and designation (an account that registered
 * itself has none).
 */
export function ActivateUserDialog({ user, onClose }: { user: UserListItem; onClose: (activation: Activation | null) => void }) {
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
                <RoleFields registration={{ department: register('department'), designation: register('designation') }} errors={formState.errors} current={user.department} />
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
