import { useIntl } from 'react-intl';
import type { MessageId } from '../../../shared/i18n/en';
import type { webhookEventTypes } from '../../../shared/webhook-schema';
import { useToast } from '../../components/ui/toast';
import { errorMessage, trpc, type RouterOutputs } from '../../lib/trpc';

export type ApiKeyItem = RouterOutputs['integrations']['apiKeys']['list'][number];

export const useApiKeys = () => trpc.integrations.apiKeys.list.useQuery();

/**
 * What an integrations change does after: the lists read again, a toast: a sentence on success (if given), the
 * server's sentence on failure (the screen's own when the server gave none).
 */
function useOutcome(refresh: () => void, failure: MessageId, success?: MessageId) {
  const intl = useIntl();
  const toast = useToast();
  return {
    onSuccess: () => {
      if (success)
        toast({
          title: intl.formatMessage({ id: 'integrations.success' }),
          description: intl.formatMessage({ id: success }),
        });
      refresh();
    },
    onError: (error: unknown) =>
      toast({
        title: intl.formatMessage({ id: 'integrations.error' }),
        description: errorMessage(error, intl.formatMessage({ id: failure })),
        variant: 'destructive',
      }),
  };
}

function useApiKeyOutcome(failure: MessageId, success?: MessageId) {
  const utils = trpc.useUtils();
  return useOutcome(() => void utils.integrations.apiKeys.invalidate(), failure, success);
}

export const useCreateApiKey = () =>
  trpc.integrations.apiKeys.create.useMutation(useApiKeyOutcome('integrations.createKeyFailed'));
export const useRevokeApiKey = () =>
  trpc.integrations.apiKeys.revoke.useMutation(
    useApiKeyOutcome('integrations.revokeFailed', 'integrations.keyRevoked'),
  );

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

function useWebhookOutcome(failure: MessageId, success?: MessageId) {
  const utils = trpc.useUtils();
  return useOutcome(() => void utils.webhooks.invalidate(), failure, success);
}

export const useCreateWebhook = () =>
  trpc.webhooks.create.useMutation(useWebhookOutcome('integrations.addEndpointFailed'));
export const useUpdateWebhook = () =>
  trpc.webhooks.update.useMutation(useWebhookOutcome('integrations.changeEndpointFailed'));
export const useDeleteWebhook = () =>
  trpc.webhooks.delete.useMutation(
    useWebhookOutcome('integrations.deleteEndpointFailed', 'integrations.endpointDeleted'),
  );
export const useSendTestEvent = () =>
  trpc.webhooks.test.useMutation(useWebhookOutcome('integrations.testEventFailed', 'integrations.testEventSent'));
export const useRedeliver = () =>
  trpc.webhooks.retry.useMutation(useWebhookOutcome('integrations.redeliverFailed', 'integrations.redeliveryQueued'));

export type WebhookEventItem = RouterOutputs['events']['list'][number];
type WebhookEventType = (typeof webhookEventTypes)[number];

/** How many of the latest events the screen lists. */
const EVENTS_SHOWN = 20;

export const useRecentEvents = (type?: WebhookEventType) =>
  trpc.events.list.useQuery({ limit: EVENTS_SHOWN, ...(type ? { type } : {}) });

export const useReplayEvents = () => trpc.events.replay.useMutation(useWebhookOutcome('integrations.replayFailed'));
