import type { AppointmentAnswer } from '../../shared/appointment-schema';
import type { ServiceQuestion } from '../../shared/catalog';
import { sentence } from '../../shared/i18n/sentence';
import { AppError } from '../app-error';

/**
 * A booking's answers to the service's intake questions, as the appointment keeps them: each question's label as it
 * reads now and the answer, in the questions' order, so that editing the questions later leaves past answers as
 * they were. A required question left unanswered (blank text, no option, an unticked checkbox) is refused naming it;
 * answers to questions the service doesn't ask are dropped.
 */
export function intakeAnswers(
  questions: readonly ServiceQuestion[],
  given: Record<string, string | boolean> | null | undefined,
): AppointmentAnswer[] {
  const answers: AppointmentAnswer[] = [];
  for (const question of questions) {
    const raw = given?.[question.id];
    const answer = answerOf(question, raw);
    if (answer === null || answer === '' || answer === false) {
      if (question.required)
        throw new AppError('BAD_REQUEST', sentence('Please answer "{question}".', { question: question.label }));
      if (answer === null) continue;
    }
    answers.push({ questionId: question.id, label: question.label, answer });
  }
  return answers;
}

function answerOf(question: ServiceQuestion, raw: string | boolean | undefined): string | boolean | null {
  if (raw === undefined) return null;
  if (question.kind === 'checkbox') {
    if (typeof raw === 'boolean') return raw;
    if (raw === 'true' || raw === 'false') return raw === 'true';
    throw new AppError(
      'BAD_REQUEST',
      sentence('The answer to "{question}" must be true or false.', { question: question.label }),
    );
  }
  const text = String(raw).trim();
  if (question.kind === 'choice' && text !== '' && !question.options?.includes(text))
    throw new AppError(
      'BAD_REQUEST',
      sentence('The answer to "{question}" must be one of its options.', { question: question.label }),
    );
  return text;
}
