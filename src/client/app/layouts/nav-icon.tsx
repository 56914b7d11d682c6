import {
  BagIcon, CalendarIcon, CartIcon, ChatIcon, ClipboardIcon, ClockIcon, GridIcon, HomeIcon, SettingsIcon, ShieldIcon, SparkleIcon, UserIcon, UsersIcon,
} from '../../components/icons';
import type { NavItem } from '../navigation';

const icons = {
  home: HomeIcon, bag: BagIcon, cart: CartIcon, calendar: CalendarIcon, sparkle: SparkleIcon, user: UserIcon,
  users: UsersIcon, grid: GridIcon, clock: ClockIcon, shield: ShieldIcon, clipboard: ClipboardIcon, settings: SettingsIcon,
  chat: ChatIcon,
} as const;

export function NavIcon({ name, className }: { name: NavItem['icon']; className?: string }) {
  const Icon = icons[name];
  return <Icon className={className} />;
}
