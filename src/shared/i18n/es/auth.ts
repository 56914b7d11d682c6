import type { auth as enAuth } from '../en/auth';

export const auth: Record<keyof typeof enAuth, string> = {
  'auth.cancelledTitle': 'Inicio de sesión cancelado',
  'auth.cancelledText': 'Cancelaste el inicio de sesión, o el proveedor de inicio de sesión no dejó que terminara.',
  'auth.expiredTitle': 'Inicio de sesión caducado',
  'auth.expiredText':
    'El inicio de sesión tardó demasiado o se empezó en otra ventana del navegador. Vuelve a intentarlo.',
  'auth.unavailableTitle': 'No se puede iniciar sesión',
  'auth.unavailableText':
    'Ahora mismo no podemos contactar con el proveedor de inicio de sesión. Vuelve a intentarlo en unos minutos.',
  'auth.deactivatedTitle': 'Cuenta desactivada',
  'auth.deactivatedText': 'Esta cuenta se ha desactivado. Ponte en contacto con el negocio si crees que es un error.',
  'auth.unverifiedTitle': 'Correo electrónico sin verificar',
  'auth.unverifiedText':
    'Verifica tu dirección de correo electrónico con tu proveedor de inicio de sesión y vuelve a intentarlo.',
  'auth.conflictTitle': 'Cuenta ya vinculada',
  'auth.conflictText': 'Esta dirección de correo electrónico ya está vinculada a otra cuenta de inicio de sesión.',
  'auth.rateLimitedTitle': 'Demasiados intentos',
  'auth.rateLimitedText':
    'Hubo demasiados intentos de inicio de sesión desde tu red. Espera unos minutos y vuelve a intentarlo.',
  'auth.failedTitle': 'No se pudo iniciar sesión',
  'auth.failedText': 'No pudimos confirmar tu inicio de sesión con el proveedor. Vuelve a intentarlo.',
  'auth.tryAgain': 'Volver a intentarlo',
  'auth.backToHome': 'Volver al inicio',
};
