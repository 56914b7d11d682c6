import type { MessageId } from '../../../shared/i18n/en';
import type { NavItem } from '../../components/nav-icon';

export interface PortalNavItem extends Omit<NavItem, 'label'> {
  /** The link's text, a message of the page's language. */
  label: MessageId;
  /** The dashboard is active only on its own paths; the others also for anything below them. */
  exact?: boolean;
}

/** Employee portal navigation, docs/product.md. */
export const portalNav: PortalNavItem[] = [
  { to: '/employee', label: 'employeePortal.navDashboard', icon: 'grid', exact: true },
  { to: '/employee/appointments', label: 'employeePortal.navAppointments', icon: 'calendar' },
  { to: '/employee/schedule', label: 'employeePortal.navSchedule', icon: 'clock' },
  { to: '/employee/profile', label: 'employeePortal.navProfile', icon: 'user' },
];

// /employee/dashboard is the same page as /employee.
const dashboardPaths = new Set(['/employee', '/employee/', '/employee/dashboard', '/employee/dashboard/']);

export function isPortalLinkActive(item: PortalNavItem, pathname: string): boolean {
  if (item.exact) return dashboardPaths.has(pathname);
  return pathname === item.to || pathname.startsWith(`${item.to}/`);
}
