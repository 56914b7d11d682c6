import type { NavItem } from '../components/nav-icon';
import type { MessageId } from '../../shared/i18n/en';
import { can, isAdmin, isStaff, type Permission, type Role } from '../../shared/roles';
import { showsProducts, showsServices, type BusinessType } from '../../shared/settings';

/** Customer top bar (desktop), docs/product.md. */
export function customerTopNav(type: BusinessType): NavItem[] {
  return [
    { to: '/', label: 'nav.home', icon: 'home' },
    ...(showsProducts(type) ? [{ to: '/products', label: 'nav.products', icon: 'bag' } as const] : []),
    ...(showsServices(type)
      ? [
          { to: '/services', label: 'nav.services', icon: 'sparkle' } as const,
          { to: '/booking', label: 'nav.bookNow', icon: 'calendar' } as const,
        ]
      : []),
  ];
}

/** Customer bottom bar (phone), docs/product.md. */
export function customerBottomNav(type: BusinessType): NavItem[] {
  return [
    { to: '/', label: 'nav.home', icon: 'home' },
    ...(showsProducts(type)
      ? [
          { to: '/products', label: 'nav.products', icon: 'bag' } as const,
          { to: '/cart', label: 'nav.cart', icon: 'cart' } as const,
        ]
      : []),
    ...(showsServices(type) ? [{ to: '/booking', label: 'nav.book', icon: 'calendar' } as const] : []),
    { to: '/profile', label: 'nav.profile', icon: 'user' },
  ];
}

/** Who may open a page: any staff member, admins only, or holders of a permission. */
export type PageAccess = 'staff' | 'admin' | Permission;

export function mayOpen(
  user: { role: Role; permissions: readonly string[] } | null | undefined,
  rule: PageAccess,
): boolean {
  if (rule === 'staff') return isStaff(user);
  if (rule === 'admin') return isAdmin(user);
  return can(user, rule);
}

interface AdminNavItem extends NavItem {
  access: PageAccess;
  desktopOnly?: boolean;
  mobileLabel?: MessageId;
  /** Shown only to staff holding it (admins hold every permission). */
  permission?: Permission;
}

const adminItems: AdminNavItem[] = [
  { to: '/admin', label: 'nav.dashboard', icon: 'grid', access: 'dashboard.view' },
  { to: '/admin/products', label: 'nav.products', icon: 'bag', access: 'products.view' },
  { to: '/admin/services', label: 'nav.services', icon: 'sparkle', access: 'services.view' },
  { to: '/admin/calendar', label: 'nav.calendar', icon: 'calendar', access: 'appointments.view' },
  { to: '/admin/customers', label: 'nav.customers', icon: 'users', access: 'customers.view' },
  { to: '/my-schedule', label: 'nav.mySchedule', icon: 'clock', desktopOnly: true, access: 'staff' },
  {
    to: '/admin/employee-schedules',
    label: 'nav.allSchedules',
    mobileLabel: 'nav.schedules',
    icon: 'clock',
    access: 'admin',
  },
  { to: '/admin/employee-applications', label: 'nav.applications', icon: 'clipboard', access: 'admin' },
  { to: '/admin/users', label: 'nav.staff', icon: 'users', access: 'users.view' },
  { to: '/admin/roles', label: 'nav.roles', icon: 'shield', access: 'roles.view' },
  { to: '/admin/settings', label: 'nav.settings', icon: 'settings', access: 'admin' },
  { to: '/admin/locations', label: 'nav.locations', icon: 'home', access: 'settings.edit' },
  { to: '/admin/resources', label: 'nav.resources', icon: 'grid', access: 'services.edit' },
  { to: '/admin/integrations', label: 'nav.integrations', icon: 'key', access: 'webhooks.view' },
  { to: '/admin/orders', label: 'nav.orders', icon: 'cart', access: 'orders.view' },
  {
    to: '/admin/discounts',
    label: 'nav.discountCodes',
    mobileLabel: 'nav.discounts',
    icon: 'tag',
    access: 'orders.edit',
  },
  { to: '/admin/packages', label: 'packages.nav', icon: 'tag', access: 'services.edit' },
  { to: '/admin/gift-cards', label: 'nav.giftCards', icon: 'tag', access: 'orders.view' },
  { to: '/admin/messages', label: 'nav.messages', icon: 'chat', access: 'chat.view' },
];

/** Admin area navigation for a person and screen size: only the pages their role and permissions open. */
export function adminNav(
  user: { role: Role; permissions: readonly string[] },
  type: BusinessType,
  screen: 'desktop' | 'mobile',
): NavItem[] {
  return adminItems
    .filter((item) => mayOpen(user, item.access))
    .filter((item) => screen === 'desktop' || !item.desktopOnly)
    .filter((item) =>
      item.to === '/admin/products'
        ? showsProducts(type)
        : item.to === '/admin/services' || item.to === '/admin/packages'
          ? showsServices(type)
          : true,
    )
    .map(({ to, label, icon, mobileLabel }) => ({
      to,
      icon,
      label: screen === 'mobile' ? (mobileLabel ?? label) : label,
    }));
}
