import { FormattedMessage } from 'react-intl';
import type { User } from '../../shared/user';
import { cn } from '../lib/cn';

/**
 * Sizes by class, not by a style attribute: a page's first screen is HTML from the server, where the
 * Content-Security-Policy (style-src 'self') refuses style attributes.
 */
const SIZES = { 32: 'size-8', 36: 'size-9', 56: 'size-14' } as const;
type AvatarSize = keyof typeof SIZES;

export function UserAvatar({
  user,
  size = 32,
}: {
  user: Pick<User, 'firstName' | 'lastName' | 'profileImageUrl'>;
  size?: AvatarSize;
}) {
  const initials = `${user.firstName[0] ?? ''}${user.lastName[0] ?? ''}`.toUpperCase() || '?';
  if (user.profileImageUrl) {
    return (
      <img
        src={user.profileImageUrl}
        alt=""
        width={size}
        height={size}
        referrerPolicy="no-referrer"
        className={cn('rounded-full object-cover', SIZES[size])}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-900',
        SIZES[size],
      )}
    >
      {initials}
    </span>
  );
}

/** Avatar, name and role: the account line at the foot of the admin and portal sidebars. */
export function UserIdentity({
  user,
  size = 32,
}: {
  user: Pick<User, 'firstName' | 'lastName' | 'profileImageUrl' | 'role'>;
  size?: AvatarSize;
}) {
  return (
    <div className="mb-3 flex items-center gap-3">
      <UserAvatar user={user} size={size} />
      <div className="min-w-0">
        <p className="truncate text-sm font-medium">
          {user.firstName} {user.lastName}
        </p>
        <p className="text-xs capitalize text-stone-600">
          <FormattedMessage id="app.role" values={{ role: user.role }} />
        </p>
      </div>
    </div>
  );
}
