import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { cn } from '../../lib/cn';
import { useCartCount } from './cart-api';

/** The words after the count, for screen readers. */
const srOnly = (chunks: ReactNode[]) => <span className="sr-only">{chunks}</span>;

/** The count on the cart icon, shown only when the cart holds something (docs/catalogue.md). */
export function CartBadge({ className }: { className?: string }) {
  const count = useCartCount();
  if (count <= 0) return null;
  return (
    <span
      data-testid="cart-badge"
      className={cn(
        'absolute -right-1.5 -top-1.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-accent-700 px-1 text-[11px] font-bold leading-none text-white',
        className,
      )}
    >
      <FormattedMessage id="cart.badge" values={{ shown: count > 99 ? '99+' : count, count, hidden: srOnly }} />
    </span>
  );
}
