import type { mail as enMail } from '../en/mail';

export const mail: Record<keyof typeof enMail, string> = {
  'mail.hello': 'Hola, {name}:',
  'mail.helloNoName': 'Hola:',
  'mail.when': '{date} a las {time} ({timeZone})',
  'mail.setPassword': 'Crea tu contraseña para activar tu cuenta:',
  'mail.linkExpires':
    'El enlace sirve una sola vez y caduca en {hours, plural, one {# hora} other {# horas}}. Después, inicia sesión en {url}.',

  'mail.order.receivedSubject': 'Pedido n.º {number} recibido',
  'mail.order.thanks': 'gracias por tu pedido n.º {number}.',
  'mail.order.line': '{quantity} x {name} a {price}',
  'mail.order.subtotal': 'Subtotal: {amount}',
  'mail.order.discount': 'Descuento ({code}): -{amount}',
  'mail.order.shipping': 'Envío: gratis',
  'mail.order.tax': 'Impuestos: {amount}',
  'mail.order.total': 'Total: {amount}',
  'mail.order.giftCard': 'Tarjeta regalo: -{amount}',
  'mail.order.amountDue': 'Importe pendiente: {amount}',
  'mail.order.payOnPickup': 'Pagas al recoger tu pedido.',
  'mail.order.payByCard': 'Empezaremos a preparar tu pedido en cuanto se confirme el pago con tarjeta.',
  'mail.order.paid': 'Tu pedido está pagado: no queda nada por pagar.',
  'mail.order.yourOrders': 'Tus pedidos: {url}',
  'mail.order.statusSubject':
    'Pedido n.º {number}: {status, select, pending {pendiente} processing {en preparación} completed {completado} cancelled {cancelado} other {{status}}}',
  'mail.order.status':
    'tu pedido n.º {number} {status, select, pending {está pendiente de pago.} processing {se está preparando.} completed {está completado. ¡Gracias por tu compra!} cancelled {se ha cancelado. Se te reembolsará cualquier pago que hayas hecho.} other {está {status}.}}',
  'mail.order.refundSubject': 'Reembolso de {amount} del pedido n.º {number}',
  'mail.order.refunded': 'te hemos reembolsado {amount} de tu pedido n.º {number}.',
  'mail.order.refundReason': 'Motivo: {reason}',
  'mail.order.refundedSoFar': 'Reembolsado hasta ahora: {refunded} de {total}.',
  'mail.order.refundToNewGiftCard':
    '{amount} está en una nueva tarjeta regalo, porque la que pagó ya no se puede usar: su código te llega en otro correo.',
  'mail.order.refundToGiftCard': 'Hemos devuelto {amount} a tu tarjeta regalo: puedes volver a usarla enseguida.',
  'mail.order.refundRest': 'Los {amount} restantes se te devuelven por el mismo medio con el que pagaste.',
  'mail.order.refundArrives':
    'Un reembolso a tarjeta suele llegar a tu cuenta en un plazo de 5 a 10 días hábiles; el dinero pagado en la tienda se devuelve allí.',
  'mail.order.yourOrder': 'Tu pedido: {url}',

  'mail.appointment.bookedSubject': 'Cita reservada: {service} el {when}',
  'mail.appointment.rescheduledSubject': 'Cita cambiada: {service}, ahora el {when}',
  'mail.appointment.cancelledSubject': 'Cita cancelada: {service} el {when}',
  'mail.appointment.booked': 'Tu cita se ha reservado correctamente.',
  'mail.appointment.rescheduled': 'Tu cita se ha cambiado a una nueva hora.',
  'mail.appointment.cancelled': 'Esta cita se ha cancelado.',
  'mail.appointment.bookedFor': 'La cita de {customer} se ha reservado correctamente.',
  'mail.appointment.rescheduledFor': 'La cita de {customer} se ha cambiado a una nueva hora.',
  'mail.appointment.with': '{service} con {employee}',
  'mail.appointment.when': 'Cuándo: {when}',
  'mail.appointment.duration': 'Duración: {minutes, plural, one {# minuto} other {# minutos}}',
  'mail.appointment.where': 'Dónde: {place}',
  'mail.appointment.notes': 'Notas: {notes}',
  'mail.appointment.customer': 'Cliente: {name} <{email}>',
  'mail.appointment.customerName': 'Cliente: {name}',
  'mail.appointment.yourAppointments': 'Consulta tus citas: {url}',
  'mail.appointment.eventTitle': '{service} en {business}',
  'mail.appointment.someService': 'Servicio',
  'mail.calendar.name': 'Citas de {business}',
  'mail.calendar.eventTitle': '{service}: {customer}',
  'mail.reminder.subject': 'Recordatorio: {service} el {when}',
  'mail.reminder.intro': 'Te recordamos tu cita.',
  'mail.reminder.change':
    'Para cancelarla o cambiarla (hasta {hours, plural, one {# hora} other {# horas}} antes), consulta tus citas: {url}',

  'mail.waitlist.subject': 'Hay un hueco libre: {service} el {date}',
  'mail.waitlist.opened': 'Hay un hueco libre para {service} el {date}, el día que esperabas.',
  'mail.waitlist.book': 'Resérvalo antes de que lo haga otra persona: {link}',
  'mail.waitlist.again': 'Si ya no está cuando lo mires, puedes volver a apuntarte a la lista de espera.',

  'mail.classFull.subject': 'Clase completa: {service} el {when}',
  'mail.classFull.body':
    'Tu clase {service} del {when} está completa: {capacity, plural, one {la # plaza está ocupada} other {las # plazas están ocupadas}}.',
  'mail.classFull.list': 'Mira quién viene en tus citas: {url}',

  'mail.adminInvite.subject': 'Tu cuenta de administrador en {business}',
  'mail.adminInvite.made': 'Ahora eres administrador de {business}.',
  'mail.staffInvite.subject': 'Tu cuenta de equipo en {business}',
  'mail.staffInvite.added': '{actor} te ha añadido al equipo de {business}.',
  'mail.application.approvedSubject': 'Tu solicitud ha sido aprobada',
  'mail.application.approved': 'Buenas noticias: tu solicitud para unirte al equipo de {business} ha sido aprobada.',
  'mail.application.setPassword': 'Crea tu contraseña para activar tu cuenta de empleado:',
  'mail.application.reviewerNotes': 'Notas de quien revisó tu solicitud:',
  'mail.application.rejectedSubject': 'Sobre tu solicitud',
  'mail.application.rejected':
    'Gracias por tu solicitud para unirte al equipo de {business}. Tras revisarla, ahora mismo no podemos ofrecerte un puesto.',
  'mail.application.reason': 'Motivo:',

  'mail.webhook.disabledSubject': 'Se ha desactivado un endpoint de webhook',
  'mail.webhook.disabled':
    'El endpoint de webhook {url} ha fallado {count} envíos seguidos, así que ya no recibe eventos.',
  'mail.webhook.enableAgain': 'Revisa el receptor y vuelve a activarlo en {url}.',

  'mail.giftCard.subject': 'Has recibido una tarjeta regalo de {amount}',
  'mail.giftCard.fromSomeone': '{from} te ha enviado una tarjeta regalo de {amount}.',
  'mail.giftCard.fromUs': 'Has recibido una tarjeta regalo de {amount}.',
  'mail.giftCard.refund':
    '{amount} de tu pedido n.º {number} no podía volver a la tarjeta regalo con la que pagaste, que ya no se puede usar, así que está en esta nueva tarjeta regalo.',
  'mail.giftCard.code': 'Tu código: {code}',
  'mail.giftCard.expires': 'Puedes usarla hasta el {date}.',
  'mail.giftCard.howTo': 'Escribe el código en tu carrito, en "Tarjeta regalo", para pagar con ella: {url}',
};
