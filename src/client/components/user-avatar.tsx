import { FormattedMessage } from 'react-intl';
import type { User } from '../../shared/user';

export function UserAvatar({
  user,
  size = 32,
}: {
  user: Pick<User, 'firstName' | 'lastName' | 'profileImageUrl'>;
  size?: number;
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
        className="rounded-full object-cover"
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="inline-flex items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-900"
      style={{ width: size, height: size }}
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
  size?: number;
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
