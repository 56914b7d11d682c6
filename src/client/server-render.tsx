import './lib/zod-jitless';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { Providers } from './app/providers';
import { AppRoutes } from './app/routes';
import { takeGivenCatalogue } from './lib/i18n';
import { givePageState } from './lib/page-state';
import type { RenderFirstScreen } from '../shared/page-state';

/**
 * The first screen of a page as HTML, rendered by the server (src/server/http/client.ts) from the state the page
 * then carries, so that the browser paints it before any script has run and main.tsx hydrates exactly this
 * markup. Queries the state does not answer render as loading, here and in the browser's first render alike.
 * Built by `vite build` into dist/server-render (vite.config.ts).
 */
export const renderFirstScreen: RenderFirstScreen = (url, state) => {
  givePageState(state);
  takeGivenCatalogue();
  return renderToString(
    <StrictMode>
      <Providers>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </Providers>
    </StrictMode>,
  );
};
