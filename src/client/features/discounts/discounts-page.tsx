import { useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { EditDeleteButtons } from '../../components/edit-delete-buttons';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, ListCard } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { Switch } from '../../components/ui/switch';
import { useFormatMoney } from '../../lib/money';
import { useTimeZone } from '../../lib/session';
import { errorMessage } from '../../lib/trpc';
import { dateKeyOf, dayLabelOf } from '../../lib/zoned-time';
import type { MessageId } from '../../../shared/i18n/en';
import { useDeleteDiscount, useDiscounts, useUpdateDiscount, type DiscountItem } from './discounts-api';
import { DiscountDialog, lastDayKeyOf } from './discount-dialog';

function valueText(d: Pick<DiscountItem, 'kind' | 'value'>, money: (amount: string) => string, intl: IntlShape) {
  return d.kind === 'percent'
    ? intl.formatMessage({ id: 'discounts.percentOff' }, { percent: Number(d.value) })
    : intl.formatMessage({ id: 'discounts.amountOff' }, { amount: money(d.value) });
}

/** The code's dates as whole business days ("Oct 8, 2026 to Nov 5, 2026"); the end day is included. */
function DatesText({ discount: d, timeZone }: { discount: DiscountItem; timeZone: string }) {
  // A date never breaks across lines ("Nov 5, / 2026"); the sentence may break between them.
  const day = (key: string) => <span className="whitespace-nowrap">{dayLabelOf(key, 'monthDayYear')}</span>;
  const start = d.startsAt ? day(dateKeyOf(d.startsAt, timeZone)) : null;
  const end = d.endsAt ? day(lastDayKeyOf(d.endsAt, timeZone)) : null;
  if (start && end) return <FormattedMessage id="discounts.between" values={{ start, end }} />;
  if (start) return <FormattedMessage id="discounts.from" values={{ start }} />;
  if (end) return <FormattedMessage id="discounts.until" values={{ end }} />;
  return <FormattedMessage id="discounts.noEnd" />;
}

/**
 * Whether customers can use the code now and, when not, why. The reasons that stay whatever the switch says
 * (its dates are over, its uses are gone) come first; then switched off; then a start still to come.
 */
const statuses = {
  expired: { id: 'discounts.expired', tone: 'danger' },
  usedUp: { id: 'discounts.usedUp', tone: 'accent' },
  inactive: { id: 'discounts.inactive', tone: 'neutral' },
  scheduled: { id: 'discounts.scheduled', tone: 'secondary' },
  active: { id: 'discounts.active', tone: 'success' },
} satisfies Record<string, { id: MessageId; tone: BadgeTone }>;

function statusOf(d: DiscountItem, now: Date): keyof typeof statuses {
  if (d.endsAt && new Date(d.endsAt) <= now) return 'expired';
  if (d.usageLimit !== null && d.timesUsed >= d.usageLimit) return 'usedUp';
  if (!d.isActive) return 'inactive';
  if (d.startsAt && new Date(d.startsAt) > now) return 'scheduled';
  return 'active';
}

/** /admin/discounts: the shop's discount codes with their uses; create, edit, switch off and delete them. */
export function DiscountsPage() {
  const intl = useIntl();
  const discounts = useDiscounts();
  const timeZone = useTimeZone();
  const money = useFormatMoney();
  const update = useUpdateDiscount();
  const remove = useDeleteDiscount();
  const [editing, setEditing] = useState<DiscountItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<DiscountItem | null>(null);
  const now = new Date();

  const setActive = (d: DiscountItem, isActive: boolean) =>
    update.mutate({
      id: d.id,
      code: d.code,
      kind: d.kind,
      value: d.value,
      minSubtotal: d.minSubtotal,
      startsAt: d.startsAt,
      endsAt: d.endsAt,
      usageLimit: d.usageLimit,
      perCustomerLimit: d.perCustomerLimit,
      isActive,
    });

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-stone-900">
            <FormattedMessage id="discounts.title" />
          </h1>
          <p className="mt-1 text-sm text-stone-600">
            <FormattedMessage id="discounts.intro" />
          </p>
        </div>
        <Button onClick={() => setEditing('new')}>
          <FormattedMessage id="discounts.newCode" />
        </Button>
      </div>

      {discounts.isLoading ? (
        <Spinner label={intl.formatMessage({ id: 'discounts.loading' })} />
      ) : discounts.isError ? (
        <p className="text-red-700">{errorMessage(discounts.error)}</p>
      ) : discounts.data!.length === 0 ? (
        <Card>
          <CardContent className="px-5 py-10 text-center text-stone-600">
            <FormattedMessage id="discounts.none" />
          </CardContent>
        </Card>
      ) : (
        <ul
          className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
          aria-label={intl.formatMessage({ id: 'discounts.listLabel' })}
        >
          {discounts.data!.map((d) => {
            const status = statuses[statusOf(d, now)];
            return (
              <li key={d.id}>
                <ListCard
                  data-testid="discount-card"
                  heading={
                    <>
                      <h2 className="break-all font-mono text-lg font-semibold text-stone-900">{d.code}</h2>
                      <p className="text-sm font-medium text-brand-800">{valueText(d, money, intl)}</p>
                    </>
                  }
                  badge={
                    <Badge
                      id={`discount-status-${d.id}`}
                      data-testid="discount-status"
                      tone={status.tone}
                      className="shrink-0 whitespace-nowrap"
                    >
                      <FormattedMessage id={status.id} />
                    </Badge>
                  }
                  actions={
                    <>
                      <label className="flex items-center gap-2 text-sm text-stone-800">
                        <Switch
                          checked={d.isActive}
                          onCheckedChange={(checked) => setActive(d, checked)}
                          disabled={update.isPending}
                          aria-label={intl.formatMessage({ id: 'discounts.enabledLabel' }, { code: d.code })}
                          aria-describedby={`discount-status-${d.id}`}
                        />
                        <FormattedMessage id="discounts.enabled" />
                      </label>
                      {/* When the row wraps (a longer switch label), the buttons keep to the right. */}
                      <EditDeleteButtons name={d.code} onEdit={() => setEditing(d)} onDelete={() => setDeleting(d)} />
                    </>
                  }
                >
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-stone-700">
                    <dt className="text-stone-600">
                      <FormattedMessage id="discounts.timesUsed" />
                    </dt>
                    <dd data-testid="times-used">
                      {d.usageLimit !== null ? (
                        <FormattedMessage id="discounts.usedOf" values={{ used: d.timesUsed, limit: d.usageLimit }} />
                      ) : (
                        d.timesUsed
                      )}
                    </dd>
                    <dt className="text-stone-600">
                      <FormattedMessage id="discounts.perCustomer" />
                    </dt>
                    <dd>{d.perCustomerLimit}</dd>
                    <dt className="text-stone-600">
                      <FormattedMessage id="discounts.minimum" />
                    </dt>
                    <dd>{d.minSubtotal ? money(d.minSubtotal) : intl.formatMessage({ id: 'discounts.noMinimum' })}</dd>
                    <dt className="text-stone-600">
                      <FormattedMessage id="discounts.dates" />
                    </dt>
                    <dd data-testid="discount-dates">
                      <DatesText discount={d} timeZone={timeZone} />
                    </dd>
                  </dl>
                </ListCard>
              </li>
            );
          })}
        </ul>
      )}

      {editing && (
        <DiscountDialog
          discount={editing === 'new' ? null : editing}
          timeZone={timeZone}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={!!deleting}
        onClose={() => setDeleting(null)}
        title={
          deleting
            ? intl.formatMessage({ id: 'discounts.deleteTitle' }, { code: deleting.code })
            : intl.formatMessage({ id: 'discounts.deleteTitleNoCode' })
        }
        description={intl.formatMessage({ id: 'discounts.deleteText' })}
        confirmLabel={intl.formatMessage({ id: 'discounts.delete' })}
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id }, { onSettled: () => setDeleting(null) })}
      />
    </div>
  );
}
