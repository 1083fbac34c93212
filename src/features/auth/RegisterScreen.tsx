import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Button, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { z } from 'zod';
import { registrationFormSchema, registrationStatusSchema } from '../../../domain/user';
import { AUTH_MESSAGES } from '../../../domain/auth';
import { pathOf } from '../../../domain/routes';
import { api } from '../../data/api';
import { FormStack, TextField } from '../../ui/form';
import { applyServerErrors } from '../../ui/server-errors';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { API } from '../../../domain/api-paths';

type RegistrationInput = z.input<typeof registrationFormSchema>;
const FIELDS = ['username', 'password', 're_password', 'first_name', 'last_name', 'email'] as const;

/** Whether registrations are open; null until the server says (or when it cannot be asked: the server decides on submit). */
function useRegistrationOpen(): boolean | null {
  const [open, setOpen] = useState<boolean | null>(null);
  useEffect(() => {
    let current = true;
    api
      .get(API.auth.registration)
      .then(({ data }) => current && setOpen(registrationStatusSchema.parse(data).open))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);
  return open;
}

export default function RegisterScreen() {
  const open = useRegistrationOpen();
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<RegistrationInput>({ resolver: zodResolver(registrationFormSchema) });
  useUnsavedChanges(formState.isDirty && !done);
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await api.post(API.auth.register, values);
      setDone(true);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS));
    }
  });

  if (done) {
    return (
      <Stack gap="4">
        <Heading size="md">Account requested</Heading>
        <Text>Your account was created. An administrator assigns your department and designation and activates it before you can sign in.</Text>
        <Link asChild>
          <RouterLink to={pathOf('login')}>Back to sign in</RouterLink>
        </Link>
      </Stack>
    );
  }

  if (open === false) {
    return (
      <Stack gap="4">
        <Heading size="md">Request an account</Heading>
        <Alert.Root status="info" role="alert">
          <Alert.Indicator />
          <Alert.Title>{AUTH_MESSAGES.registrationClosed}</Alert.Title>
        </Alert.Root>
        <Link asChild>
          <RouterLink to={pathOf('login')}>Back to sign in</RouterLink>
        </Link>
      </Stack>
    );
  }

  return (
    <FormStack onSubmit={onSubmit}>
      <Heading size="md">Request an account</Heading>
      {(formError || errors.root?.message || (errors as Record<string, { message?: string }>).non_field_errors?.message) && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{formError ?? (errors as Record<string, { message?: string }>).non_field_errors?.message}</Alert.Title>
        </Alert.Root>
      )}
      <TextField label="Username" autoComplete="username" required registration={register('username')} error={errors.username} />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField label="First name" autoComplete="given-name" registration={register('first_name')} error={errors.first_name} />
        <TextField label="Last name" autoComplete="family-name" registration={register('last_name')} error={errors.last_name} />
      </SimpleGrid>
      <TextField label="E-mail" type="email" autoComplete="email" registration={register('email')} error={errors.email} />
      <TextField label="Password" type="password" autoComplete="new-password" required registration={register('password')} error={errors.password} />
      <TextField label="Repeat password" type="password" autoComplete="new-password" required registration={register('re_password')} error={errors.re_password} />
      <Button type="submit" loading={formState.isSubmitting}>
        Request account
      </Button>
      <Link asChild fontSize="sm">
        <RouterLink to={pathOf('login')}>I already have an account</RouterLink>
      </Link>
    </FormStack>
  );
}
