/** Signing in: the page a sign-in that did not happen ends on, by the reason /api/callback gives. */
export const auth = {
  'auth.cancelledTitle': 'Sign-in cancelled',
  'auth.cancelledText': 'You cancelled signing in, or the sign-in provider did not let it finish.',
  'auth.expiredTitle': 'Sign-in expired',
  'auth.expiredText': 'Signing in took too long or was started in another browser window. Please try again.',
  'auth.unavailableTitle': 'Sign-in is unavailable',
  'auth.unavailableText': 'We cannot reach the sign-in provider right now. Please try again in a few minutes.',
  'auth.deactivatedTitle': 'Account deactivated',
  'auth.deactivatedText':
    'This account has been deactivated. Please contact the business if you think this is a mistake.',
  'auth.unverifiedTitle': 'E-mail not verified',
  'auth.unverifiedText': 'Please verify your e-mail address with your sign-in provider, then try again.',
  'auth.conflictTitle': 'Account already linked',
  'auth.conflictText': 'This e-mail address is already linked to a different sign-in account.',
  'auth.rateLimitedTitle': 'Too many attempts',
  'auth.rateLimitedText':
    'There were too many sign-in attempts from your network. Please wait a few minutes and try again.',
  'auth.failedTitle': 'Sign-in failed',
  'auth.failedText': 'We could not confirm your sign-in with the provider. Please try again.',
  'auth.tryAgain': 'Try again',
  'auth.backToHome': 'Back to Home',
} as const;
