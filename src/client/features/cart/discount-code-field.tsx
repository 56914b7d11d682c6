import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { errorMessage } from '../../lib/trpc';
import { useApplyDiscount, useRemoveDiscount } from './cart-api';

/**
 * The cart's "Discount code" field: Apply checks the code against the cart at once and shows a refusal under
 * the field; an applied code shows with Remove, and with the reason when it no longer applies to the cart.
 */
export function DiscountCodeField({ applied }: { applied: { code: string; problem: string | null } | null }) {
  const intl = useIntl();
  const id = useId();
  const [code, setCode] = useState('');
  const apply = useApplyDiscount();
  const remove = useRemoveDiscount();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    apply.mutate({ code: code.trim() }, { onSuccess: () => setCode('') });
  };

  if (applied) {
    return (
      <div className="flex flex-col gap-1.5" data-testid="applied-discount">
        <p className="text-sm font-medium text-stone-800">
          <FormattedMessage id="cart.discountCode" />
        </p>
        <div className="flex items-center justify-between gap-3 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2">
          <span className="font-mono text-sm font-semibold text-brand-800">{applied.code}</span>
          <Button
            variant="outline"
            size="sm"
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
            aria-label={intl.formatMessage({ id: 'cart.removeCodeLabel' }, { code: applied.code })}
          >
            <FormattedMessage id="cart.removeCode" />
          </Button>
        </div>
        {applied.problem && (
          <p className="text-sm text-red-700" role="alert">
            {/* The server's English sentence (the cart carries it as text), said in the page's language. */}
            <FormattedMessage id="cart.discountProblem" values={{ problem: applied.problem }} />
          </p>
        )}
      </div>
    );
  }

  const error = apply.error ? errorMessage(apply.error) : null;
  return (
    <form className="flex flex-col gap-1.5" onSubmit={submit} noValidate>
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        <FormattedMessage id="cart.discountCode" />
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
          maxLength={32}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-message` : undefined}
          className="uppercase placeholder:normal-case"
          placeholder={intl.formatMessage({ id: 'cart.enterCode' })}
        />
        <Button type="submit" variant="outline" disabled={apply.isPending || !code.trim()}>
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
