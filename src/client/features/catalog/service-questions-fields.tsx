import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { catalogLimits } from '../../../shared/catalog';
import { Button } from '../../components/ui/button';
import { CheckboxField, SelectField, TextField } from '../../components/ui/form';

interface QuestionRow {
  id?: string;
  label: string;
  kind: string;
  /** The dialog holds a choice's options as one text, comma-separated (ZServiceForm splits it). */
  options?: string | string[];
  required?: boolean;
  /** The Spanish words, held as the English ones are. */
  translations?: { es?: { label?: string; options?: string | string[] } };
}

/** The service dialog's intake questions (docs/customers.md): asked on both booking pages, at most 10. */
export function ServiceQuestionsFields() {
  const intl = useIntl();
  const { control } = useFormContext<{ questions: QuestionRow[] }>();
  const { fields, append, remove } = useFieldArray({ control, name: 'questions' });
  const questions = useWatch({ control, name: 'questions' }) ?? [];
  const kinds = [
    { value: 'text', label: intl.formatMessage({ id: 'records.kindText' }) },
    { value: 'choice', label: intl.formatMessage({ id: 'records.kindChoice' }) },
    { value: 'checkbox', label: intl.formatMessage({ id: 'records.kindCheckbox' }) },
  ];
  return (
    <fieldset className="flex flex-col gap-2" data-testid="service-questions">
      <legend className="text-sm font-medium text-stone-800">
        <FormattedMessage id="records.questionsTitle" />
      </legend>
      <p className="text-xs text-stone-600">
        <FormattedMessage id="records.questionsText" values={{ max: catalogLimits.questionsMax }} />
      </p>
      {fields.map((field, i) => (
        <div key={field.id} className="flex flex-col gap-2 rounded-lg border border-stone-200 p-3">
          <div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
            <TextField
              name={`questions.${i}.label`}
              label={intl.formatMessage({ id: 'records.questionLabel' }, { n: i + 1 })}
              maxLength={catalogLimits.questionLabelMax}
              required
            />
            <SelectField
              name={`questions.${i}.kind`}
              label={intl.formatMessage({ id: 'records.questionKind' }, { n: i + 1 })}
              options={kinds}
            />
          </div>
          {questions[i]?.kind === 'choice' && (
            <TextField
              name={`questions.${i}.options`}
              label={intl.formatMessage({ id: 'records.questionOptions' }, { n: i + 1 })}
              placeholder={intl.formatMessage({ id: 'records.questionOptionsPlaceholder' })}
              required
            />
          )}
          <TextField
            name={`questions.${i}.translations.es.label`}
            label={intl.formatMessage({ id: 'records.questionLabelSpanish' }, { n: i + 1 })}
            maxLength={catalogLimits.questionLabelMax}
          />
          {questions[i]?.kind === 'choice' && (
            <TextField
              name={`questions.${i}.translations.es.options`}
              label={intl.formatMessage({ id: 'records.questionOptionsSpanish' }, { n: i + 1 })}
              placeholder={intl.formatMessage({ id: 'records.questionOptionsSpanishPlaceholder' })}
            />
          )}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <CheckboxField
              name={`questions.${i}.required`}
              label={intl.formatMessage({ id: 'records.questionRequired' }, { n: i + 1 })}
            />
            <Button variant="outline" size="sm" onClick={() => remove(i)}>
              <FormattedMessage id="records.removeQuestion" values={{ n: i + 1 }} />
            </Button>
          </div>
        </div>
      ))}
      <div>
        <Button
          variant="outline"
          size="sm"
          disabled={fields.length >= catalogLimits.questionsMax}
          onClick={() =>
            append({
              label: '',
              kind: 'text',
              options: '',
              required: false,
              translations: { es: { label: '', options: '' } },
            })
          }
        >
          <FormattedMessage id="records.addQuestion" />
        </Button>
      </div>
    </fieldset>
  );
}
