import type { BusinessSettings } from '../../../shared/settings';
import { ZBookingRulesForm } from '../../../shared/settings-schema';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Form, TextField, useZodForm } from '../../components/ui/form';
import { useUpdateSettings } from './settings-api';

/**
 * The booking rules of /admin/settings: notice before a start, how far ahead, the cancellation notice and when
 * reminder e-mails go out.
 */
export function BookingRulesCard({ initial }: { initial: BusinessSettings }) {
  const save = useUpdateSettings();
  const form = useZodForm(ZBookingRulesForm, {
    defaultValues: {
      bookingNoticeMinutes: initial.bookingNoticeMinutes,
      bookingWindowDays: initial.bookingWindowDays,
      cancellationNoticeHours: initial.cancellationNoticeHours,
      reminderOffsetsMinutes: initial.reminderOffsetsMinutes.join(', '),
    },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Booking Rules</CardTitle>
        <CardDescription>How customers may book, cancel and reschedule appointments.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          form={form}
          aria-label="Booking rules"
          className="flex flex-col gap-4"
          onSubmit={(values) =>
            // The update needs the business name; the other business fields keep their saved values.
            save.mutate(
              { businessName: initial.businessName, ...values },
              {
                onSuccess: () =>
                  form.reset({ ...values, reminderOffsetsMinutes: values.reminderOffsetsMinutes.join(', ') }),
              },
            )
          }
        >
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              name="bookingNoticeMinutes"
              label="Booking notice (minutes)"
              hint="The earliest start is this long from now."
              type="number"
              min={0}
              step={15}
              inputMode="numeric"
            />
            <TextField
              name="bookingWindowDays"
              label="Booking window (days)"
              hint="How many days ahead can be booked."
              type="number"
              min={1}
              inputMode="numeric"
            />
            <TextField
              name="cancellationNoticeHours"
              label="Cancellation notice (hours)"
              hint="Customers may cancel or move until then."
              type="number"
              min={0}
              inputMode="numeric"
            />
          </div>
          <TextField
            name="reminderOffsetsMinutes"
            label="Reminders (minutes before the start)"
            hint="Up to three, separated by commas, e.g. 1440, 120 for a day and two hours before. Empty: no reminders."
            inputMode="numeric"
          />
          <Button type="submit" className="self-end" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Booking Rules'}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
