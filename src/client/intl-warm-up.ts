/*
 * A worker started by the page's script (main.tsx) that formats one number, one date and one plural in the page's
 * language, then ends. The first use of Intl in a page loads ICU's data, which the page's threads share: measured
 * in Chromium at a phone's speed (4x slowdown), 150-375 ms of main thread when react-intl started first, and
 * 1-50 ms after this worker had run. So the worker pays it on another core while the application's script is on
 * its way, and the main thread is not blocked for it as the page becomes interactive.
 */
self.onmessage = ({ data: locale }: MessageEvent<string>) => {
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(1);
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(0);
  new Intl.PluralRules(locale).select(1);
  self.close();
};
