import { ApiKeysSection } from './api-keys-section';
import { WebhooksSection } from './webhooks-section';

/** /admin/integrations: what lets other programs work with the shop (docs/integrations.md). */
export function IntegrationsPage() {
  return (
    <div className="flex flex-col gap-8">
      <div>
        <h1 className="text-2xl font-bold text-stone-900">Integrations</h1>
        <p className="mt-1 text-sm text-stone-600">
          Let other programs, such as accounting or a front-desk tablet, work with your shop through the API.
        </p>
      </div>
      <ApiKeysSection />
      <WebhooksSection />
    </div>
  );
}
