/** The app's shell: layouts, navigation, guards and the language menu. */
export const app = {
  'app.language': 'Language',
} as const;
