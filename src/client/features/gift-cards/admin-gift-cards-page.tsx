import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatGiftCardCode } from '../../../shared/gift-card-code';
import { ZIssueGiftCardInput } from '../../../shared/gift-card-schema';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card, CardContent, ListCard } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { Form, TextareaField, TextField, useZodForm } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { useFormatMoney } from '../../lib/money';
import { useTimeZone } from '../../lib/session';
import { errorMessage } from '../../lib/trpc';
import { stampOf } from '../../lib/zoned-time';
import { GiftCardStatus } from './gift-card-status';
import { useGiftCards, useIssueGiftCard } from './gift-cards-api';

/** /admin/gift-cards: every card with its balance; issue one; open one for its ledger. */
export function AdminGiftCardsPage() {
  const intl = useIntl();
  const cards = useGiftCards();
  const money = useFormatMoney();
  const timeZone = useTimeZone();
  const [issuing, setIssuing] = useState(false);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-stone-900">
            <FormattedMessage id="giftCards.adminTitle" />
          </h1>
          <p className="mt-1 text-sm text-stone-600">
            <FormattedMessage id="giftCards.adminIntro" />
          </p>
        </div>
        <Button onClick={() => setIssuing(true)}>
          <FormattedMessage id="giftCards.issue" />
        </Button>
      </div>

      {cards.isLoading ? (
        <Spinner label={intl.formatMessage({ id: 'giftCards.loading' })} />
      ) : cards.isError ? (
        <p className="text-red-700">{errorMessage(cards.error)}</p>
      ) : cards.data!.length === 0 ? (
        <Card>
          <CardContent className="px-5 py-10 text-center text-stone-600">
            <FormattedMessage id="giftCards.none" />
          </CardContent>
        </Card>
      ) : (
        <ul
          className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
          aria-label={intl.formatMessage({ id: 'giftCards.listLabel' })}
        >
          {cards.data!.map((card) => {
            const code = formatGiftCardCode(card.code);
            return (
              <li key={card.id}>
                <ListCard
                  data-testid="gift-card"
                  heading={
                    <>
                      <h2
                        id={`gift-card-code-${card.id}`}
                        className="break-all font-mono text-base font-semibold text-stone-900"
                        translate="no"
                      >
                        {code}
                      </h2>
                      <p className="text-lg font-semibold text-brand-800" data-testid="gift-card-balance">
                        {money(card.balance)}
                      </p>
                    </>
                  }
                  badge={<GiftCardStatus card={card} />}
                  actions={
                    <ButtonLink
                      to={`/admin/gift-cards/${card.id}`}
                      variant="outline"
                      size="sm"
                      className="ml-auto"
                      id={`gift-card-ledger-${card.id}`}
                      // "Ledger" and the card's code: the code is data, so it is not put into a translated label.
                      aria-labelledby={`gift-card-ledger-${card.id} gift-card-code-${card.id}`}
                    >
                      <FormattedMessage id="giftCards.view" />
                    </ButtonLink>
                  }
                >
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-stone-700">
                    <dt className="text-stone-600">
                      <FormattedMessage id="giftCards.initial" />
                    </dt>
                    <dd>{money(card.initialAmount)}</dd>
                    <dt className="text-stone-600">
                      <FormattedMessage id="giftCards.recipient" />
                    </dt>
                    <dd className="break-all">
                      {card.recipientEmail ?? intl.formatMessage({ id: 'giftCards.noRecipient' })}
                    </dd>
                    <dt className="text-stone-600">
                      <FormattedMessage id="giftCards.created" />
                    </dt>
                    <dd>{stampOf(card.createdAt, timeZone)}</dd>
                  </dl>
                </ListCard>
              </li>
            );
          })}
        </ul>
      )}
      {issuing && <IssueDialog onClose={() => setIssuing(false)} />}
    </div>
  );
}

function IssueDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const issue = useIssueGiftCard();
  const form = useZodForm(ZIssueGiftCardInput, { defaultValues: { amount: '', recipientEmail: '', message: '' } });
  return (
    <Dialog
      open
      onClose={onClose}
      title={intl.formatMessage({ id: 'giftCards.issueTitle' })}
      description={intl.formatMessage({ id: 'giftCards.issueText' })}
    >
      <Form
        form={form}
        className="flex flex-col gap-4"
        onSubmit={(values) =>
          issue.mutate({ ...values, recipientEmail: values.recipientEmail || null }, { onSuccess: () => onClose() })
        }
      >
        <TextField name="amount" inputMode="decimal" label={intl.formatMessage({ id: 'giftCards.amount' })} />
        <TextField
          name="recipientEmail"
          type="email"
          autoComplete="off"
          label={intl.formatMessage({ id: 'giftCards.recipientEmail' })}
        />
        <TextareaField
          name="message"
          rows={2}
          maxLength={500}
          label={intl.formatMessage({ id: 'giftCards.message' })}
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            <FormattedMessage id="giftCards.cancel" />
          </Button>
          <Button type="submit" disabled={issue.isPending}>
            <FormattedMessage id="giftCards.issue" />
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
