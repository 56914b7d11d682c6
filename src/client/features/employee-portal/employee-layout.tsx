import { FormattedMessage, useIntl } from 'react-intl';
import { useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { NavIcon } from '../../components/nav-icon';
import { UserIdentity } from '../../components/user-avatar';
import { useBusinessSettings } from '../../lib/session';
import { HomeIcon, LogOutIcon, StoreIcon } from '../../components/icons';
import { useToast } from '../../components/ui/toast';
import { cn } from '../../lib/cn';
import { trpc } from '../../lib/trpc';
import { isPortalLinkActive, portalNav } from './portal-nav';
import { LanguageMenu } from '../../components/language-menu';
import { useEmployee } from './employee-portal-api';

/** docs/sign-in.md: the portal posts its logout, then sends the browser to /api/logout as well. */
function useLogout() {
  const intl = useIntl();
  const toast = useToast();
  return trpc.employee.logout.useMutation({
    onSuccess: () => window.location.assign('/api/logout'),
    onError: () =>
      toast({
        title: intl.formatMessage({ id: 'employeePortal.error' }),
        description: intl.formatMessage({ id: 'employeePortal.logoutFailed' }),
        variant: 'destructive',
      }),
  });
}

function PortalLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <ul className="flex flex-col gap-0.5">
      {portalNav.map((item) => {
        const active = isPortalLinkActive(item, pathname);
        return (
          <li key={item.to}>
            <Link
              to={item.to}
              onClick={onNavigate}
              aria-current={active ? 'page' : undefined}
              className={cn(
                'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium',
                active ? 'bg-brand-50 text-brand-700' : 'text-stone-700 hover:bg-stone-100',
              )}
            >
              <NavIcon name={item.icon} />
              <FormattedMessage id={item.label} />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function AccountPanel() {
  const { data: user } = useEmployee();
  const logout = useLogout();
  if (!user) return null;
  return (
    <div className="border-t border-stone-200 p-4">
      <UserIdentity user={user} size={36} />
      <LanguageMenu className="my-2 w-full" />
      <div className="flex flex-col gap-1">
        <Link
          to="/"
          className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100"
        >
          <HomeIcon width={16} height={16} />
          <FormattedMessage id="app.customerView" />
        </Link>
        <button
          type="button"
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
          className="flex items-center gap-2 rounded-lg px-3 py-2 text-left text-sm font-medium text-stone-700 hover:bg-stone-100 disabled:opacity-50"
        >
          <LogOutIcon width={16} height={16} />
          <FormattedMessage id="app.logout" />
        </button>
      </div>
    </div>
  );
}

/** The employee portal shell: sidebar on desktop, a collapsible menu on phones (docs/sign-in.md). */
export function EmployeeLayout() {
  const intl = useIntl();
  const settings = useBusinessSettings();
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div className="flex min-h-dvh flex-col md:flex-row">
      <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col border-r border-stone-200 bg-white md:flex">
        <div className="flex h-16 items-center gap-2 border-b border-stone-200 px-5 font-semibold text-brand-900">
          <StoreIcon className="text-brand-600" />
          <span className="line-clamp-2 leading-tight">{settings.businessName}</span>
        </div>
        <p className="px-5 pt-4 text-xs font-semibold uppercase tracking-wide text-stone-500">
          <FormattedMessage id="app.employeePortal" />
        </p>
        <nav aria-label={intl.formatMessage({ id: 'employeePortal.navLabel' })} className="flex-1 overflow-y-auto p-3">
          <PortalLinks />
        </nav>
        <AccountPanel />
      </aside>

      <header className="sticky top-0 z-30 border-b border-stone-200 bg-white md:hidden">
        <div className="flex h-14 items-center justify-between px-4">
          <span className="flex items-center gap-2 font-semibold text-brand-900">
            <StoreIcon className="text-brand-600" />
            {settings.businessName}
          </span>
          <button
            type="button"
            onClick={() => setMenuOpen((open) => !open)}
            aria-expanded={menuOpen}
            aria-controls="employee-menu"
            className="rounded-lg p-2 text-stone-700 hover:bg-stone-100"
          >
            <span className="sr-only">
              <FormattedMessage id={menuOpen ? 'app.closeMenu' : 'app.openMenu'} />
            </span>
            <svg
              viewBox="0 0 24 24"
              width="22"
              height="22"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              aria-hidden="true"
            >
              {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </div>
        {menuOpen && (
          <div id="employee-menu" className="border-t border-stone-200">
            <nav aria-label={intl.formatMessage({ id: 'employeePortal.navLabel' })} className="p-3">
              <PortalLinks onNavigate={() => setMenuOpen(false)} />
            </nav>
            <AccountPanel />
          </div>
        )}
      </header>

      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 md:px-8 md:py-8">
        <Outlet />
      </main>
    </div>
  );
}
