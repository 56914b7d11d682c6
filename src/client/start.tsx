import './lib/zod-jitless';
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { Providers } from './app/providers';
import { AppRoutes } from './app/routes';
import { loadCatalogue } from './lib/i18n';

/**
 * A page the server did not render (any but the storefront's first screens) announces its stylesheet as a
 * preload, so that it does not hold the page (vite.config.ts, stylesheetPreloaded); it is applied here, before
 * the first render, so that no screen shows unstyled. A stylesheet that fails to load still lets the page
 * render, as a failed <link rel="stylesheet"> would.
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

const container = document.getElementById('root')!;

/**
 * The server's first screen comes inert and aria-disabled (src/server/http/client.ts): seen, but taking no clicks
 * or typing, which would be lost before React has taken it over. Its first commit has: the page answers from then on.
 */
function Interactive() {
  useEffect(() => {
    container.removeAttribute('inert');
    container.removeAttribute('aria-disabled');
  }, []);
  return null;
}

const app = (
  <StrictMode>
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
    <Interactive />
  </StrictMode>
);

void Promise.all([loadCatalogue(), applyStylesheets()]).then(() => {
  // As a transition, React works in slices, yielding to the browser between them, instead of one long task that
  // blocks input while the page appears (Lighthouse's total blocking time). When the server rendered the first
  // screen (src/client/server-render.tsx) from the same state the page carries, React takes over its markup
  // instead of building it again.
  startTransition(() => {
    if (container.hasChildNodes()) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
});
