import { lazy, Suspense } from 'react';
import { useUpdateState } from './pwa';

// Offers are rare: the card's code loads when there is one, not with the sign-in page.
const UpdateCard = lazy(() => import('./UpdateCard'));

/** Offers a new version of the app; the user decides when (src/app/pwa.ts holds the rules). */
export function UpdatePrompt() {
  const { phase } = useUpdateState();
  if (phase === 'none' || phase === 'later') return null;
  return (
    <Suspense>
      <UpdateCard />
    </Suspense>
  );
}
