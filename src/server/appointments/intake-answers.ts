import type { AppointmentAnswer } from '../../shared/appointment-schema';
import { questionWords, type ServiceQuestion } from '../../shared/catalog';
import type { Locale } from '../../shared/i18n/locales';
import { sentence } from '../../shared/i18n/sentence';
import { AppError } from '../app-error';

/**
 * A booking's answers to the service's intake questions, as the appointment keeps them: each question's label as
 * the customer was asked it (in the booking's language, English where the question has no words in it) and the
 * answer, a choice in the words she chose, in the questions' order, so that editing the questions later leaves
 * past answers as they were. A required question left unanswered (blank text, no option, an unticked checkbox) is
 * refused naming it; answers to questions the service doesn't ask are dropped.
 */
export function intakeAnswers(
  questions: readonly ServiceQuestion[],
  given: Record<string, string | boolean> | null | undefined,
  locale: Locale,
): AppointmentAnswer[] {
  const answers: AppointmentAnswer[] = [];
  for (const question of questions) {
    const words = questionWords(question, locale);
    const answer = answerOf(question, words, given?.[question.id]);
    if (answer === null || answer === '' || answer === false) {
      if (question.required)
        throw new AppError('BAD_REQUEST', sentence('Please answer "{question}".', { question: words.label }), {
          field: fieldOf(question),
        });
      if (answer === null) continue;
    }
    answers.push({ questionId: question.id, label: words.label, answer });
  }
  return answers;
}

/** Where the answer is in a booking's input, for the refusal's `issues`. */
const fieldOf = (question: ServiceQuestion) => `answers.${question.id}`;

/**
 * The answer as kept. A choice may be given in English or in the booking's language (the API's callers send the
 * English option, the booking pages the one they showed) and is kept in the booking's language.
 */
function answerOf(
  question: ServiceQuestion,
  words: { label: string; options?: string[] },
  raw: string | boolean | undefined,
): string | boolean | null {
  if (raw === undefined) return null;
  if (question.kind === 'checkbox') {
    if (typeof raw === 'boolean') return raw;
    if (raw === 'true' || raw === 'false') return raw === 'true';
    throw new AppError(
      'BAD_REQUEST',
      sentence('The answer to "{question}" must be true or false.', { question: words.label }),
      { field: fieldOf(question) },
    );
  }
  const text = String(raw).trim();
  if (question.kind !== 'choice' || text === '') return text;
  const index = Math.max(question.options?.indexOf(text) ?? -1, words.options?.indexOf(text) ?? -1);
  if (index < 0)
    throw new AppError(
      'BAD_REQUEST',
      sentence('The answer to "{question}" must be one of its options.', { question: words.label }),
      { field: fieldOf(question) },
    );
  return words.options![index]!;
}
