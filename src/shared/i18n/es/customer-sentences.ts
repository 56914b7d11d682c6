/**
 * The Spanish for the sentences of customer records and data rights (src/server/customers): errors, validation
 * messages and audit entries, keyed by the English as in sentences.ts.
 */
export const customerSentences: Record<string, string> = {
  'No such customer.': 'No existe ese cliente.',
  'A customer can have at most 20 tags': 'Un cliente puede tener como máximo 20 etiquetas',
  'A tag can be at most 40 characters': 'Una etiqueta puede tener como máximo 40 caracteres',
  'Notes can be at most 5000 characters': 'Las notas pueden tener como máximo 5000 caracteres',
  'Updated customer {name}: {changes}': 'Actualizó al cliente {name}: {changes}',
  notes: 'notas',
  'tags "{from}" → "{to}"': 'etiquetas "{from}" → "{to}"',
  'There is no such export: choose orders, appointments, customers or products.':
    'No existe esa exportación: elige pedidos, citas, clientes o productos.',
  'from and to must be dates written YYYY-MM-DD': 'from y to deben ser fechas escritas AAAA-MM-DD',
  'The range must not end before it starts.': 'El intervalo no puede terminar antes de empezar.',
  'There is no such import: choose products, services or customers.':
    'No existe esa importación: elige productos, servicios o clientes.',
  'Send the file as text/csv.': 'Envía el archivo como text/csv.',
  'The file is not a CSV file this import can read.': 'El archivo no es un CSV que esta importación pueda leer.',
  'This column is missing from the header row.': 'Falta esta columna en la fila de encabezados.',
  'This row repeats an earlier one (line {line}).': 'Esta fila repite una anterior (línea {line}).',
  'This e-mail belongs to a staff member.': 'Este correo electrónico pertenece a un miembro del personal.',
  'The file has errors; nothing was imported.': 'El archivo tiene errores; no se ha importado nada.',
  'Imported {kind} from a CSV file: {created} new, {updated} changed.':
    'Importó {kind} de un archivo CSV: {created} nuevos, {updated} cambiados.',
};
