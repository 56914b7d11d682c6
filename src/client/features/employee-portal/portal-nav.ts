import type { NavItem } from '../../components/nav-icon';

export interface PortalNavItem extends NavItem {
  /** The dashboard is active only on its own paths; the others also for anything below them. */
  exact?: boolean;
}

/** Employee portal navigation, docs/product.md. */
export const portalNav: PortalNavItem[] = [
  { to: '/employee', label: 'nav.dashboard', icon: 'grid', exact: true },
  { to: '/employee/appointments', label: 'nav.myAppointments', icon: 'calendar' },
  { to: '/employee/schedule', label: 'nav.mySchedule', icon: 'clock' },
  { to: '/employee/profile', label: 'nav.profile', icon: 'user' },
];

// /employee/dashboard is the same page as /employee.
const dashboardPaths = new Set(['/employee', '/employee/', '/employee/dashboard', '/employee/dashboard/']);

export function isPortalLinkActive(item: PortalNavItem, pathname: string): boolean {
  if (item.exact) return dashboardPaths.has(pathname);
  return pathname === item.to || pathname.startsWith(`${item.to}/`);
}
