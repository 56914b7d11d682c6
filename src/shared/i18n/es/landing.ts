import type { landing as enLanding } from '../en/landing';

export const landing: Record<keyof typeof enLanding, string> = {
  'landing.welcome': 'Te damos la bienvenida a {businessName}',
  'landing.defaultDescription':
    'Compra nuestros productos, reserva una cita con nuestro equipo y recibe ayuda siempre que la necesites.',
  'landing.signInWithGoogle': 'Iniciar sesión con Google',
  'landing.employeeLogin': 'Acceso de empleados',
  'landing.adminAccess': 'Acceso de administración',
  'landing.applyToJoin': '¿Quieres trabajar con nosotros? Solicita unirte al equipo',
  'landing.whatYouCanDo': 'Qué puedes hacer',
  'landing.productsTitle': 'Explorar productos',
  'landing.productsText': 'Descubre nuestro catálogo y pide lo que te encanta, listo para recoger.',
  'landing.servicesTitle': 'Reservar servicios',
  'landing.servicesText': 'Elige un servicio, la persona que prefieras y la hora que mejor te venga.',
  'landing.supportTitle': 'Obtener ayuda',
  'landing.supportText': 'Chatea con nuestro equipo siempre que tengas una pregunta.',
};
