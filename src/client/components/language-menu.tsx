import { useIntl } from 'react-intl';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '../../shared/i18n/locales';
import { cn } from '../lib/cn';
import { pageLocale } from '../lib/page-state';
import { useCurrentUser } from '../lib/session';
import { trpc } from '../lib/trpc';

/** The cookie the server reads for a visitor's language (src/server/http/client.ts). A year, as choices go. */
const rememberForVisitor = (locale: Locale) => {
  document.cookie = `locale=${locale}; path=/; max-age=31536000; samesite=lax`;
};

/**
 * The language menu of every layout: a person's choice is saved on their account, a visitor's in a cookie; the
 * page then reloads, since its catalogue (one language only) came with it.
 */
export function LanguageMenu({ className }: { className?: string }) {
  const intl = useIntl();
  const { user } = useCurrentUser();
  const save = trpc.auth.setLocale.useMutation({ onSuccess: () => window.location.reload() });

  const choose = (locale: string) => {
    if (!isLocale(locale) || locale === pageLocale()) return;
    if (user) return save.mutate({ locale });
    rememberForVisitor(locale);
    window.location.reload();
  };

  return (
    <select
      aria-label={intl.formatMessage({ id: 'app.language' })}
      value={pageLocale()}
      disabled={save.isPending}
      onChange={(event) => choose(event.target.value)}
      className={cn(
        'h-9 rounded-lg border border-stone-300 bg-white px-2 text-sm text-stone-800 focus-visible:outline-2 focus-visible:outline-brand-600',
        className,
      )}
    >
      {LOCALES.map((locale) => (
        <option key={locale} value={locale} lang={locale}>
          {LOCALE_NAMES[locale]}
        </option>
      ))}
    </select>
  );
}
