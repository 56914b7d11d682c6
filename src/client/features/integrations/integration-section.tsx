import { useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { controlClass } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/toast';
import { cn } from '../../lib/cn';
import { errorMessage } from '../../lib/trpc';

/** The secrets shown once: an API key, a webhook endpoint's signing secret. */
export type SecretKind = 'apiKey' | 'signingSecret';

/** What a create dialog answers once the server made the thing: whose secret, and the secret itself. */
export interface Revealed {
  owner: string;
  secret: string;
}

/**
 * One section of /admin/integrations: a heading with its explanation and its create button, then the list
 * (loading, failed, empty, or the items as `children` renders them). The create button opens `createDialog`;
 * what it creates carries a secret, shown once after it in a SecretOnceDialog (`secret` names it).
 */
export function IntegrationSection<T>({
  id,
  title,
  intro,
  createLabel,
  createDialog,
  secret,
  list,
  loadingLabel,
  empty,
  children,
}: {
  id: string;
  title: string;
  intro: ReactNode;
  /** Without it (a reader who may not create), no create button. */
  createLabel?: string;
  createDialog: (props: { onClose: () => void; onCreated: (revealed: Revealed) => void }) => ReactNode;
  secret: { title: string; kind: SecretKind };
  list: { isLoading: boolean; error: unknown; data: T[] | undefined };
  loadingLabel: string;
  empty: { title: string; text: string };
  children: (items: T[]) => ReactNode;
}) {
  const [creating, setCreating] = useState(false);
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id={`${id}-heading`} className="text-lg font-semibold text-stone-900">
            {title}
          </h2>
          <p className="mt-1 text-sm text-stone-600">{intro}</p>
        </div>
        {createLabel && (
          <div className="flex flex-col whitespace-nowrap">
            <Button onClick={() => setCreating(true)}>{createLabel}</Button>
          </div>
        )}
      </div>
      {list.isLoading ? (
        <Spinner label={loadingLabel} />
      ) : list.error || !list.data ? (
        <p className="text-red-700">{errorMessage(list.error)}</p>
      ) : list.data.length === 0 ? (
        <Card>
          <CardContent className="px-5 py-10 text-center">
            <p className="font-semibold text-stone-900">{empty.title}</p>
            <p className="text-sm text-stone-600">{empty.text}</p>
          </CardContent>
        </Card>
      ) : (
        children(list.data)
      )}
      {creating &&
        createDialog({
          onClose: () => setCreating(false),
          onCreated: (next) => {
            setCreating(false);
            setRevealed(next);
          },
        })}
      {revealed && <SecretOnceDialog {...secret} {...revealed} onClose={() => setRevealed(null)} />}
    </section>
  );
}

/**
 * A secret shown this once (it is kept only as a hash, or only for signing): the value to select, and a copy
 * button that falls back to selecting it where the clipboard is refused.
 */
function SecretOnceDialog({
  title,
  kind,
  owner,
  secret,
  onClose,
}: {
  title: string;
  /** What the secret is: the field's label and the words of the toasts name it. */
  kind: SecretKind;
  /** Whose secret it is, named in the warning. */
  owner: string;
  secret: string;
  onClose: () => void;
}) {
  const intl = useIntl();
  const toast = useToast();
  const field = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast({
        title: intl.formatMessage({ id: 'integrations.copied' }),
        description: intl.formatMessage({ id: 'integrations.secretCopied' }, { kind }),
      });
    } catch {
      // Without clipboard access (an insecure origin, a refused permission) the secret is selected to copy by hand.
      field.current?.select();
      toast({
        title: intl.formatMessage({ id: 'integrations.copyByHand' }),
        description: intl.formatMessage({ id: 'integrations.copyByHandHint' }, { kind }),
      });
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      description={intl.formatMessage({ id: 'integrations.secretWarning' }, { kind, owner })}
    >
      <div className="flex flex-col gap-4">
        <label className="flex flex-col gap-1.5 text-sm font-medium text-stone-800">
          <FormattedMessage id="integrations.secret" values={{ kind }} />
          <input
            ref={field}
            readOnly
            value={secret}
            className={cn(controlClass, 'h-10 font-mono text-xs')}
            onFocus={(e) => e.currentTarget.select()}
          />
        </label>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => void copy()}>
            <FormattedMessage id="integrations.copy" />
          </Button>
          <Button onClick={onClose}>
            <FormattedMessage id="integrations.done" />
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
