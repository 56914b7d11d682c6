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
 * page then reloads, since its catalogue (one language only) came with it. `compact`, for a phone's crowded
 * header: below the md breakpoint the closed menu shows the language's code (ES) over the native menu, which
 * keeps its name ("Language") and lists the languages by name.
 */
export function LanguageMenu({ className, compact = false }: { className?: string; compact?: boolean }) {
  const intl = useIntl();
  const { user } = useCurrentUser();
  const save = trpc.auth.setLocale.useMutation({ onSuccess: () => window.location.reload() });
  const current = pageLocale();

  const choose = (locale: string) => {
    if (!isLocale(locale) || locale === current) return;
    if (user) return save.mutate({ locale });
    rememberForVisitor(locale);
    window.location.reload();
  };

  const menu = (
    <select
      aria-label={intl.formatMessage({ id: 'app.language' })}
      value={current}
      disabled={save.isPending}
      onChange={(event) => choose(event.target.value)}
      className={cn(
        'h-9 rounded-lg border border-stone-300 bg-white px-2 text-sm text-stone-800 focus-visible:outline-2 focus-visible:outline-brand-600',
        compact ? 'max-md:w-16 max-md:text-transparent' : className,
      )}
    >
      {LOCALES.map((locale) => (
        <option key={locale} value={locale} lang={locale} className="text-stone-800">
          {LOCALE_NAMES[locale]}
        </option>
      ))}
    </select>
  );
  if (!compact) return menu;
  return (
    <span className={cn('relative inline-flex shrink-0', className)}>
      {menu}
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 left-2.5 flex items-center text-sm font-medium text-stone-800 md:hidden"
      >
        {current.toUpperCase()}
      </span>
    </span>
  );
}
