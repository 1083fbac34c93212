import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Text } from '@chakra-ui/react';
import { z } from 'zod';
import type { Activation, UserListItem } from '../../../domain/user';
import { PanelDialog } from '../../ui/PanelDialog';
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
    <PanelDialog title="Activate user" size="md" onClose={() => onClose(null)} submit={{ label: 'Activate', onSubmit: submit, palette: 'green' }}>
      <Text>{user.username} will be able to sign in, working in the department and designation chosen here.</Text>
      <RoleFields registration={{ department: register('department'), designation: register('designation') }} errors={formState.errors} current={user.department} />
    </PanelDialog>
  );
}
