import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import {
  ZApproveApplicationForm,
  ZRejectApplicationForm,
  type EmployeeApplication,
} from '../../../shared/employee-application-schema';
import { ClipboardIcon } from '../../components/icons';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { Form, TextareaField, useZodForm } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { useTimeZone } from '../../lib/session';
import { errorMessage } from '../../lib/trpc';
import { useApplications, useApproveApplication, useRejectApplication } from './employee-applications-api';
import { formatApplicationDate } from './format-date';

/** /admin/employee-applications (admin only): pending applications to approve or reject, then the processed ones. */
export function EmployeeApplicationsPage() {
  const intl = useIntl();
  const list = useApplications();
  const [approving, setApproving] = useState<EmployeeApplication | null>(null);
  const [rejecting, setRejecting] = useState<EmployeeApplication | null>(null);

  if (list.isLoading) return <Spinner label={intl.formatMessage({ id: 'employeeApplications.loading' })} />;
  if (list.isError) return <p className="text-red-700">{errorMessage(list.error)}</p>;
  const applications = list.data ?? [];
  const pending = applications.filter((a) => a.status === 'pending');
  const processed = applications.filter((a) => a.status !== 'pending');

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-stone-900">
            <FormattedMessage id="employeeApplications.title" />
          </h1>
          <p className="mt-1 text-sm text-stone-600">
            <FormattedMessage id="employeeApplications.intro" />
          </p>
        </div>
        <div className="flex gap-2">
          <Badge tone="accent" data-testid="pending-count">
            <FormattedMessage id="employeeApplications.pendingCount" values={{ count: pending.length }} />
          </Badge>
          <Badge tone="neutral" data-testid="total-count">
            <FormattedMessage id="employeeApplications.totalCount" values={{ count: applications.length }} />
          </Badge>
        </div>
      </div>

      {applications.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-2 px-5 py-12 text-center">
            <ClipboardIcon width={32} height={32} className="text-stone-400" />
            <h2 className="text-lg font-semibold text-stone-900">
              <FormattedMessage id="employeeApplications.none" />
            </h2>
            <p className="text-sm text-stone-600">
              <FormattedMessage id="employeeApplications.noneHint" />
            </p>
          </CardContent>
        </Card>
      ) : (
        <>
          {pending.length > 0 && (
            <ApplicationSection id="pending" title={intl.formatMessage({ id: 'employeeApplications.pending' })}>
              {pending.map((application) => (
                <PendingCard
                  key={application.id}
                  application={application}
                  onApprove={setApproving}
                  onReject={setRejecting}
                />
              ))}
            </ApplicationSection>
          )}
          {processed.length > 0 && (
            <ApplicationSection id="processed" title={intl.formatMessage({ id: 'employeeApplications.processed' })}>
              {processed.map((application) => (
                <ProcessedCard key={application.id} application={application} />
              ))}
            </ApplicationSection>
          )}
        </>
      )}

      <ApproveDialog application={approving} onClose={() => setApproving(null)} />
      <RejectDialog application={rejecting} onClose={() => setRejecting(null)} />
    </div>
  );
}

function ApplicationSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-4">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Who applied, with `children` (the date or the outcome) on the right. */
function ApplicantHeader({ application: a, children }: { application: EmployeeApplication; children: ReactNode }) {
  return (
    <CardHeader className="sm:flex-row sm:items-start sm:justify-between">
      <div>
        <CardTitle>
          {a.firstName} {a.lastName}
        </CardTitle>
        <CardDescription>{a.email}</CardDescription>
      </div>
      {children}
    </CardHeader>
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
  const intl = useIntl();
  const timeZone = useTimeZone();
  return (
    <Card data-testid="pending-application">
      <ApplicantHeader application={a}>
        <p className="text-sm text-stone-600">
          <FormattedMessage
            id="employeeApplications.appliedOn"
            values={{ date: formatApplicationDate(a.createdAt, timeZone) }}
          />
        </p>
      </ApplicantHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid gap-3 sm:grid-cols-2">
          <Detail label={intl.formatMessage({ id: 'employeeApplications.phone' })}>{a.phone}</Detail>
          <Detail label={intl.formatMessage({ id: 'employeeApplications.specialties' })}>{a.specialties}</Detail>
          <Detail label={intl.formatMessage({ id: 'employeeApplications.bio' })}>{a.bio}</Detail>
          <Detail label={intl.formatMessage({ id: 'employeeApplications.experience' })}>{a.experience}</Detail>
        </dl>
        <div className="flex gap-3">
          <Button onClick={() => onApprove(a)}>
            <FormattedMessage id="employeeApplications.approve" />
          </Button>
          <Button variant="destructive-outline" onClick={() => onReject(a)}>
            <FormattedMessage id="employeeApplications.reject" />
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function ProcessedCard({ application: a }: { application: EmployeeApplication }) {
  const intl = useIntl();
  const timeZone = useTimeZone();
  return (
    <Card data-testid="processed-application">
      <ApplicantHeader application={a}>
        <Badge tone={a.status === 'approved' ? 'success' : 'danger'} className="self-start capitalize">
          <FormattedMessage id="employeeApplications.status" values={{ status: a.status }} />
        </Badge>
      </ApplicantHeader>
      <CardContent>
        <dl className="grid gap-3 sm:grid-cols-3">
          <Detail label={intl.formatMessage({ id: 'employeeApplications.applied' })}>
            {formatApplicationDate(a.createdAt, timeZone)}
          </Detail>
          <Detail label={intl.formatMessage({ id: 'employeeApplications.reviewed' })}>
            {formatApplicationDate(a.reviewedAt, timeZone)}
          </Detail>
          {a.reviewNotes ? (
            <Detail label={intl.formatMessage({ id: 'employeeApplications.reviewNotes' })}>{a.reviewNotes}</Detail>
          ) : null}
        </dl>
      </CardContent>
    </Card>
  );
}

/** The frame both review dialogs share: a notes field, Cancel and the dialog's own submit button. */
function ReviewDialog<TIn extends FieldValues, TOut extends FieldValues>({
  open,
  onClose,
  title,
  description,
  label,
  form,
  onSubmit,
  submitButton,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  label: string;
  form: UseFormReturn<TIn, unknown, TOut>;
  onSubmit: (values: TOut) => void;
  submitButton: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description}>
      <Form form={form} onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextareaField name="notes" label={label} />
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={onClose}>
            <FormattedMessage id="employeeApplications.cancel" />
          </Button>
          {submitButton}
        </div>
      </Form>
    </Dialog>
  );
}

function ApproveDialog({ application, onClose }: { application: EmployeeApplication | null; onClose: () => void }) {
  const intl = useIntl();
  const form = useZodForm(ZApproveApplicationForm, { defaultValues: { notes: '' } });
  // Closing, by Cancel, Escape or after the approval, forgets what was typed.
  const close = () => {
    form.reset();
    onClose();
  };
  const approve = useApproveApplication(close);
  return (
    <ReviewDialog
      open={application !== null}
      onClose={close}
      title={intl.formatMessage({ id: 'employeeApplications.approveTitle' })}
      description={
        application &&
        intl.formatMessage(
          { id: 'employeeApplications.approveText' },
          { name: `${application.firstName} ${application.lastName}`, email: application.email },
        )
      }
      label={intl.formatMessage({ id: 'employeeApplications.notes' })}
      form={form}
      onSubmit={(values) => application && approve.mutate({ id: application.id, notes: values.notes || null })}
      submitButton={
        <Button type="submit" disabled={approve.isPending}>
          <FormattedMessage
            id={approve.isPending ? 'employeeApplications.approving' : 'employeeApplications.approve'}
          />
        </Button>
      }
    />
  );
}

function RejectDialog({ application, onClose }: { application: EmployeeApplication | null; onClose: () => void }) {
  const intl = useIntl();
  const form = useZodForm(ZRejectApplicationForm, { defaultValues: { notes: '' } });
  const notes = useWatch({ control: form.control, name: 'notes' });
  const close = () => {
    form.reset();
    onClose();
  };
  const reject = useRejectApplication(close);
  return (
    <ReviewDialog
      open={application !== null}
      onClose={close}
      title={intl.formatMessage({ id: 'employeeApplications.rejectTitle' })}
      description={
        application &&
        intl.formatMessage(
          { id: 'employeeApplications.rejectText' },
          { name: `${application.firstName} ${application.lastName}` },
        )
      }
      label={intl.formatMessage({ id: 'employeeApplications.reason' })}
      form={form}
      onSubmit={(values) => application && reject.mutate({ id: application.id, notes: values.notes })}
      submitButton={
        <Button type="submit" variant="destructive" disabled={reject.isPending || !notes?.trim()}>
          <FormattedMessage id={reject.isPending ? 'employeeApplications.rejecting' : 'employeeApplications.reject'} />
        </Button>
      }
    />
  );
}
