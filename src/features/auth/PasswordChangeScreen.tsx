import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Heading } from '@chakra-ui/react';
import type { z } from 'zod';
import { setPasswordSchema } from '../../../domain/user';
import { landingRouteFor } from '../../../domain/roles';
import { pathOf } from '../../../domain/routes';
import { api } from '../../data/api';
import { signIn, useSession } from '../../data/session';
import { FormStack, TextField } from '../../ui/form';
import { notify } from '../../ui/notify';
import { applyServerErrors } from '../../ui/server-errors';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { API } from '../../../domain/api-paths';

type PasswordChange = z.infer<typeof setPasswordSchema>;
const FIELDS = ['current_password', 'new_password', 're_new_password'] as const;

export default function PasswordChangeScreen() {
  const { user } = useSession();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<PasswordChange>({ resolver: zodResolver(setPasswordSchema) });
  useUnsavedChanges(formState.isDirty && !formState.isSubmitSuccessful);
  const errors = formState.errors as typeof formState.errors & { non_field_errors?: { message?: string } };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await api.post(API.auth.setPassword, values);
      // Tokens issued before the change are refused now: sign in again with the new password.
      const me = await signIn(user!.username, values.new_password);
      notify({ type: 'positive', message: 'Your password has been changed.' });
      navigate(pathOf(landingRouteFor(me)));
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS));
    }
  });

  const message = formError ?? errors.non_field_errors?.message;
  return (
    <FormStack maxW="md" onSubmit={onSubmit}>
      <Heading size="xl">Change password</Heading>
      {message && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{message}</Alert.Title>
        </Alert.Root>
      )}
      <TextField label="Current password" type="password" autoComplete="current-password" required registration={register('current_password')} error={errors.current_password} />
      <TextField label="New password" type="password" autoComplete="new-password" required registration={register('new_password')} error={errors.new_password} />
      <TextField label="Repeat new password" type="password" autoComplete="new-password" required registration={register('re_new_password')} error={errors.re_new_password} />
      <Button type="submit" alignSelf="flex-start" loading={formState.isSubmitting}>
        Change password
      </Button>
    </FormStack>
  );
}
