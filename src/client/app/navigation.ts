import { hasPermission, type Permission, type Role } from '../../shared/roles';
import { showsProducts, showsServices, type BusinessType } from '../../shared/settings';

export interface NavItem {
  to: string;
  label: string;
  icon: 'home' | 'bag' | 'cart' | 'calendar' | 'sparkle' | 'user' | 'users' | 'grid' | 'clock' | 'shield' | 'clipboard' | 'settings' | 'chat';
}

/** Customer top bar (desktop), SPEC.md §2. */
export function customerTopNav(type: BusinessType): NavItem[] {
  return [
    { to: '/', label: 'Home', icon: 'home' },
    ...(showsProducts(type) ? [{ to: '/products', label: 'Products', icon: 'bag' } as const] : []),
    ...(showsServices(type)
      ? [{ to: '/services', label: 'Services', icon: 'sparkle' } as const, { to: '/booking', label: 'Book Now', icon: 'calendar' } as const]
      : []),
  ];
}

/** Customer bottom bar (phone), SPEC.md §2. */
export function customerBottomNav(type: BusinessType): NavItem[] {
  return [
    { to: '/', label: 'Home', icon: 'home' },
    ...(showsProducts(type)
      ? [{ to: '/products', label: 'Products', icon: 'bag' } as const, { to: '/cart', label: 'Cart', icon: 'cart' } as const]
      : []),
    ...(showsServices(type) ? [{ to: '/booking', label: 'Book', icon: 'calendar' } as const] : []),
    { to: '/profile', label: 'Profile', icon: 'user' },
  ];
}

interface AdminNavItem extends NavItem {
  adminOnly?: boolean;
  desktopOnly?: boolean;
  mobileLabel?: string;
  /** Shown only to staff holding it (admins hold every permission). */
  permission?: Permission;
}

const adminItems: AdminNavItem[] = [
  { to: '/admin', label: 'Dashboard', icon: 'grid' },
  { to: '/admin/products', label: 'Products', icon: 'bag' },
  { to: '/admin/services', label: 'Services', icon: 'sparkle' },
  { to: '/admin/calendar', label: 'Calendar', icon: 'calendar' },
  { to: '/admin/customers', label: 'Customers', icon: 'users' },
  { to: '/my-schedule', label: 'My Schedule', icon: 'clock', desktopOnly: true },
  { to: '/admin/employee-schedules', label: 'All Schedules', mobileLabel: 'Schedules', icon: 'clock', adminOnly: true },
  { to: '/admin/employee-applications', label: 'Applications', icon: 'clipboard', adminOnly: true },
  { to: '/admin/users', label: 'Staff', icon: 'users', adminOnly: true },
  { to: '/admin/roles', label: 'Roles', icon: 'shield', adminOnly: true },
  { to: '/admin/settings', label: 'Settings', icon: 'settings', adminOnly: true },
  { to: '/admin/messages', label: 'Messages', icon: 'chat', permission: 'chat.view' },
];

/** Admin area navigation for a role and screen size, SPEC.md §2 and §6. */
export function adminNav(role: Role, type: BusinessType, screen: 'desktop' | 'mobile', permissions: readonly string[] = []): NavItem[] {
  return adminItems
    .filter((item) => role === 'admin' || !item.adminOnly)
    .filter((item) => !item.permission || hasPermission({ role, permissions }, item.permission))
    .filter((item) => screen === 'desktop' || !item.desktopOnly)
    .filter((item) => (item.to === '/admin/products' ? showsProducts(type) : item.to === '/admin/services' ? showsServices(type) : true))
    .map(({ to, label, icon, mobileLabel }) => ({ to, icon, label: screen === 'mobile' ? (mobileLabel ?? label) : label }));
}
