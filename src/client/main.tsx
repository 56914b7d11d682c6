import './styles.css';

/*
 * The page's script. A page whose first screen the server rendered is painted before any of the application's
 * code arrives: that code (start.tsx) is fetched once the page has painted, so that on a slow connection it does
 * not compete with the page's pictures for the first paint. Any other page starts it at once.
 */
const start = () => import('./start');

if (document.getElementById('root')?.hasChildNodes()) requestAnimationFrame(() => setTimeout(() => void start()));
else void start();
