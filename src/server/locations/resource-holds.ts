import { violatedConstraint } from '../../../db/errors';
import { sentence } from '../../shared/i18n/sentence';
import { AppError } from '../app-error';
import type { ResourceNeed } from '../booking/slots';

/**
 * What a booking says when a resource it needs has no free unit (docs/locations.md). The units themselves are held
 * by the database (the trigger hold_appointment_resources under the constraint resource_holds_no_overlap), so
 * bookings need no code of their own to take them; these only put the refusal into words.
 */

const RESOURCE_CONSTRAINT = 'resource_holds_no_overlap';

const noUnitFree = (name: string) =>
  new AppError('CONFLICT', sentence('No {resource} is free at that time.', { resource: name }));

/** Detail of a failed statement (the trigger puts the resource's id there). */
function detailOf(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const detail = (e as { detail?: unknown }).detail;
    if (typeof detail === 'string') return detail;
  }
  return undefined;
}

/** The 409 of a write that found no free unit of a resource, or undefined for any other failure. */
export function resourceRefusal(
  error: unknown,
  resources: readonly { id: string; name: string }[],
): AppError | undefined {
  if (violatedConstraint(error) !== RESOURCE_CONSTRAINT) return undefined;
  const detail = detailOf(error);
  const resource = resources.find((r) => detail?.includes(r.id)) ?? resources[0];
  return noUnitFree(resource?.name ?? '');
}

/**
 * The first needed resource with no unit free over [from, to), given the holds read for that span (a class's own
 * session is not in the way of its next seat).
 */
export function resourceShortage(
  needs: readonly ResourceNeed[],
  from: Date,
  to: Date,
  sessionKey?: string,
): AppError | undefined {
  for (const need of needs) {
    const taken = new Set(
      need.holds
        .filter((h) => h.sessionKey !== sessionKey && h.heldStartsAt < to && h.heldEndsAt > from)
        .map((h) => h.unit),
    );
    if (taken.size >= need.quantity) return noUnitFree(need.name);
  }
  return undefined;
}
