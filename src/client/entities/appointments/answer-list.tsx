import { useIntl } from 'react-intl';

/** Appointment answers as staff and the customer read them: the question as asked, and the answer. */
export function AnswerList({
  answers,
}: {
  answers: readonly { questionId: string; label: string; answer: string | boolean }[];
}) {
  const intl = useIntl();
  if (!answers.length) return null;
  return (
    <dl className="mt-1 grid gap-x-3 gap-y-0.5 text-xs text-stone-700 sm:grid-cols-[auto_1fr]" data-testid="answers">
      {answers.map((a) => (
        <div key={a.questionId} className="contents">
          <dt className="font-medium text-stone-800">{a.label}</dt>
          <dd>
            {typeof a.answer === 'boolean'
              ? intl.formatMessage({ id: a.answer ? 'records.yes' : 'records.no' })
              : a.answer || '—'}
          </dd>
        </div>
      ))}
    </dl>
  );
}
