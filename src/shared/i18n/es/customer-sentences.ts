/**
 * The Spanish for the sentences of customer records and data rights (src/server/customers): errors, validation
 * messages and audit entries, keyed by the English as in sentences.ts.
 */
export const customerSentences: Record<string, string> = {
  "A staff member's account is closed by an administrator, not deleted here.":
    'La cuenta de un miembro del personal la cierra un administrador, no se elimina aquí.',
  'Type DELETE to confirm': 'Escribe DELETE para confirmar',
  "Erased a customer's personal data.": 'Borró los datos personales de un cliente.',
  "This entry's details were erased with the customer's personal data.":
    'Los detalles de esta entrada se borraron con los datos personales del cliente.',
  'Please answer "{question}".': 'Responde a «{question}».',
  'The answer to "{question}" must be true or false.': 'La respuesta a «{question}» debe ser true o false.',
  'The answer to "{question}" must be one of its options.': 'La respuesta a «{question}» debe ser una de sus opciones.',
  'A question id must be at most 100 characters': 'El id de una pregunta puede tener como máximo 100 caracteres',
  'A question needs a label': 'Una pregunta necesita un texto',
  "A question's label must be at most 200 characters":
    'El texto de una pregunta puede tener como máximo 200 caracteres',
  "A question's kind must be one of: text, choice, checkbox":
    'El tipo de una pregunta debe ser uno de: text, choice, checkbox',
  'An option must be text': 'Una opción debe ser texto',
  'An option cannot be empty': 'Una opción no puede estar vacía',
  'An option must be at most 200 characters': 'Una opción puede tener como máximo 200 caracteres',
  'A question can have at most 20 options': 'Una pregunta puede tener como máximo 20 opciones',
  'A choice question needs at least 2 options': 'Una pregunta de elección necesita al menos 2 opciones',
  'A translation gives as many options as the question has, in the same order':
    'Una traducción da tantas opciones como tiene la pregunta, en el mismo orden',
  'questions must be a list': 'questions debe ser una lista',
  'A service can have at most 10 questions': 'Un servicio puede tener como máximo 10 preguntas',
  'An answer must be at most 1000 characters': 'Una respuesta puede tener como máximo 1000 caracteres',
  'An answer must be text, or true or false': 'Una respuesta debe ser texto, o true o false',
  'answers must be an object of answers by question id': 'answers debe ser un objeto de respuestas por id de pregunta',
  'No such customer.': 'No existe ese cliente.',
  'A customer can have at most 20 tags': 'Un cliente puede tener como máximo 20 etiquetas',
  'A tag can be at most 40 characters': 'Una etiqueta puede tener como máximo 40 caracteres',
  'Notes can be at most 5000 characters': 'Las notas pueden tener como máximo 5000 caracteres',
  'Updated customer {name}: {changes}': 'Actualizó al cliente {name}: {changes}',
  phone: 'teléfono',
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
