import { FormattedMessage } from 'react-intl';
import { useApplyDiscount, useRemoveDiscount } from './cart-api';
import { CodeField } from './code-field';

const TEXTS = { label: 'cart.discountCode', placeholder: 'cart.enterCode', remove: 'cart.removeCodeLabel' } as const;

/** The cart's "Discount code" field: an applied code shows the reason when it no longer applies to the cart. */
export function DiscountCodeField({ applied }: { applied: { code: string; problem: string | null } | null }) {
  return (
    <CodeField
      texts={TEXTS}
      maxLength={32}
      testId="applied-discount"
      apply={useApplyDiscount()}
      remove={useRemoveDiscount()}
      applied={
        applied && {
          code: applied.code,
          detail: applied.problem && (
            <p className="text-sm text-red-700" role="alert">
              {/* The server's English sentence (the cart carries it as text), said in the page's language. */}
              <FormattedMessage id="cart.discountProblem" values={{ problem: applied.problem }} />
            </p>
          ),
        }
      }
    />
  );
}
