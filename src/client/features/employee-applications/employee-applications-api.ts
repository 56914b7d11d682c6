import { useToast } from '../../components/ui/toast';
import { errorMessage, trpc } from '../../lib/trpc';

export function useApplications() {
  return trpc.employeeApplications.list.useQuery();
}

/**
 * The options of a review: after an approval or a rejection a toast, then `onDone` (the dialog clears and closes),
 * then the list is read again; a failure keeps the dialog open with the server's message in a toast.
 */
function useReviewOptions(reviewed: { title: string; description: string }, failedTitle: string, onDone: () => void) {
  const toast = useToast();
  const utils = trpc.useUtils();
  return {
    onSuccess: async () => {
      toast(reviewed);
      onDone();
      await utils.employeeApplications.list.invalidate();
    },
    onError: (error: unknown) =>
      toast({ title: failedTitle, description: errorMessage(error), variant: 'destructive' }),
  };
}

export function useApproveApplication(onDone: () => void) {
  return trpc.employeeApplications.approve.useMutation(
    useReviewOptions(
      { title: 'Application Approved', description: 'Employee account has been created successfully.' },
      'Approval Failed',
      onDone,
    ),
  );
}

export function useRejectApplication(onDone: () => void) {
  return trpc.employeeApplications.reject.useMutation(
    useReviewOptions(
      { title: 'Application Rejected', description: 'Application has been rejected.' },
      'Rejection Failed',
      onDone,
    ),
  );
}
