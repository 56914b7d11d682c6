import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ZCreateResourceInput } from '../../../shared/location-schema';
import { EditDeleteButtons } from '../../components/edit-delete-buttons';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { Card, CardContent, ListCard } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { Form, FormField, useZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/trpc';
import {
  useCreateResource,
  useDeleteResource,
  useLocations,
  useResources,
  useUpdateResource,
  type LocationItem,
  type ResourceItem,
} from './locations-api';

/** Add a resource, or change one: its name, where it is and how many interchangeable units there are. */
function ResourceDialog({
  resource,
  locations,
  onClose,
}: {
  resource: ResourceItem | null;
  locations: LocationItem[];
  onClose: () => void;
}) {
  const intl = useIntl();
  const create = useCreateResource();
  const update = useUpdateResource();
  const pending = create.isPending || update.isPending;
  const form = useZodForm(ZCreateResourceInput, {
    defaultValues: {
      name: resource?.name ?? '',
      locationId: resource?.locationId ?? locations[0]?.id ?? '',
      quantity: resource?.quantity ?? 1,
    },
  });
  const submit = (values: ReturnType<typeof ZCreateResourceInput.parse>) => {
    if (resource) update.mutate({ id: resource.id, ...values }, { onSuccess: onClose });
    else create.mutate(values, { onSuccess: onClose });
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={intl.formatMessage({ id: resource ? 'resources.editTitle' : 'resources.newTitle' })}
      description={intl.formatMessage({ id: 'resources.dialogText' })}
      className="max-w-lg"
    >
      <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
        <FormField name="name" label={intl.formatMessage({ id: 'resources.name' })}>
          {({ field, ids }) => <Input {...field} value={field.value ?? ''} {...ids} autoComplete="off" />}
        </FormField>
        <FormField name="locationId" label={intl.formatMessage({ id: 'resources.location' })}>
          {({ field, ids }) => (
            <Select
              {...ids}
              name={field.name}
              value={field.value ?? ''}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              options={locations.map((l) => ({ value: l.id, label: l.name }))}
            />
          )}
        </FormField>
        <FormField
          name="quantity"
          label={intl.formatMessage({ id: 'resources.quantity' })}
          hint={intl.formatMessage({ id: 'resources.quantityHint' })}
        >
          {({ field, ids }) => <Input {...field} value={field.value ?? ''} {...ids} inputMode="numeric" />}
        </FormField>
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

/** /admin/resources: the rooms and chairs bookings hold, by location, with how many of each there are. */
export function ResourcesPage() {
  const intl = useIntl();
  const resources = useResources();
  const locations = useLocations();
  const remove = useDeleteResource();
  const [editing, setEditing] = useState<ResourceItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ResourceItem | null>(null);
  const locationName = (id: string) => locations.data?.find((l) => l.id === id)?.name ?? '';

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-stone-900">
            <FormattedMessage id="resources.title" />
          </h1>
          <p className="mt-1 text-sm text-stone-600">
            <FormattedMessage id="resources.intro" />
          </p>
        </div>
        <Button onClick={() => setEditing('new')} disabled={!locations.data}>
          <FormattedMessage id="resources.new" />
        </Button>
      </div>
      {resources.isLoading || locations.isLoading ? (
        <Spinner label={intl.formatMessage({ id: 'resources.loading' })} />
      ) : resources.isError ? (
        <p className="text-red-700">{errorMessage(resources.error)}</p>
      ) : resources.data!.length === 0 ? (
        <Card>
          <CardContent className="px-5 py-10 text-center text-stone-600">
            <FormattedMessage id="resources.none" />
          </CardContent>
        </Card>
      ) : (
        <ul
          className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
          aria-label={intl.formatMessage({ id: 'resources.title' })}
        >
          {resources.data!.map((resource) => (
            <li key={resource.id}>
              <ListCard
                data-testid="resource-card"
                badge={null}
                heading={
                  <>
                    <h2 className="text-lg font-semibold text-stone-900">{resource.name}</h2>
                    <p className="text-sm text-stone-600">{locationName(resource.locationId)}</p>
                  </>
                }
                actions={
                  <EditDeleteButtons
                    name={resource.name}
                    onEdit={() => setEditing(resource)}
                    onDelete={() => setDeleting(resource)}
                  />
                }
              >
                <p className="text-sm text-stone-700" data-testid="resource-quantity">
                  <FormattedMessage id="resources.units" values={{ count: resource.quantity }} />
                </p>
              </ListCard>
            </li>
          ))}
        </ul>
      )}
      {editing && locations.data && (
        <ResourceDialog
          resource={editing === 'new' ? null : editing}
          locations={locations.data}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={!!deleting}
        onClose={() => setDeleting(null)}
        title={intl.formatMessage({ id: 'resources.deleteTitle' }, { name: deleting?.name ?? '' })}
        description={intl.formatMessage({ id: 'resources.deleteText' })}
        confirmLabel={intl.formatMessage({ id: 'locations.delete' })}
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id }, { onSettled: () => setDeleting(null) })}
      />
    </div>
  );
}
