import { messages } from '../../shared/i18n/en';
import type { NavItem } from '../components/nav-icon';
import { describe, expect, it } from 'vitest';
import { allPermissions, defaultEmployeePermissions } from '../../shared/roles';
import { adminNav, customerBottomNav, customerTopNav } from './navigation';

const admin = { role: 'admin', permissions: [] };
const employee = { role: 'employee', permissions: defaultEmployeePermissions };

// The English labels, as docs/product.md names the links.
const labels = (items: NavItem[]) => items.map((i) => messages[i.label]);

describe('customer navigation', () => {
  it('shows products and services for both', () => {
    expect(labels(customerTopNav('both'))).toEqual(['Home', 'Products', 'Services', 'Book Now']);
    expect(labels(customerBottomNav('both'))).toEqual(['Home', 'Products', 'Cart', 'Book', 'Profile']);
  });
  it('hides services for a products business', () => {
    expect(labels(customerTopNav('products'))).toEqual(['Home', 'Products']);
    expect(labels(customerBottomNav('products'))).toEqual(['Home', 'Products', 'Cart', 'Profile']);
  });
  it('hides products for a services business', () => {
    expect(labels(customerTopNav('services'))).toEqual(['Home', 'Services', 'Book Now']);
    expect(labels(customerBottomNav('services'))).toEqual(['Home', 'Book', 'Profile']);
  });
});

describe('admin navigation', () => {
  it('gives admins every link, My Schedule on desktop only', () => {
    expect(labels(adminNav(admin, 'both', 'desktop'))).toEqual([
      'Dashboard',
      'Products',
      'Services',
      'Calendar',
      'Customers',
      'My Schedule',
      'All Schedules',
      'Applications',
      'Staff',
      'Roles',
      'Settings',
      'Locations',
      'Resources',
      'Integrations',
      'Orders',
      'Discount Codes',
      'Packages',
      'Gift Cards',
      'Messages',
    ]);
    expect(labels(adminNav(admin, 'both', 'mobile'))).toContain('Schedules');
    expect(labels(adminNav(admin, 'both', 'mobile'))).not.toContain('My Schedule');
  });
  it('shows Integrations to staff holding webhooks.view, not to other employees', () => {
    const reader = { role: 'employee', permissions: [...defaultEmployeePermissions, 'webhooks.view'] };
    expect(labels(adminNav(reader, 'both', 'desktop'))).toContain('Integrations');
    expect(labels(adminNav(employee, 'both', 'desktop'))).not.toContain('Integrations');
  });
  it('keeps admin-only areas from employees', () => {
    expect(labels(adminNav(employee, 'both', 'desktop'))).toEqual([
      'Dashboard',
      'Products',
      'Services',
      'Calendar',
      'Customers',
      'My Schedule',
      'Orders',
      'Gift Cards',
      'Messages',
    ]);
  });
  it('shows a staff member only the pages their permissions open', () => {
    expect(labels(adminNav({ role: 'employee', permissions: [] }, 'both', 'desktop'))).toEqual(['My Schedule']);
    expect(
      labels(adminNav({ role: 'front_desk', permissions: ['customers.view', 'users.view'] }, 'both', 'desktop')),
    ).toEqual(['Customers', 'My Schedule', 'Staff']);
    expect(labels(adminNav({ role: 'customer', permissions: allPermissions }, 'both', 'desktop'))).toEqual([]);
  });
  it('shows Discount Codes to staff who edit orders', () => {
    expect(labels(adminNav({ role: 'employee', permissions: ['orders.edit'] }, 'both', 'desktop'))).toContain(
      'Discount Codes',
    );
    expect(labels(adminNav({ role: 'employee', permissions: ['orders.view'] }, 'both', 'desktop'))).not.toContain(
      'Discount Codes',
    );
    expect(labels(adminNav(admin, 'both', 'mobile'))).toContain('Discounts');
  });
  it('shows Messages to staff who read customer conversations', () => {
    expect(labels(adminNav({ role: 'employee', permissions: ['chat.view'] }, 'both', 'desktop'))).toContain('Messages');
    expect(labels(adminNav({ role: 'employee', permissions: ['chat.respond'] }, 'both', 'mobile'))).not.toContain(
      'Messages',
    );
    expect(labels(adminNav(admin, 'both', 'mobile'))).toContain('Messages');
  });
  it('follows the business type', () => {
    expect(labels(adminNav(admin, 'services', 'desktop'))).not.toContain('Products');
    expect(labels(adminNav(admin, 'products', 'desktop'))).not.toContain('Services');
  });
});
