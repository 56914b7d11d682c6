import { useIntl } from 'react-intl';
import type { MessageId } from '../../../shared/i18n/en';
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
/** A staff member's connected calendars and their state (never a password). */
export const useEmployeeCalendars = (userId: string) => trpc.calendars.employeeConnections.useQuery({ id: userId });
export const useWeeklyHoursOf = (userId: string | null) =>
  trpc.staff.users.availability.useQuery({ userId: userId ?? '' }, { enabled: !!userId });
export const useCustomers = (search: string, page: number, tag = '') =>
  trpc.staff.customers.list.useQuery(
    { search: search.trim() || undefined, tag: tag.trim() || undefined, page },
    { placeholderData: (previous) => previous },
  );
export const useDashboard = () => trpc.staff.dashboard.get.useQuery();
export const useAuditLog = (page: number, enabled: boolean) => trpc.staff.auditLog.list.useQuery({ page }, { enabled });

/**
 * A staff or role write with the screen's toasts: "Success" and what happened, or "Error" with the screen's
 * own failure sentence and the server's reason. Lists refresh afterwards.
 */
function useStaffMutationOptions(success: MessageId, failure: MessageId) {
  const intl = useIntl();
  const toast = useToast();
  const utils = trpc.useUtils();
  return {
    onSuccess: () => {
      toast({ title: intl.formatMessage({ id: 'staff.success' }), description: intl.formatMessage({ id: success }) });
      void utils.staff.invalidate();
      void utils.auth.user.invalidate();
    },
    onError: (error: unknown) => {
      const said = intl.formatMessage({ id: failure });
      const reason = errorMessage(error, '');
      toast({
        title: intl.formatMessage({ id: 'staff.error' }),
        description:
          reason && reason !== said
            ? intl.formatMessage({ id: 'staff.failureWithReason' }, { failure: said, reason })
            : said,
        variant: 'destructive',
      });
    },
  };
}

export const useCreateStaff = () =>
  trpc.staff.users.create.useMutation(useStaffMutationOptions('staff.staffCreated', 'staff.staffCreateFailed'));
export const useUpdateStaff = () =>
  trpc.staff.users.update.useMutation(useStaffMutationOptions('staff.userUpdated', 'staff.userUpdateFailed'));
export const useSetRole = () =>
  trpc.staff.users.setRole.useMutation(useStaffMutationOptions('staff.roleChanged', 'staff.roleChangeFailed'));
export const useSetPermissions = () =>
  trpc.staff.users.setPermissions.useMutation(
    useStaffMutationOptions('staff.permissionsChanged', 'staff.permissionsChangeFailed'),
  );
export const useSetStatus = () =>
  trpc.staff.users.setStatus.useMutation(useStaffMutationOptions('staff.statusChanged', 'staff.statusChangeFailed'));
export const useCreateRole = () =>
  trpc.staff.roles.create.useMutation(useStaffMutationOptions('staff.roleCreated', 'staff.roleCreateFailed'));
export const useUpdateRole = () =>
  trpc.staff.roles.update.useMutation(useStaffMutationOptions('staff.roleUpdated', 'staff.roleUpdateFailed'));
export const useDeleteRole = () =>
  trpc.staff.roles.delete.useMutation(useStaffMutationOptions('staff.roleDeleted', 'staff.roleDeleteFailed'));
