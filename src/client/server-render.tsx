import './lib/zod-jitless';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { useIntl } from 'react-intl';
import { StaticRouter } from 'react-router-dom';
import { SIGNED_OUT_NOTICE, ServerGuard } from './app/guards';
import { Providers } from './app/providers';
import { AppRoutes } from './app/routes';
import { StaticToast } from './components/ui/toast';
import { I18nProvider, takeGivenCatalogue } from './lib/i18n';
import { givePageState } from './lib/page-state';
import { GUARD_REDIRECT_MS } from './lib/session';
import type { RenderFirstScreen } from '../shared/page-state';

function SignedOutNotice() {
  const intl = useIntl();
  return (
    <StaticToast
      title={intl.formatMessage({ id: SIGNED_OUT_NOTICE.title })}
      description={intl.formatMessage({ id: SIGNED_OUT_NOTICE.description })}
      variant="destructive"
    />
  );
}

/**
 * The first screen of a page as HTML, rendered by the server (src/server/http/client.ts) from the state the page
 * then carries, so that the browser paints it before any script has run and main.tsx hydrates exactly this
 * markup. Queries the state does not answer render as loading, here and in the browser's first render alike.
 * A visitor's page that needs sign-in is the guard's: its notice comes in the page too, and the server sends the
 * page on to sign in without the application's script (the guard's effect, which would do it, does not run here).
 * Built by `vite build` into dist/server-render (vite.config.ts).
 */
export const renderFirstScreen: RenderFirstScreen = (url, state) => {
  givePageState(state);
  takeGivenCatalogue();
  let signIn: string | undefined;
  const html = renderToString(
    <StrictMode>
      <Providers>
        <ServerGuard value={(to) => (signIn = to)}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </ServerGuard>
      </Providers>
    </StrictMode>,
  );
  if (signIn === undefined) return { html };
  const notice = renderToString(
    <I18nProvider>
      <SignedOutNotice />
    </I18nProvider>,
  );
  return { html, leave: { notice, to: signIn, afterMs: GUARD_REDIRECT_MS } };
};
