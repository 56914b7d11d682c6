import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/i18n/en';
import { isPortalLinkActive, portalNav } from './portal-nav';

const active = (pathname: string) =>
  portalNav.filter((item) => isPortalLinkActive(item, pathname)).map((item) => messages[item.label]);

describe('employee portal navigation', () => {
  it('has the labels and paths of docs/product.md', () => {
    expect(portalNav.map((i) => [messages[i.label], i.to])).toEqual([
      ['Dashboard', '/employee'],
      ['My Appointments', '/employee/appointments'],
      ['My Schedule', '/employee/schedule'],
      ['Profile', '/employee/profile'],
    ]);
  });
  it('matches the dashboard exactly and the others by prefix', () => {
    expect(active('/employee')).toEqual(['Dashboard']);
    expect(active('/employee/dashboard')).toEqual(['Dashboard']);
    expect(active('/employee/appointments')).toEqual(['My Appointments']);
    expect(active('/employee/appointments/123')).toEqual(['My Appointments']);
    expect(active('/employee/profile')).toEqual(['Profile']);
    expect(active('/employee/profile-x')).toEqual([]);
    expect(active('/employee/availability')).toEqual([]);
  });
});
