import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import '../domain/zod-messages';
import { createAppRouter } from './app/router';
import { registerServiceWorker } from './app/pwa';
import { UpdatePrompt } from './app/UpdatePrompt';

const router = createAppRouter();
// Development and tests run without a service worker: it would serve stale modules.
if (import.meta.env.PROD) void registerServiceWorker();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ChakraProvider value={defaultSystem}>
      <RouterProvider router={router} />
      <UpdatePrompt />
    </ChakraProvider>
  </StrictMode>,
);
