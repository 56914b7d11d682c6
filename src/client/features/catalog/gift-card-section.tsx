import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { GIFT_CARD_MAX, GIFT_CARD_MIN, normaliseGiftCardCode } from '../../../shared/gift-card-code';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Form, TextareaField, TextField, useZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { useToast } from '../../components/ui/toast';
import { useFormatMoney } from '../../lib/money';
import { goToPaymentPage } from '../../lib/payment-page';
import { useTimeZone } from '../../lib/session';
import { errorMessage, trpc } from '../../lib/trpc';
import { dateKeyOf, dayLabelOf } from '../../lib/zoned-time';

// Imported when the form is first used, not as the shop loads (useZodForm).
const buyGiftCardSchema = () => import('../../../shared/gift-card-schema').then((module) => module.ZBuyGiftCardInput);

/** /products: "Buy a gift card" for someone (paid like an order), and a balance check by code. */
export function GiftCardSection() {
  return (
    <section className="grid gap-6 lg:grid-cols-[2fr_1fr]" aria-labelledby="buy-gift-card-title">
      <BuyGiftCard />
      <CheckBalance />
    </section>
  );
}

function BuyGiftCard() {
  const intl = useIntl();
  const money = useFormatMoney();
  const toast = useToast();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const buy = trpc.giftCards.buy.useMutation();
  const form = useZodForm(buyGiftCardSchema, { defaultValues: { amount: '25.00', recipientEmail: '', message: '' } });
  const submit = async (values: { amount: string; recipientEmail: string; message?: string | null }) => {
    try {
      const { order, paymentUrl } = await buy.mutateAsync(values);
      void utils.orders.list.invalidate();
      if (paymentUrl) return goToPaymentPage(paymentUrl);
      toast({
        title: intl.formatMessage({ id: 'giftCards.ordered' }),
        description: intl.formatMessage({ id: 'giftCards.orderedText' }, { email: values.recipientEmail }),
      });
      await navigate(`/orders/${order.id}`);
    } catch (error) {
      toast({
        title: intl.formatMessage({ id: 'giftCards.buyFailed' }),
        description: errorMessage(error),
        variant: 'destructive',
      });
    }
  };
  return (
    <Card data-testid="buy-gift-card">
      <CardHeader>
        <CardTitle id="buy-gift-card-title">
          <FormattedMessage id="giftCards.buyTitle" />
        </CardTitle>
        <p className="text-sm text-stone-600">
          <FormattedMessage id="giftCards.buyIntro" />
        </p>
      </CardHeader>
      <CardContent>
        <Form
          form={form}
          onSubmit={submit}
          onFocus={() => void buyGiftCardSchema()}
          className="grid gap-4 sm:grid-cols-2"
        >
          <TextField
            name="amount"
            label={intl.formatMessage({ id: 'giftCards.amount' })}
            hint={intl.formatMessage(
              { id: 'giftCards.amountHint' },
              { min: money(GIFT_CARD_MIN), max: money(GIFT_CARD_MAX) },
            )}
            inputMode="decimal"
          />
          <TextField
            name="recipientEmail"
            type="email"
            autoComplete="off"
            label={intl.formatMessage({ id: 'giftCards.recipientEmail' })}
          />
          <TextareaField
            name="message"
            rows={2}
            maxLength={500}
            className="sm:col-span-2"
            label={intl.formatMessage({ id: 'giftCards.message' })}
          />
          <div className="sm:col-span-2">
            <Button type="submit" disabled={buy.isPending || buy.isSuccess}>
              <FormattedMessage id={buy.isPending ? 'giftCards.buying' : 'giftCards.buy'} />
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

function CheckBalance() {
  const money = useFormatMoney();
  const timeZone = useTimeZone();
  const id = useId();
  const [typed, setTyped] = useState('');
  const [code, setCode] = useState<string | null>(null);
  const balance = trpc.giftCards.balance.useQuery({ code: code ?? '' }, { enabled: !!code, retry: false });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const normalised = normaliseGiftCardCode(typed);
    if (normalised) setCode(normalised);
  };
  return (
    <Card className="h-fit" data-testid="gift-card-balance">
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="giftCards.checkTitle" />
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <form className="flex flex-col gap-1.5" onSubmit={submit} noValidate>
          <label htmlFor={id} className="text-sm font-medium text-stone-800">
            <FormattedMessage id="giftCards.code" />
          </label>
          <Input
            id={id}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            className="font-mono uppercase"
          />
          <Button type="submit" variant="outline" className="mt-1" disabled={!typed.trim() || balance.isFetching}>
            <FormattedMessage id="giftCards.check" />
          </Button>
        </form>
        <div aria-live="polite">
          {code && balance.isError && (
            <p className="text-sm text-red-700" role="alert">
              {errorMessage(balance.error)}
            </p>
          )}
          {code && balance.data && (
            <div className="text-sm" data-testid="gift-card-balance-result">
              <p className="text-base font-semibold text-stone-900">
                <FormattedMessage id="giftCards.balance" values={{ amount: money(balance.data.balance) }} />
              </p>
              {balance.data.expiresAt && (
                <p className="text-stone-600">
                  <FormattedMessage
                    id="giftCards.validUntil"
                    values={{ date: dayLabelOf(dateKeyOf(balance.data.expiresAt, timeZone), 'monthDayYear') }}
                  />
                </p>
              )}
            </div>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
