import { useDeferredValue, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { orderStatuses } from '../../../shared/orders';
import { Card, CardContent } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import type { OrderFilters } from './orders-api';

/** What the staff typed and picked above the order list; empty texts and "all" mean no filter. */
export interface OrderFilterFields {
  status: string;
  from: string;
  to: string;
  search: string;
}

export const noOrderFilters: OrderFilterFields = { status: 'all', from: '', to: '', search: '' };

/** The list query for the fields; the search waits for typing to settle so each key press does not refetch. */
export function useOrderFilters(fields: OrderFilterFields): OrderFilters {
  const search = useDeferredValue(fields.search.trim());
  return {
    ...(fields.status !== 'all' ? { status: fields.status as OrderFilters['status'] } : {}),
    ...(fields.from ? { from: fields.from } : {}),
    ...(fields.to ? { to: fields.to } : {}),
    ...(search ? { search } : {}),
  };
}

function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      {children}
    </div>
  );
}

/** One end of the date range; each end bounds the other so the range cannot turn inside out. */
function DateFilter({
  id,
  label,
  onChange,
  ...input
}: {
  id: string;
  label: string;
  value: string;
  min?: string | undefined;
  max?: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <FilterField id={id} label={label}>
      <Input id={id} type="date" {...input} onChange={(e) => onChange(e.target.value)} />
    </FilterField>
  );
}

/** Search, status and date range over the staff order list. */
export function AdminOrderFilters({
  fields,
  onChange,
}: {
  fields: OrderFilterFields;
  onChange: (fields: OrderFilterFields) => void;
}) {
  const { status, from, to, search } = fields;
  const intl = useIntl();
  const statusOptions = [
    { value: 'all', label: intl.formatMessage({ id: 'orders.allStatuses' }) },
    ...orderStatuses.map((s) => ({ value: s, label: intl.formatMessage({ id: 'orders.status' }, { status: s }) })),
  ];
  return (
    <Card>
      <CardContent className="grid gap-3 p-5 sm:grid-cols-2 lg:grid-cols-4">
        <FilterField id="order-search" label={intl.formatMessage({ id: 'orders.search' })}>
          <Input
            id="order-search"
            type="search"
            placeholder={intl.formatMessage({ id: 'orders.searchPlaceholder' })}
            value={search}
            onChange={(e) => onChange({ ...fields, search: e.target.value })}
          />
        </FilterField>
        <FilterField id="order-status" label={intl.formatMessage({ id: 'orders.statusFilter' })}>
          <Select
            id="order-status"
            value={status}
            onValueChange={(value) => onChange({ ...fields, status: value })}
            options={statusOptions}
          />
        </FilterField>
        <DateFilter
          id="order-from"
          label={intl.formatMessage({ id: 'orders.from' })}
          value={from}
          max={to || undefined}
          onChange={(value) => onChange({ ...fields, from: value })}
        />
        <DateFilter
          id="order-to"
          label={intl.formatMessage({ id: 'orders.to' })}
          value={to}
          min={from || undefined}
          onChange={(value) => onChange({ ...fields, to: value })}
        />
      </CardContent>
    </Card>
  );
}
