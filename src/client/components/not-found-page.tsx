import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { buttonClass } from './ui/button';

export function NotFoundPage() {
  return (
    <main className="flex min-h-dvh items-center justify-center px-4">
      <div className="w-full max-w-md rounded-xl border border-stone-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-2xl font-bold text-stone-900">
          <FormattedMessage id="app.notFoundTitle" />
        </h1>
        <p className="mt-3 text-sm text-stone-600">
          <FormattedMessage id="app.notFoundText" />
        </p>
        <Link to="/" className={buttonClass('outline', 'md', 'mt-6')}>
          <FormattedMessage id="app.goHome" />
        </Link>
      </div>
    </main>
  );
}
