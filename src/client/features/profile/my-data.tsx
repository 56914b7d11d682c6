import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button, buttonClass } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { useToast } from '../../components/ui/toast';
import { errorMessage, trpc } from '../../lib/trpc';

const CONFIRM_WORD = 'DELETE';

/**
 * The profile's data rights (docs/customers.md): download everything the business holds as JSON, and (customers)
 * delete the account after typing DELETE. A deleted account is signed out and the page starts afresh.
 */
export function MyData({ canDelete }: { canDelete: boolean }) {
  const intl = useIntl();
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const remove = trpc.auth.deleteAccount.useMutation({
    onSuccess: () => window.location.assign('/'),
    onError: (error) =>
      toast({
        title: intl.formatMessage({ id: 'records.deleteFailed' }),
        description: errorMessage(error, ''),
        variant: 'destructive',
      }),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="records.yourData" />
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="text-sm text-stone-600">
          <FormattedMessage id="records.yourDataText" />
        </p>
        <div className="flex flex-wrap gap-3">
          <a href="/api/auth/user/export" download="my-data.json" className={buttonClass('outline')}>
            <FormattedMessage id="records.downloadData" />
          </a>
          {canDelete && (
            <Button variant="destructive-outline" onClick={() => setAsking(true)}>
              <FormattedMessage id="records.deleteAccount" />
            </Button>
          )}
        </div>
      </CardContent>
      {asking && (
        <Dialog
          open
          onClose={() => {
            setAsking(false);
            setTyped('');
          }}
          title={intl.formatMessage({ id: 'records.deleteAccount' })}
          description={intl.formatMessage({ id: 'records.deleteText' })}
        >
          <form
            className="flex flex-col gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              if (typed === CONFIRM_WORD) remove.mutate({ confirm: CONFIRM_WORD });
            }}
          >
            <div className="flex flex-col gap-1.5">
              <label htmlFor={inputId} className="text-sm font-medium text-stone-800">
                <FormattedMessage id="records.typeDelete" values={{ word: CONFIRM_WORD }} />
              </label>
              <Input id={inputId} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
            </div>
            <div className="flex justify-end gap-2">
              <Button variant="outline" onClick={() => setAsking(false)}>
                <FormattedMessage id="app.cancel" />
              </Button>
              <Button type="submit" variant="destructive" disabled={typed !== CONFIRM_WORD || remove.isPending}>
                <FormattedMessage id="records.deleteForever" />
              </Button>
            </div>
          </form>
        </Dialog>
      )}
    </Card>
  );
}
