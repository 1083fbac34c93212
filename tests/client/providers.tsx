import { useState, type ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { system } from '../../src/app/system';
import { createQueryClient, queryDefaults } from '../../src/data/query';

/**
 * What the app puts around a screen: its Chakra system and a query cache of its own (one per
 * render, so no test sees another's reads) with the app's defaults, except that a failed read
 * fails at once: the retry policy has its own test (query-defaults.test.tsx).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [client] = useState(() => createQueryClient({ ...queryDefaults, queries: { ...queryDefaults.queries, retry: false } }));
  return (
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </ChakraProvider>
  );
}
