import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { SimpleGrid } from '@chakra-ui/react';
import type { z } from 'zod';
import { accountFormSchema, type UserCreate } from '../../../domain/user';
import { Failure } from '../../ui/detail';
import { TextField } from '../../ui/form';
import { notify } from '../../ui/notify';
import { PanelDialog } from '../../ui/PanelDialog';
import { applyServerErrors } from '../../ui/server-errors';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { userWrites } from './api';
import { RoleFields, roleFormFields } from './role-fields';

const newUserFormSchema = accountFormSchema(roleFormFields);
type NewUserForm = z.input<typeof newUserFormSchema>;
const FIELDS = ['username', 'first_name', 'last_name', 'email', 'password', 're_password', 'department', 'designation'] as const;

/**
 * A new account, created active with its department and designation: for a joiner the admin
 * signs up, whether or not registrations are open. `onClose` is told whether one was created.
 */
export function NewUserDialog({ onClose }: { onClose: (created: boolean) => void }) {
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<NewUserForm, unknown, UserCreate>({
    resolver: zodResolver(newUserFormSchema) as never,
    defaultValues: { username: '', first_name: '', last_name: '', email: '', password: '', re_password: '', department: '', designation: '' },
  });
  useUnsavedChanges(formState.isDirty);
  const { errors } = formState;

  const submit = handleSubmit(async (account) => {
    setFormError(null);
    try {
      await userWrites.create(account);
      notify({ type: 'positive', message: `${account.username} created: they may sign in now.` });
      onClose(true);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS));
    }
  });

  return (
    <PanelDialog title="New user" onClose={() => onClose(false)} submit={{ label: 'Create user', onSubmit: submit, busy: formState.isSubmitting }}>
      {formError && <Failure text={formError} />}
      <TextField label="Username" size="lg" autoComplete="off" required registration={register('username')} error={errors.username} />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField label="First name" size="lg" registration={register('first_name')} error={errors.first_name} />
        <TextField label="Last name" size="lg" registration={register('last_name')} error={errors.last_name} />
      </SimpleGrid>
      <TextField label="E-mail" size="lg" type="email" registration={register('email')} error={errors.email} />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField label="Password" size="lg" type="password" autoComplete="new-password" required registration={register('password')} error={errors.password} />
        <TextField label="Repeat password" size="lg" type="password" autoComplete="new-password" required registration={register('re_password')} error={errors.re_password} />
      </SimpleGrid>
      <RoleFields registration={{ department: register('department'), designation: register('designation') }} errors={errors} />
    </PanelDialog>
  );
}
