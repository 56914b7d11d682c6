import type { records as en } from '../en/records';

/** Fichas de clientes y derechos sobre los datos: preguntas al reservar, borrado, descarga e importaciones CSV. */
export const records: Record<keyof typeof en, string> = {
  'records.questionsTitle': 'Preguntas para el cliente',
  'records.questionsText':
    'Se preguntan al reservar el servicio (como máximo {max}). Cambiarlas después no cambia las respuestas ya dadas.',
  'records.questionLabel': 'Pregunta {n}',
  'records.questionKind': 'Respuesta a la pregunta {n}',
  'records.kindText': 'Texto',
  'records.kindChoice': 'Elección',
  'records.kindCheckbox': 'Casilla',
  'records.questionOptions': 'Opciones de la pregunta {n} (separadas por comas)',
  'records.questionOptionsPlaceholder': 'Seca, Grasa, Mixta',
  'records.questionRequired': 'La pregunta {n} es obligatoria',
  'records.removeQuestion': 'Quitar la pregunta {n}',
  'records.addQuestion': 'Añadir una pregunta',
  'records.bookingQuestions': 'Unas preguntas antes de tu visita',
  'records.requiredMark': '(obligatoria)',
  'records.chooseOne': 'Elige una',
  'records.yes': 'Sí',
  'records.no': 'No',
  'records.eraseTitle': 'Borrar este cliente',
  'records.eraseText':
    'Cancela sus próximas citas, borra sus chats y su lista de espera, y conserva sus pedidos como "Cliente eliminado".',
  'records.eraseButton': 'Borrar cliente',
  'records.eraseConfirmTitle': '¿Borrar este cliente?',
  'records.eraseConfirmText': 'Se elimina todo lo personal de {name}. No se puede deshacer.',
  'records.erased': 'Cliente borrado',
  'records.eraseFailed': 'No se pudo borrar el cliente',
  'records.yourData': 'Tus datos',
  'records.yourDataText':
    'Descarga todo lo que guardamos sobre ti, o elimina tu cuenta: tus próximas citas se cancelan y tus pedidos se conservan para la contabilidad sin tu nombre.',
  'records.downloadData': 'Descargar mis datos',
  'records.deleteAccount': 'Eliminar mi cuenta',
  'records.deleteText':
    'No se puede deshacer. Más adelante puedes registrarte de nuevo con el mismo correo, como cliente nuevo.',
  'records.typeDelete': 'Escribe {word} para confirmar',
  'records.deleteForever': 'Eliminar mi cuenta para siempre',
  'records.deleteFailed': 'No se pudo eliminar tu cuenta',
  'records.importCsv': 'Importar CSV',
  'records.importTitle': 'Importar {kind} desde CSV',
  'records.importText':
    'Elige un archivo CSV con una fila de encabezado. Primero se revisa; no se escribe nada hasta que todas las líneas estén bien, y entonces se escribe todo.',
  'records.importFile': 'Archivo CSV',
  'records.checkFile': 'Revisar el archivo',
  'records.checking': 'Revisando…',
  'records.importErrors':
    '{count, plural, one {# error: no se importará nada} other {# errores: no se importará nada}}',
  'records.line': 'Línea',
  'records.column': 'Columna',
  'records.problem': 'Problema',
  'records.previewOk': 'El archivo está bien: {created} para añadir, {updated} para actualizar.',
  'records.importAll': 'Importar todo',
  'records.importing': 'Importando…',
  'records.imported': 'Importado: {created} añadidos, {updated} actualizados',
  'records.importFailed': 'No se pudo importar el archivo',
};
