import {
  DEFAULT_BOOKING_NOTICE_MINUTES,
  DEFAULT_BOOKING_WINDOW_DAYS,
  DEFAULT_BUSINESS_NAME,
  DEFAULT_CANCELLATION_NOTICE_HOURS,
  type BusinessSettings,
} from '../../shared/settings';
import { trpc } from './trpc';

/** A guard's notice stays visible for half a second before its redirect. */
export const GUARD_REDIRECT_MS = 500;

/**
 * Whether the server said, in this page's HTML, that the browser sent no session cookie (see
 * src/server/http/client.ts). True once: it describes the page load, and later checks must ask.
 */
let signedOutAtLoad = typeof document !== 'undefined' && document.querySelector('meta[name="session"]')?.getAttribute('content') === 'none';

function signedOutAnswer() {
  if (!signedOutAtLoad) return undefined;
  signedOutAtLoad = false;
  return { user: null };
}

/**
 * The signed-in user, or null for a visitor. Asked through the session check, which answers a visitor with
 * null instead of 401 (GET /api/auth/user keeps its 401 for other clients), so a signed-out page load logs no
 * failed request; not asked at all on a page load the server already knows is signed out, which shows the
 * landing page or a guard's notice a round trip sooner. Never retried.
 */
export function useCurrentUser() {
  const query = trpc.auth.session.useQuery(undefined, { retry: false, throwOnError: false, initialData: signedOutAnswer });
  return {
    user: query.data?.user ?? null,
    isLoading: query.isLoading,
    isError: query.isError,
  };
}

const fallbackSettings: BusinessSettings = {
  businessName: DEFAULT_BUSINESS_NAME,
  businessDescription: '',
  businessType: 'both',
  timezone: 'UTC',
  bookingNoticeMinutes: DEFAULT_BOOKING_NOTICE_MINUTES,
  bookingWindowDays: DEFAULT_BOOKING_WINDOW_DAYS,
  cancellationNoticeHours: DEFAULT_CANCELLATION_NOTICE_HOURS,
};

/** Business settings, with the defaults while loading or unset. */
export function useBusinessSettings(): BusinessSettings & { isLoading: boolean } {
  const query = trpc.settings.get.useQuery();
  return { ...(query.data ?? fallbackSettings), isLoading: query.isLoading };
}
