import { FormattedMessage, useIntl } from 'react-intl';
import { Link, NavLink, Outlet } from 'react-router-dom';
import { CartIcon, LogOutIcon, StoreIcon } from '../../components/icons';
import { buttonClass } from '../../components/ui/button';
import { CartBadge } from '../../features/cart/cart-badge';
import { ChatWidget } from '../../features/chat/chat-widget';
import { cn } from '../../lib/cn';
import { customerBottomNav, customerTopNav } from '../navigation';
import { useBusinessSettings, useCurrentUser } from '../../lib/session';
import { BottomNav } from './bottom-nav';
import { UserAvatar } from '../../components/user-avatar';
import { LanguageMenu } from '../../components/language-menu';

/** The signed-in customer shell: top bar on desktop, bottom bar on phones (docs/product.md). */
export function CustomerLayout() {
  const { user } = useCurrentUser();
  const intl = useIntl();
  const settings = useBusinessSettings();
  const top = customerTopNav(settings.businessType);
  const bottom = customerBottomNav(settings.businessType);

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 md:gap-6">
          <Link to="/" className="flex min-w-0 items-center gap-2 font-semibold leading-tight text-brand-900">
            <StoreIcon className="shrink-0 text-brand-600" />
            <span data-testid="business-name">{settings.businessName}</span>
          </Link>
          <nav
            aria-label={intl.formatMessage({ id: 'app.mainNav' })}
            className="hidden flex-1 items-center gap-1 md:flex"
          >
            {top.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                end={item.to === '/'}
                className={({ isActive }) =>
                  cn(
                    'rounded-lg px-3 py-2 text-sm font-medium',
                    isActive ? 'bg-brand-50 text-brand-700' : 'text-stone-700 hover:bg-stone-100',
                  )
                }
              >
                <FormattedMessage id={item.label} />
              </NavLink>
            ))}
          </nav>
          <div className="ml-auto flex shrink-0 items-center gap-3">
            <LanguageMenu compact />
            <Link
              to="/cart"
              className="relative hidden rounded-lg p-2 text-stone-700 hover:bg-stone-100 md:inline-flex"
            >
              <CartIcon />
              <span className="sr-only">
                <FormattedMessage id="app.cart" />
              </span>
              <CartBadge />
            </Link>
            {user && (
              <div className="hidden items-center gap-2 md:flex">
                <UserAvatar user={user} />
                <span className="text-sm font-medium text-stone-800">
                  {user.firstName} {user.lastName}
                </span>
              </div>
            )}
            {/* On a phone the icon alone, its words kept for screen readers. */}
            <a href="/api/logout" className={buttonClass('outline', 'sm', 'max-md:px-2')}>
              <LogOutIcon width={16} height={16} />
              <span className="max-md:sr-only">
                <FormattedMessage id="app.signOut" />
              </span>
            </a>
          </div>
        </div>
      </header>

      {/* Room at the end for the chat button, which floats over the page's bottom right (above the bottom bar on
          phones): scrolled to the end, a page's last line or button is never under it. */}
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 pb-36 md:pb-24">
        <Outlet />
      </main>

      <BottomNav
        label={intl.formatMessage({ id: 'app.mainNav' })}
        items={bottom}
        homePath="/"
        badges={{ '/cart': <CartBadge /> }}
      />
      <ChatWidget user={user} />
    </div>
  );
}
