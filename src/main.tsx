import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { ChakraProvider } from '@chakra-ui/react';
import '../domain/zod-messages';
import { createAppRouter } from './app/router';
import { system } from './app/system';
import { registerServiceWorker } from './app/pwa';
import { UpdatePrompt } from './app/UpdatePrompt';
import { firstScreenDrawn } from './app/first-screen';
import { holdPreloadUntil } from './data/preload/deferred';

// A page load draws its screen from the device first, then refreshes the device's data.
holdPreloadUntil(firstScreenDrawn);
const router = createAppRouter();
// Development and tests run without a service worker: it would serve stale modules. Registered
// once the first screen is drawn: it is the next visit's, not this one's.
if (import.meta.env.PROD) void firstScreenDrawn.then(() => registerServiceWorker());

// A change the device could not keep (storage full, another user signed in) was told to the user already (outbox/enqueue.ts).
window.addEventListener('unhandledrejection', (event) => {
  if ((event.reason as { told?: boolean } | null)?.told) event.preventDefault();
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ChakraProvider value={system}>
      <RouterProvider router={router} />
      <UpdatePrompt />
    </ChakraProvider>
  </StrictMode>,
);
