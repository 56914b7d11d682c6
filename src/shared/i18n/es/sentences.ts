/**
 * The Spanish for sentences the code writes in English where it makes them: the server's error messages, the
 * shared schemas' validation messages and the audit log's entries. Keyed by the English as the code writes it,
 * looked up as written (never by matching a filled-in sentence), so the code that throws or validates stays as it
 * reads; English needs no catalogue. Two kinds of key (docs/i18n.md):
 * - a plain sentence, as written;
 * - the ICU template of a `sentence(template, values)` or a schema's `issueMessage`/`labelMessage`: the same
 *   arguments. A label a template names (`{label} must be a number`, `Price`) is a key of its own, lowercase with
 *   its article; a sentence it begins is capitalised.
 */

import { customerSentences } from './customer-sentences';
import { packageSentences } from './package-sentences';

const orderState = (arg: string) =>
  `{${arg}, select, pending {pendiente} processing {en preparación} completed {completado} cancelled {cancelado} unpaid {sin pagar} paid {pagado} failed {fallido} partially_refunded {reembolsado en parte} refunded {reembolsado} other {{${arg}}}}`;
// An appointment (la cita) is feminine; "a cancelled appointment" reads "una cita cancelada".
const appointmentState = (arg: string) =>
  `{${arg}, select, pending {pendiente} confirmed {confirmada} completed {completada} cancelled {cancelada} no_show {marcada como no presentada} other {{${arg}}}}`;
const dayName = (arg: string) =>
  `{${arg}, select, Sunday {Domingo} Monday {Lunes} Tuesday {Martes} Wednesday {Miércoles} Thursday {Jueves} Friday {Viernes} Saturday {Sábado} other {{${arg}}}}`;
const waitFor =
  'Espera {unit, select, seconds {{count, plural, one {# segundo} other {# segundos}}} other {{count, plural, one {# minuto} other {# minutos}}}} y vuelve a intentarlo.';

/** Labels and units the schemas' messages name (labelMessage). */
const labels: Record<string, string> = {
  Price: 'el precio',
  'Deposit amount': 'el importe del depósito',
  Capacity: 'la capacidad',
  Value: 'el valor',
  Amount: 'el importe',
  'Minimum subtotal': 'el subtotal mínimo',
  Description: 'la descripción',
  Category: 'la categoría',
  Date: 'la fecha',
  'Start time': 'la hora de inicio',
  'End time': 'la hora de fin',
  Start: 'el inicio',
  End: 'el fin',
  'Buffer before': 'el margen previo',
  'Buffer after': 'el margen posterior',
  'Usage limit': 'el límite de usos',
  'Per-customer limit': 'el límite por cliente',
  'Booking notice': 'la antelación mínima de reserva',
  'Booking window': 'el plazo máximo de reserva',
  'Cancellation notice': 'el plazo de cancelación',
  'Each reminder': 'cada recordatorio',
  minutes: 'minutos',
  hours: 'horas',
  days: 'días',
  'minutes before the start': 'minutos antes del inicio',
  'Location name': 'el nombre del local',
  'Resource name': 'el nombre del recurso',
  Address: 'la dirección',
};

/** The schemas' messages that name a label, a field or a limit. */
const templates: Record<string, string> = {
  '{label} is required': 'Indica {label}',
  '{label} must be text': '{label} debe ser texto',
  '{label} must be a number': '{label} debe ser un número',
  '{label} must be a whole number': '{label} debe ser un número entero',
  '{label} must be 0 or more': '{label} debe ser 0 o más',
  '{label} must be more than 0': '{label} debe ser mayor que 0',
  '{label} must be at least 1': '{label} debe ser al menos 1',
  '{label} must be at most 1000000': '{label} debe ser como máximo 1000000',
  '{label} must be at most 99999999.99': '{label} debe ser como máximo 99999999.99',
  '{label} can have at most 2 decimal places': '{label} puede tener como máximo 2 decimales',
  '{label} must be at most {max} characters': '{label} debe tener como máximo {max} caracteres',
  '{label} must be at most {max} minutes': '{label} debe ser como máximo de {max} minutos',
  '{label} must be a multiple of {step} minutes': '{label} debe ser un múltiplo de {step} minutos',
  '{label} must be a whole number of {unit} from {min} to {max}':
    '{label} debe ser un número entero de {unit} entre {min} y {max}',
  '{field} must be a date (YYYY-MM-DD)': '{field} debe ser una fecha (AAAA-MM-DD)',
  '{label} must be a date and time': '{label} debe ser una fecha y hora',
  '{label} must be a date like 2026-12-24': '{label} debe ser una fecha como 2026-12-24',
  '{field} must be a date such as 2026-05-01': '{field} debe ser una fecha como 2026-05-01',
  '{label} must be a real calendar date': '{label} debe ser una fecha que exista en el calendario',
  '{label} must be a time like 09:00': '{label} debe ser una hora como 09:00',
  '{name} is required': 'Falta {name}',
  '{name} must be a string': '{name} debe ser texto',
  '{name} is not a valid id': '{name} no es un identificador válido',
  '{name} must be true or false': '{name} debe ser true o false',
  'At most {max} characters, please': 'Como máximo {max} caracteres, por favor',
  'At most {max} reminders': 'Como máximo {max} recordatorios',
  'API key names are at most {max} characters.': 'El nombre de una clave de API tiene como máximo {max} caracteres.',
  'Duration must be a multiple of {step} minutes': 'La duración debe ser un múltiplo de {step} minutos',
  'Duration must be at least {min} minutes': 'La duración debe ser de al menos {min} minutos',
  'Duration must be at most {max} minutes': 'La duración debe ser como máximo de {max} minutos',
  'Events must be chosen from: {events}.': 'Los eventos deben elegirse entre: {events}.',
  'Image URL must be at most {max} characters': 'La URL de la imagen debe tener como máximo {max} caracteres',
  'Capacity must be at most {max}': 'La capacidad debe ser como máximo {max}',
  'Inventory must be at most {max}': 'El inventario debe ser como máximo {max}',
  'Message must be at most {max} characters': 'El mensaje debe tener como máximo {max} caracteres',
  'Name must be at most {max} characters': 'El nombre debe tener como máximo {max} caracteres',
  'Notes must be at most {max} characters': 'Las notas deben tener como máximo {max} caracteres',
  'Password must be at least {min} characters': 'La contraseña debe tener al menos {min} caracteres',
  'Password must be at most {max} characters': 'La contraseña debe tener como máximo {max} caracteres',
  'Quantity must be at most {max}': 'La cantidad debe ser como máximo {max}',
  'Status must be one of {statuses}': 'El estado debe ser uno de estos: {statuses}',
  'Status must be one of: {statuses}': 'El estado debe ser uno de estos: {statuses}',
  'count must be between {min} and {max}': 'count debe estar entre {min} y {max}',
  'frequency must be one of: {options}': 'frequency debe ser uno de estos: {options}',
  'scope must be one of: {options}': 'scope debe ser uno de estos: {options}',
};

/** The shared schemas' own sentences. */
const validation: Record<string, string> = {
  'Invalid email address': 'La dirección de correo electrónico no es válida',
  'Please enter a valid email address': 'Escribe una dirección de correo electrónico válida',
  'Password is required': 'Escribe la contraseña',
  'Current password is required': 'Escribe tu contraseña actual',
  'Passwords do not match': 'Las contraseñas no coinciden',
  'This link is not valid.': 'Este enlace no es válido.',
  'This link has already been used. Please sign in with your password.':
    'Este enlace ya se ha usado. Inicia sesión con tu contraseña.',
  'This link has expired. Please ask an administrator to send a new one.':
    'Este enlace ha caducado. Pide a un administrador que te envíe uno nuevo.',
  'This link is not valid. Please check that you copied the whole link from the e-mail.':
    'Este enlace no es válido. Comprueba que has copiado el enlace completo del correo.',
  'The appointment time must be a date and time such as 2026-05-01T14:00:00.000Z':
    'La hora de la cita debe ser una fecha y hora como 2026-05-01T14:00:00.000Z',
  'Please select an appointment time.': 'Elige una hora para la cita.',
  'Please select an appointment date.': 'Elige una fecha para la cita.',
  'Please select a service to book.': 'Elige un servicio para reservar.',
  'Please select a service.': 'Elige un servicio.',
  'Please select an employee first.': 'Elige primero un empleado.',
  'Notes must be text': 'Las notas deben ser texto',
  'count must be a whole number': 'count debe ser un número entero',
  'scope must be mine or all': 'scope debe ser mine o all',
  'Name is required': 'Escribe el nombre',
  'Name must be text': 'El nombre debe ser texto',
  'Image URL must be a valid URL': 'La URL de la imagen debe ser una URL válida',
  'At most 200 employees can be linked to a service': 'Se pueden asignar como máximo 200 empleados a un servicio',
  'employeeIds must be a list of user ids': 'employeeIds debe ser una lista de identificadores de usuario',
  'Inventory is required': 'Indica el inventario',
  'Inventory must be a number': 'El inventario debe ser un número',
  'Inventory must be a whole number': 'El inventario debe ser un número entero',
  'Inventory must be 0 or more': 'El inventario debe ser 0 o más',
  'Duration is required': 'Indica la duración',
  'Duration must be a number': 'La duración debe ser un número',
  'Duration must be a whole number': 'La duración debe ser un número entero',
  'Quantity is required': 'Indica la cantidad',
  'Quantity must be a number': 'La cantidad debe ser un número',
  'Quantity must be a whole number': 'La cantidad debe ser un número entero',
  'Quantity must be at least 1': 'La cantidad debe ser al menos 1',
  'Message is required': 'Escribe un mensaje',
  'Message cannot be empty': 'El mensaje no puede estar vacío',
  'receiverId is required': 'Falta receiverId',
  'Code is required': 'Escribe el código',
  'A code is 3 to 32 letters, digits, - or _': 'Un código tiene de 3 a 32 letras, cifras, - o _',
  'Kind must be percent or fixed': 'El tipo debe ser percent o fixed',
  'A percent discount is from 1 to 100': 'Un descuento porcentual va de 1 a 100',
  'A fixed discount must be more than 0': 'Un descuento fijo debe ser mayor que 0',
  'The end must be after the start': 'El fin debe ser posterior al inicio',
  'Start must be a date': 'El inicio debe ser una fecha',
  'End must be a date': 'El fin debe ser una fecha',
  'First name must be at least 2 characters': 'El nombre debe tener al menos 2 caracteres',
  'Last name must be at least 2 characters': 'Los apellidos deben tener al menos 2 caracteres',
  'Please enter a valid phone number': 'Escribe un número de teléfono válido',
  'Please provide at least 20 characters about yourself': 'Cuéntanos sobre ti en al menos 20 caracteres',
  'Please describe your experience': 'Describe tu experiencia',
  'Please list your specialties': 'Indica tus especialidades',
  'Please give a reason for rejecting this application': 'Indica un motivo para rechazar esta solicitud',
  'appointmentId is required': 'Falta appointmentId',
  'API key name is required.': 'Escribe un nombre para la clave de API.',
  'The expiry must be in the future.': 'La caducidad debe estar en el futuro.',
  'The expiry must be a date and time (ISO 8601).': 'La caducidad debe ser una fecha y hora (ISO 8601).',
  'Amount must be a number': 'El importe debe ser un número',
  'paymentIntentId is not valid': 'paymentIntentId no es válido',
  'paymentIntentId must be a string': 'paymentIntentId debe ser texto',
  'paymentMethod must be manual or stripe': 'paymentMethod debe ser manual o stripe',
  'paymentProvider must be manual or stripe': 'paymentProvider debe ser manual o stripe',
  'customerId is not valid': 'customerId no es válido',
  'productId is not valid': 'productId no es válido',
  'items must be a list of products and quantities': 'items debe ser una lista de productos y cantidades',
  'An order has at most 100 lines': 'Un pedido tiene como máximo 100 líneas',
  'An order for a customer needs items: the products and quantities ordered.':
    'Un pedido para un cliente necesita items: los productos y las cantidades.',
  'An order for a customer takes paymentProvider, not paymentMethod or paymentIntentId.':
    'Un pedido para un cliente lleva paymentProvider, no paymentMethod ni paymentIntentId.',
  'search must be at most 200 characters': 'search debe tener como máximo 200 caracteres',
  'notes must be text': 'notes debe ser texto',
  'notes must be at most 1000 characters': 'notes debe tener como máximo 1000 caracteres',
  'search must be text': 'search debe ser texto',
  'limit must be at most 500': 'limit debe ser como máximo 500',
  'limit must be at least 1': 'limit debe ser al menos 1',
  'limit must be a whole number': 'limit debe ser un número entero',
  'limit must be a number': 'limit debe ser un número',
  'cursor must be text': 'cursor debe ser texto',
  'type must be one of: {types}': 'type debe ser uno de: {types}',
  'since must be an instant such as 2026-05-01T09:00:00Z': 'since debe ser un instante como 2026-05-01T09:00:00Z',
  'This cursor is not one this list gave; start again without it.':
    'Este cursor no lo ha dado esta lista; vuelve a empezar sin él.',
  'updatedSince must be an instant such as 2026-05-01T09:00:00Z':
    'updatedSince debe ser un instante como 2026-05-01T09:00:00Z',
  'This operation takes no query parameter named {name}.':
    'Esta operación no acepta ningún parámetro de consulta llamado {name}.',
  'Reason must be at most 500 characters': 'El motivo debe tener como máximo 500 caracteres',
  'Reason must be text': 'El motivo debe ser texto',
  'restock can list at most 100 lines': 'restock puede tener como máximo 100 líneas',
  'restock must be a list of {productId, quantity}': 'restock debe ser una lista de {productId, quantity}',
  'Default language must be one of: en, es': 'El idioma predeterminado debe ser uno de estos: en, es',
  'This deposit has already been refunded.': 'Este depósito ya se ha reembolsado.',
  'Only a deposit paid by card can be refunded.': 'Solo se puede reembolsar un depósito pagado con tarjeta.',
  'The deposit cannot be more than the price of the service.':
    'El depósito no puede ser mayor que el precio del servicio.',
  'Deposit type must be none, fixed or full': 'El tipo de depósito debe ser none, fixed o full',
  'This class is full.': 'Esta clase está completa.',
  'You already have a seat in this class.': 'Ya tienes una plaza en esta clase.',
  'Business type must be one of: products, services, both':
    'El tipo de negocio debe ser uno de estos: products, services, both',
  'Reminders must be a list of minutes before the start, such as [1440, 120]':
    'Los recordatorios deben ser una lista de minutos antes del inicio, como [1440, 120]',
  'Business name must be at most 120 characters': 'El nombre del negocio debe tener como máximo 120 caracteres',
  'Business name is required': 'Escribe el nombre del negocio',
  'Business description must be at most 2000 characters':
    'La descripción del negocio debe tener como máximo 2000 caracteres',
  'Time zone must be an IANA time zone name such as Europe/London':
    'La zona horaria debe ser un nombre de zona IANA como Europe/Madrid',
  'Currency must be a three-letter ISO 4217 code of a currency with cents, such as USD or EUR':
    'La moneda debe ser un código ISO 4217 de tres letras de una moneda con céntimos, como USD o EUR',
  'Currency must be a three-letter ISO 4217 code such as USD or EUR':
    'La moneda debe ser un código ISO 4217 de tres letras, como USD o EUR',
  'The currency cannot be changed once orders have been placed: their amounts were paid in it.':
    'La moneda no se puede cambiar una vez que hay pedidos: sus importes se pagaron en ella.',
  'Unknown permission': 'Permiso desconocido',
  'At most 200 characters': 'Como máximo 200 caracteres',
  'At most 500 characters': 'Como máximo 500 caracteres',
  'Role name and display name are required': 'Escribe el nombre del rol y el nombre visible',
  'Role names may contain only letters, digits, spaces and underscores.':
    'El nombre de un rol solo puede tener letras, cifras, espacios y guiones bajos.',
  'Names can be at most 100 characters': 'Los nombres pueden tener como máximo 100 caracteres',
  'First name is required': 'Indica el nombre',
  'Last name is required': 'Indica los apellidos',
  'A phone number has at most 40 characters': 'Un número de teléfono tiene como máximo 40 caracteres',
  'Someone with this e-mail address is already known: existingId names them.':
    'Ya conocemos a alguien con esta dirección de correo: existingId lo indica.',
  'Added customer {name}.': 'Añadió al cliente {name}.',
  'Role is required': 'Elige un rol',
  'isActive must be true or false': 'isActive debe ser true o false',
  'isActive must be true or false.': 'isActive debe ser true o false.',
  'page starts at 1': 'page empieza en 1',
  'page must be a whole number': 'page debe ser un número entero',
  'page must be a number': 'page debe ser un número',
  'The URL must be at most 2000 characters.': 'La URL debe tener como máximo 2000 caracteres.',
  'The URL must be an http:// or https:// address.': 'La URL debe ser una dirección http:// o https://.',
  'Choose at least one event.': 'Elige al menos un evento.',
  'Events must be a list of event types.': 'Los eventos deben ser una lista de tipos de evento.',
  'The description must be at most 500 characters.': 'La descripción debe tener como máximo 500 caracteres.',
  'Day must be a lowercase day name, monday to sunday':
    'El día debe ser el nombre de un día en inglés y en minúsculas, de monday a sunday',
  'Day of week must be a number from 0 (Sunday) to 6 (Saturday)':
    'El día de la semana debe ser un número de 0 (domingo) a 6 (sábado)',
  'isAvailable must be true or false': 'isAvailable debe ser true o false',
  'available must be true or false': 'available debe ser true o false',
  'action must be "delete"': 'action debe ser "delete"',
  'At most 200 windows per week': 'Como máximo 200 franjas por semana',
  'availability must be a list of time windows': 'availability debe ser una lista de franjas horarias',
  'Send one of: {dayOfWeek, available: true, startTime, endTime} to add a time slot, {dayOfWeek, available: false} to clear a day, or {id, action: "delete"} to remove a time slot.':
    'Envía uno de estos: {dayOfWeek, available: true, startTime, endTime} para añadir una franja, {dayOfWeek, available: false} para vaciar un día, o {id, action: "delete"} para quitar una franja.',
  'Special hours need a start and an end time.': 'El horario especial necesita una hora de inicio y una de fin.',
  'The end time must be after the start time.': 'La hora de fin debe ser posterior a la de inicio.',
};

/** The server's error messages. */
const errors: Record<string, string> = {
  // Access and the API itself
  'Please sign in to continue.': 'Inicia sesión para continuar.',
  "You don't have permission to do that.": 'No tienes permiso para hacer eso.',
  'Something went wrong on our side. Please try again. (request id {requestId})':
    'Algo ha fallado por nuestra parte. Vuelve a intentarlo. (id de la solicitud {requestId})',
  'The service is temporarily unavailable. Please try again in a moment.':
    'El servicio no está disponible en este momento. Vuelve a intentarlo en un momento.',
  'Request bodies must be JSON (Content-Type: application/json).':
    'El cuerpo de la solicitud debe ser JSON (Content-Type: application/json).',
  'The request body must be a JSON object.': 'El cuerpo de la solicitud debe ser un objeto JSON.',
  'The request body is not valid JSON.': 'El cuerpo de la solicitud no es JSON válido.',
  'The request body is empty, but its Content-Type says JSON: send JSON, or no body and no Content-Type.':
    'El cuerpo de la solicitud está vacío, pero su Content-Type dice JSON: envía JSON, o ningún cuerpo y ningún Content-Type.',
  'The request body is larger than 1 MB.': 'El cuerpo de la solicitud supera 1 MB.',
  "The request body's size does not match its Content-Length.":
    'El tamaño del cuerpo de la solicitud no coincide con su Content-Length.',
  'Nothing was found at this address: a part of it is too long to be an id.':
    'No se encontró nada en esta dirección: una parte de ella es demasiado larga para ser un id.',
  'The request could not be read.': 'No se pudo leer la solicitud.',
  'The request body is nested too deeply.': 'El cuerpo de la solicitud está anidado a demasiada profundidad.',
  "Text can't contain the NUL character (U+0000).": 'El texto no puede contener el carácter NUL (U+0000).',
  'Text must be valid Unicode: a lone surrogate (U+D800 to U+DFFF) is not a character.':
    'El texto debe ser Unicode válido: un sustituto suelto (U+D800 a U+DFFF) no es un carácter.',
  'No route for {method} {path}': 'No existe la ruta {method} {path}',
  // zod's own message (English) after the field it is about.
  '{path}: {problem}': '{path}: {problem}',
  '{path} is required': '{path} es obligatorio',
  '{path} must be at most {limit, plural, one {# character} other {# characters}}':
    '{path} debe tener como máximo {limit, plural, one {# carácter} other {# caracteres}}',
  '{path} must be at least {limit, plural, one {# character} other {# characters}}':
    '{path} debe tener al menos {limit, plural, one {# carácter} other {# caracteres}}',
  '{path} can have at most {limit, plural, one {# item} other {# items}}':
    '{path} puede tener como máximo {limit, plural, one {# elemento} other {# elementos}}',
  '{path} must have at least {limit, plural, one {# item} other {# items}}':
    '{path} debe tener al menos {limit, plural, one {# elemento} other {# elementos}}',
  '{path} must be at most {limit}': '{path} debe ser como máximo {limit}',
  '{path} must be at least {limit}': '{path} debe ser como mínimo {limit}',
  '{path} must be one of: {values}': '{path} debe ser uno de estos: {values}',
  '{path} must be {expected, select, string {text} number {a number} int {a whole number} boolean {true or false} array {a list} object {an object} other {{expected}}}':
    '{path} debe ser {expected, select, string {texto} number {un número} int {un número entero} boolean {true o false} array {una lista} object {un objeto} other {{expected}}}',
  'The address is not a valid URL.': 'La dirección no es una URL válida.',
  'Cross-site requests are not allowed.': 'No se permiten solicitudes desde otros sitios.',
  'Live updates are not available right now.': 'Las actualizaciones en directo no están disponibles ahora mismo.',
  "{what, select, messages {You're sending messages too quickly} other {Too many attempts}}. Please wait {unit, select, seconds {{count, plural, one {# second} other {# seconds}}} other {{count, plural, one {# minute} other {# minutes}}}} and try again.": `{what, select, messages {Estás enviando mensajes demasiado rápido} other {Demasiados intentos}}. ${waitFor}`,
  'The Idempotency-Key header must be 1-255 printable characters.':
    'La cabecera Idempotency-Key debe tener de 1 a 255 caracteres imprimibles.',
  'This Idempotency-Key was used with a different request.':
    'Esta Idempotency-Key ya se usó con una solicitud distinta.',
  'A request with this Idempotency-Key is still in progress. Please try again in a moment.':
    'Una solicitud con esta Idempotency-Key sigue en curso. Vuelve a intentarlo en un momento.',
  'This request was already done with this Idempotency-Key, and its answer held a secret that is shown only once, so it was not kept. Revoke what the first request made if you did not get its answer, and make a new one with a new key.':
    'Esta solicitud ya se hizo con esta Idempotency-Key y su respuesta contenía un secreto que solo se muestra una vez, así que no se guardó. Si no recibiste esa respuesta, revoca lo que creó la primera solicitud y crea otro con una clave nueva.',
  // Sign-in, accounts, API keys
  'Invalid email or password': 'El correo electrónico o la contraseña no son correctos',
  'This account has been deactivated. Please contact an administrator.':
    'Esta cuenta está desactivada. Ponte en contacto con un administrador.',
  'This account has been deactivated. Please contact the business if you think this is a mistake.':
    'Esta cuenta está desactivada. Ponte en contacto con el negocio si crees que es un error.',
  'Please verify your e-mail address with your sign-in provider, then try again.':
    'Verifica tu dirección de correo electrónico con tu proveedor de inicio de sesión y vuelve a intentarlo.',
  'This e-mail address is already linked to a different sign-in account.':
    'Esta dirección de correo electrónico ya está vinculada a otra cuenta de inicio de sesión.',
  'This account signs in through the identity provider and has no password to change.':
    'Esta cuenta inicia sesión con el proveedor de identidad y no tiene contraseña que cambiar.',
  'The current password is not correct.': 'La contraseña actual no es correcta.',
  'The new password must be different from the current one.': 'La nueva contraseña debe ser distinta de la actual.',
  '"{email}" is not an e-mail address.': '"{email}" no es una dirección de correo electrónico.',
  'Invalid or revoked API key.': 'La clave de API no es válida o ha sido revocada.',
  'API key not found': 'No se ha encontrado la clave de API',
  "An API key can't act as a customer.": 'Una clave de API no puede actuar como cliente.',
  'An API key acts for no one of its own: name the customer with customerId.':
    'Una clave de API no actúa por nadie: indica el cliente con customerId.',
  'No such customer.': 'No existe ese cliente.',
  'This API key has made {limit} requests this minute. Please wait {seconds, plural, one {# second} other {# seconds}} and try again.':
    'Esta clave de API ha hecho {limit} solicitudes en este minuto. Espera {seconds, plural, one {# segundo} other {# segundos}} y vuelve a intentarlo.',
  // Staff and roles
  'A role with that name already exists.': 'Ya existe un rol con ese nombre.',
  'Role not found': 'No se ha encontrado el rol',
  'System roles cannot be changed.': 'Los roles del sistema no se pueden cambiar.',
  'This role is held by {n, plural, one {# person} other {# people}}. Give them another role first.':
    '{n, plural, one {Este rol lo tiene # persona. Dale primero otro rol.} other {Este rol lo tienen # personas. Dales primero otro rol.}}',
  'Staff member not found': 'No se ha encontrado al miembro del equipo',
  'There is no role with that name.': 'No hay ningún rol con ese nombre.',
  'Staff members need a staff role: employee, admin or a custom role.':
    'Los miembros del equipo necesitan un rol de equipo: employee, admin o un rol propio.',
  'Only admins can give or change the admin role.':
    'Solo los administradores pueden dar o cambiar el rol de administrador.',
  "You can't change your own role, permissions or status.": 'No puedes cambiar tu propio rol, permisos ni estado.',
  "An API key can't change the role, permissions or status of the person who made it.":
    'Una clave de API no puede cambiar el rol, los permisos ni el estado de quien la creó.',
  "Only admins can change an admin's account.":
    'Solo los administradores pueden cambiar la cuenta de un administrador.',
  'This is the last active admin. Make someone else an admin first.':
    'Es el último administrador activo. Haz antes administrador a otra persona.',
  'Someone with that e-mail address already has an account.':
    'Ya hay una cuenta con esa dirección de correo electrónico.',
  "You can't give permissions you don't hold yourself.": 'No puedes dar permisos que tú no tienes.',
  // Employee applications
  'This e-mail address already belongs to a staff member. Please sign in at Employee Login instead.':
    'Esta dirección de correo electrónico ya pertenece a un miembro del equipo. Inicia sesión en el acceso para empleados.',
  'An application for this e-mail address is already waiting for review.':
    'Ya hay una solicitud con esta dirección de correo electrónico pendiente de revisión.',
  'Application not found.': 'No se ha encontrado la solicitud.',
  'This application has already been {status}.':
    'Esta solicitud ya ha sido {status, select, approved {aprobada} rejected {rechazada} other {{status}}}.',
  // Catalogue and services
  'Product not found': 'No se ha encontrado el producto',
  'Service not found': 'No se ha encontrado el servicio',
  'Employee not found': 'No se ha encontrado al empleado',
  'This employee is not linked to the service': 'Este empleado no está asignado al servicio',
  "You don't have permission to feature products.": 'No tienes permiso para destacar productos.',
  "You don't have permission to feature services.": 'No tienes permiso para destacar servicios.',
  'Only active staff members can perform services': 'Solo el personal activo puede prestar servicios',
  'A new appointment can only be pending or confirmed.': 'Una cita nueva solo puede estar pendiente o confirmada.',
  // Cart, checkout, orders
  'Cart item not found': 'No se ha encontrado el artículo en el carrito',
  '{name} is out of stock.': '{name} está agotado.',
  'Only {count} of {name} in stock.': 'Solo quedan {count} de {name} en existencias.',
  'Only {count} of {name} in stock, and {inCart} already in your cart.':
    'Solo quedan {count} de {name} en existencias, y ya tienes {inCart} en tu carrito.',
  'A cart line holds at most {max}, and {inCart} of {name} are already in your cart.':
    'Una línea del carrito admite como mucho {max}, y ya tienes {inCart} de {name} en tu carrito.',
  'Not enough stock for {name}: only {count} left.': 'No hay existencias suficientes de {name}: solo quedan {count}.',
  'Your cart is empty.': 'Tu carrito está vacío.',
  "An order's total can be at most 99999999.99.": 'El total de un pedido puede ser como máximo 99999999.99.',
  'Your cart has changed. Please review it before paying.': 'Tu carrito ha cambiado. Revísalo antes de pagar.',
  'Card payments need an order total of at least {amount}. Please choose pay on pickup.':
    'El pago con tarjeta necesita un total de al menos {amount}. Elige pagar al recoger.',
  'The card payment service could not be reached. Please try again in a moment.':
    'No se ha podido contactar con el servicio de pago con tarjeta. Vuelve a intentarlo en un momento.',
  'Card payments are not available.': 'El pago con tarjeta no está disponible.',
  'Card payments are confirmed by the card provider.': 'Los pagos con tarjeta los confirma el proveedor de la tarjeta.',
  'paymentIntentId is not a payment of this shop': 'paymentIntentId no es un pago de esta tienda',
  'Send either paymentIntentId or paymentMethod, not both': 'Envía paymentIntentId o paymentMethod, no los dos',
  'This payment was cancelled. Please start the checkout again.':
    'Este pago se ha cancelado. Vuelve a empezar el proceso de pago.',
  'This payment already belongs to an order.': 'Este pago ya pertenece a un pedido.',
  'Order not found': 'No se ha encontrado el pedido',
  'This order was cancelled.': 'Este pedido se ha cancelado.',
  'This order is already {status, select, partially_refunded {partially refunded} other {{status}}}.': `Este pedido ya está ${orderState('status')}.`,
  'This order is paid when you pick it up.': 'Este pedido se paga al recogerlo.',
  'This order has been paid; the payment is being confirmed.': 'Este pedido está pagado; el pago se está confirmando.',
  'An order that is {from} cannot be moved to {to}.': `Un pedido ${orderState('from')} no puede pasar a ${orderState('to')}.`,
  'A cancelled order cannot be marked as paid.': 'Un pedido cancelado no se puede marcar como pagado.',
  'This order has been refunded in full.': 'Este pedido ya se ha reembolsado por completo.',
  'Only a paid order can be refunded.': 'Solo se puede reembolsar un pedido pagado.',
  // The reasons of the refunds the product makes itself (a cancellation), shown with the order's refunds.
  'Order cancelled': 'Pedido cancelado',
  'Paid after the order was cancelled': 'Pagado después de cancelar el pedido',
  'A refund can be at most {left}, what is left of the {total} paid.':
    'Un reembolso puede ser como máximo de {left}, lo que queda de los {total} pagados.',
  'This order was paid with a provider that is no longer configured; refund it there first.':
    'Este pedido se pagó con un proveedor que ya no está configurado; reembólsalo primero allí.',
  'Only products of this order can be restocked.': 'Solo se pueden reponer productos de este pedido.',
  '{name} has already been restocked in full.': '{name} ya se ha repuesto por completo.',
  'Only {count} of {name} can be restocked.': 'Solo se pueden reponer {count} de {name}.',
  // Discounts
  'A discount code {code} already exists.': 'Ya existe un código de descuento {code}.',
  'The usage limit cannot be lower than the number of times the code was used.':
    'El límite de usos no puede ser menor que las veces que ya se ha usado el código.',
  'Discount code not found': 'No se ha encontrado el código de descuento',
  'This discount code does not exist.': 'Este código de descuento no existe.',
  'This discount code has been used up.': 'Este código de descuento ya se ha agotado.',
  'This discount code is not active.': 'Este código de descuento no está activo.',
  'This discount code is not valid yet.': 'Este código de descuento todavía no es válido.',
  'This discount code has expired.': 'Este código de descuento ha caducado.',
  'You have already used this discount code.': 'Ya has usado este código de descuento.',
  'You have already used this discount code {count} times.': 'Ya has usado este código de descuento {count} veces.',
  'This discount code needs a subtotal of at least {amount}.':
    'Este código de descuento necesita un subtotal de al menos {amount}.',
  // Appointments, waitlist, calendar
  'Appointment not found': 'No se ha encontrado la cita',
  'That employee does not perform this service.': 'Ese empleado no presta este servicio.',
  'That time has already passed. Please choose a future time.': 'Esa hora ya ha pasado. Elige una hora futura.',
  'That time is no longer available. Please choose another time.': 'Esa hora ya no está disponible. Elige otra hora.',
  'Not available on {dates}.': 'No disponible en estas fechas: {dates}.',
  'A {status} appointment cannot be marked as a no-show.': `Una cita ${appointmentState('status')} no se puede marcar como no presentada.`,
  'An appointment can be marked as a no-show only after its start time.':
    'Una cita solo se puede marcar como no presentada después de su hora de inicio.',
  'This appointment overlaps another appointment of the same employee, so it cannot be reopened.':
    'Esta cita se solapa con otra cita del mismo empleado, así que no se puede reabrir.',
  'This appointment is already cancelled.': 'Esta cita ya está cancelada.',
  'A completed appointment cannot be cancelled.': 'Una cita completada no se puede cancelar.',
  'A {status} appointment cannot be rescheduled.': `Una cita ${appointmentState('status')} no se puede cambiar de hora.`,
  'A {from, select, no_show {no-show} other {{from}}} appointment cannot be changed to {to, select, no_show {no-show} other {{to}}}.': `Una cita ${appointmentState('from')} no puede pasar a ${appointmentState('to')}.`,
  'Appointments can be cancelled or rescheduled up to {hours, plural, one {# hour} other {# hours}} before they start. Please contact us to change this one.':
    'Las citas se pueden cancelar o cambiar de hora hasta {hours, plural, one {# hora} other {# horas}} antes de empezar. Ponte en contacto con nosotros para cambiar esta.',
  "You don't have permission to mark no-shows.": 'No tienes permiso para marcar citas como no presentadas.',
  'You are already on the waitlist for this service on that day.':
    'Ya estás en la lista de espera de este servicio para ese día.',
  'Please choose a date from {first} to {last}.': 'Elige una fecha entre el {first} y el {last}.',
  'Waitlist entry not found': 'No se ha encontrado la entrada de la lista de espera',
  'Calendar feed not found': 'No se ha encontrado el calendario',
  // Availability
  'You can only change your own availability.': 'Solo puedes cambiar tu propia disponibilidad.',
  'Time slot not found': 'No se ha encontrado la franja horaria',
  'Date override not found': 'No se ha encontrado el horario de ese día',
  'The date is in the past. Please choose today or a later date.':
    'La fecha ya ha pasado. Elige hoy o una fecha posterior.',
  '{day} {start}-{end}: the end time must be after the start time.': `${dayName('day')} {start}-{end}: la hora de fin debe ser posterior a la de inicio.`,
  '{day} {start}-{end} overlaps {otherStart}-{otherEnd} on the same day. Time slots of one day must not overlap.': `${dayName('day')} {start}-{end} se solapa con {otherStart}-{otherEnd} el mismo día. Las franjas de un día no deben solaparse.`,
  '{date} is already a day off.': '{date} ya es un día libre.',
  '{date} already has special hours. Remove them first to make it a day off.':
    '{date} ya tiene un horario especial. Quítalo primero para que sea un día libre.',
  '{date} is a day off. Remove the day off first to add special hours.':
    '{date} es un día libre. Quita primero el día libre para añadir un horario especial.',
  '{date} {start}-{end} overlaps {otherStart}-{otherEnd} on the same date.':
    '{date} {start}-{end} se solapa con {otherStart}-{otherEnd} en la misma fecha.',
  '{day} {start}-{end} at {location} overlaps {otherDay} {otherStart}-{otherEnd} at {otherLocation}. Nobody can be at two locations at once.': `${dayName('day')} {start}-{end} en {location} se solapa con {otherDay, select, Sunday {el domingo} Monday {el lunes} Tuesday {el martes} Wednesday {el miércoles} Thursday {el jueves} Friday {el viernes} Saturday {el sábado} other {{otherDay}}} {otherStart}-{otherEnd} en {otherLocation}. Nadie puede estar en dos locales a la vez.`,
  '{date} {start}-{end} at {location} overlaps {otherStart}-{otherEnd} at {otherLocation}. Nobody can be at two locations at once.':
    '{date} {start}-{end} en {location} se solapa con {otherStart}-{otherEnd} en {otherLocation}. Nadie puede estar en dos locales a la vez.',
  'locationId goes only with an added time slot.': 'locationId solo va con una franja horaria añadida.',
  // Chat
  'Conversation not found': 'No se ha encontrado la conversación',
  "You don't have permission to read customer messages.": 'No tienes permiso para leer los mensajes de los clientes.',
  "You don't have permission to answer customer messages.":
    'No tienes permiso para responder a los mensajes de los clientes.',
  'Staff answer customers from the Messages inbox: receiverId must be a customer.':
    'El equipo responde a los clientes desde la bandeja de Mensajes: receiverId debe ser un cliente.',
  // Webhooks, and calendar addresses under the same destination rule
  'Calendar addresses must use https.': 'Las direcciones de calendario deben usar https.',
  'Calendar addresses must point to a public internet address.':
    'Las direcciones de calendario deben apuntar a una dirección pública de internet.',
  'Webhook URLs must use https.': 'Las URL de webhook deben usar https.',
  'The host {host} could not be found.': 'No se ha encontrado el host {host}.',
  'Webhook URLs must point to a public internet address.':
    'Las URL de webhook deben apuntar a una dirección pública de internet.',
  'Webhook endpoint not found.': 'No se ha encontrado el endpoint de webhook.',
  'Webhook delivery not found.': 'No se ha encontrado el envío de webhook.',
  'This endpoint is disabled. Enable it to send it events.':
    'Este endpoint está desactivado. Actívalo para enviarle eventos.',
};

/**
 * The audit log's entries (src/server/audit/audit.ts), said to each reader: what someone did, from what to what.
 * The changes an entry lists are sentences of their own, said first; the permissions it lists are said with the
 * screens' names for them (es/staff.ts).
 */
const audit: Record<string, string> = {
  '{summary} (via API key {key})': '{summary} (con la clave de API {key})',
  none: 'ninguno',
  'no changes': 'sin cambios',
  'Created role {displayName} ({name}) with permissions: {permissions}':
    'Creó el rol {displayName} ({name}) con los permisos: {permissions}',
  'Updated role {role}: {changes}': 'Actualizó el rol {role}: {changes}',
  'name {from} → {to}': 'nombre {from} → {to}',
  'display name "{from}" → "{to}"': 'nombre visible "{from}" → "{to}"',
  description: 'descripción',
  'added {permissions}': 'añadió {permissions}',
  'removed {permissions}': 'quitó {permissions}',
  'Deleted role {displayName} ({name})': 'Eliminó el rol {displayName} ({name})',
  'Added {name} ({email}) as {role} and sent a set-password link':
    'Añadió a {name} ({email}) como {role} y le envió un enlace para crear su contraseña',
  'Updated {name}: {changes}': 'Actualizó a {name}: {changes}',
  'name "{from}" → "{to}"': 'nombre "{from}" → "{to}"',
  'e-mail {from} → {to}': 'correo electrónico {from} → {to}',
  "Changed {name}'s role from {from} to {to}": 'Cambió el rol de {name} de {from} a {to}',
  "Changed {name}'s permissions: {changes}": 'Cambió los permisos de {name}: {changes}',
  'granted {permissions}': 'concedió {permissions}',
  'Activated {name}': 'Activó a {name}',
  'Deactivated {name} and ended their sessions': 'Desactivó a {name} y cerró sus sesiones',
  'Created API key {name} ({prefix}) with permissions: {permissions}':
    'Creó la clave de API {name} ({prefix}) con los permisos: {permissions}',
  'Revoked API key {name} ({prefix})': 'Revocó la clave de API {name} ({prefix})',
  'Created discount code {code}.': 'Creó el código de descuento {code}.',
  'Changed discount code {code}.': 'Cambió el código de descuento {code}.',
  'Changed discount code {code} (inactive).': 'Cambió el código de descuento {code} (inactivo).',
  'Deleted discount code {code}.': 'Eliminó el código de descuento {code}.',
  'Refunded {amount} of order #{number}.': 'Reembolsó {amount} del pedido n.º {number}.',
  'Refunded the {amount} deposit of {service}.': 'Reembolsó el depósito de {amount} de {service}.',
  'Refunded the {amount} deposit of an appointment.': 'Reembolsó el depósito de {amount} de una cita.',
  'Moved order #{number} from {from} to {to}.': `Pasó el pedido n.º {number} de ${orderState('from')} a ${orderState('to')}.`,
  'Recorded the payment of order #{number}.': 'Registró el pago del pedido n.º {number}.',
  'Placed order #{number} for {customer}.': 'Realizó el pedido n.º {number} para {customer}.',
  'Changed the business settings.': 'Cambió la configuración del negocio.',
  'Added webhook endpoint {url}.': 'Añadió el destino de webhook {url}.',
  'Changed webhook endpoint {url}.': 'Cambió el destino de webhook {url}.',
  'Deleted webhook endpoint {url}.': 'Eliminó el destino de webhook {url}.',
  "Marked {customer}'s {service} appointment as {status}.":
    'Marcó la cita de {service} de {customer} como {status, select, pending {pendiente} confirmed {confirmada} completed {completada} cancelled {cancelada} no_show {no presentada} other {{status}}}.',
  'Booked {count, plural, one {{service}} other {# × {service}}} for {customer}.':
    'Reservó {count, plural, one {{service}} other {# × {service}}} para {customer}.',
  "Cancelled {customer}'s {service} appointment.": 'Canceló la cita de {service} de {customer}.',
  "Moved {customer}'s {service} appointment to another time.": 'Cambió la hora de la cita de {service} de {customer}.',
  "Changed {name}'s weekly hours.": 'Cambió el horario semanal de {name}.',
  "Changed {name}'s hours on {date}.": 'Cambió el horario de {name} del {date}.',
  'Created product {name}.': 'Creó el producto {name}.',
  'Changed product {name}.': 'Cambió el producto {name}.',
  'Deleted product {name}.': 'Eliminó el producto {name}.',
  'Created service {name}.': 'Creó el servicio {name}.',
  'Changed service {name}.': 'Cambió el servicio {name}.',
  'Deleted service {name}.': 'Eliminó el servicio {name}.',
  'Let {employee} perform {service}.': 'Permitió que {employee} preste el servicio {service}.',
  'Stopped {employee} performing {service}.': 'Quitó a {employee} de quienes prestan el servicio {service}.',
};

/** External calendars: connecting, syncing and what the person reads as a connection's last error. */
const calendars: Record<string, string> = {
  'The calendar server {host} did not answer in time.': 'El servidor de calendario {host} no respondió a tiempo.',
  'The calendar server {host} could not be reached.': 'No se pudo conectar con el servidor de calendario {host}.',
  'The calendar server refused the user name or password.':
    'El servidor de calendario rechazó el nombre de usuario o la contraseña.',
  'The calendar server {host} answered with an error ({status}).':
    'El servidor de calendario {host} respondió con un error ({status}).',
  'No CalDAV calendars were found at that address.': 'No se encontraron calendarios CalDAV en esa dirección.',
  'The calendar refused the event ({status}).': 'El calendario rechazó el evento ({status}).',
  'That address did not answer with a calendar.': 'Esa dirección no respondió con un calendario.',
  'The calendar could not be read. It will be tried again in a few minutes.':
    'No se pudo leer el calendario. Se volverá a intentar en unos minutos.',
  'Calendar connection not found': 'No se ha encontrado la conexión de calendario',
  'A CalDAV account needs a user name and a password.':
    'Una cuenta CalDAV necesita un nombre de usuario y una contraseña.',
  'Only one calendar can receive bookings.': 'Solo un calendario puede recibir las reservas.',
  "An ICS address is read only: it can't receive bookings.":
    'Una dirección ICS es solo de lectura: no puede recibir reservas.',
  'That calendar is not part of this connection.': 'Ese calendario no forma parte de esta conexión.',
  'The address is required': 'La dirección es obligatoria',
  'The address must be at most 2000 characters': 'La dirección debe tener como máximo 2000 caracteres',
  'The address must start with https://, http:// or webcal://':
    'La dirección debe empezar por https://, http:// o webcal://',
  'Choose a CalDAV account or an ICS address': 'Elige una cuenta CalDAV o una dirección ICS',
};

/** Locations and resources (docs/locations.md). */
const locations: Record<string, string> = {
  'No {resource} is free at that time.': 'No hay ningún {resource} libre a esa hora.',
  'This service is not offered at that location.': 'Este servicio no se ofrece en ese local.',
  'Please choose a location.': 'Elige un local.',
  'Only this location offers {services}: offer {count, plural, one {it} other {them}} at another location first.':
    'Solo este local ofrece {services}: {count, plural, one {ofrécelo} other {ofrécelos}} antes en otro local.',
  'This location has upcoming appointments, so it cannot be deleted.':
    'Este local tiene citas próximas, así que no se puede eliminar.',
  'The only location cannot be deleted.': 'No se puede eliminar el único local.',
  'Location not found': 'Local no encontrado',
  'Resource not found': 'Recurso no encontrado',
  'locationIds names an unknown location.': 'locationIds nombra un local desconocido.',
  'resourceIds names an unknown resource.': 'resourceIds nombra un recurso desconocido.',
  '{field} must be a list of ids': '{field} debe ser una lista de identificadores',
  '{field} has too many ids': '{field} tiene demasiados identificadores',
  'Quantity must be a whole number from 1 to {max}': 'La cantidad debe ser un número entero de 1 a {max}',
  'Created location {name}.': 'Local {name} creado.',
  'Changed location {name}.': 'Local {name} modificado.',
  'Deleted location {name}.': 'Local {name} eliminado.',
  'Created resource {name}.': 'Recurso {name} creado.',
  'Changed resource {name}.': 'Recurso {name} modificado.',
  'Deleted resource {name}.': 'Recurso {name} eliminado.',
};

// Gift cards (docs/gift-cards.md).
const giftCards: Record<string, string> = {
  'Gift card not found': 'No se ha encontrado la tarjeta regalo',
  'This gift card is already void.': 'Esta tarjeta regalo ya está anulada.',
  'This gift card is void.': 'Esta tarjeta regalo está anulada.',
  'This gift card has expired.': 'Esta tarjeta regalo ha caducado.',
  'This gift card has no balance left.': 'A esta tarjeta regalo no le queda saldo.',
  "The gift card's balance has changed. Please review your cart before paying.":
    'El saldo de la tarjeta regalo ha cambiado. Revisa tu carrito antes de pagar.',
  'Gift card code is required': 'El código de la tarjeta regalo es obligatorio',
  'Gift card code is not valid': 'El código de la tarjeta regalo no es válido',
  'A gift card is from 5.00 to 500.00': 'Una tarjeta regalo es de 5,00 a 500,00',
  'Amount must be more than 0 and at most 10000': 'El importe debe ser mayor que 0 y como máximo 10000',
  'Expiry must be a date and time': 'La caducidad debe ser una fecha y hora',
  'The message must be text': 'El mensaje debe ser texto',
  'The message must be at most 500 characters': 'El mensaje puede tener como máximo 500 caracteres',
  'Issued gift card {code} of {amount}.': 'Emitió la tarjeta regalo {code} de {amount}.',
  'Voided gift card {code}.': 'Anuló la tarjeta regalo {code}.',
};

export const sentences: Record<string, string> = {
  ...labels,
  ...templates,
  ...validation,
  ...errors,
  ...audit,
  ...customerSentences,
  ...packageSentences,
  ...calendars,
  ...locations,
  ...giftCards,
};
