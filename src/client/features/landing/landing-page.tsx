import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { BagIcon, CalendarIcon, ChatIcon, StoreIcon } from '../../components/icons';
import { buttonClass } from '../../components/ui/button';
import { LanguageMenu } from '../../components/language-menu';
import { useBusinessSettings } from '../../lib/session';

const features = [
  { title: 'landing.productsTitle', text: 'landing.productsText', Icon: BagIcon },
  { title: 'landing.servicesTitle', text: 'landing.servicesText', Icon: CalendarIcon },
  { title: 'landing.supportTitle', text: 'landing.supportText', Icon: ChatIcon },
] as const;

/** The signed-out home page (docs/product.md). */
export function LandingPage() {
  const { businessName, businessDescription } = useBusinessSettings();
  const intl = useIntl();
  return (
    <div className="min-h-dvh bg-gradient-to-b from-brand-50 to-sand">
      <header className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-5 font-semibold text-brand-900">
        <StoreIcon className="text-brand-600" />
        <span data-testid="business-name">{businessName}</span>
        <LanguageMenu className="ml-auto" />
      </header>
      <main className="mx-auto max-w-6xl px-4 pb-16">
        <section className="mx-auto max-w-2xl py-12 text-center sm:py-20">
          <h1 className="text-4xl font-bold tracking-tight text-brand-900 sm:text-5xl">
            <FormattedMessage id="landing.welcome" values={{ businessName }} />
          </h1>
          <p className="mt-4 text-lg text-stone-700">
            {businessDescription || intl.formatMessage({ id: 'landing.defaultDescription' })}
          </p>
          <div className="mt-8 flex flex-col items-center gap-3">
            <a href="/api/login" className={buttonClass('primary', 'lg', 'w-full max-w-xs')}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path
                  fill="#fff"
                  d="M21.6 12.2c0-.7-.1-1.4-.2-2H12v3.8h5.4a4.6 4.6 0 0 1-2 3v2.5h3.2c1.9-1.7 3-4.3 3-7.3z"
                />
                <path
                  fill="#fff"
                  opacity=".85"
                  d="M12 22c2.7 0 5-.9 6.6-2.4l-3.2-2.5c-.9.6-2 1-3.4 1-2.6 0-4.8-1.8-5.6-4.1H3.1v2.6A10 10 0 0 0 12 22z"
                />
                <path fill="#fff" opacity=".7" d="M6.4 14c-.2-.6-.3-1.3-.3-2s.1-1.4.3-2V7.4H3.1a10 10 0 0 0 0 9.1z" />
                <path
                  fill="#fff"
                  opacity=".55"
                  d="M12 6c1.5 0 2.8.5 3.8 1.5l2.9-2.9A10 10 0 0 0 3.1 7.4L6.4 10C7.2 7.7 9.4 6 12 6z"
                />
              </svg>
              <FormattedMessage id="landing.signInWithGoogle" />
            </a>
            <div className="flex w-full max-w-xs gap-3">
              <Link to="/employee/login" className={buttonClass('outline', 'md', 'flex-1')}>
                <FormattedMessage id="landing.employeeLogin" />
              </Link>
              <Link to="/admin" className={buttonClass('outline', 'md', 'flex-1')}>
                <FormattedMessage id="landing.adminAccess" />
              </Link>
            </div>
            <Link
              to="/employee/register"
              className="mt-2 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
            >
              <FormattedMessage id="landing.applyToJoin" />
            </Link>
          </div>
        </section>
        <section aria-label={intl.formatMessage({ id: 'landing.whatYouCanDo' })} className="grid gap-4 sm:grid-cols-3">
          {features.map(({ title, text, Icon }) => (
            <div key={title} className="rounded-xl border border-stone-200 bg-white p-6 shadow-sm">
              <span className="inline-flex h-10 w-10 items-center justify-center rounded-lg bg-brand-100 text-brand-700">
                <Icon />
              </span>
              <h2 className="mt-4 font-semibold text-stone-900">
                <FormattedMessage id={title} />
              </h2>
              <p className="mt-1 text-sm text-stone-600">
                <FormattedMessage id={text} />
              </p>
            </div>
          ))}
        </section>
      </main>
    </div>
  );
}
