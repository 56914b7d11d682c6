import { catalogLimits, type Service } from '../../../shared/catalog';
import { ZCreateServiceInput } from '../../../shared/catalog-schema';
import { Field, Input } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { trpc } from '../../lib/trpc';
import { AdminCatalogPage } from '../catalog/admin-catalog-page';
import { durationFromInput } from '../catalog/catalog-form';
import { CatalogItemDialog, useCatalogForm, type CatalogFormFields } from '../catalog/catalog-item-dialog';
import { Checkbox } from '../catalog/checkbox';
import { useCatalogMutationOptions } from '../catalog/use-catalog-mutation-options';

/** /admin/services (docs/catalogue.md): like products, plus duration and who may perform each service. */
export function AdminServicesPage() {
  const providers = trpc.serviceProviders.list.useQuery();
  const providerNames = (serviceId: string) =>
    (providers.data ?? []).filter((p) => p.serviceId === serviceId).map((p) => `${p.employee.firstName} ${p.employee.lastName}`.trim());

  return (
    <AdminCatalogPage
      kind="services"
      singular="Service"
      plural="Services"
      intro="Manage bookable services and who performs them."
      firstItemHint="Add your first service to take bookings."
      deletedText="The service has been removed."
      details={(service) => {
        const names = providerNames(service.id);
        return (
          <span title={names.length ? names.join(', ') : 'Every employee may perform it'}>
            {service.duration} min · {names.length ? `${names.length} ${names.length === 1 ? 'employee' : 'employees'}` : 'All employees'}
          </span>
        );
      }}
      dialog={(service, canFeature, onClose) => (
        <ServiceDialog
          service={service}
          linked={service ? (providers.data ?? []).filter((p) => p.serviceId === service.id).map((p) => p.employeeId) : []}
          canFeature={canFeature}
          onClose={onClose}
        />
      )}
    />
  );
}

interface ServiceForm extends CatalogFormFields {
  duration: string;
  employeeIds: string[];
}

function ServiceDialog({ service, linked, canFeature, onClose }: { service: Service | null; linked: string[]; canFeature: boolean; onClose: () => void }) {
  const fields = useCatalogForm<ServiceForm>(
    service
      ? { ...service, duration: String(service.duration), imageUrl: service.imageUrl ?? '', employeeIds: linked }
      : { name: '', description: '', price: '', duration: '60', category: '', imageUrl: '', isFeatured: false, isActive: true, employeeIds: [] },
  );
  const { form, setForm, errors, set } = fields;
  const candidates = trpc.serviceProviders.employees.useQuery();
  // The service and its providers are saved in one call, in one transaction on the server.
  const options = useCatalogMutationOptions('services', 'Service', onClose);
  const create = trpc.services.create.useMutation(options.created((saved) => `${saved.name} can now be booked.`));
  const update = trpc.services.update.useMutation(options.updated);
  const toggleEmployee = (id: string, on: boolean) =>
    setForm((f) => ({ ...f, employeeIds: on ? [...new Set([...f.employeeIds, id])] : f.employeeIds.filter((e) => e !== id) }));

  return (
    <CatalogItemDialog
      kind="services"
      singular="Service"
      item={service}
      addText="Add a bookable service."
      fields={fields}
      schema={ZCreateServiceInput}
      body={{ ...form, duration: durationFromInput(form.duration) }}
      create={create}
      update={update}
      canFeature={canFeature}
      onClose={onClose}
      beside={
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
      }
    >
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
    </CatalogItemDialog>
  );
}
