import { UserAvatar } from '../../components/user-avatar';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent } from '../../components/ui/card';
import { useEmployee } from './employee-portal-api';

/** /employee/profile (SPEC.md leaves its content open): who is signed in to the portal. */
export function EmployeeProfilePage() {
  const { data: user } = useEmployee();
  if (!user) return null;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-stone-900">Profile</h1>
      <Card className="max-w-lg">
        <CardContent className="flex items-center gap-4 pt-5">
          <UserAvatar user={user} size={56} />
          <div className="flex min-w-0 flex-col gap-1">
            <p className="text-lg font-semibold">
              {user.firstName} {user.lastName}
            </p>
            <p className="truncate text-sm text-stone-600">{user.email}</p>
            <div className="flex gap-2">
              <Badge tone="brand" className="capitalize">
                {user.role}
              </Badge>
              <Badge tone={user.isActive ? 'success' : 'danger'}>{user.isActive ? 'Active' : 'Inactive'}</Badge>
            </div>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
