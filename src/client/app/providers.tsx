import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import { useState, type ReactNode } from 'react';
import { ToastProvider } from '../components/ui/toast';
import { trpc } from '../lib/trpc';
import { I18nProvider } from '../lib/i18n';
import { languageHeader } from '../lib/rest';

export function Providers({ children }: { children: ReactNode }) {
  // docs/product.md: no retry, no refetch on focus, no polling, data never stale (writes invalidate what they change).
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
          mutations: { retry: false },
        },
      }),
  );
  const [trpcClient] = useState(() =>
    trpc.createClient({
      links: [
        // Live updates (chat) are subscriptions over server-sent events; an EventSource reconnects by itself and
        // the link resumes from the last event id it received.
        splitLink({
          condition: (op) => op.type === 'subscription',
          true: httpSubscriptionLink({ url: '/api/trpc', eventSourceOptions: { withCredentials: true } }),
          false: httpBatchLink({
            url: '/api/trpc',
            fetch: (url, init) => fetch(url, { ...init, credentials: 'include' }),
            headers: languageHeader,
          }),
        }),
      ],
    }),
  );
  return (
    <I18nProvider>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <ToastProvider>{children}</ToastProvider>
        </QueryClientProvider>
      </trpc.Provider>
    </I18nProvider>
  );
}
