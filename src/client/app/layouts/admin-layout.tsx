import { FormattedMessage, useIntl } from 'react-intl';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { LogOutIcon, StoreIcon } from '../../components/icons';
import { InboxLiveUpdates, InboxUnreadBadge } from '../../features/chat/inbox-live';
import { cn } from '../../lib/cn';
import { adminNav } from '../navigation';
import { useBusinessSettings, useCurrentUser } from '../../lib/session';
import { BottomNav } from './bottom-nav';
import { NavIcon } from '../../components/nav-icon';
import { UserIdentity } from '../../components/user-avatar';
import { LanguageMenu } from '../../components/language-menu';

/** The admin area shell: sidebar on desktop, bottom bar on phones, links by role (docs/product.md). */
export function AdminLayout() {
  const { user } = useCurrentUser();
  const intl = useIntl();
  const settings = useBusinessSettings();
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // The menu is longer than a short window: the page's own entry is scrolled into it, not left below the fold.
  const shown = !!user;
  useEffect(() => {
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest' });
  }, [pathname, shown]);
  if (!user) return null;
  const desktop = adminNav(user, settings.businessType, 'desktop');
  const mobile = adminNav(user, settings.businessType, 'mobile');
  const sidebarBadges: Partial<Record<string, ReactNode>> = {
    '/admin/messages': (
      <InboxUnreadBadge
        user={user}
        className="ml-auto inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-[11px] font-bold text-white"
      />
    ),
  };

  return (
    <div className="flex min-h-dvh">
      <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col border-r border-stone-200 bg-white md:flex">
        <Link
          to="/"
          className="flex h-16 items-center gap-2 border-b border-stone-200 px-5 font-semibold text-brand-900"
        >
          <StoreIcon className="text-brand-600" />
          <span className="line-clamp-2 leading-tight" data-testid="business-name">
            {settings.businessName}
          </span>
        </Link>
        <nav ref={nav} aria-label={intl.formatMessage({ id: 'app.adminNav' })} className="flex-1 overflow-y-auto p-3">
          <ul className="flex flex-col gap-0.5">
            {desktop.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === '/admin'}
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-3 rounded-lg px-3 py-1.5 text-sm font-medium',
                      isActive ? 'bg-brand-50 text-brand-700' : 'text-stone-700 hover:bg-stone-100',
                    )
                  }
                >
                  <NavIcon name={item.icon} />
                  <FormattedMessage id={item.label} />
                  {sidebarBadges[item.to]}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="border-t border-stone-200 p-4">
          <UserIdentity user={user} />
          <LanguageMenu className="my-2 w-full" />
          <a
            href="/api/logout"
            className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100"
          >
            <LogOutIcon width={16} height={16} />
            <FormattedMessage id="app.signOut" />
          </a>
        </div>
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-14 items-center justify-between gap-3 border-b border-stone-200 bg-white px-4 md:hidden">
          <span className="min-w-0 font-semibold leading-tight text-brand-900" data-testid="business-name-mobile">
            {settings.businessName}
          </span>
          <div className="flex shrink-0 items-center gap-3">
            <LanguageMenu compact />
            <a
              href="/api/logout"
              className="flex items-center gap-1 whitespace-nowrap text-sm font-medium text-stone-700"
            >
              <LogOutIcon width={16} height={16} />
              <FormattedMessage id="app.signOut" />
            </a>
          </div>
        </header>
        <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 pb-24 md:px-8 md:pb-10">
          <Outlet />
        </main>
      </div>

      <BottomNav
        label={intl.formatMessage({ id: 'app.adminNav' })}
        items={mobile}
        homePath="/admin"
        scrollable
        badges={{ '/admin/messages': <InboxUnreadBadge user={user} /> }}
      />
      <InboxLiveUpdates user={user} />
    </div>
  );
}
