import { useState } from 'react';
import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { BlockingDialog } from '../ui/BlockingDialog';
import { useNavigate } from 'react-router-dom';
import { apiErrorMessage } from '../../domain/api-errors';
import { pathOf } from '../../domain/routes';
import { displayName } from '../../domain/user';
import { responseBody } from '../data/api';
import { useOnline } from '../data/online';
import { nudgeReplay } from '../data/outbox';
import { signInAgain, useSession } from '../data/session';

export const SIGN_IN_AGAIN = (name: string) => `Your session has ended. Sign in again as ${name} to go on: your screen and your unsent changes stay as they are.`;

/**
 * Online with a session that can no longer be renewed: the user signs in again where they are,
 * not on a lost screen, and their queued changes go the moment they do (issue 15 §4). Offline
 * nothing is asked: the device keeps working from what it has.
 */
export function SignInAgainDialog() {
  const { user, expired } = useSession();
  const online = useOnline();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!user || !expired || !online) return null;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await signInAgain(password);
      setPassword('');
      setProblem(null);
      nudgeReplay({ retryAll: true });
    } catch (error) {
      setProblem(apiErrorMessage(responseBody(error)) || 'The server could not be reached. Try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <BlockingDialog
      title="Sign in again"
      onSubmit={submit}
      footer={
        <>
          <Button variant="outline" onClick={() => navigate(pathOf('logout'))}>
            Sign out
          </Button>
          <Button type="submit" colorPalette="blue" loading={busy} disabled={password === ''}>
            Sign in
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <Text>{SIGN_IN_AGAIN(displayName(user))}</Text>
        <Field.Root invalid={!!problem}>
          <Field.Label>Password</Field.Label>
          <Input type="password" autoComplete="current-password" autoFocus value={password} onChange={(e) => setPassword(e.target.value)} />
          {problem && <Field.ErrorText>{problem}</Field.ErrorText>}
        </Field.Root>
      </Stack>
    </BlockingDialog>
  );
}
