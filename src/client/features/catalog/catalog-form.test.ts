import { describe, expect, it } from 'vitest';
import { hasPermission } from './catalog-form';

describe('admin catalogue', () => {
  it('know who may do what', () => {
    expect(hasPermission({ role: 'admin', permissions: [] }, 'products.create')).toBe(true);
    expect(hasPermission({ role: 'employee', permissions: ['products.create'] }, 'products.create')).toBe(true);
    expect(hasPermission({ role: 'employee', permissions: [] }, 'products.create')).toBe(false);
    expect(hasPermission({ role: 'customer', permissions: ['products.create'] }, 'products.create')).toBe(false);
    expect(hasPermission(null, 'products.create')).toBe(false);
  });
});
