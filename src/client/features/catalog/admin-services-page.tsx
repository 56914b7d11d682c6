import { useFormContext, useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { catalogLimits } from '../../../shared/catalog';
import { ZServiceForm } from '../../../shared/catalog-schema';
import { Checkbox } from '../../components/ui/checkbox';
import { TextField, useZodForm } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { useSentence } from '../../lib/i18n';
import { AdminCatalogPage } from './admin-catalog-page';
import { useProviderCandidates, useServiceProviders, useServiceWrites, type Service } from './catalog-api';
import { CatalogItemDialog } from './catalog-item-dialog';
import { CapacityField } from './capacity-field';
import { ServiceDepositFields } from './service-deposit-fields';
import { ServiceQuestionsFields } from './service-questions-fields';
import { ServicePlaces } from './service-places';

/** /admin/services: like products, plus duration, buffers, capacity and who may perform each service. */
export function AdminServicesPage() {
  const intl = useIntl();
  const providers = useServiceProviders();
  const providerNames = (serviceId: string) =>
    (providers.data ?? [])
      .filter((p) => p.serviceId === serviceId)
      .map((p) => `${p.employee.firstName} ${p.employee.lastName}`.trim());

  return (
    <AdminCatalogPage
      kind="services"
      details={(service) => {
        const names = providerNames(service.id);
        return (
          <span title={names.length ? names.join(', ') : intl.formatMessage({ id: 'catalog.everyEmployee' })}>
            <FormattedMessage
              id="catalog.serviceDetails"
              values={{
                duration: service.duration,
                buffered: service.bufferBeforeMinutes || service.bufferAfterMinutes ? 'yes' : 'no',
                before: service.bufferBeforeMinutes,
                after: service.bufferAfterMinutes,
                capacity: service.capacity,
                employees: names.length,
              }}
            />
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
  const intl = useIntl();
  const form = useZodForm(ZServiceForm, {
    defaultValues: service
      ? {
          ...service,
          duration: String(service.duration),
          bufferBeforeMinutes: String(service.bufferBeforeMinutes),
          bufferAfterMinutes: String(service.bufferAfterMinutes),
          capacity: String(service.capacity),
          imageUrl: service.imageUrl ?? '',
          deposit: service.deposit,
          questions: service.questions.map((q) => ({
            ...q,
            options: q.options?.join(', ') ?? '',
            translations: {
              es: { label: q.translations?.es?.label ?? '', options: q.translations?.es?.options?.join(', ') ?? '' },
            },
          })),
          employeeIds: linked,
          // Every location ticked is what "none named" answers; the server keeps every location named as none named.
          locationIds: service.locationIds,
          resourceIds: service.resourceIds,
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
          deposit: { type: 'none' },
          questions: [],
          employeeIds: [],
        },
  });
  const { create, update, pending } = useServiceWrites(onClose);

  return (
    <CatalogItemDialog
      kind="services"
      item={service}
      form={form}
      onSubmit={(values) => (service ? update.mutate({ id: service.id, ...values }) : create.mutate(values))}
      pending={pending}
      canFeature={canFeature}
      onClose={onClose}
      beside={
        <TextField
          name="duration"
          label={intl.formatMessage({ id: 'catalog.duration' })}
          type="number"
          inputMode="numeric"
          step={catalogLimits.durationStep}
          min={catalogLimits.durationMin}
          required
        />
      }
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-stone-800">
          <FormattedMessage id="catalog.bufferTime" />
        </legend>
        <p className="text-xs text-stone-600">
          <FormattedMessage id="catalog.bufferText" />
        </p>
        <div className="grid grid-cols-2 gap-3">
          <BufferField name="bufferBeforeMinutes" label={intl.formatMessage({ id: 'catalog.bufferBefore' })} />
          <BufferField name="bufferAfterMinutes" label={intl.formatMessage({ id: 'catalog.bufferAfter' })} />
        </div>
      </fieldset>
      <CapacityField />
      <ServiceDepositFields />
      <ServiceQuestionsFields />
      <ProviderChoice />
      <ServicePlaces />
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
  const intl = useIntl();
  const say = useSentence();
  const candidates = useProviderCandidates();
  const { control, setValue, getFieldState, formState } = useFormContext<{ employeeIds: string[] }>();
  const chosen = useWatch({ control, name: 'employeeIds' }) ?? [];
  const error = getFieldState('employeeIds', formState).error?.message;
  const toggle = (id: string, on: boolean) =>
    setValue('employeeIds', on ? [...new Set([...chosen, id])] : chosen.filter((e) => e !== id), { shouldDirty: true });

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium text-stone-800">
        <FormattedMessage id="catalog.providers" />
      </legend>
      <p className="text-xs text-stone-600">
        <FormattedMessage id="catalog.providersText" />
      </p>
      {candidates.isLoading ? (
        <Spinner label={intl.formatMessage({ id: 'catalog.loadingEmployees' })} className="p-2" />
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
          {say(error)}
        </p>
      )}
    </fieldset>
  );
}
