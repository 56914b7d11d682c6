import { useIntl } from 'react-intl';
import type { MessageId } from '../../../shared/i18n/en';
import { useToast } from '../../components/ui/toast';
import { errorMessage, trpc } from '../../lib/trpc';

export function useApplications() {
  return trpc.employeeApplications.list.useQuery();
}

/**
 * The options of a review: after an approval or a rejection a toast, then `onDone` (the dialog clears and closes),
 * then the list is read again; a failure keeps the dialog open with the server's message in a toast.
 */
function useReviewOptions(
  reviewed: { title: MessageId; description: MessageId },
  failedTitle: MessageId,
  onDone: () => void,
) {
  const intl = useIntl();
  const toast = useToast();
  const utils = trpc.useUtils();
  return {
    onSuccess: async () => {
      toast({
        title: intl.formatMessage({ id: reviewed.title }),
        description: intl.formatMessage({ id: reviewed.description }),
      });
      onDone();
      await utils.employeeApplications.list.invalidate();
    },
    onError: (error: unknown) =>
      toast({
        title: intl.formatMessage({ id: failedTitle }),
        description: errorMessage(error),
        variant: 'destructive',
      }),
  };
}

export function useApproveApplication(onDone: () => void) {
  return trpc.employeeApplications.approve.useMutation(
    useReviewOptions(
      { title: 'employeeApplications.approved', description: 'employeeApplications.approvedText' },
      'employeeApplications.approveFailed',
      onDone,
    ),
  );
}

export function useRejectApplication(onDone: () => void) {
  return trpc.employeeApplications.reject.useMutation(
    useReviewOptions(
      { title: 'employeeApplications.rejected', description: 'employeeApplications.rejectedText' },
      'employeeApplications.rejectFailed',
      onDone,
    ),
  );
}
