import type { ServiceQuestion } from '../../../shared/catalog';

export type IntakeAnswers = Record<string, string | boolean>;

/**
 * The answers a booking page sends: what the customer gave, and `false` for each checkbox she was shown and left
 * unticked. A box she saw and did not tick is her answer ("No" to staff); the server keeps only the answers it is
 * sent, since an API caller may book without showing the questions.
 */
export function answersAsShown(questions: readonly ServiceQuestion[], answers: IntakeAnswers): IntakeAnswers {
  const unticked = questions.filter((q) => q.kind === 'checkbox' && answers[q.id] === undefined);
  return { ...answers, ...Object.fromEntries(unticked.map((q) => [q.id, false])) };
}
