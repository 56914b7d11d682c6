import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { catalogLimits, type Service } from '../../../shared/catalog';
import { ZCreateServiceInput } from '../../../shared/catalog-schema';
import { useCurrentUser } from '../../app/session';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field, Input, Textarea } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/toast';
import { errorMessage, trpc } from '../../lib/trpc';
import { AdminCatalogCard } from '../catalog/admin-catalog-card';
import { invalidateCatalog, useCatalogList } from '../catalog/catalog-api';
import { durationFromInput, hasPermission, validate, type FieldErrors } from '../catalog/catalog-form';
import { Checkbox } from '../catalog/checkbox';
import { ConfirmDeleteDialog } from '../catalog/confirm-delete-dialog';
import { PagedGrid } from '../catalog/paged-grid';
import { EmptyState, SearchBox } from '../catalog/search-box';
import { useCatalogSearch } from '../catalog/use-catalog-search';

/** /admin/services (SPEC.md §2): like products, plus duration and who may perform each service. */
export function AdminServicesPage() {
  const { user } = useCurrentUser();
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<Service | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Service | null>(null);
  const services = useCatalogList('services');
  const providers = trpc.serviceProviders.list.useQuery();
  const { results, searching } = useCatalogSearch(services.data, query);
  const remove = useDeleteService(() => setDeleting(null));
  const can = {
    create: hasPermission(user, 'services.create'),
    edit: hasPermission(user, 'services.edit'),
    delete: hasPermission(user, 'services.delete'),
    feature: hasPermission(user, 'services.featured'),
  };
  const providerNames = (serviceId: string) =>
    (providers.data ?? []).filter((p) => p.serviceId === serviceId).map((p) => `${p.employee.firstName} ${p.employee.lastName}`.trim());

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-stone-900">Services</h1>
          <p className="mt-1 text-sm text-stone-600">Manage bookable services and who performs them.</p>
        </div>
        {can.create && <Button onClick={() => setEditing('new')}>Add Service</Button>}
      </div>
      <SearchBox value={query} onChange={setQuery} placeholder="Search services..." label="Search services" />

      {services.isLoading ? (
        <Spinner label="Loading services" />
      ) : services.isError ? (
        <EmptyState title="Services could not be loaded" text={services.error.message} />
      ) : results.length === 0 ? (
        searching ? (
          <EmptyState title="No services found" text="Try adjusting your search terms" />
        ) : (
          <EmptyState title="No services yet" text={can.create ? 'Add your first service to take bookings.' : 'Services appear here once they are added.'} />
        )
      ) : (
        <PagedGrid
          items={results}
          resetKey={query}
          getKey={(s) => s.id}
          renderItem={(service) => {
            const names = providerNames(service.id);
            return (
              <AdminCatalogCard
                item={service}
                details={
                  <span title={names.length ? names.join(', ') : 'Every employee may perform it'}>
                    {service.duration} min · {names.length ? `${names.length} ${names.length === 1 ? 'employee' : 'employees'}` : 'All employees'}
                  </span>
                }
                onEdit={can.edit ? () => setEditing(service) : undefined}
                onDelete={can.delete ? () => setDeleting(service) : undefined}
              />
            );
          }}
        />
      )}

      {editing && (
        <ServiceDialog
          service={editing === 'new' ? null : editing}
          linked={editing === 'new' ? [] : (providers.data ?? []).filter((p) => p.serviceId === editing.id).map((p) => p.employeeId)}
          canFeature={can.feature}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDeleteDialog
        open={!!deleting}
        title="Delete Service"
        name={deleting?.name ?? ''}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
    </div>
  );
}

function useDeleteService(onDone: () => void) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  return trpc.services.delete.useMutation({
    onSuccess: () => {
      void invalidateCatalog(queryClient, 'services');
      void utils.serviceProviders.invalidate();
      toast({ title: 'Service Deleted', description: 'The service has been removed.' });
      onDone();
    },
    onError: (error) => toast({ title: 'Delete Failed', description: errorMessage(error), variant: 'destructive' }),
  });
}

interface ServiceForm {
  name: string;
  description: string;
  price: string;
  duration: string;
  category: string;
  imageUrl: string;
  isFeatured: boolean;
  isActive: boolean;
  employeeIds: string[];
}

function ServiceDialog({ service, linked, canFeature, onClose }: { service: Service | null; linked: string[]; canFeature: boolean; onClose: () => void }) {
  const [form, setForm] = useState<ServiceForm>(
    service
      ? { ...service, duration: String(service.duration), imageUrl: service.imageUrl ?? '', employeeIds: linked }
      : { name: '', description: '', price: '', duration: '60', category: '', imageUrl: '', isFeatured: false, isActive: true, employeeIds: [] },
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const candidates = trpc.serviceProviders.employees.useQuery();
  const toast = useToast();
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const done = (title: string, description: string) => {
    void invalidateCatalog(queryClient, 'services');
    void utils.serviceProviders.invalidate();
    toast({ title, description });
    onClose();
  };
  // The service and its providers are saved in one call, in one transaction on the server.
  const create = trpc.services.create.useMutation({
    onSuccess: (saved) => done('Service Created', `${saved.name} can now be booked.`),
    onError: (error) => toast({ title: 'Creation Failed', description: errorMessage(error), variant: 'destructive' }),
  });
  const update = trpc.services.update.useMutation({
    onSuccess: (saved) => done('Service Updated', `${saved.name} has been saved.`),
    onError: (error) => toast({ title: 'Update Failed', description: errorMessage(error), variant: 'destructive' }),
  });
  const pending = create.isPending || update.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = { ...form, duration: durationFromInput(form.duration) };
    const result = validate(ZCreateServiceInput, body);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    if (service) update.mutate({ id: service.id, ...body });
    else create.mutate(body);
  }

  const set = <K extends keyof ServiceForm>(key: K) => (value: ServiceForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    // A corrected field stops showing its old message.
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  };
  const toggleEmployee = (id: string, on: boolean) =>
    setForm((f) => ({ ...f, employeeIds: on ? [...new Set([...f.employeeIds, id])] : f.employeeIds.filter((e) => e !== id) }));

  return (
    <Dialog open onClose={onClose} title={service ? 'Edit Service' : 'Add Service'} description={service ? `Change the details of ${service.name}.` : 'Add a bookable service.'}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field label="Name" error={errors.name}>
          {(ids) => <Input {...ids} name="name" value={form.name} maxLength={catalogLimits.nameMax} required onChange={(e) => set('name')(e.target.value)} />}
        </Field>
        <Field label="Description" error={errors.description}>
          {(ids) => <Textarea {...ids} name="description" value={form.description} maxLength={catalogLimits.descriptionMax} onChange={(e) => set('description')(e.target.value)} />}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Price ($)" error={errors.price}>
            {(ids) => <Input {...ids} name="price" type="number" inputMode="decimal" step="0.01" min="0" required value={form.price} onChange={(e) => set('price')(e.target.value)} />}
          </Field>
          <Field label="Duration (minutes)" error={errors.duration}>
            {(ids) => (
              <Input
                {...ids}
                name="duration"
                type="number"
                inputMode="numeric"
                step={catalogLimits.durationStep}
                min={catalogLimits.durationMin}
                required
                value={form.duration}
                onChange={(e) => set('duration')(e.target.value)}
              />
            )}
          </Field>
        </div>
        <Field label="Category" error={errors.category}>
          {(ids) => <Input {...ids} name="category" value={form.category} maxLength={catalogLimits.categoryMax} onChange={(e) => set('category')(e.target.value)} />}
        </Field>
        <Field label="Image URL" error={errors.imageUrl}>
          {(ids) => <Input {...ids} name="imageUrl" type="url" placeholder="https://" value={form.imageUrl} onChange={(e) => set('imageUrl')(e.target.value)} />}
        </Field>
        <div className="flex flex-wrap gap-6">
          <Checkbox label="Featured" checked={form.isFeatured} disabled={!canFeature} hint={canFeature ? undefined : 'Needs the services.featured permission'} onChange={set('isFeatured')} />
          <Checkbox label="Active" checked={form.isActive} onChange={set('isActive')} />
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium text-stone-800">Employees who perform this service</legend>
          <p className="text-xs text-stone-600">Leave all unticked to let every employee perform it.</p>
          {candidates.isLoading ? (
            <Spinner label="Loading employees" className="p-2" />
          ) : (
            <ul className="flex max-h-48 flex-col gap-1.5 overflow-y-auto rounded-lg border border-stone-200 p-3">
              {(candidates.data ?? []).map((employee) => (
                <li key={employee.id}>
                  <Checkbox
                    label={
                      <span>
                        {employee.firstName} {employee.lastName} <span className="font-normal text-stone-600">({employee.email})</span>
                      </span>
                    }
                    checked={form.employeeIds.includes(employee.id)}
                    onChange={(on) => toggleEmployee(employee.id, on)}
                  />
                </li>
              ))}
            </ul>
          )}
          {errors.employeeIds && <p className="text-sm text-red-600">{errors.employeeIds}</p>}
        </fieldset>
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving...' : service ? 'Save Changes' : 'Create Service'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
