import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { orderNumber } from '../../../shared/orders';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent } from '../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { AppointmentStatusBadge } from '../../entities/appointments/appointment-status-badge';
import { OrderStatusBadge } from '../../entities/orders/order-status-badge';
import { shownEmail, useCustomerName } from '../../entities/customers/customer-name';
import { useFormatMoney } from '../../lib/money';
import { useTimeZone } from '../../lib/session';
import { dateOf, stampOf } from '../../lib/zoned-time';
import type { CustomerItem } from './staff-api';
import type { MessageId } from '../../../shared/i18n/en';

/** A term of the summary and its figure. */
function Fact({ label, children, testId }: { label: MessageId; children: ReactNode; testId?: string }) {
  return (
    <>
      <dt className="text-stone-600">
        <FormattedMessage id={label} />
      </dt>
      <dd className="text-right font-medium text-stone-900" data-testid={testId}>
        {children}
      </dd>
    </>
  );
}

/** The latest few of a customer's orders or appointments, and how many more there are. */
function Latest<T extends { id: string }>({
  items,
  total,
  empty,
  children,
}: {
  items: readonly T[];
  total: number;
  empty: MessageId;
  children: (item: T) => ReactNode;
}) {
  if (items.length === 0)
    return (
      <p className="text-sm text-stone-600">
        <FormattedMessage id={empty} />
      </p>
    );
  return (
    <ul className="flex flex-col gap-1.5">
      {items.map((item) => (
        <li key={item.id} className="flex items-center justify-between gap-2 text-sm">
          {children(item)}
        </li>
      ))}
      {total > items.length && (
        <li className="text-sm text-stone-600">
          <FormattedMessage id="staff.andMore" values={{ count: total - items.length }} />
        </li>
      )}
    </ul>
  );
}

/** One customer on /admin/customers: their figures, latest orders and appointments, in tabs. */
export function CustomerCard({ customer }: { customer: CustomerItem }) {
  const intl = useIntl();
  const timeZone = useTimeZone();
  const money = useFormatMoney();
  const name = useCustomerName()(customer);
  return (
    <Card className="h-full" data-testid="customer-card">
      <CardContent className="flex flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="truncate font-semibold text-stone-900">
              <Link
                to={`/admin/customers/${customer.id}`}
                className="underline-offset-2 hover:underline"
                aria-label={intl.formatMessage({ id: 'customers.openRecord' }, { name })}
              >
                {name}
              </Link>
            </h2>
            <p className="truncate text-sm text-stone-600">{shownEmail(customer)}</p>
          </div>
          <Badge tone={customer.isActive ? 'success' : 'neutral'}>
            <FormattedMessage id={customer.isActive ? 'staff.active' : 'staff.inactive'} />
          </Badge>
        </div>
        <Tabs defaultValue="summary">
          <TabsList aria-label={intl.formatMessage({ id: 'staff.customerDetails' }, { name })}>
            <TabsTrigger value="summary">
              <FormattedMessage id="staff.summary" />
            </TabsTrigger>
            <TabsTrigger value="orders">
              <FormattedMessage id="staff.orders" />
            </TabsTrigger>
            <TabsTrigger value="appointments">
              <FormattedMessage id="staff.appointments" />
            </TabsTrigger>
          </TabsList>
          <TabsContent value="summary" className="pt-3">
            <dl className="grid grid-cols-2 gap-2 text-sm">
              <Fact label="staff.orders">{intl.formatNumber(customer.orderCount)}</Fact>
              <Fact label="staff.appointments">{intl.formatNumber(customer.appointmentCount)}</Fact>
              <Fact label="staff.noShows" testId="no-show-count">
                {intl.formatNumber(customer.noShowCount)}
              </Fact>
              <Fact label="staff.totalSpent">{money(customer.totalSpent)}</Fact>
              <Fact label="staff.lastActivity">
                {customer.lastActivity
                  ? dateOf(customer.lastActivity, timeZone)
                  : intl.formatMessage({ id: 'staff.noneYet' })}
              </Fact>
            </dl>
          </TabsContent>
          <TabsContent value="orders" className="pt-3">
            <Latest items={customer.orders} total={customer.orderCount} empty="staff.noOrdersYet">
              {(order) => (
                <>
                  <span className="text-stone-800">
                    <FormattedMessage id="staff.orderNumber" values={{ number: orderNumber(order.id) }} /> ·{' '}
                    {dateOf(order.createdAt, timeZone)}
                  </span>
                  <span className="flex items-center gap-2">
                    <OrderStatusBadge status={order.status} />
                    <span className="font-medium text-stone-900">{money(order.total)}</span>
                  </span>
                </>
              )}
            </Latest>
          </TabsContent>
          <TabsContent value="appointments" className="pt-3">
            <Latest items={customer.appointments} total={customer.appointmentCount} empty="staff.noAppointmentsYet">
              {(a) => (
                <>
                  <span className="text-stone-800">
                    {a.service.name} · {stampOf(a.dateTime, timeZone)}
                  </span>
                  <AppointmentStatusBadge status={a.status} />
                </>
              )}
            </Latest>
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}
