import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { questionWords, type ServiceQuestion } from '../../../shared/catalog';
import { pageLocale } from '../../lib/page-state';
import { Checkbox } from '../../components/ui/checkbox';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import type { IntakeAnswers } from './intake-answers';

/**
 * A service's intake questions on both booking pages, in the page's language: the business's words for it (English
 * where a question has none), and the page's own texts ("required", "Choose one"). A choice sends the option as
 * shown, a checkbox left unticked `false` (`answersAsShown`); the server checks the answers (a missing required one
 * names it) and keeps them in these words.
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
  const locale = pageLocale();
  return (
    <fieldset className="flex flex-col gap-3" data-testid="intake-questions">
      <legend className="text-sm font-semibold text-stone-900">
        <FormattedMessage id="records.bookingQuestions" />
      </legend>
      {questions.map((q, i) => {
        const id = `${baseId}-${i}`;
        const words = questionWords(q, locale);
        const label = (
          <>
            {words.label}
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
                options={(words.options ?? []).map((o) => ({ value: o, label: o }))}
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
