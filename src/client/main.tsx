import './lib/zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { AppRouter } from './app/routes';
import { loadCatalogue } from './lib/i18n';
import './styles.css';

/**
 * The built page announces its stylesheet as a preload, so that it does not hold the page (vite.config.ts,
 * stylesheetPreloaded); it is applied here, before the first render, so that no screen shows unstyled. A
 * stylesheet that fails to load still lets the page render, as a failed <link rel="stylesheet"> would.
 */
function applyStylesheets(): Promise<unknown> {
  const preloads = document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]');
  return Promise.all(
    [...preloads].map(
      (preload) =>
        new Promise((resolve) => {
          const link = document.createElement('link');
          link.rel = 'stylesheet';
          link.crossOrigin = preload.crossOrigin;
          link.href = preload.href;
          link.onload = link.onerror = resolve;
          document.head.append(link);
        }),
    ),
  );
}

// As a transition, React renders the first screen in slices, yielding to the browser between them, instead
// of one long task that blocks input while the page appears (Lighthouse's total blocking time).
void Promise.all([loadCatalogue(), applyStylesheets()]).then(() =>
  startTransition(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <Providers>
          <AppRouter />
        </Providers>
      </StrictMode>,
    );
  }),
);
