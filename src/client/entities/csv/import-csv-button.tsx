import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { importPermission, type ImportKind } from '../../../shared/csv-schema';
import { can } from '../../../shared/roles';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { useToast } from '../../components/ui/toast';
import { languageHeader } from '../../lib/rest';
import { useCurrentUser } from '../../lib/session';

interface ImportAnswer {
  message?: string;
  created?: number;
  updated?: number;
  errors?: { line: number; column: string; message: string }[];
}

/** POST /api/admin/imports/{kind}: the file as text/csv; a dry run checks it and writes nothing. */
async function sendImport(
  kind: ImportKind,
  text: string,
  dryRun: boolean,
): Promise<{ ok: boolean; answer: ImportAnswer }> {
  const res = await fetch(`/api/admin/imports/${kind}${dryRun ? '?dryRun=true' : ''}`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'text/csv', accept: 'application/json', ...languageHeader() },
    body: text,
  });
  const answer = (await res.json().catch(() => ({ message: res.statusText }))) as ImportAnswer;
  return { ok: res.ok, answer };
}

/**
 * "Import CSV" (docs/customers.md): choose a file, see every error by line and column (a dry run), then import all of
 * it or nothing. Shown only to those who hold the import's permission.
 */
export function ImportCsvButton({ kind, kindLabel }: { kind: ImportKind; kindLabel: string }) {
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (!user || !can(user, importPermission[kind])) return null;
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        onClick={() => setOpen(true)}
        data-testid={`import-${kind}`}
      >
        <FormattedMessage id="records.importCsv" />
      </Button>
      {open && <ImportDialog kind={kind} kindLabel={kindLabel} onClose={() => setOpen(false)} />}
    </>
  );
}

function ImportDialog({ kind, kindLabel, onClose }: { kind: ImportKind; kindLabel: string; onClose: () => void }) {
  const intl = useIntl();
  const toast = useToast();
  const queryClient = useQueryClient();
  const fileId = useId();
  const [text, setText] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ ok: boolean; answer: ImportAnswer } | null>(null);
  const [busy, setBusy] = useState<'checking' | 'importing' | null>(null);

  async function check() {
    if (text === null) return;
    setBusy('checking');
    try {
      setPreview(await sendImport(kind, text, true));
    } finally {
      setBusy(null);
    }
  }

  async function importAll() {
    if (text === null) return;
    setBusy('importing');
    try {
      const { ok, answer } = await sendImport(kind, text, false);
      if (!ok) {
        setPreview({ ok, answer });
        toast({
          title: intl.formatMessage({ id: 'records.importFailed' }),
          description: answer.message,
          variant: 'destructive',
        });
        return;
      }
      await queryClient.invalidateQueries();
      toast({
        title: intl.formatMessage(
          { id: 'records.imported' },
          { created: answer.created ?? 0, updated: answer.updated ?? 0 },
        ),
      });
      onClose();
    } finally {
      setBusy(null);
    }
  }

  const errors = preview?.answer.errors ?? [];
  return (
    <Dialog
      open
      onClose={onClose}
      title={intl.formatMessage({ id: 'records.importTitle' }, { kind: kindLabel })}
      description={intl.formatMessage({ id: 'records.importText' })}
    >
      <div className="flex flex-col gap-4" data-testid="import-dialog">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={fileId} className="text-sm font-medium text-stone-800">
            <FormattedMessage id="records.importFile" />
          </label>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            className="text-sm text-stone-800 file:mr-3 file:rounded-lg file:border file:border-stone-300 file:bg-white file:px-3 file:py-1.5 file:text-sm"
            onChange={async (e) => {
              const file = e.target.files?.[0];
              setPreview(null);
              setText(file ? await file.text() : null);
            }}
          />
        </div>
        {preview && !preview.ok && (
          <div className="flex flex-col gap-2" role="alert">
            <p className="text-sm font-medium text-red-700">
              {errors.length ? (
                <FormattedMessage id="records.importErrors" values={{ count: errors.length }} />
              ) : (
                preview.answer.message
              )}
            </p>
            {errors.length > 0 && (
              <div className="max-h-64 overflow-auto rounded-lg border border-stone-200">
                <table className="w-full text-left text-sm" data-testid="import-errors">
                  <thead className="bg-stone-50 text-stone-700">
                    <tr>
                      <th scope="col" className="px-3 py-2">
                        <FormattedMessage id="records.line" />
                      </th>
                      <th scope="col" className="px-3 py-2">
                        <FormattedMessage id="records.column" />
                      </th>
                      <th scope="col" className="px-3 py-2">
                        <FormattedMessage id="records.problem" />
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {errors.map((e, i) => (
                      <tr key={i} className="border-t border-stone-100">
                        <td className="px-3 py-1.5 tabular-nums">{e.line}</td>
                        <td className="px-3 py-1.5">{e.column}</td>
                        <td className="px-3 py-1.5">{e.message}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </div>
        )}
        {preview?.ok && (
          <p className="text-sm text-stone-800" role="status" data-testid="import-preview">
            <FormattedMessage
              id="records.previewOk"
              values={{ created: preview.answer.created ?? 0, updated: preview.answer.updated ?? 0 }}
            />
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            <FormattedMessage id="app.cancel" />
          </Button>
          {preview?.ok ? (
            <Button onClick={() => void importAll()} disabled={busy !== null}>
              <FormattedMessage id={busy === 'importing' ? 'records.importing' : 'records.importAll'} />
            </Button>
          ) : (
            <Button onClick={() => void check()} disabled={text === null || busy !== null}>
              <FormattedMessage id={busy === 'checking' ? 'records.checking' : 'records.checkFile'} />
            </Button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
