import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { formatGiftCardCode } from '../../../shared/gift-card-code';
import { orderNumber } from '../../../shared/orders';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useFormatMoney } from '../../lib/money';
import { useTimeZone } from '../../lib/session';
import { errorMessage } from '../../lib/trpc';
import { stampOf } from '../../lib/zoned-time';
import { GiftCardStatus } from './gift-card-status';
import { useGiftCard, useVoidGiftCard } from './gift-cards-api';

/** /admin/gift-cards/:id: a card's balance and its ledger, each line tied to its order; void it. */
export function AdminGiftCardPage() {
  const { id = '' } = useParams();
  const intl = useIntl();
  const money = useFormatMoney();
  const timeZone = useTimeZone();
  const card = useGiftCard(id);
  const voiding = useVoidGiftCard();
  const [confirming, setConfirming] = useState(false);

  if (card.isLoading) return <Spinner label={intl.formatMessage({ id: 'giftCards.loading' })} />;
  if (card.isError) return <p className="text-red-700">{errorMessage(card.error)}</p>;
  const c = card.data!;
  const code = formatGiftCardCode(c.code);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="break-all font-mono text-2xl font-bold text-stone-900" translate="no">
            {code}
          </h1>
          <p className="mt-1 text-xl font-semibold text-brand-800" data-testid="gift-card-balance">
            {money(c.balance)}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <GiftCardStatus card={c} />
          <ButtonLink to="/admin/gift-cards" variant="outline" size="sm">
            <FormattedMessage id="giftCards.back" />
          </ButtonLink>
          {c.isActive && (
            <Button variant="destructive" size="sm" onClick={() => setConfirming(true)}>
              <FormattedMessage id="giftCards.voidCard" />
            </Button>
          )}
        </div>
      </div>

      <Card>
        <CardContent className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 p-5 text-sm text-stone-700">
          <span className="text-stone-600">
            <FormattedMessage id="giftCards.initial" />
          </span>
          <span>{money(c.initialAmount)}</span>
          <span className="text-stone-600">
            <FormattedMessage id="giftCards.recipient" />
          </span>
          <span className="break-all">{c.recipientEmail ?? intl.formatMessage({ id: 'giftCards.noRecipient' })}</span>
          <span className="text-stone-600">
            <FormattedMessage id="giftCards.created" />
          </span>
          <span>{stampOf(c.createdAt, timeZone)}</span>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            <FormattedMessage id="giftCards.ledgerTitle" />
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ol
            className="flex flex-col divide-y divide-stone-200"
            aria-label={intl.formatMessage({ id: 'giftCards.ledgerLabel' })}
          >
            {c.ledger.map((line) => (
              <li
                key={line.id}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2 text-sm"
                data-testid="ledger-line"
              >
                <span className="font-medium text-stone-900">
                  <FormattedMessage id="giftCards.entryKind" values={{ kind: line.kind }} />
                </span>
                <span className="text-stone-600">{stampOf(line.createdAt, timeZone)}</span>
                {line.orderId && (
                  <Link className="text-brand-800 underline" to={`/admin/orders/${line.orderId}`}>
                    <FormattedMessage id="giftCards.order" values={{ number: orderNumber(line.orderId) }} />
                  </Link>
                )}
                <span
                  className={
                    Number(line.amount) < 0
                      ? 'ml-auto font-semibold text-stone-900'
                      : 'ml-auto font-semibold text-green-800'
                  }
                  data-testid="ledger-amount"
                >
                  {Number(line.amount) < 0 ? `−${money(line.amount.slice(1))}` : `+${money(line.amount)}`}
                </span>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>

      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={intl.formatMessage({ id: 'giftCards.voidTitle' }, { code })}
        description={intl.formatMessage({ id: 'giftCards.voidText' }, { amount: money(c.balance) })}
        confirmLabel={intl.formatMessage({ id: 'giftCards.voidCard' })}
        destructive
        pending={voiding.isPending}
        onConfirm={() => voiding.mutate({ id: c.id }, { onSettled: () => setConfirming(false) })}
      />
    </div>
  );
}
