import { useState, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { orderNumber } from '../../../shared/orders';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Input, Textarea } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { AppointmentStatusBadge } from '../../entities/appointments/appointment-status-badge';
import { AnswerList } from '../../entities/appointments/answer-list';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { OrderStatusBadge } from '../../entities/orders/order-status-badge';
import { shownEmail, useCustomerName } from '../../entities/customers/customer-name';
import { useFormatMoney } from '../../lib/money';
import { useCurrentUser, useTimeZone } from '../../lib/session';
import { errorMessage } from '../../lib/trpc';
import { dateOf, stampOf } from '../../lib/zoned-time';
import { can } from '../../../shared/roles';
import { useCustomerRecord, useEraseCustomer, useUpdateCustomerRecord, type CustomerDetail } from './customers-api';

/** /admin/customers/{id}: one customer's whole story, and what staff keep on them. */
export function CustomerRecordPage() {
  const { id = '' } = useParams();
  const intl = useIntl();
  const customerName = useCustomerName();
  const record = useCustomerRecord(id);
  if (record.isLoading) return <Spinner label={intl.formatMessage({ id: 'customers.loading' })} />;
  if (record.isError) return <p className="text-red-700">{errorMessage(record.error)}</p>;
  const customer = record.data!;
  const name = customerName(customer);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <Link to="/admin/customers" className="text-sm text-brand-700 underline">
          <FormattedMessage id="customers.backToList" />
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-stone-900">{name}</h1>
        <p className="mt-1 text-sm text-stone-600">
          {shownEmail(customer)}
          {customer.phone && ` · ${customer.phone}`}
        </p>
      </div>
      <Figures customer={customer} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        {/* A saved change (or another person's) starts the form afresh from the record. */}
        <StaffNotes key={`${customer.notes}\u0000${customer.tags.join('\u0000')}`} customer={customer} />
        <History customer={customer} />
      </div>
      <EraseCustomer customer={customer} />
    </div>
  );
}

/** Erasing a customer (customers.edit): asked first, since it cannot be undone; then back to the list. */
function EraseCustomer({ customer }: { customer: CustomerDetail }) {
  const intl = useIntl();
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const erase = useEraseCustomer(() => navigate('/admin/customers'));
  if (!user || !can(user, 'customers.edit') || !customer.isActive) return null;
  return (
    <Card>
      <CardContent className="flex flex-wrap items-center justify-between gap-3 p-5">
        <div>
          <h2 className="font-semibold text-stone-900">
            <FormattedMessage id="records.eraseTitle" />
          </h2>
          <p className="text-sm text-stone-600">
            <FormattedMessage id="records.eraseText" />
          </p>
        </div>
        <Button variant="destructive-outline" onClick={() => setAsking(true)}>
          <FormattedMessage id="records.eraseButton" />
        </Button>
      </CardContent>
      <ConfirmDialog
        open={asking}
        onClose={() => setAsking(false)}
        title={intl.formatMessage({ id: 'records.eraseConfirmTitle' })}
        description={intl.formatMessage({ id: 'records.eraseConfirmText' }, { name: customer.email })}
        confirmLabel={intl.formatMessage({ id: 'records.eraseButton' })}
        onConfirm={() => erase.mutate({ id: customer.id })}
        pending={erase.isPending}
        destructive
      />
    </Card>
  );
}

function Figures({ customer }: { customer: CustomerDetail }) {
  const intl = useIntl();
  const money = useFormatMoney();
  const timeZone = useTimeZone();
  const { stats } = customer;
  const figures: [string, string][] = [
    [intl.formatMessage({ id: 'customers.visits' }), intl.formatNumber(stats.visits)],
    [intl.formatMessage({ id: 'customers.noShows' }), intl.formatNumber(stats.noShows)],
    [intl.formatMessage({ id: 'customers.spent' }), money(stats.spent)],
    [
      intl.formatMessage({ id: 'customers.lastVisit' }),
      stats.lastVisitAt ? dateOf(stats.lastVisitAt, timeZone) : intl.formatMessage({ id: 'customers.noVisitYet' }),
    ],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {figures.map(([label, value]) => (
        // A card of its own, one div deep: a <dl> holds its dt/dd groups directly or in one <div>.
        <Card key={label} className="p-4">
          <dt className="text-sm text-stone-600">{label}</dt>
          <dd className="mt-1 text-2xl font-bold text-stone-900">{value}</dd>
        </Card>
      ))}
    </dl>
  );
}

/** Notes and tags, edited together and saved with one button (read-only without customers.edit). */
function StaffNotes({ customer }: { customer: CustomerDetail }) {
  const intl = useIntl();
  const { user } = useCurrentUser();
  const editable = !!user && can(user, 'customers.edit');
  const update = useUpdateCustomerRecord();
  const [notes, setNotes] = useState(customer.notes);
  const [tags, setTags] = useState(customer.tags);
  const [newTag, setNewTag] = useState('');

  const addTag = () => {
    const tag = newTag.trim();
    if (tag && !tags.some((t) => t.toLowerCase() === tag.toLowerCase())) setTags([...tags, tag]);
    setNewTag('');
  };
  const save = (e: FormEvent) => {
    e.preventDefault();
    update.mutate({ id: customer.id, notes, tags });
  };

  return (
    <Card>
      <CardContent className="p-5">
        <form onSubmit={save} className="flex flex-col gap-5">
          <section className="flex flex-col gap-2">
            <h2 className="text-lg font-semibold text-stone-900">
              <label htmlFor="customer-notes">
                <FormattedMessage id="customers.notes" />
              </label>
            </h2>
            <p className="text-sm text-stone-600" id="customer-notes-hint">
              <FormattedMessage id="customers.notesHint" />
            </p>
            <Textarea
              id="customer-notes"
              aria-describedby="customer-notes-hint"
              value={notes}
              readOnly={!editable}
              maxLength={5000}
              onChange={(e) => setNotes(e.target.value)}
            />
          </section>
          <section className="flex flex-col gap-2" aria-labelledby="customer-tags">
            <h2 id="customer-tags" className="text-lg font-semibold text-stone-900">
              <FormattedMessage id="customers.tags" />
            </h2>
            {tags.length === 0 ? (
              <p className="text-sm text-stone-600">
                <FormattedMessage id="customers.noTags" />
              </p>
            ) : (
              <ul className="flex flex-wrap gap-2">
                {tags.map((tag) => (
                  <li key={tag}>
                    <Badge className="flex items-center gap-1">
                      <Link to={`/admin/customers?tag=${encodeURIComponent(tag)}`} className="underline">
                        {tag}
                      </Link>
                      {editable && (
                        <button
                          type="button"
                          className="ml-1 rounded px-1 text-stone-700 hover:bg-stone-200"
                          aria-label={intl.formatMessage({ id: 'customers.removeTag' }, { tag })}
                          onClick={() => setTags(tags.filter((t) => t !== tag))}
                        >
                          ×
                        </button>
                      )}
                    </Badge>
                  </li>
                ))}
              </ul>
            )}
            {editable && (
              <div className="flex gap-2">
                <Input
                  aria-label={intl.formatMessage({ id: 'customers.newTag' })}
                  placeholder={intl.formatMessage({ id: 'customers.newTagPlaceholder' })}
                  value={newTag}
                  maxLength={40}
                  onChange={(e) => setNewTag(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      addTag();
                    }
                  }}
                />
                <Button type="button" variant="outline" onClick={addTag}>
                  <FormattedMessage id="customers.addTag" />
                </Button>
              </div>
            )}
          </section>
          {editable && (
            <Button type="submit" disabled={update.isPending} className="self-start">
              <FormattedMessage id="customers.save" />
            </Button>
          )}
        </form>
      </CardContent>
    </Card>
  );
}

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h2 className="text-lg font-semibold text-stone-900">{title}</h2>
      {children}
    </section>
  );
}

function History({ customer }: { customer: CustomerDetail }) {
  const money = useFormatMoney();
  const timeZone = useTimeZone();
  return (
    <Card>
      <CardContent className="flex flex-col gap-6 p-5">
        <Section title={<FormattedMessage id="customers.appointments" />}>
          {customer.appointments.length === 0 ? (
            <p className="text-sm text-stone-600">
              <FormattedMessage id="customers.noAppointments" />
            </p>
          ) : (
            <ul className="flex flex-col gap-2" data-testid="record-appointments">
              {customer.appointments.map((a) => (
                <li key={a.id} className="flex flex-col gap-1 text-sm">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="text-stone-800">
                      {a.service.name} · {stampOf(a.dateTime, timeZone)} · {a.employee.firstName} {a.employee.lastName}
                    </span>
                    <AppointmentStatusBadge status={a.status} />
                  </div>
                  <AnswerList answers={a.answers} />
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section title={<FormattedMessage id="customers.orders" />}>
          {customer.orders.length === 0 ? (
            <p className="text-sm text-stone-600">
              <FormattedMessage id="customers.noOrders" />
            </p>
          ) : (
            <ul className="flex flex-col gap-2" data-testid="record-orders">
              {customer.orders.map((o) => (
                <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                  <Link to={`/admin/orders/${o.id}`} className="text-stone-800 underline">
                    <FormattedMessage id="customers.orderNumber" values={{ number: orderNumber(o.id) }} /> ·{' '}
                    {dateOf(o.createdAt, timeZone)}
                  </Link>
                  <span className="flex items-center gap-2">
                    <OrderStatusBadge status={o.status} />
                    <span className="font-medium text-stone-900">{money(o.total)}</span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Section>
      </CardContent>
    </Card>
  );
}
