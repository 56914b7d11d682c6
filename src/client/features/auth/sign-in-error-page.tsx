import { FormattedMessage } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import type { MessageId } from '../../../shared/i18n/en';
import { buttonClass } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';

// Why /api/callback sent the browser here (see server/http/oidc-routes.ts), in words for people.
const reasons: Record<string, { title: MessageId; text: MessageId }> = {
  cancelled: { title: 'auth.cancelledTitle', text: 'auth.cancelledText' },
  expired: { title: 'auth.expiredTitle', text: 'auth.expiredText' },
  unavailable: { title: 'auth.unavailableTitle', text: 'auth.unavailableText' },
  deactivated: { title: 'auth.deactivatedTitle', text: 'auth.deactivatedText' },
  unverified: { title: 'auth.unverifiedTitle', text: 'auth.unverifiedText' },
  conflict: { title: 'auth.conflictTitle', text: 'auth.conflictText' },
  'rate-limited': { title: 'auth.rateLimitedTitle', text: 'auth.rateLimitedText' },
  failed: { title: 'auth.failedTitle', text: 'auth.failedText' },
};

/** /sign-in-error?reason=…: where a sign-in that did not happen ends, instead of a raw error. */
export function SignInErrorPage() {
  const [params] = useSearchParams();
  const { title, text } = reasons[params.get('reason') ?? ''] ?? reasons.failed!;
  return (
    <main className="flex min-h-dvh items-center justify-center bg-sand px-4">
      <Card className="w-full max-w-md text-center">
        <CardHeader>
          <CardTitle className="text-2xl">
            <FormattedMessage id={title} />
          </CardTitle>
          <CardDescription>
            <FormattedMessage id={text} />
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3 sm:flex-row sm:justify-center">
          <a href="/api/login" className={buttonClass('primary', 'md')}>
            <FormattedMessage id="auth.tryAgain" />
          </a>
          <Link to="/" className={buttonClass('outline', 'md')}>
            <FormattedMessage id="auth.backToHome" />
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
