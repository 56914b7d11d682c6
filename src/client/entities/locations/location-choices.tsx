import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormField } from '../../components/ui/form';
import { Select } from '../../components/ui/select';
import { cn } from '../../lib/cn';
import { trpc } from '../../lib/trpc';
import { timeOf } from '../../lib/zoned-time';

/*
 * The location pieces of the staff screens and the customer's profile (docs/locations.md). A business with one
 * location has nothing to choose, filter or name, so each of them shows nothing then.
 */

/** Every location (staff also get the closed ones), and whether there is more than one. */
export function useLocationList() {
  const query = trpc.locations.list.useQuery();
  const list = query.data ?? [];
  return {
    list,
    several: list.length > 1,
    nameOf: (id: string) => list.find((l) => l.id === id)?.name ?? '',
    /** A location's time zone, or the fallback (the business's) for one not listed. */
    zoneOf: (id: string, fallback: string) => list.find((l) => l.id === id)?.timeZone ?? fallback,
    first: list[0]?.id,
  };
}

/** The value of LocationFilter that stands for every location. */
export const ALL_LOCATIONS = 'all';

/** "Location: All locations | …": filters a staff screen (the admin calendar, All Schedules). */
export function LocationFilter({
  value,
  onChange,
  className,
}: {
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  const intl = useIntl();
  const id = useId();
  const locations = useLocationList();
  if (!locations.several) return null;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        <FormattedMessage id="locations.choose" />
      </label>
      <Select
        id={id}
        value={value}
        onValueChange={onChange}
        options={[
          { value: ALL_LOCATIONS, label: intl.formatMessage({ id: 'locations.all' }) },
          ...locations.list.map((l) => ({ value: l.id, label: l.name })),
        ]}
      />
    </div>
  );
}

/** The items at one location (all of them when the filter says every location). */
export function atLocation<T extends { locationId: string }>(items: T[] | undefined, value: string) {
  return value === ALL_LOCATIONS ? (items ?? []) : (items ?? []).filter((a) => a.locationId === value);
}

/**
 * The `locationId` field of a form of weekly hours or a date override: where the window is worked. Left as it is,
 * it shows the first location, and the form sends none (the server's default is that first location).
 */
export function LocationField() {
  const intl = useIntl();
  const locations = useLocationList();
  if (!locations.several) return null;
  return (
    <FormField name="locationId" label={intl.formatMessage({ id: 'locations.choose' })}>
      {({ field, ids }) => (
        <Select
          {...ids}
          name={field.name}
          value={field.value || locations.first}
          onValueChange={field.onChange}
          onBlur={field.onBlur}
          options={locations.list.map((l) => ({ value: l.id, label: l.name }))}
        />
      )}
    </FormField>
  );
}

/** "at Old Town" after a window's times, when the business has more than one location. */
export function WindowPlace({ locationId }: { locationId: string }) {
  const locations = useLocationList();
  if (!locations.several) return null;
  return (
    <span className="font-normal text-stone-700">
      <FormattedMessage id="locations.at" values={{ name: locations.nameOf(locationId) }} />
    </span>
  );
}

/** "Old Town · 12 Calle Mayor": where an appointment takes place, when the business has more than one location. */
export function AppointmentPlace({ location }: { location: { name: string; address: string } | null }) {
  const locations = useLocationList();
  if (!locations.several || !location) return null;
  return (
    <p className="text-sm text-stone-600" data-testid="appointment-place">
      <FormattedMessage
        id={location.address ? 'locations.placeWithAddress' : 'locations.place'}
        values={{ name: location.name, address: location.address }}
      />
    </p>
  );
}

/**
 * Beside a time staff read in business time: the same instant on the clocks of the appointment's location when they
 * read otherwise (a location in another time zone), "9:00 AM local time at Old Town". Nothing otherwise.
 */
export function LocalTime({
  appointment,
  timeZone,
}: {
  appointment: { dateTime: string; locationId: string; location: { name: string } | null };
  timeZone: string;
}) {
  const locations = useLocationList();
  const local = timeOf(appointment.dateTime, locations.zoneOf(appointment.locationId, timeZone));
  if (!appointment.location || local === timeOf(appointment.dateTime, timeZone)) return null;
  return (
    <p className="text-sm text-stone-600" data-testid="local-time">
      <FormattedMessage id="locations.localTime" values={{ time: local, name: appointment.location.name }} />
    </p>
  );
}
