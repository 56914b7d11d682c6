import { describe, expect, it } from 'vitest';
import { adminNav, customerBottomNav, customerTopNav } from './navigation';

const labels = (items: { label: string }[]) => items.map((i) => i.label);

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
    expect(labels(adminNav('admin', 'both', 'desktop'))).toEqual([
      'Dashboard', 'Products', 'Services', 'Calendar', 'Customers', 'My Schedule', 'All Schedules', 'Applications', 'Staff', 'Roles', 'Settings', 'Messages',
    ]);
    expect(labels(adminNav('admin', 'both', 'mobile'))).toContain('Schedules');
    expect(labels(adminNav('admin', 'both', 'mobile'))).not.toContain('My Schedule');
  });
  it('keeps admin-only areas from employees', () => {
    expect(labels(adminNav('employee', 'both', 'desktop'))).toEqual(['Dashboard', 'Products', 'Services', 'Calendar', 'Customers', 'My Schedule']);
  });
  it('shows Messages to staff who read customer conversations', () => {
    expect(labels(adminNav('employee', 'both', 'desktop', ['chat.view']))).toContain('Messages');
    expect(labels(adminNav('employee', 'both', 'mobile', ['chat.respond']))).not.toContain('Messages');
    expect(labels(adminNav('admin', 'both', 'mobile'))).toContain('Messages');
  });
  it('follows the business type', () => {
    expect(labels(adminNav('admin', 'services', 'desktop'))).not.toContain('Products');
    expect(labels(adminNav('admin', 'products', 'desktop'))).not.toContain('Services');
  });
});
