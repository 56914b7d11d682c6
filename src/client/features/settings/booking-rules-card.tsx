import { FormattedMessage, useIntl } from 'react-intl';
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
  const intl = useIntl();
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
        <CardTitle>
          <FormattedMessage id="settings.bookingRules" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage id="settings.bookingRulesText" />
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          form={form}
          aria-label={intl.formatMessage({ id: 'settings.bookingRulesLabel' })}
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
              label={intl.formatMessage({ id: 'settings.notice' })}
              hint={intl.formatMessage({ id: 'settings.noticeHint' })}
              type="number"
              min={0}
              step={15}
              inputMode="numeric"
            />
            <TextField
              name="bookingWindowDays"
              label={intl.formatMessage({ id: 'settings.window' })}
              hint={intl.formatMessage({ id: 'settings.windowHint' })}
              type="number"
              min={1}
              inputMode="numeric"
            />
            <TextField
              name="cancellationNoticeHours"
              label={intl.formatMessage({ id: 'settings.cancellation' })}
              hint={intl.formatMessage({ id: 'settings.cancellationHint' })}
              type="number"
              min={0}
              inputMode="numeric"
            />
          </div>
          <TextField
            name="reminderOffsetsMinutes"
            label={intl.formatMessage({ id: 'settings.reminders' })}
            hint={intl.formatMessage({ id: 'settings.remindersHint' })}
            inputMode="numeric"
          />
          <Button type="submit" className="self-end" disabled={save.isPending}>
            <FormattedMessage id={save.isPending ? 'settings.saving' : 'settings.saveBookingRules'} />
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
