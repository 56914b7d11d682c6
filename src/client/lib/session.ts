import {
  DEFAULT_BOOKING_NOTICE_MINUTES,
  DEFAULT_BOOKING_WINDOW_DAYS,
  DEFAULT_BUSINESS_NAME,
  DEFAULT_CANCELLATION_NOTICE_HOURS,
  type BusinessSettings,
} from '../../shared/settings';
import { errorStatus, trpc } from './trpc';

/** A guard's notice stays visible for half a second before its redirect. */
export const GUARD_REDIRECT_MS = 500;

/** The signed-in user; a 401 means signed out (null), never retried. */
export function useCurrentUser() {
  const query = trpc.auth.user.useQuery(undefined, {
    retry: false,
    // A 401 is an answer, not a failure: keep it out of error boundaries.
    throwOnError: false,
  });
  const signedOut = query.isError && errorStatus(query.error) === 401;
  return {
    user: signedOut ? null : (query.data ?? null),
    isLoading: query.isLoading,
    isError: query.isError && !signedOut,
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
