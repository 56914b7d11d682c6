import { FormattedMessage } from 'react-intl';
import type { PaymentProviderId } from '../../../shared/orders-schema';
import type { MessageId } from '../../../shared/i18n/en';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';

const methodLabels = {
  manual: { title: 'orders.payOnPickup', text: 'orders.payOnPickupText' },
  stripe: { title: 'orders.card', text: 'orders.cardText' },
} as const satisfies Record<PaymentProviderId, { title: MessageId; text: MessageId }>;

/** The ways to pay the business offers, as radio cards; the chosen one is marked. */
export function PaymentMethodChoice({
  available,
  method,
  onChange,
}: {
  available: readonly PaymentProviderId[];
  method: PaymentProviderId;
  onChange: (method: PaymentProviderId) => void;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="orders.paymentMethod" />
        </CardTitle>
      </CardHeader>
      <CardContent>
        <fieldset className="flex flex-col gap-3">
          <legend className="sr-only">
            <FormattedMessage id="orders.paymentMethodLegend" />
          </legend>
          {available.map((id) => (
            <label
              key={id}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-stone-200 p-3 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name="payment-method"
                value={id}
                checked={method === id}
                onChange={() => onChange(id)}
                className="mt-1 accent-brand-600"
              />
              <span>
                <span className="block font-medium text-stone-900">
                  <FormattedMessage id={methodLabels[id].title} />
                </span>
                <span className="block text-sm text-stone-600">
                  <FormattedMessage id={methodLabels[id].text} />
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      </CardContent>
    </Card>
  );
}
