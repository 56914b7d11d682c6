import { showsProducts, showsServices, type BusinessType } from '../../../shared/settings';

export interface Shortcut {
  title: string;
  text: string;
  /** A route, or the chat window (which lives in the layout). */
  to: string | 'chat';
  icon: 'calendar' | 'bag' | 'clipboard' | 'chat';
}

/** Open the chat window from anywhere: the chat widget listens for this event on window. */
export const OPEN_CHAT_EVENT = 'chat:open';

/** docs/product.md: the Home shortcut cards, by business type. */
export function homeShortcuts(type: BusinessType): Shortcut[] {
  return [
    ...(showsServices(type)
      ? [
          {
            title: 'Book Appointment',
            text: 'Pick a service and a time that suits you.',
            to: '/booking',
            icon: 'calendar',
          } as const,
        ]
      : []),
    ...(showsProducts(type)
      ? [
          {
            title: 'Browse Products',
            text: 'Shop the products we use and love.',
            to: '/products',
            icon: 'bag',
          } as const,
        ]
      : []),
    { title: 'Order History', text: 'Your orders and appointments in one place.', to: '/profile', icon: 'clipboard' },
    { title: 'Chat Support', text: 'Questions? Our team is happy to help.', to: 'chat', icon: 'chat' },
  ];
}
