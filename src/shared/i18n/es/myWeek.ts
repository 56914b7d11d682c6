import type { myWeek as enMyWeek } from '../en/myWeek';

export const myWeek: Record<keyof typeof enMyWeek, string> = {
  'myWeek.title': 'Mi horario',
  'myWeek.weekOf': 'Semana del {first} al {last}',
  'myWeek.previous': '← Semana anterior',
  'myWeek.thisWeek': 'Esta semana',
  'myWeek.next': 'Semana siguiente →',
  'myWeek.manageAvailability': 'Gestionar disponibilidad',
  'myWeek.noHours': 'Aún no tienes horario semanal. Configúralo en <link>Mi disponibilidad</link>.',
};
