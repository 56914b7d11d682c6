import type { entities as enEntities } from '../en/entities';

export const entities: Record<keyof typeof enEntities, string> = {
  'entities.service': 'Servicio',
  'entities.appointmentStatus':
    '{status, select, pending {Pendiente} confirmed {Confirmada} completed {Completada} cancelled {Cancelada} no_show {Ausente} other {{status}}}',
  'entities.appointmentStatusBadge':
    '{status, select, pending {pendiente} confirmed {confirmada} completed {completada} cancelled {cancelada} no_show {ausente} other {{status}}}',
  'entities.orderStatus':
    '{status, select, pending {pendiente} processing {en preparación} completed {completado} cancelled {cancelado} other {{status}}}',
  'entities.classAttendees': 'Clase · {count, plural, one {# asistente} other {# asistentes}}',
  'entities.noReminderYet': 'Aún no se ha enviado ningún recordatorio.',
  'entities.noReminder': 'No se envió ningún recordatorio.',
  'entities.remindersSent':
    '{count, plural, one {Recordatorio enviado: {list}.} other {Recordatorios enviados: {list}.}}',
  'entities.reminderBefore':
    '{unit, select, day {{amount, plural, one {# día} other {# días}}} hour {{amount, plural, one {# hora} other {# horas}}} other {{amount, plural, one {# minuto} other {# minutos}}}} antes ({when})',
  'entities.week': 'Semana',
  'entities.dayOff': 'Día libre',
  'entities.specialHours': 'Horario especial',
  'entities.notAvailable': 'No disponible',
  'entities.busy': 'Ocupado',
  'entities.busyAllDay': 'Ocupado todo el día',
  'entities.busyTimes': 'Horas ocupadas en sus propios calendarios',
  'entities.noAppointments': 'Sin citas',
  'entities.noPictureOf': '{name} (sin imagen)',
  'entities.noPicture': 'Sin imagen',
  'entities.subtotal': 'Subtotal',
  'entities.discount': 'Descuento',
  'entities.discountCode': 'Descuento ({code})',
  'entities.shipping': 'Envío',
  'entities.free': 'Gratis',
  'entities.tax': 'Impuestos',
  'entities.total': 'Total',
  'entities.giftCard': 'Tarjeta regalo',
  'entities.amountDue': 'Importe pendiente',
  'entities.waitedFor': '{service} el {date}',
  'entities.waitedForWith': '{service} con {employee} el {date}',
};
