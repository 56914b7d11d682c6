/** The e-mails the server sends, and the calendar events they carry (src/server/mail/mail-language.ts). */
export const mail = {
  'mail.hello': 'Hello {name},',
  'mail.helloNoName': 'Hello,',
  'mail.when': '{date} at {time} ({timeZone})',
  'mail.setPassword': 'Set your password to activate your account:',
  'mail.linkExpires':
    'The link works once and expires in {hours, plural, one {# hour} other {# hours}}. Afterwards, sign in at {url}.',

  'mail.order.receivedSubject': 'Order #{number} received',
  'mail.order.thanks': 'thank you for your order #{number}.',
  'mail.order.line': '{quantity} x {name} at {price}',
  'mail.order.subtotal': 'Subtotal: {amount}',
  'mail.order.discount': 'Discount ({code}): -{amount}',
  'mail.order.shipping': 'Shipping: Free',
  'mail.order.tax': 'Tax: {amount}',
  'mail.order.total': 'Total: {amount}',
  'mail.order.giftCard': 'Gift card: -{amount}',
  'mail.order.amountDue': 'Amount due: {amount}',
  'mail.order.payOnPickup': 'You pay when you pick your order up.',
  'mail.order.payByCard': 'We will start on your order as soon as your card payment is confirmed.',
  'mail.order.paid': 'Your order is paid: there is nothing left to pay.',
  'mail.order.yourOrders': 'Your orders: {url}',
  'mail.order.statusSubject':
    'Order #{number} is {status, select, pending {pending} processing {processing} completed {completed} cancelled {cancelled} other {{status}}}',
  'mail.order.status':
    'your order #{number} {status, select, pending {is waiting for payment.} processing {is being prepared.} completed {is complete. Thank you for shopping with us!} cancelled {has been cancelled. Any payment made for it is refunded.} other {is {status}.}}',
  'mail.order.refundSubject': 'Refund of {amount} for order #{number}',
  'mail.order.refunded': 'we have refunded {amount} for your order #{number}.',
  'mail.order.refundReason': 'Reason: {reason}',
  'mail.order.refundedSoFar': 'Refunded so far: {refunded} of {total}.',
  'mail.order.refundToNewGiftCard':
    '{amount} is on a new gift card, as the one that paid can no longer be used: its code comes in a separate e-mail.',
  'mail.order.refundToGiftCard': '{amount} went back to your gift card, ready to spend again right away.',
  'mail.order.refundRest': 'The remaining {amount} goes back the way you paid.',
  'mail.order.refundArrives':
    'A card refund usually reaches your account within 5 to 10 business days; money paid in the shop is handed back there.',
  'mail.order.yourOrder': 'Your order: {url}',

  'mail.appointment.bookedSubject': 'Appointment booked: {service} on {when}',
  'mail.appointment.rescheduledSubject': 'Appointment moved: {service} now on {when}',
  'mail.appointment.cancelledSubject': 'Appointment cancelled: {service} on {when}',
  'mail.appointment.booked': 'Your appointment has been successfully scheduled.',
  'mail.appointment.rescheduled': 'Your appointment has been moved to a new time.',
  'mail.appointment.cancelled': 'This appointment has been cancelled.',
  'mail.appointment.bookedFor': "{customer}'s appointment has been successfully scheduled.",
  'mail.appointment.rescheduledFor': "{customer}'s appointment has been moved to a new time.",
  'mail.appointment.with': '{service} with {employee}',
  'mail.appointment.when': 'When: {when}',
  'mail.appointment.duration': 'Duration: {minutes, plural, one {# minute} other {# minutes}}',
  'mail.appointment.where': 'Where: {place}',
  'mail.appointment.notes': 'Notes: {notes}',
  'mail.appointment.customer': 'Customer: {name} <{email}>',
  'mail.appointment.customerName': 'Customer: {name}',
  'mail.appointment.yourAppointments': 'See your appointments: {url}',
  'mail.appointment.eventTitle': '{service} at {business}',
  'mail.appointment.someService': 'Service',
  'mail.calendar.name': '{business} appointments',
  'mail.calendar.eventTitle': '{service}: {customer}',
  'mail.reminder.subject': 'Reminder: {service} on {when}',
  'mail.reminder.intro': 'This is a reminder of your appointment.',
  'mail.reminder.change':
    'To cancel or move it (up to {hours, plural, one {# hour} other {# hours}} before), see your appointments: {url}',

  'mail.waitlist.subject': 'A time opened up: {service} on {date}',
  'mail.waitlist.opened': 'A time opened up for {service} on {date}, the day you were waiting for.',
  'mail.waitlist.book': 'Book it before someone else does: {link}',
  'mail.waitlist.again': 'If it is gone when you look, you can join the waitlist again.',

  'mail.classFull.subject': 'Class full: {service} on {when}',
  'mail.classFull.body':
    'Your class {service} on {when} is full: all {capacity, plural, one {# seat is} other {# seats are}} taken.',
  'mail.classFull.list': 'See who is coming in your appointments: {url}',

  'mail.adminInvite.subject': 'Your administrator account at {business}',
  'mail.adminInvite.made': 'You have been made an administrator of {business}.',
  'mail.staffInvite.subject': 'Your {business} staff account',
  'mail.staffInvite.added': '{actor} added you to the {business} team.',
  'mail.application.approvedSubject': 'Your application has been approved',
  'mail.application.approved': 'Good news: your application to join the {business} team has been approved.',
  'mail.application.setPassword': 'Set your password to activate your employee account:',
  'mail.application.reviewerNotes': 'Notes from the reviewer:',
  'mail.application.rejectedSubject': 'About your application',
  'mail.application.rejected':
    'Thank you for applying to join the {business} team. After reviewing your application we are unable to offer you a position at this time.',
  'mail.application.reason': 'Reason:',

  'mail.webhook.disabledSubject': 'A webhook endpoint was disabled',
  'mail.webhook.disabled':
    'The webhook endpoint {url} failed {count} deliveries in a row, so it no longer receives events.',
  'mail.webhook.enableAgain': 'Check the receiver, then enable it again at {url}.',

  'mail.giftCard.subject': 'You have received a gift card of {amount}',
  'mail.giftCard.fromSomeone': '{from} sent you a gift card of {amount}.',
  'mail.giftCard.fromUs': 'You have received a gift card of {amount}.',
  'mail.giftCard.refund':
    '{amount} of your order #{number} could not go back to the gift card that paid for it, which can no longer be used, so it is on this new gift card.',
  'mail.giftCard.code': 'Your code: {code}',
  'mail.giftCard.expires': 'It can be used until {date}.',
  'mail.giftCard.howTo': 'Enter the code in your cart under "Gift card" to pay with it: {url}',
} as const;
