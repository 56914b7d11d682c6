import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import { cartTotals } from '../../../shared/orders';
import type { PaymentProviderId } from '../../../shared/orders-schema';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { OrderTotals } from '../../entities/orders/order-totals';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage, trpc } from '../../lib/trpc';
import { usePaymentMethods, usePlaceOrder } from './orders-api';
import { CheckoutItems } from './checkout-items';
import { PaymentMethodChoice } from './payment-method-choice';

/** The cart link inside a checkout hint. */
const toCart = (chunks: ReactNode[]) => (
  <Link to="/cart" className="font-medium underline">
    {chunks}
  </Link>
);

/** /checkout: review the cart, choose how to pay, place the order. */
export function CheckoutPage() {
  const intl = useIntl();
  const cart = trpc.cart.list.useQuery();
  const summary = trpc.cart.summary.useQuery();
  const methods = usePaymentMethods();
  const navigate = useNavigate();
  const [method, setMethod] = useState<PaymentProviderId>('manual');
  const { place, isPending, isRedirecting } = usePlaceOrder((order) =>
    navigate(`/orders/${order.id}`, { state: { placed: true } }),
  );

  if (cart.isLoading)
    return <Spinner label={intl.formatMessage({ id: 'orders.loadingCart' })} className="min-h-[40vh]" />;
  if (cart.isError) return <p className="text-red-700">{errorMessage(cart.error)}</p>;
  const lines = cart.data ?? [];
  // The server's prices once they arrive (they carry the discount); the lines' own totals until then.
  const totals = summary.data ?? { ...cartTotals(lines), discount: null };
  const discountProblem = summary.data?.discount?.problem ?? null;
  // A card that pays nothing is said here too: the order is placed without it (the total above).
  const giftCardProblem = summary.data?.giftCard?.problem ?? null;
  const available = methods.data?.methods ?? ['manual'];
  const short = lines.some((line) => line.quantity > line.product.inventory);

  if (lines.length === 0) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-3 px-5 py-14 text-center">
          <h1 className="text-lg font-semibold text-stone-900">
            <FormattedMessage id="orders.cartEmpty" />
          </h1>
          <p className="text-sm text-stone-600">
            <FormattedMessage id="orders.cartEmptyHint" />
          </p>
          <ButtonLink to="/products">
            <FormattedMessage id="orders.browseProducts" />
          </ButtonLink>
        </CardContent>
      </Card>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-stone-900">
          <FormattedMessage id="orders.checkout" />
        </h1>
        <ButtonLink to="/cart" variant="outline" size="sm">
          <FormattedMessage id="orders.backToCart" />
        </ButtonLink>
      </div>
      <div className="grid gap-6 lg:grid-cols-[1fr_340px]">
        <div className="flex flex-col gap-6">
          <CheckoutItems lines={lines} />
          <PaymentMethodChoice available={available} method={method} onChange={setMethod} />
        </div>
        <Card className="h-fit" data-testid="order-summary">
          <CardHeader>
            <CardTitle>
              <FormattedMessage id="orders.summary" />
            </CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <OrderTotals
              subtotal={totals.subtotal}
              discount={totals.discount}
              tax={totals.tax}
              total={totals.total}
              giftCardAmount={summary.data?.giftCard?.amount}
            />
            <Button
              size="lg"
              className="w-full"
              disabled={isPending || isRedirecting || short || !!discountProblem}
              onClick={() => void place(method)}
            >
              <FormattedMessage
                id={isRedirecting ? 'orders.goingToPayment' : isPending ? 'orders.placing' : 'orders.place'}
              />
            </Button>
            {discountProblem && (
              <p className="text-sm text-red-700">
                <FormattedMessage id="orders.discountProblem" values={{ problem: discountProblem, link: toCart }} />
              </p>
            )}
            {giftCardProblem && (
              <p className="text-sm text-red-700">
                <FormattedMessage id="orders.giftCardProblem" values={{ problem: giftCardProblem, link: toCart }} />
              </p>
            )}
            {short && (
              <p className="text-sm text-red-700">
                <FormattedMessage id="orders.shortStock" values={{ link: toCart }} />
              </p>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
