import type { MessageId } from '../../../shared/i18n/en';
import { showsProducts, showsServices, type BusinessType } from '../../../shared/settings';

export interface Shortcut {
  /** Catalogue ids of its title and its text. */
  title: MessageId;
  text: MessageId;
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
            title: 'home.bookTitle',
            text: 'home.bookText',
            to: '/booking',
            icon: 'calendar',
          } as const,
        ]
      : []),
    ...(showsProducts(type)
      ? [
          {
            title: 'home.productsTitle',
            text: 'home.productsText',
            to: '/products',
            icon: 'bag',
          } as const,
        ]
      : []),
    { title: 'home.historyTitle', text: 'home.historyText', to: '/profile', icon: 'clipboard' },
    { title: 'home.chatTitle', text: 'home.chatText', to: 'chat', icon: 'chat' },
  ];
}
