import { FormattedMessage } from 'react-intl';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { cn } from '../../lib/cn';
import type { NavItem } from '../../components/nav-icon';
import { NavIcon } from '../../components/nav-icon';

/** The phone navigation bar of the customer and admin layouts. */
export function BottomNav({
  label,
  items,
  homePath,
  scrollable,
  badges,
}: {
  label: string;
  items: NavItem[];
  homePath: string;
  scrollable?: boolean;
  /** Shown on an item's icon, by its path (e.g. the cart count). */
  badges?: Partial<Record<string, ReactNode>>;
}) {
  return (
    <nav
      aria-label={label}
      className={cn(
        'fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white md:hidden',
        scrollable && 'overflow-x-auto',
      )}
    >
      <ul className={cn('flex', scrollable ? 'min-w-max' : 'justify-around')}>
        {items.map((item) => (
          <li key={item.to} className={scrollable ? undefined : 'flex-1'}>
            <NavLink
              to={item.to}
              end={item.to === homePath}
              className={({ isActive }) =>
                cn(
                  'flex flex-col items-center gap-0.5 py-2 text-xs font-medium',
                  scrollable && 'w-20',
                  isActive ? 'text-brand-700' : 'text-stone-600',
                )
              }
            >
              <span className="relative">
                <NavIcon name={item.icon} />
                {badges?.[item.to]}
              </span>
              <FormattedMessage id={item.label} />
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
