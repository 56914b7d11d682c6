import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/i18n/en';
import { homeShortcuts } from './home-shortcuts';

const titles = (type: Parameters<typeof homeShortcuts>[0]) => homeShortcuts(type).map((s) => messages[s.title]);

describe('home shortcuts', () => {
  it('shows every shortcut for both', () => {
    expect(titles('both')).toEqual(['Book Appointment', 'Browse Products', 'Order History', 'Chat Support']);
  });
  it('drops booking for a products business and products for a services business', () => {
    expect(titles('products')).toEqual(['Browse Products', 'Order History', 'Chat Support']);
    expect(titles('services')).toEqual(['Book Appointment', 'Order History', 'Chat Support']);
  });
  it('links Order History to the profile', () => {
    expect(homeShortcuts('both').find((s) => s.title === 'home.historyTitle')?.to).toBe('/profile');
  });
});
