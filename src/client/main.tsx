import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { AppRouter } from './app/routes';
import { loadCatalogue } from './lib/i18n';
import './styles.css';

// As a transition, React renders the first screen in slices, yielding to the browser between them, instead
// of one long task that blocks input while the page appears (Lighthouse's total blocking time).
void loadCatalogue().then(() =>
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
