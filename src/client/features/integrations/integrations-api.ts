import { useToast } from '../../components/ui/toast';
import { errorMessage, trpc, type RouterOutputs } from '../../lib/trpc';

export type ApiKeyItem = RouterOutputs['integrations']['apiKeys']['list'][number];

export const useApiKeys = () => trpc.integrations.apiKeys.list.useQuery();

export function useCreateApiKey() {
  const toast = useToast();
  const utils = trpc.useUtils();
  return trpc.integrations.apiKeys.create.useMutation({
    onSuccess: () => void utils.integrations.apiKeys.invalidate(),
    onError: (error) =>
      toast({ title: 'Error', description: errorMessage(error, 'Failed to create API key'), variant: 'destructive' }),
  });
}

export function useRevokeApiKey() {
  const toast = useToast();
  const utils = trpc.useUtils();
  return trpc.integrations.apiKeys.revoke.useMutation({
    onSuccess: () => {
      toast({ title: 'Success', description: 'API key revoked' });
      void utils.integrations.apiKeys.invalidate();
    },
    onError: (error) =>
      toast({ title: 'Error', description: errorMessage(error, 'Failed to revoke API key'), variant: 'destructive' }),
  });
}

export type WebhookEndpointItem = RouterOutputs['webhooks']['list'][number];
export type WebhookDeliveryItem = RouterOutputs['webhooks']['deliveries'][number];

export const useWebhookEndpoints = () => trpc.webhooks.list.useQuery();

/** How often an open delivery log is read again while one of its deliveries is still pending. */
const PENDING_POLL_MS = 2_000;

/** One endpoint's delivery log, read again while something in it is still on its way. */
export const useWebhookDeliveries = (endpointId: string) =>
  trpc.webhooks.deliveries.useQuery(
    { id: endpointId },
    { refetchInterval: (query) => (query.state.data?.some((d) => d.status === 'pending') ? PENDING_POLL_MS : false) },
  );

/** What a webhook mutation does after: the lists read again, a toast: a sentence on success (if given), the server's sentence on failure. */
function useWebhookOutcome(failure: string, success?: string) {
  const toast = useToast();
  const utils = trpc.useUtils();
  return {
    onSuccess: () => {
      if (success) toast({ title: 'Success', description: success });
      void utils.webhooks.invalidate();
    },
    onError: (error: unknown) =>
      toast({ title: 'Error', description: errorMessage(error, failure), variant: 'destructive' }),
  };
}

export const useCreateWebhook = () => trpc.webhooks.create.useMutation(useWebhookOutcome('Failed to add the endpoint'));
export const useUpdateWebhook = () =>
  trpc.webhooks.update.useMutation(useWebhookOutcome('Failed to change the endpoint'));
export const useDeleteWebhook = () =>
  trpc.webhooks.delete.useMutation(useWebhookOutcome('Failed to delete the endpoint', 'Webhook endpoint deleted'));
export const useSendTestEvent = () =>
  trpc.webhooks.test.useMutation(useWebhookOutcome('Failed to send the test event', 'Test event sent'));
export const useRedeliver = () =>
  trpc.webhooks.retry.useMutation(useWebhookOutcome('Failed to redeliver', 'Redelivery queued'));
