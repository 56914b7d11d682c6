import type { home as enHome } from '../en/home';

export const home: Record<keyof typeof enHome, string> = {
  'home.welcomeBack': 'Hola de nuevo',
  'home.welcomeBackName': 'Hola de nuevo, {firstName}',
  'home.defaultTagline': 'Productos y servicios de calidad, reservados en unos toques.',
  'home.shortcuts': 'Accesos directos',
  'home.featured': 'Destacados',
  'home.loadingFeatured': 'Cargando destacados',
  'home.nothingFeatured': 'Ahora mismo no hay nada destacado. ¡Echa un vistazo!',
  'home.product': 'Producto',
  'home.service': 'Servicio',
  'home.minutes': '{minutes, plural, one {# minuto} other {# minutos}}',
  'home.bookTitle': 'Reservar cita',
  'home.bookText': 'Elige un servicio y la hora que mejor te venga.',
  'home.productsTitle': 'Ver productos',
  'home.productsText': 'Compra los productos que usamos y nos encantan.',
  'home.historyTitle': 'Historial de pedidos',
  'home.historyText': 'Tus pedidos y citas, en un solo lugar.',
  'home.chatTitle': 'Chat de ayuda',
  'home.chatText': '¿Tienes preguntas? Nuestro equipo te ayuda encantado.',
};
