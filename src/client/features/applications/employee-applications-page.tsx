import { useState, type FormEvent } from 'react';
import type { EmployeeApplication } from '../../../shared/employee-application-schema';
import { ClipboardIcon } from '../../components/icons';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { Field, Textarea } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/toast';
import { errorMessage, trpc } from '../../lib/trpc';
import { formatApplicationDate } from './format-date';

const REASON_REQUIRED = 'Please give a reason for rejecting this application';

/** /admin/employee-applications (admin only), SPEC.md §2. */
export function EmployeeApplicationsPage() {
  const list = trpc.employeeApplications.list.useQuery();
  const [approving, setApproving] = useState<EmployeeApplication | null>(null);
  const [rejecting, setRejecting] = useState<EmployeeApplication | null>(null);

  if (list.isLoading) return <Spinner label="Loading applications" />;
  if (list.isError) return <p className="text-red-700">{errorMessage(list.error)}</p>;
  const applications = list.data ?? [];
  const pending = applications.filter((a) => a.status === 'pending');
  const processed = applications.filter((a) => a.status !== 'pending');

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-stone-900">Employee Applications</h1>
          <p className="mt-1 text-sm text-stone-600">Review people who applied to join the team.</p>
        </div>
        <div className="flex gap-2">
          <Badge tone="accent" data-testid="pending-count">
            {pending.length} Pending
          </Badge>
          <Badge tone="neutral" data-testid="total-count">
            {applications.length} Total
          </Badge>
        </div>
      </div>

      {applications.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-2 py-12 text-center">
            <ClipboardIcon width={32} height={32} className="text-stone-400" />
            <h2 className="text-lg font-semibold text-stone-900">No Applications Yet</h2>
            <p className="text-sm text-stone-600">Applications sent from the Join Our Team page appear here.</p>
          </CardContent>
        </Card>
      ) : (
        <>
          {pending.length > 0 && (
            <section aria-labelledby="pending-heading" className="flex flex-col gap-4">
              <h2 id="pending-heading" className="text-lg font-semibold text-stone-900">
                Pending Applications
              </h2>
              {pending.map((application) => (
                <PendingCard key={application.id} application={application} onApprove={setApproving} onReject={setRejecting} />
              ))}
            </section>
          )}
          {processed.length > 0 && (
            <section aria-labelledby="processed-heading" className="flex flex-col gap-4">
              <h2 id="processed-heading" className="text-lg font-semibold text-stone-900">
                Processed Applications
              </h2>
              {processed.map((application) => (
                <ProcessedCard key={application.id} application={application} />
              ))}
            </section>
          )}
        </>
      )}

      <ApproveDialog application={approving} onClose={() => setApproving(null)} />
      <RejectDialog application={rejecting} onClose={() => setRejecting(null)} />
    </div>
  );
}

function Detail({ label, children }: { label: string; children: string }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-stone-500">{label}</dt>
      <dd className="mt-0.5 whitespace-pre-line text-sm text-stone-800">{children}</dd>
    </div>
  );
}

function PendingCard({
  application: a,
  onApprove,
  onReject,
}: {
  application: EmployeeApplication;
  onApprove: (a: EmployeeApplication) => void;
  onReject: (a: EmployeeApplication) => void;
}) {
  return (
    <Card data-testid="pending-application">
      <CardHeader className="sm:flex-row sm:items-start sm:justify-between">
        <div>
          <CardTitle>
            {a.firstName} {a.lastName}
          </CardTitle>
          <CardDescription>{a.email}</CardDescription>
        </div>
        <p className="text-sm text-stone-600">Applied {formatApplicationDate(a.createdAt)}</p>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid gap-3 sm:grid-cols-2">
          <Detail label="Phone">{a.phone}</Detail>
          <Detail label="Specialties">{a.specialties}</Detail>
          <Detail label="Bio">{a.bio}</Detail>
          <Detail label="Experience">{a.experience}</Detail>
        </dl>
        <div className="flex gap-3">
          <Button onClick={() => onApprove(a)}>Approve</Button>
          <Button variant="destructive-outline" onClick={() => onReject(a)}>
            Reject
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function ProcessedCard({ application: a }: { application: EmployeeApplication }) {
  return (
    <Card data-testid="processed-application">
      <CardHeader className="sm:flex-row sm:items-start sm:justify-between">
        <div>
          <CardTitle>
            {a.firstName} {a.lastName}
          </CardTitle>
          <CardDescription>{a.email}</CardDescription>
        </div>
        <Badge tone={a.status === 'approved' ? 'success' : 'danger'} className="self-start capitalize">
          {a.status}
        </Badge>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 sm:grid-cols-3">
          <Detail label="Applied">{formatApplicationDate(a.createdAt)}</Detail>
          <Detail label="Reviewed">{formatApplicationDate(a.reviewedAt)}</Detail>
          {a.reviewNotes ? <Detail label="Review notes">{a.reviewNotes}</Detail> : null}
        </dl>
      </CardContent>
    </Card>
  );
}

function useReview() {
  const utils = trpc.useUtils();
  return () => utils.employeeApplications.list.invalidate();
}

function ApproveDialog({ application, onClose }: { application: EmployeeApplication | null; onClose: () => void }) {
  const [notes, setNotes] = useState('');
  const toast = useToast();
  const refresh = useReview();
  const approve = trpc.employeeApplications.approve.useMutation({
    onSuccess: async () => {
      toast({ title: 'Application Approved', description: 'Employee account has been created successfully.' });
      setNotes('');
      onClose();
      await refresh();
    },
    onError: (error) => toast({ title: 'Approval Failed', description: errorMessage(error), variant: 'destructive' }),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    if (application) approve.mutate({ id: application.id, notes: notes.trim() || null });
  }
  return (
    <Dialog
      open={application !== null}
      onClose={onClose}
      title="Approve Application"
      description={
        application && (
          <>
            Approve {application.firstName} {application.lastName}? An employee account is created and a link to set a password is e-mailed to{' '}
            {application.email}.
          </>
        )
      }
    >
      <form onSubmit={submit} className="flex flex-col gap-4">
        <Field label="Notes (optional)">
          {(ids) => <Textarea {...ids} name="notes" value={notes} maxLength={2000} onChange={(e) => setNotes(e.target.value)} />}
        </Field>
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={approve.isPending}>
            {approve.isPending ? 'Approving...' : 'Approve'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function RejectDialog({ application, onClose }: { application: EmployeeApplication | null; onClose: () => void }) {
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string>();
  const toast = useToast();
  const refresh = useReview();
  const reject = trpc.employeeApplications.reject.useMutation({
    onSuccess: async () => {
      toast({ title: 'Application Rejected', description: 'Application has been rejected.' });
      setNotes('');
      onClose();
      await refresh();
    },
    onError: (err) => toast({ title: 'Rejection Failed', description: errorMessage(err), variant: 'destructive' }),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!notes.trim()) {
      setError(REASON_REQUIRED);
      return;
    }
    setError(undefined);
    if (application) reject.mutate({ id: application.id, notes: notes.trim() });
  }
  return (
    <Dialog
      open={application !== null}
      onClose={() => {
        setError(undefined);
        onClose();
      }}
      title="Reject Application"
      description={application && <>Reject {application.firstName} {application.lastName}? This cannot be undone; the reason is e-mailed to the applicant.</>}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field label="Reason for rejection" error={error}>
          {(ids) => <Textarea {...ids} name="notes" required value={notes} maxLength={2000} onChange={(e) => setNotes(e.target.value)} />}
        </Field>
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={reject.isPending || !notes.trim()}>
            {reject.isPending ? 'Rejecting...' : 'Reject'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
