import { FormattedMessage } from 'react-intl';
import { can, isAdmin } from '../../../shared/roles';
import { useCurrentUser } from '../../lib/session';
import { ApiKeysSection } from './api-keys-section';
import { EventsSection } from './events-section';
import { WebhooksSection } from './webhooks-section';

/**
 * /admin/integrations: what lets other programs work with the shop (docs/integrations.md). Staff holding
 * webhooks.view read the endpoints, their deliveries and the events; webhooks.manage also changes them and replays
 * events. API keys stay with admins.
 */
export function IntegrationsPage() {
  const { user } = useCurrentUser();
  const manages = can(user, 'webhooks.manage');
  return (
    <div className="flex flex-col gap-8">
      <div>
        <h1 className="text-2xl font-bold text-stone-900">
          <FormattedMessage id="integrations.title" />
        </h1>
        <p className="mt-1 text-sm text-stone-600">
          <FormattedMessage id={manages ? 'integrations.intro' : 'integrations.introReadOnly'} />
        </p>
      </div>
      {isAdmin(user) && <ApiKeysSection />}
      <WebhooksSection manages={manages} />
      <EventsSection />
    </div>
  );
}
