import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../../shared/i18n/en';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { errorMessage } from '../../lib/trpc';

interface ApplyCode {
  mutate(input: { code: string }, options: { onSuccess: () => void }): void;
  reset(): void;
  isPending: boolean;
  error: unknown;
}

interface RemoveCode {
  mutate(): void;
  isPending: boolean;
}

interface Props {
  texts: {
    /** The field's name. */
    label: MessageId;
    /** The form's name, where the page has reason to find it as a form. */
    form?: MessageId;
    placeholder: MessageId;
    /** The Apply button's accessible name, when "Apply" alone would be ambiguous beside another field. */
    apply?: MessageId;
    /** The Remove button's accessible name, with `{code}`. */
    remove: MessageId;
  };
  maxLength: number;
  testId: string;
  apply: ApplyCode;
  remove: RemoveCode;
  /** The code in the cart, as shown, and what it does to the order; null shows the form. */
  applied: { code: string; detail: ReactNode } | null;
}

/**
 * A code typed into the cart (a discount code, a gift card): Apply checks it against the cart at once and shows a
 * refusal under the field; an applied code shows with Remove and what it does to the order.
 */
export function CodeField({ texts, maxLength, testId, apply, remove, applied }: Props) {
  const intl = useIntl();
  const id = useId();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    apply.mutate({ code: code.trim() }, { onSuccess: () => setCode('') });
  };

  if (applied) {
    return (
      <div className="flex flex-col gap-1.5" data-testid={testId}>
        <p className="text-sm font-medium text-stone-800">
          <FormattedMessage id={texts.label} />
        </p>
        <div className="flex items-center justify-between gap-3 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2">
          <span className="break-all font-mono text-sm font-semibold text-brand-800" translate="no">
            {applied.code}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
            aria-label={intl.formatMessage({ id: texts.remove }, { code: applied.code })}
          >
            <FormattedMessage id="cart.removeCode" />
          </Button>
        </div>
        {applied.detail}
      </div>
    );
  }

  const error = apply.error ? errorMessage(apply.error) : null;
  return (
    <form
      className="flex flex-col gap-1.5"
      onSubmit={submit}
      noValidate
      aria-label={texts.form && intl.formatMessage({ id: texts.form })}
    >
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        <FormattedMessage id={texts.label} />
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
          maxLength={maxLength}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-message` : undefined}
          className="uppercase placeholder:normal-case"
          placeholder={intl.formatMessage({ id: texts.placeholder })}
        />
        <Button
          type="submit"
          variant="outline"
          disabled={apply.isPending || !code.trim()}
          aria-label={texts.apply && intl.formatMessage({ id: texts.apply })}
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
