import type { ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../../shared/i18n/en';
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
        <ChoiceGroup
          legend="catalog.locations"
          hint="catalog.locationsText"
          choices={places.map((location) => ({ id: location.id, label: location.name }))}
          chosen={at}
          onToggle={(id, on) => toggle('locationIds', at, id, on)}
        />
      )}
      {things.length > 0 && (
        <ChoiceGroup
          legend="catalog.resources"
          hint="catalog.resourcesText"
          choices={things.map((resource) => ({
            id: resource.id,
            label: (
              <span>
                {resource.name} <span className="font-normal text-stone-600">({placeName(resource.locationId)})</span>
              </span>
            ),
          }))}
          chosen={needs}
          onToggle={(id, on) => toggle('resourceIds', needs, id, on)}
        />
      )}
    </>
  );
}

/** A titled list of checkboxes, one per choice. */
function ChoiceGroup(props: {
  legend: MessageId;
  hint: MessageId;
  choices: { id: string; label: ReactNode }[];
  chosen: string[];
  onToggle(id: string, on: boolean): void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium text-stone-800">
        <FormattedMessage id={props.legend} />
      </legend>
      <p className="text-xs text-stone-600">
        <FormattedMessage id={props.hint} />
      </p>
      <ul className="flex flex-col gap-1.5 rounded-lg border border-stone-200 p-3">
        {props.choices.map((choice) => (
          <li key={choice.id}>
            <Checkbox
              label={choice.label}
              checked={props.chosen.includes(choice.id)}
              onChange={(on) => props.onToggle(choice.id, on)}
            />
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
