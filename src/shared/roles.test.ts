import { describe, expect, it } from 'vitest';
import { allPermissions, effectivePermissions, can, isStaff, isSystemRole, permissionGroups } from './roles';

describe('the permission model', () => {
  it('knows who is staff: every role but customer', () => {
    expect(isStaff({ role: 'employee' })).toBe(true);
    expect(isStaff({ role: 'admin' })).toBe(true);
    expect(isStaff({ role: 'front_desk' })).toBe(true);
    expect(isStaff({ role: 'customer' })).toBe(false);
    expect(isStaff(null)).toBe(false);
    expect(['customer', 'employee', 'admin'].every(isSystemRole)).toBe(true);
    expect(isSystemRole('front_desk')).toBe(false);
  });

  it('knows who may do what', () => {
    expect(can({ role: 'admin', permissions: [] }, 'products.create')).toBe(true);
    expect(can({ role: 'employee', permissions: ['products.create'] }, 'products.create')).toBe(true);
    expect(can({ role: 'front_desk', permissions: ['products.create'] }, 'products.create')).toBe(true);
    expect(can({ role: 'employee', permissions: [] }, 'products.create')).toBe(false);
    expect(can({ role: 'customer', permissions: ['products.create'] }, 'products.create')).toBe(false);
    expect(can(null, 'products.create')).toBe(false);
  });

  it("computes effective permissions as the role's together with the person's own", () => {
    expect(
      effectivePermissions('front_desk', ['customers.view', 'dashboard.view'], ['dashboard.view', 'products.view']),
    ).toEqual(['dashboard.view', 'products.view', 'customers.view']);
    expect(effectivePermissions('admin', [], [])).toEqual(allPermissions);
    expect(effectivePermissions('customer', ['products.view'], ['products.view'])).toEqual([]);
    expect(effectivePermissions('employee', null, ['nonsense', 'chat.view'])).toEqual(['chat.view']);
  });

  it('lists every permission once in the grouped catalogue', () => {
    expect(permissionGroups.flatMap((g) => g.permissions.map((p) => p.id))).toEqual(allPermissions);
  });
});
