import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { cartTotals, fromCents, toCents } from '../../../shared/orders';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { OrderTotals } from '../../components/ui/order-totals';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage, trpc } from '../../lib/trpc';
import { usePaymentMethods, usePlaceOrder } from './orders-api';
import { useFormatMoney } from '../../lib/money';

const methodLabels = {
  manual: { title: 'Pay on pickup', text: 'Pay in the shop when you collect your order.' },
  stripe: { title: 'Card', text: 'Pay now by credit or debit card on Stripe’s secure payment page.' },
} as const;

/** /checkout: review the cart, choose how to pay, place the order. */
export function CheckoutPage() {
  const money = useFormatMoney();
  const cart = trpc.cart.list.useQuery();
  const summary = trpc.cart.summary.useQuery();
  const methods = usePaymentMethods();
  const navigate = useNavigate();
  const [method, setMethod] = useState<'manual' | 'stripe'>('manual');
  const { place, isPending, isRedirecting } = usePlaceOrder((order) =>
    navigate(`/orders/${order.id}`, { state: { placed: true } }),
  );

  if (cart.isLoading) return <Spinner label="Loading your cart" className="min-h-[40vh]" />;
  if (cart.isError) return <p className="text-red-700">{errorMessage(cart.error)}</p>;
  const lines = cart.data ?? [];
  // The server's prices once they arrive (they carry the discount); the lines' own totals until then.
  const totals = summary.data ?? { ...cartTotals(lines), discount: null };
  const discountProblem = summary.data?.discount?.problem ?? null;
  const available = methods.data?.methods ?? ['manual'];
  const short = lines.some((line) => line.quantity > line.product.inventory);

  if (lines.length === 0) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-14 text-center">
          <h1 className="text-lg font-semibold text-stone-900">Your cart is empty</h1>
          <p className="text-sm text-stone-600">Add some products before checking out.</p>
          <ButtonLink to="/products">Browse Products</ButtonLink>
        </CardContent>
      </Card>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-stone-900">Checkout</h1>
        <ButtonLink to="/cart" variant="outline" size="sm">
          Back to Cart
        </ButtonLink>
      </div>
      <div className="grid gap-6 lg:grid-cols-[1fr_340px]">
        <div className="flex flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Review Your Order</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="divide-y divide-stone-100" aria-label="Order items">
                {lines.map((line) => (
                  <li
                    key={line.id}
                    className="flex items-start justify-between gap-3 py-3 text-sm"
                    data-testid="checkout-item"
                  >
                    <div>
                      <p className="font-medium text-stone-900">{line.product.name}</p>
                      <p className="text-stone-600">
                        {line.quantity} × {money(line.price)}
                      </p>
                      {line.quantity > line.product.inventory && (
                        <p className="font-medium text-red-700">
                          {line.product.inventory === 0
                            ? 'Out of stock'
                            : `Only ${line.product.inventory} left in stock`}
                        </p>
                      )}
                    </div>
                    <span className="font-semibold text-stone-900">
                      {money(fromCents(toCents(line.price) * line.quantity))}
                    </span>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Payment Method</CardTitle>
            </CardHeader>
            <CardContent>
              <fieldset className="flex flex-col gap-3">
                <legend className="sr-only">Payment method</legend>
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
                      onChange={() => setMethod(id)}
                      className="mt-1 accent-brand-600"
                    />
                    <span>
                      <span className="block font-medium text-stone-900">{methodLabels[id].title}</span>
                      <span className="block text-sm text-stone-600">{methodLabels[id].text}</span>
                    </span>
                  </label>
                ))}
              </fieldset>
            </CardContent>
          </Card>
        </div>
        <Card className="h-fit" data-testid="order-summary">
          <CardHeader>
            <CardTitle>Order Summary</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <OrderTotals subtotal={totals.subtotal} discount={totals.discount} tax={totals.tax} total={totals.total} />
            <Button
              size="lg"
              className="w-full"
              disabled={isPending || isRedirecting || short || !!discountProblem}
              onClick={() => void place(method)}
            >
              {isRedirecting ? 'Going to payment...' : isPending ? 'Placing Order...' : 'Place Order'}
            </Button>
            {discountProblem && (
              <p className="text-sm text-red-700">
                {discountProblem}{' '}
                <Link to="/cart" className="font-medium underline">
                  Remove the code in your cart
                </Link>{' '}
                to continue.
              </p>
            )}
            {short && (
              <p className="text-sm text-red-700">
                Some items are no longer in stock as ordered.{' '}
                <Link to="/cart" className="font-medium underline">
                  Update your cart
                </Link>{' '}
                to continue.
              </p>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
