import { useFormContext, useWatch } from 'react-hook-form';
import { catalogLimits } from '../../../shared/catalog';
import { ZServiceForm } from '../../../shared/catalog-schema';
import { Checkbox } from '../../components/ui/checkbox';
import { TextField, useZodForm } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { AdminCatalogPage } from './admin-catalog-page';
import { useProviderCandidates, useServiceProviders, useServiceWrites, type Service } from './catalog-api';
import { CatalogItemDialog } from './catalog-item-dialog';
import { CapacityField, capacityNote } from './capacity-field';

/** /admin/services: like products, plus duration, buffers, capacity and who may perform each service. */
export function AdminServicesPage() {
  const providers = useServiceProviders();
  const providerNames = (serviceId: string) =>
    (providers.data ?? [])
      .filter((p) => p.serviceId === serviceId)
      .map((p) => `${p.employee.firstName} ${p.employee.lastName}`.trim());

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
            {service.duration} min
            {service.bufferBeforeMinutes || service.bufferAfterMinutes
              ? ` (+${service.bufferBeforeMinutes} before, +${service.bufferAfterMinutes} after)`
              : ''}
            {capacityNote(service.capacity)} ·{' '}
            {names.length ? `${names.length} ${names.length === 1 ? 'employee' : 'employees'}` : 'All employees'}
          </span>
        );
      }}
      dialog={(service, canFeature, onClose) => (
        <ServiceDialog
          service={service}
          linked={
            service ? (providers.data ?? []).filter((p) => p.serviceId === service.id).map((p) => p.employeeId) : []
          }
          canFeature={canFeature}
          onClose={onClose}
        />
      )}
    />
  );
}

function ServiceDialog({
  service,
  linked,
  canFeature,
  onClose,
}: {
  service: Service | null;
  linked: string[];
  canFeature: boolean;
  onClose: () => void;
}) {
  const form = useZodForm(ZServiceForm, {
    defaultValues: service
      ? {
          ...service,
          duration: String(service.duration),
          bufferBeforeMinutes: String(service.bufferBeforeMinutes),
          bufferAfterMinutes: String(service.bufferAfterMinutes),
          capacity: String(service.capacity),
          imageUrl: service.imageUrl ?? '',
          employeeIds: linked,
        }
      : {
          name: '',
          description: '',
          price: '',
          duration: String(catalogLimits.durationDefault),
          bufferBeforeMinutes: '0',
          bufferAfterMinutes: '0',
          capacity: '1',
          category: '',
          imageUrl: '',
          isFeatured: false,
          isActive: true,
          employeeIds: [],
        },
  });
  const { create, update, pending } = useServiceWrites(onClose);

  return (
    <CatalogItemDialog
      kind="services"
      singular="Service"
      item={service}
      addText="Add a bookable service."
      form={form}
      onSubmit={(values) => (service ? update.mutate({ id: service.id, ...values }) : create.mutate(values))}
      pending={pending}
      canFeature={canFeature}
      onClose={onClose}
      beside={
        <TextField
          name="duration"
          label="Duration (minutes)"
          type="number"
          inputMode="numeric"
          step={catalogLimits.durationStep}
          min={catalogLimits.durationMin}
          required
        />
      }
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-stone-800">Buffer time</legend>
        <p className="text-xs text-stone-600">
          Minutes the employee stays unavailable before and after each appointment, e.g. to prepare or clean up.
          Customers still see the appointment's own time.
        </p>
        <div className="grid grid-cols-2 gap-3">
          <BufferField name="bufferBeforeMinutes" label="Before (minutes)" />
          <BufferField name="bufferAfterMinutes" label="After (minutes)" />
        </div>
      </fieldset>
      <CapacityField />
      <ProviderChoice />
    </CatalogItemDialog>
  );
}

function BufferField({ name, label }: { name: 'bufferBeforeMinutes' | 'bufferAfterMinutes'; label: string }) {
  return (
    <TextField
      name={name}
      label={label}
      type="number"
      inputMode="numeric"
      step={catalogLimits.bufferStep}
      min={0}
      max={catalogLimits.bufferMax}
    />
  );
}

/** The employees who perform the service: none ticked means every employee. */
function ProviderChoice() {
  const candidates = useProviderCandidates();
  const { control, setValue, getFieldState, formState } = useFormContext<{ employeeIds: string[] }>();
  const chosen = useWatch({ control, name: 'employeeIds' }) ?? [];
  const error = getFieldState('employeeIds', formState).error?.message;
  const toggle = (id: string, on: boolean) =>
    setValue('employeeIds', on ? [...new Set([...chosen, id])] : chosen.filter((e) => e !== id), { shouldDirty: true });

  return (
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
                    {employee.firstName} {employee.lastName}{' '}
                    <span className="font-normal text-stone-600">({employee.email})</span>
                  </span>
                }
                checked={chosen.includes(employee.id)}
                onChange={(on) => toggle(employee.id, on)}
              />
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="text-sm text-red-600" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
