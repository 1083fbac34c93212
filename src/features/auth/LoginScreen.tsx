import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Button, Heading, Link, Text } from '@chakra-ui/react';
import { loginSchema } from '../../../domain/auth';
import { landingRouteFor } from '../../../domain/roles';
import { pathOf } from '../../../domain/routes';
import { signIn } from '../../data/session';
import { FormStack, TextField } from '../../ui/form';
import { applyServerErrors } from '../../ui/server-errors';
import { useSchemaForm } from './schema-form';

/** Only same-site paths are followed after sign-in (never another origin, never back to login). */
function safeRedirect(target: string | null): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//')) return null;
  return ['/', '/login', '/register', '/logout'].includes(target.split('?')[0]!) ? null : target;
}

export default function LoginScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, errors, isSubmitting } = useSchemaForm(loginSchema, ['username', 'password']);

  const onSubmit = handleSubmit(async ({ username, password }) => {
    setFormError(null);
    try {
      const user = await signIn(username, password);
      navigate(safeRedirect(params.get('redirect')) ?? pathOf(landingRouteFor(user)), { replace: true });
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['username', 'password']));
    }
  });

  return (
    <FormStack onSubmit={onSubmit}>
      <Heading size="md">Sign in</Heading>
      {formError && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{formError}</Alert.Title>
        </Alert.Root>
      )}
      <TextField label="Username" autoComplete="username" autoFocus required registration={register('username')} error={errors.username} />
      <TextField label="Password" type="password" autoComplete="current-password" required registration={register('password')} error={errors.password} />
      <Button type="submit" loading={isSubmitting}>
        Sign in
      </Button>
      <Text fontSize="sm">
        New here?{' '}
        <Link asChild>
          <RouterLink to={pathOf('register')}>Request an account</RouterLink>
        </Link>
      </Text>
    </FormStack>
  );
}
