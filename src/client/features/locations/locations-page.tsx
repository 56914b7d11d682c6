import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ZCreateLocationInput } from '../../../shared/location-schema';
import { EditDeleteButtons } from '../../components/edit-delete-buttons';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ListCard } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { CheckboxField, Form, FormField, useZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { useTimeZone } from '../../lib/session';
import { errorMessage } from '../../lib/trpc';
import {
  useCreateLocation,
  useDeleteLocation,
  useLocations,
  useUpdateLocation,
  type LocationItem,
} from './locations-api';

/** Add a location, or change one: its name, address and the time zone its hours and slots are in. */
function LocationDialog({ location, onClose }: { location: LocationItem | null; onClose: () => void }) {
  const intl = useIntl();
  const businessZone = useTimeZone();
  const create = useCreateLocation();
  const update = useUpdateLocation();
  const pending = create.isPending || update.isPending;
  const form = useZodForm(ZCreateLocationInput, {
    defaultValues: {
      name: location?.name ?? '',
      address: location?.address ?? '',
      timeZone: location?.timeZone ?? businessZone,
      isActive: location?.isActive ?? true,
    },
  });
  const submit = (values: ReturnType<typeof ZCreateLocationInput.parse>) => {
    if (location) update.mutate({ id: location.id, ...values }, { onSuccess: onClose });
    else create.mutate(values, { onSuccess: onClose });
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={intl.formatMessage({ id: location ? 'locations.editTitle' : 'locations.newTitle' })}
      className="max-w-lg"
    >
      <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
        <FormField name="name" label={intl.formatMessage({ id: 'locations.name' })}>
          {({ field, ids }) => <Input {...field} value={field.value ?? ''} {...ids} autoComplete="off" />}
        </FormField>
        <FormField name="address" label={intl.formatMessage({ id: 'locations.address' })}>
          {({ field, ids }) => <Input {...field} value={field.value ?? ''} {...ids} autoComplete="street-address" />}
        </FormField>
        <FormField
          name="timeZone"
          label={intl.formatMessage({ id: 'locations.timeZone' })}
          hint={intl.formatMessage({ id: 'locations.timeZoneHint' })}
        >
          {({ field, ids }) => <Input {...field} value={field.value ?? ''} {...ids} autoComplete="off" />}
        </FormField>
        <CheckboxField name="isActive" label={intl.formatMessage({ id: 'locations.activeField' })} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            <FormattedMessage id="locations.cancel" />
          </Button>
          <Button type="submit" disabled={pending}>
            <FormattedMessage id={pending ? 'locations.saving' : 'locations.save'} />
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}

/** /admin/locations: where services are given, each with its address and time zone. */
export function LocationsPage() {
  const intl = useIntl();
  const locations = useLocations();
  const remove = useDeleteLocation();
  const [editing, setEditing] = useState<LocationItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<LocationItem | null>(null);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-stone-900">
            <FormattedMessage id="locations.title" />
          </h1>
          <p className="mt-1 text-sm text-stone-600">
            <FormattedMessage id="locations.intro" />
          </p>
        </div>
        <Button onClick={() => setEditing('new')}>
          <FormattedMessage id="locations.new" />
        </Button>
      </div>
      {locations.isLoading ? (
        <Spinner label={intl.formatMessage({ id: 'locations.loading' })} />
      ) : locations.isError ? (
        <p className="text-red-700">{errorMessage(locations.error)}</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label={intl.formatMessage({ id: 'locations.title' })}>
          {locations.data!.map((location) => (
            <li key={location.id}>
              <ListCard
                data-testid="location-card"
                heading={<h2 className="text-lg font-semibold text-stone-900">{location.name}</h2>}
                badge={
                  location.isActive ? undefined : (
                    <Badge tone="neutral">
                      <FormattedMessage id="locations.inactive" />
                    </Badge>
                  )
                }
                actions={
                  <EditDeleteButtons
                    name={location.name}
                    onEdit={() => setEditing(location)}
                    onDelete={() => setDeleting(location)}
                  />
                }
              >
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-stone-700">
                  <dt className="text-stone-600">
                    <FormattedMessage id="locations.address" />
                  </dt>
                  <dd>{location.address || intl.formatMessage({ id: 'locations.noAddress' })}</dd>
                  <dt className="text-stone-600">
                    <FormattedMessage id="locations.timeZone" />
                  </dt>
                  <dd>{location.timeZone}</dd>
                </dl>
              </ListCard>
            </li>
          ))}
        </ul>
      )}
      {editing && <LocationDialog location={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={!!deleting}
        onClose={() => setDeleting(null)}
        title={intl.formatMessage({ id: 'locations.deleteTitle' }, { name: deleting?.name ?? '' })}
        description={intl.formatMessage({ id: 'locations.deleteText' })}
        confirmLabel={intl.formatMessage({ id: 'locations.delete' })}
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id }, { onSettled: () => setDeleting(null) })}
      />
    </div>
  );
}
