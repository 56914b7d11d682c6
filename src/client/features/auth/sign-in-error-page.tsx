import { Link, useSearchParams } from 'react-router-dom';
import { buttonClass } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';

// Why /api/callback sent the browser here (see server/http/oidc-routes.ts), in words for people.
const reasons: Record<string, { title: string; text: string }> = {
  cancelled: {
    title: 'Sign-in cancelled',
    text: 'You cancelled signing in, or the sign-in provider did not let it finish.',
  },
  expired: {
    title: 'Sign-in expired',
    text: 'Signing in took too long or was started in another browser window. Please try again.',
  },
  unavailable: {
    title: 'Sign-in is unavailable',
    text: 'We cannot reach the sign-in provider right now. Please try again in a few minutes.',
  },
  deactivated: {
    title: 'Account deactivated',
    text: 'This account has been deactivated. Please contact the business if you think this is a mistake.',
  },
  unverified: {
    title: 'E-mail not verified',
    text: 'Please verify your e-mail address with your sign-in provider, then try again.',
  },
  conflict: {
    title: 'Account already linked',
    text: 'This e-mail address is already linked to a different sign-in account.',
  },
  'rate-limited': {
    title: 'Too many attempts',
    text: 'There were too many sign-in attempts from your network. Please wait a few minutes and try again.',
  },
  failed: { title: 'Sign-in failed', text: 'We could not confirm your sign-in with the provider. Please try again.' },
};

/** /sign-in-error?reason=…: where a sign-in that did not happen ends, instead of a raw error. */
export function SignInErrorPage() {
  const [params] = useSearchParams();
  const { title, text } = reasons[params.get('reason') ?? ''] ?? reasons.failed!;
  return (
    <main className="flex min-h-dvh items-center justify-center bg-sand px-4">
      <Card className="w-full max-w-md text-center">
        <CardHeader>
          <CardTitle className="text-2xl">{title}</CardTitle>
          <CardDescription>{text}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3 sm:flex-row sm:justify-center">
          <a href="/api/login" className={buttonClass('primary', 'md')}>
            Try again
          </a>
          <Link to="/" className={buttonClass('outline', 'md')}>
            Back to Home
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
