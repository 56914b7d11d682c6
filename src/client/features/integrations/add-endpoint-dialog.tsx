import { FormattedMessage, useIntl } from 'react-intl';
import { ZCreateWebhookInput, webhookEventDescriptions, webhookEventTypes } from '../../../shared/webhook-schema';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Form, TextField, useZodForm } from '../../components/ui/form';
import { useSentence } from '../../lib/i18n';
import type { Revealed } from './integration-section';
import { useCreateWebhook } from './integrations-api';

/** The address, an optional description and the events wanted; the server answers with the signing secret. */
export function AddEndpointDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (revealed: Revealed) => void;
}) {
  const intl = useIntl();
  const say = useSentence();
  const create = useCreateWebhook();
  const form = useZodForm(ZCreateWebhookInput, { defaultValues: { url: '', events: [], description: '' } });
  const chosen = form.watch('events');
  const eventsError = form.formState.errors.events?.message;

  return (
    <Dialog
      open
      onClose={onClose}
      title={intl.formatMessage({ id: 'integrations.addWebhookEndpoint' })}
      description={intl.formatMessage({ id: 'integrations.addEndpointDescription' })}
      className="max-w-3xl"
    >
      <Form
        form={form}
        onSubmit={(values) =>
          create.mutate(values, {
            onSuccess: (endpoint) => onCreated({ owner: endpoint.url, secret: endpoint.secret }),
          })
        }
        className="flex flex-col gap-4"
      >
        <TextField
          name="url"
          label={intl.formatMessage({ id: 'integrations.url' })}
          type="url"
          placeholder="https://example.com/webhooks"
        />
        <TextField
          name="description"
          label={intl.formatMessage({ id: 'integrations.descriptionOptional' })}
          placeholder={intl.formatMessage({ id: 'integrations.descriptionPlaceholder' })}
        />
        <fieldset aria-describedby={eventsError ? 'webhook-events-message' : undefined}>
          <legend className="text-sm font-medium text-stone-800">
            <FormattedMessage id="integrations.events" />
          </legend>
          <ul className="mt-2 grid gap-2 sm:grid-cols-2">
            {webhookEventTypes.map((type) => (
              <li key={type}>
                <label className="flex items-start gap-2 text-sm text-stone-800">
                  <input
                    type="checkbox"
                    className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
                    checked={chosen.includes(type)}
                    data-event={type}
                    onChange={(e) =>
                      form.setValue('events', e.target.checked ? [...chosen, type] : chosen.filter((t) => t !== type), {
                        shouldValidate: form.formState.isSubmitted,
                      })
                    }
                  />
                  <span>
                    <span className="font-mono text-xs font-semibold">{type}</span>
                    <span className="block text-stone-600">
                      <FormattedMessage id={webhookEventDescriptions[type]} />
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
          {eventsError && (
            <p id="webhook-events-message" className="mt-2 text-sm text-red-600" role="alert">
              {say(eventsError)}
            </p>
          )}
        </fieldset>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            <FormattedMessage id="integrations.cancel" />
          </Button>
          <Button type="submit" disabled={create.isPending}>
            <FormattedMessage id={create.isPending ? 'integrations.adding' : 'integrations.addEndpoint'} />
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
