/** Pieces several screens share: statuses, a week of work, reminders, totals, pictures, the waitlist's wording. */
export const entities = {
  'entities.service': 'Service',
  'entities.appointmentStatus':
    '{status, select, pending {Pending} confirmed {Confirmed} completed {Completed} cancelled {Cancelled} no_show {No-show} other {{status}}}',
  'entities.appointmentStatusBadge':
    '{status, select, pending {pending} confirmed {confirmed} completed {completed} cancelled {cancelled} no_show {no-show} other {{status}}}',
  'entities.orderStatus':
    '{status, select, pending {pending} processing {processing} completed {completed} cancelled {cancelled} other {{status}}}',
  'entities.classAttendees': 'Class · {count, plural, one {# attendee} other {# attendees}}',
  'entities.noReminderYet': 'No reminder sent yet.',
  'entities.noReminder': 'No reminder sent.',
  'entities.remindersSent': '{count, plural, one {Reminder sent: {list}.} other {Reminders sent: {list}.}}',
  'entities.reminderBefore':
    '{unit, select, day {{amount, plural, one {# day} other {# days}}} hour {{amount, plural, one {# hour} other {# hours}}} other {{amount, plural, one {# minute} other {# minutes}}}} before ({when})',
  'entities.week': 'Week',
  'entities.dayOff': 'Day off',
  'entities.specialHours': 'Special hours',
  'entities.notAvailable': 'Not available',
  'entities.busy': 'Busy',
  'entities.busyAllDay': 'Busy all day',
  'entities.busyTimes': 'Busy times from their own calendars',
  'entities.noAppointments': 'No appointments',
  'entities.noPictureOf': '{name} (no picture)',
  'entities.noPicture': 'No picture',
  'entities.subtotal': 'Subtotal',
  'entities.discount': 'Discount',
  'entities.discountCode': 'Discount ({code})',
  'entities.shipping': 'Shipping',
  'entities.free': 'Free',
  'entities.tax': 'Tax',
  'entities.total': 'Total',
  'entities.giftCard': 'Gift card',
  'entities.amountDue': 'Amount due',
  'entities.waitedFor': '{service} on {date}',
  'entities.waitedForWith': '{service} with {employee} on {date}',
} as const;
