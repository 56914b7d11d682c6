import type { BusinessSettings } from '../../../shared/settings';
import { ZBookingRulesForm } from '../../../shared/settings-schema';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Form, FormField, Input, useZodForm } from '../../components/ui/form';
import { useToast } from '../../components/ui/toast';
import { errorMessage, trpc } from '../../lib/trpc';

/** The booking rules of /admin/settings: notice before a start, how far ahead, and the cancellation notice. */
export function BookingRulesCard({ initial }: { initial: BusinessSettings }) {
  const toast = useToast();
  const utils = trpc.useUtils();
  const save = trpc.settings.update.useMutation();
  const form = useZodForm(ZBookingRulesForm, {
    defaultValues: {
      bookingNoticeMinutes: initial.bookingNoticeMinutes,
      bookingWindowDays: initial.bookingWindowDays,
      cancellationNoticeHours: initial.cancellationNoticeHours,
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
            save.mutate(
              { businessName: initial.businessName, ...values },
              {
                onSuccess: (saved) => {
                  utils.settings.get.setData(undefined, saved);
                  form.reset(values);
                  toast({ title: 'Settings Updated', description: 'Booking rules saved.' });
                },
                onError: (error) => toast({ title: 'Update Failed', description: errorMessage(error), variant: 'destructive' }),
              },
            )
          }
        >
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField name="bookingNoticeMinutes" label="Booking notice (minutes)" hint="The earliest start is this long from now.">
              {({ field, ids }) => <Input {...ids} {...field} type="number" min={0} step={15} inputMode="numeric" />}
            </FormField>
            <FormField name="bookingWindowDays" label="Booking window (days)" hint="How many days ahead can be booked.">
              {({ field, ids }) => <Input {...ids} {...field} type="number" min={1} inputMode="numeric" />}
            </FormField>
            <FormField name="cancellationNoticeHours" label="Cancellation notice (hours)" hint="Customers may cancel or move until then.">
              {({ field, ids }) => <Input {...ids} {...field} type="number" min={0} inputMode="numeric" />}
            </FormField>
          </div>
          <Button type="submit" className="self-end" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Booking Rules'}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
