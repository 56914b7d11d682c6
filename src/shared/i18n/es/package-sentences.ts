/**
 * The Spanish for the sentences of packages (src/server/packages, src/shared/package-schema.ts): errors,
 * validation messages and audit entries, keyed by the English as in sentences.ts.
 */
export const packageSentences: Record<string, string> = {
  'Package not found': 'No se encontró el paquete',
  'Package credit not found': 'No se encontró el bono del paquete',
  'A package can only cover existing services.': 'Un paquete solo puede incluir servicios que existen.',
  'This package does not cover this service.': 'Este paquete no incluye este servicio.',
  'This package has expired.': 'Este paquete ha caducado.',
  'This package has no sessions left.': 'A este paquete no le quedan sesiones.',
  'This package has only {count, plural, one {# session} other {# sessions}} left.':
    'A este paquete solo le {count, plural, one {queda # sesión} other {quedan # sesiones}}.',
  'Created package {name}.': 'Creó el paquete {name}.',
  'Changed package {name}.': 'Cambió el paquete {name}.',
  'Deleted package {name}.': 'Eliminó el paquete {name}.',
  'Sessions is required': 'Las sesiones son obligatorias',
  'Sessions must be a number': 'Las sesiones deben ser un número',
  'Sessions must be a whole number': 'Las sesiones deben ser un número entero',
  'Sessions must be between 2 and 50': 'Las sesiones deben estar entre 2 y 50',
  'Days valid is required': 'Los días de validez son obligatorios',
  'Days valid must be a number': 'Los días de validez deben ser un número',
  'Days valid must be a whole number': 'Los días de validez deben ser un número entero',
  'Days valid must be between 1 and 3650': 'Los días de validez deben estar entre 1 y 3650',
  'A service id must be a string': 'El id de un servicio debe ser texto',
  'A service id is not valid': 'El id de un servicio no es válido',
  'Services must be a list of service ids': 'Los servicios deben ser una lista de ids de servicio',
  'Choose at least one service': 'Elige al menos un servicio',
  'A package can cover at most 50 services': 'Un paquete puede incluir como máximo 50 servicios',
};
