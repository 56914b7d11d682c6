import { useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, ListCard } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { Switch } from '../../components/ui/switch';
import { useFormatMoney } from '../../lib/money';
import { useTimeZone } from '../../lib/session';
import { errorMessage } from '../../lib/trpc';
import { addDaysToKey, dateKeyOf } from '../../lib/zoned-time';
import { useDeleteDiscount, useDiscounts, useUpdateDiscount, type DiscountItem } from './discounts-api';
import { DiscountDialog } from './discount-dialog';

function valueText(d: Pick<DiscountItem, 'kind' | 'value'>, money: (amount: string) => string, intl: IntlShape) {
  return d.kind === 'percent'
    ? intl.formatMessage({ id: 'discounts.percentOff' }, { percent: Number(d.value) })
    : intl.formatMessage({ id: 'discounts.amountOff' }, { amount: money(d.value) });
}

/** The code's dates as whole business days; the end day is included. */
function datesText(d: DiscountItem, timeZone: string, intl: IntlShape) {
  const start = d.startsAt ? dateKeyOf(d.startsAt, timeZone) : null;
  const end = d.endsAt ? addDaysToKey(dateKeyOf(d.endsAt, timeZone), -1) : null;
  if (start && end) return intl.formatMessage({ id: 'discounts.between' }, { start, end });
  if (start) return intl.formatMessage({ id: 'discounts.from' }, { start });
  if (end) return intl.formatMessage({ id: 'discounts.until' }, { end });
  return intl.formatMessage({ id: 'discounts.noEnd' });
}

function isExpired(d: DiscountItem) {
  return !!d.endsAt && new Date(d.endsAt) <= new Date();
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
          {discounts.data!.map((d) => (
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
                  isExpired(d) ? (
                    <Badge tone="danger">
                      <FormattedMessage id="discounts.expired" />
                    </Badge>
                  ) : d.isActive ? (
                    <Badge tone="success">
                      <FormattedMessage id="discounts.active" />
                    </Badge>
                  ) : (
                    <Badge tone="neutral">
                      <FormattedMessage id="discounts.inactive" />
                    </Badge>
                  )
                }
                actions={
                  <>
                    <label className="flex items-center gap-2 text-sm text-stone-800">
                      <Switch
                        checked={d.isActive}
                        onCheckedChange={(checked) => setActive(d, checked)}
                        disabled={update.isPending}
                        aria-label={intl.formatMessage({ id: 'discounts.activeLabel' }, { code: d.code })}
                      />
                      <FormattedMessage id="discounts.active" />
                    </label>
                    <div className="flex gap-2">
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => setEditing(d)}
                        aria-label={intl.formatMessage({ id: 'discounts.editLabel' }, { code: d.code })}
                      >
                        <FormattedMessage id="discounts.edit" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => setDeleting(d)}
                        aria-label={intl.formatMessage({ id: 'discounts.deleteLabel' }, { code: d.code })}
                      >
                        <FormattedMessage id="discounts.delete" />
                      </Button>
                    </div>
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
                  <dd>{datesText(d, timeZone, intl)}</dd>
                </dl>
              </ListCard>
            </li>
          ))}
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
