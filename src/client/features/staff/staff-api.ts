import { useToast } from '../../components/ui/toast';
import { errorMessage, trpc, type RouterOutputs } from '../../lib/trpc';

export type StaffMember = RouterOutputs['staff']['users']['list'][number];
export type RoleItem = RouterOutputs['staff']['roles']['list'][number];
export type CustomerItem = RouterOutputs['staff']['customers']['list']['items'][number];
export type DashboardData = RouterOutputs['staff']['dashboard']['get'];

export const useStaffList = (search: string) =>
  trpc.staff.users.list.useQuery({ staff: 'true', search: search.trim() || undefined });
export const useRoles = () => trpc.staff.roles.list.useQuery();
export const usePermissionGroups = () => trpc.staff.permissions.list.useQuery();
export const useWeeklyHoursOf = (userId: string | null) =>
  trpc.staff.users.availability.useQuery({ userId: userId ?? '' }, { enabled: !!userId });
export const useCustomers = (search: string, page: number) =>
  trpc.staff.customers.list.useQuery(
    { search: search.trim() || undefined, page },
    { placeholderData: (previous) => previous },
  );
export const useDashboard = () => trpc.staff.dashboard.get.useQuery();
export const useAuditLog = (page: number, enabled: boolean) => trpc.staff.auditLog.list.useQuery({ page }, { enabled });

/**
 * A staff or role write with the screen's toasts: "Success" and what happened, or "Error" with the screen's
 * own failure sentence and the server's reason. Lists refresh afterwards.
 */
function useStaffMutationOptions(success: string, failure: string) {
  const toast = useToast();
  const utils = trpc.useUtils();
  return {
    onSuccess: () => {
      toast({ title: 'Success', description: success });
      void utils.staff.invalidate();
      void utils.auth.user.invalidate();
    },
    onError: (error: unknown) => {
      const reason = errorMessage(error, '');
      toast({
        title: 'Error',
        description: reason && reason !== failure ? `${failure}: ${reason}` : failure,
        variant: 'destructive',
      });
    },
  };
}

export const useCreateStaff = () =>
  trpc.staff.users.create.useMutation(
    useStaffMutationOptions('Staff member created successfully', 'Failed to create staff member'),
  );
export const useUpdateStaff = () =>
  trpc.staff.users.update.useMutation(
    useStaffMutationOptions('User information updated successfully', 'Failed to update user information'),
  );
export const useSetRole = () =>
  trpc.staff.users.setRole.useMutation(
    useStaffMutationOptions('User role updated successfully', 'Failed to update user role'),
  );
export const useSetPermissions = () =>
  trpc.staff.users.setPermissions.useMutation(
    useStaffMutationOptions('User permissions updated successfully', 'Failed to update user permissions'),
  );
export const useSetStatus = () =>
  trpc.staff.users.setStatus.useMutation(
    useStaffMutationOptions('User status updated successfully', 'Failed to update user status'),
  );
export const useCreateRole = () =>
  trpc.staff.roles.create.useMutation(useStaffMutationOptions('Role created successfully', 'Failed to create role'));
export const useUpdateRole = () =>
  trpc.staff.roles.update.useMutation(useStaffMutationOptions('Role updated successfully', 'Failed to update role'));
export const useDeleteRole = () =>
  trpc.staff.roles.delete.useMutation(useStaffMutationOptions('Role deleted successfully', 'Failed to delete role'));
