import { useFormContext, useWatch } from 'react-hook-form';
import { FormattedMessage } from 'react-intl';
import { Checkbox } from '../../components/ui/checkbox';
import { trpc } from '../../lib/trpc';

/**
 * Where a service is offered and the resources it needs (docs/locations.md). Shown only when there is a choice:
 * a business with one location and no resources sees nothing here. No location ticked means every location.
 */
export function ServicePlaces() {
  const locations = trpc.locations.list.useQuery();
  const resources = trpc.locations.resources.useQuery();
  const { control, setValue } = useFormContext<{ locationIds?: string[]; resourceIds?: string[] }>();
  const at = useWatch({ control, name: 'locationIds' }) ?? [];
  const needs = useWatch({ control, name: 'resourceIds' }) ?? [];
  const toggle = (name: 'locationIds' | 'resourceIds', list: string[], id: string, on: boolean) =>
    setValue(name, on ? [...new Set([...list, id])] : list.filter((e) => e !== id), { shouldDirty: true });
  const places = locations.data ?? [];
  const things = resources.data ?? [];
  const placeName = (id: string) => places.find((l) => l.id === id)?.name ?? '';

  return (
    <>
      {places.length > 1 && (
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium text-stone-800">
            <FormattedMessage id="catalog.locations" />
          </legend>
          <p className="text-xs text-stone-600">
            <FormattedMessage id="catalog.locationsText" />
          </p>
          <ul className="flex flex-col gap-1.5 rounded-lg border border-stone-200 p-3">
            {places.map((location) => (
              <li key={location.id}>
                <Checkbox
                  label={location.name}
                  checked={at.includes(location.id)}
                  onChange={(on) => toggle('locationIds', at, location.id, on)}
                />
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      {things.length > 0 && (
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium text-stone-800">
            <FormattedMessage id="catalog.resources" />
          </legend>
          <p className="text-xs text-stone-600">
            <FormattedMessage id="catalog.resourcesText" />
          </p>
          <ul className="flex flex-col gap-1.5 rounded-lg border border-stone-200 p-3">
            {things.map((resource) => (
              <li key={resource.id}>
                <Checkbox
                  label={
                    <span>
                      {resource.name}{' '}
                      <span className="font-normal text-stone-600">({placeName(resource.locationId)})</span>
                    </span>
                  }
                  checked={needs.includes(resource.id)}
                  onChange={(on) => toggle('resourceIds', needs, resource.id, on)}
                />
              </li>
            ))}
          </ul>
        </fieldset>
      )}
    </>
  );
}
