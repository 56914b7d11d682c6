import { defaultSettings, type BusinessSettings } from '../../shared/settings';
import { takePageState } from './page-state';
import { trpc } from './trpc';

/** A guard's notice stays visible for half a second before its redirect. */
export const GUARD_REDIRECT_MS = 500;

/**
 * The signed-in user, or null for a visitor. The page's HTML carries the first answer (page-state.ts); later,
 * or when it does not, the session check is asked, which answers a visitor with null instead of 401
 * (GET /api/auth/user keeps its 401 for other clients), so a signed-out page load logs no failed request.
 * Never retried.
 */
export function useCurrentUser() {
  const query = trpc.auth.session.useQuery(undefined, {
    retry: false,
    throwOnError: false,
    initialData: () => takePageState('session'),
  });
  return {
    user: query.data?.user ?? null,
    isLoading: query.isLoading,
    isError: query.isError,
  };
}

/** The business settings query, started from the page's own answer when it has one. */
export function useSettingsQuery() {
  return trpc.settings.get.useQuery(undefined, { initialData: () => takePageState('settings') });
}

/** Business settings, with the defaults while loading or unset. */
export function useBusinessSettings(): BusinessSettings & { isLoading: boolean } {
  const query = useSettingsQuery();
  return { ...(query.data ?? defaultSettings), isLoading: query.isLoading };
}

/** The business time zone (an IANA name): every appointment, order and schedule time is shown in it. */
export function useTimeZone(): string {
  return useBusinessSettings().timezone;
}

/** The business's currency (ISO 4217): every price is shown in it. */
export function useCurrency(): string {
  return useBusinessSettings().currency;
}
