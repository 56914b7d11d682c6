import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatGiftCardCode } from '../../../shared/gift-card-schema';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { useFormatMoney } from '../../lib/money';
import { errorMessage } from '../../lib/trpc';
import { useApplyGiftCard, useRemoveGiftCard } from './cart-api';

/**
 * The cart's "Gift card" field, beside "Discount code": Apply checks the code at once (a refusal shows under the
 * field); an applied card shows what it pays of the order, with Remove.
 */
export function GiftCardField({ applied }: { applied: { code: string; amount: string } | null }) {
  const intl = useIntl();
  const money = useFormatMoney();
  const id = useId();
  const [code, setCode] = useState('');
  const apply = useApplyGiftCard();
  const remove = useRemoveGiftCard();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    apply.mutate({ code: code.trim() }, { onSuccess: () => setCode('') });
  };

  if (applied) {
    const shown = formatGiftCardCode(applied.code);
    return (
      <div className="flex flex-col gap-1.5" data-testid="applied-gift-card">
        <p className="text-sm font-medium text-stone-800">
          <FormattedMessage id="giftCards.field" />
        </p>
        <div className="flex items-center justify-between gap-3 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2">
          <span className="break-all font-mono text-sm font-semibold text-brand-800" translate="no">
            {shown}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
            aria-label={intl.formatMessage({ id: 'giftCards.removeLabel' }, { code: shown })}
          >
            <FormattedMessage id="cart.removeCode" />
          </Button>
        </div>
        {Number(applied.amount) > 0 ? (
          <p className="text-sm text-stone-700">
            <FormattedMessage id="giftCards.pays" values={{ amount: money(applied.amount) }} />
          </p>
        ) : (
          <p className="text-sm text-red-700" role="alert">
            <FormattedMessage id="giftCards.paysNothing" />
          </p>
        )}
      </div>
    );
  }

  const error = apply.error ? errorMessage(apply.error) : null;
  return (
    <form
      className="flex flex-col gap-1.5"
      onSubmit={submit}
      noValidate
      aria-label={intl.formatMessage({ id: 'giftCards.field' })}
    >
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        <FormattedMessage id="giftCards.field" />
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            if (apply.error) apply.reset();
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-message` : undefined}
          className="uppercase placeholder:normal-case"
          placeholder={intl.formatMessage({ id: 'giftCards.enterCode' })}
        />
        <Button
          type="submit"
          variant="outline"
          disabled={apply.isPending || !code.trim()}
          aria-label={intl.formatMessage({ id: 'giftCards.applyLabel' })}
        >
          <FormattedMessage id="cart.apply" />
        </Button>
      </div>
      {error && (
        <p id={`${id}-message`} className="text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
