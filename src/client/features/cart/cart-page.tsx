import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { toCents, fromCents } from '../../../shared/orders';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage, type RouterOutputs } from '../../lib/trpc';
import { CartSummary } from './cart-summary';
import { quantityFromInput } from './quantity';
import { useCart, useRemoveCartItem, useUpdateCartItem } from './cart-api';
import { useFormatMoney } from '../../lib/money';

type CartLine = RouterOutputs['cart']['list'][number];

/** /cart: lines with a quantity stepper and a remove button, an order summary and the way to checkout. */
export function CartPage() {
  const intl = useIntl();
  const cart = useCart();
  if (cart.isLoading) return <Spinner label={intl.formatMessage({ id: 'cart.loading' })} className="min-h-[40vh]" />;
  if (cart.isError) return <p className="text-red-700">{errorMessage(cart.error)}</p>;
  const lines = cart.data ?? [];

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-stone-900">
        <FormattedMessage id="cart.title" />
      </h1>
      {lines.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 px-5 py-14 text-center">
            <svg
              viewBox="0 0 24 24"
              width="40"
              height="40"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
              className="text-stone-400"
              aria-hidden="true"
            >
              <circle cx="9" cy="20" r="1.5" />
              <circle cx="18" cy="20" r="1.5" />
              <path
                d="M2 3h3l2.6 12.2a1 1 0 0 0 1 .8h9.7a1 1 0 0 0 1-.8L21 7H6"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            <h2 className="text-lg font-semibold text-stone-900">
              <FormattedMessage id="cart.empty" />
            </h2>
            <p className="text-sm text-stone-600">
              <FormattedMessage id="cart.emptyHint" />
            </p>
            <ButtonLink to="/products">
              <FormattedMessage id="cart.browseProducts" />
            </ButtonLink>
          </CardContent>
        </Card>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[1fr_340px]">
          <ul className="flex min-w-0 flex-col gap-3" aria-label={intl.formatMessage({ id: 'cart.itemsLabel' })}>
            {lines.map((line) => (
              <CartLineCard key={line.id} line={line} />
            ))}
          </ul>
          <CartSummary lines={lines}>
            <ButtonLink to="/checkout" size="lg" className="w-full">
              <FormattedMessage id="cart.proceedToCheckout" />
            </ButtonLink>
          </CartSummary>
        </div>
      )}
    </div>
  );
}

function CartLineCard({ line }: { line: CartLine }) {
  const intl = useIntl();
  const money = useFormatMoney();
  const name = line.product.name;
  const update = useUpdateCartItem();
  const remove = useRemoveCartItem();
  const [draft, setDraft] = useState<string | null>(null);
  const stock = line.product.inventory;
  const setQuantity = (quantity: number | null) => {
    if (quantity === null || quantity === line.quantity) return;
    update.mutate({ id: line.id, quantity });
  };
  const short = line.quantity > stock;
  const inputId = `quantity-${line.id}`;

  return (
    <li>
      <Card className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center" data-testid="cart-item">
        <div className="flex flex-1 items-center gap-4">
          {line.product.imageUrl ? (
            <img
              src={line.product.imageUrl}
              alt=""
              width={72}
              height={72}
              className="h-18 w-18 shrink-0 rounded-lg bg-brand-50 object-cover"
            />
          ) : (
            <div className="h-18 w-18 shrink-0 rounded-lg bg-brand-50" aria-hidden="true" />
          )}
          <div className="min-w-0">
            <h2 className="truncate font-semibold text-stone-900">{name}</h2>
            <p className="text-sm text-stone-600">
              <FormattedMessage id="cart.each" values={{ price: money(line.price) }} />
            </p>
            {short && (
              <p className="text-sm font-medium text-red-700" role="status">
                {stock === 0 ? (
                  <FormattedMessage id="cart.outOfStock" />
                ) : (
                  <FormattedMessage id="cart.onlyLeft" values={{ count: stock }} />
                )}
              </p>
            )}
          </div>
        </div>
        <div className="flex items-center justify-between gap-4 sm:justify-end">
          <div className="flex items-center gap-1">
            <Button
              variant="outline"
              size="icon"
              aria-label={intl.formatMessage({ id: 'cart.decrease' }, { name })}
              disabled={line.quantity <= 1}
              onClick={() => setQuantity(line.quantity - 1)}
            >
              −
            </Button>
            <label htmlFor={inputId} className="sr-only">
              <FormattedMessage id="cart.quantityOf" values={{ name }} />
            </label>
            <input
              id={inputId}
              type="number"
              inputMode="numeric"
              min={1}
              max={Math.max(stock, 1)}
              value={draft ?? String(line.quantity)}
              onChange={(e) => {
                setDraft(e.target.value);
                if (e.target.value !== '') setQuantity(quantityFromInput(e.target.value, stock));
              }}
              onBlur={(e) => {
                setDraft(null);
                setQuantity(quantityFromInput(e.target.value, stock));
              }}
              className="h-10 w-16 rounded-lg border border-stone-300 text-center text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
            />
            <Button
              variant="outline"
              size="icon"
              aria-label={intl.formatMessage({ id: 'cart.increase' }, { name })}
              disabled={line.quantity >= stock}
              onClick={() => setQuantity(line.quantity + 1)}
            >
              +
            </Button>
          </div>
          <span className="w-20 text-right font-semibold text-stone-900" data-testid="line-total">
            {money(fromCents(toCents(line.price) * line.quantity))}
          </span>
          <Button
            variant="ghost"
            size="icon"
            aria-label={intl.formatMessage({ id: 'cart.remove' }, { name })}
            disabled={remove.isPending}
            onClick={() => remove.mutate({ id: line.id })}
          >
            <svg
              viewBox="0 0 24 24"
              width="18"
              height="18"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              <path
                d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </Button>
        </div>
      </Card>
    </li>
  );
}
