import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ServiceQuestion } from '../../../shared/catalog';
import { Checkbox } from '../../components/ui/checkbox';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';

export type IntakeAnswers = Record<string, string | boolean>;

/**
 * A service's intake questions on both booking pages: the business's own words, with the page's labels, choices and
 * "required" marks in the customer's language. The server checks the answers (a missing required one names it).
 */
export function IntakeQuestions({
  questions,
  answers,
  onChange,
}: {
  questions: readonly ServiceQuestion[];
  answers: IntakeAnswers;
  onChange: (answers: IntakeAnswers) => void;
}) {
  const intl = useIntl();
  const baseId = useId();
  if (!questions.length) return null;
  const set = (id: string, value: string | boolean) => onChange({ ...answers, [id]: value });
  return (
    <fieldset className="flex flex-col gap-3" data-testid="intake-questions">
      <legend className="text-sm font-semibold text-stone-900">
        <FormattedMessage id="records.bookingQuestions" />
      </legend>
      {questions.map((q, i) => {
        const id = `${baseId}-${i}`;
        const label = (
          <>
            {q.label}
            {q.required && (
              <span className="ml-1 font-normal text-stone-600">
                <FormattedMessage id="records.requiredMark" />
              </span>
            )}
          </>
        );
        if (q.kind === 'checkbox')
          return (
            <Checkbox
              key={q.id}
              label={label}
              checked={answers[q.id] === true}
              onChange={(checked) => set(q.id, checked)}
            />
          );
        return (
          <div key={q.id} className="flex flex-col gap-1.5">
            <label htmlFor={id} className="text-sm font-medium text-stone-800">
              {label}
            </label>
            {q.kind === 'choice' ? (
              <Select
                id={id}
                value={typeof answers[q.id] === 'string' ? (answers[q.id] as string) : ''}
                onValueChange={(value) => set(q.id, value)}
                options={(q.options ?? []).map((o) => ({ value: o, label: o }))}
                placeholder={intl.formatMessage({ id: 'records.chooseOne' })}
              />
            ) : (
              <Input
                id={id}
                aria-required={q.required}
                maxLength={1000}
                value={typeof answers[q.id] === 'string' ? (answers[q.id] as string) : ''}
                onChange={(e) => set(q.id, e.target.value)}
              />
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
