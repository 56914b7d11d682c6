import { FormattedMessage } from 'react-intl';
import { ApiKeysSection } from './api-keys-section';
import { WebhooksSection } from './webhooks-section';

/** /admin/integrations: what lets other programs work with the shop (docs/integrations.md). */
export function IntegrationsPage() {
  return (
    <div className="flex flex-col gap-8">
      <div>
        <h1 className="text-2xl font-bold text-stone-900">
          <FormattedMessage id="integrations.title" />
        </h1>
        <p className="mt-1 text-sm text-stone-600">
          <FormattedMessage id="integrations.intro" />
        </p>
      </div>
      <ApiKeysSection />
      <WebhooksSection />
    </div>
  );
}
