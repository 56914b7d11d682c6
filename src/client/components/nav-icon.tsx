import type { MessageId } from '../../shared/i18n/en';
import {
  BagIcon,
  CalendarIcon,
  CartIcon,
  ChatIcon,
  ClipboardIcon,
  ClockIcon,
  GridIcon,
  HomeIcon,
  KeyIcon,
  SettingsIcon,
  ShieldIcon,
  SparkleIcon,
  TagIcon,
  UserIcon,
  UsersIcon,
} from './icons';

const icons = {
  home: HomeIcon,
  bag: BagIcon,
  cart: CartIcon,
  calendar: CalendarIcon,
  sparkle: SparkleIcon,
  user: UserIcon,
  users: UsersIcon,
  grid: GridIcon,
  clock: ClockIcon,
  shield: ShieldIcon,
  clipboard: ClipboardIcon,
  settings: SettingsIcon,
  chat: ChatIcon,
  key: KeyIcon,
  tag: TagIcon,
} as const;

export type NavIconName = keyof typeof icons;

/** One link of a navigation bar. */
export interface NavItem {
  to: string;
  /** The id of its label in the catalogue. */
  label: MessageId;
  icon: NavIconName;
}

export function NavIcon({ name, className }: { name: NavIconName; className?: string }) {
  const Icon = icons[name];
  return <Icon className={className} />;
}
