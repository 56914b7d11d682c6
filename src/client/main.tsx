import './styles.css';
// sonner (components/ui/toast.tsx) injects its stylesheet at run time as an inline <style>, which the
// Content-Security-Policy (style-src 'self') refuses: without this bundled copy the toasts lose their positioning
// and land below the page. Here, in the page's first stylesheet, rather than in the application's: added after
// the page has painted, it made the browser parse it and restyle the whole page in a task of its own.
import 'sonner/dist/styles.css';

/*
 * The page's script. A page whose first screen the server rendered is painted before any of the application's
 * code arrives: that code (start.tsx) is fetched once the page has painted, so that on a slow connection it does
 * not compete with the page's pictures for the first paint. Any other page starts it at once.
 */
const start = () => import('./start');

// ICU's data, loaded by the first use of Intl, loaded off the main thread meanwhile (intl-warm-up.ts).
new Worker(new URL('./intl-warm-up.ts', import.meta.url), { type: 'module' }).postMessage(
  document.documentElement.lang,
);

if (document.getElementById('root')?.hasChildNodes()) requestAnimationFrame(() => setTimeout(() => void start()));
else void start();
