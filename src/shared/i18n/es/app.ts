import type { app as enApp } from '../en/app';

export const app: Record<keyof typeof enApp, string> = {
  'app.language': 'Idioma',
};
