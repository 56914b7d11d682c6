import { describe, expect, it } from 'vitest';
import type { ServiceQuestion } from '../../../shared/catalog';
import { answersAsShown } from './intake-answers';

const questions: ServiceQuestion[] = [
  { id: 'allergies', label: 'Any allergies?', kind: 'text', required: false },
  { id: 'skin', label: 'Skin type', kind: 'choice', options: ['Dry', 'Oily'], required: false },
  { id: 'photos', label: 'Photos may be taken', kind: 'checkbox', required: false },
  { id: 'consent', label: 'I agree to the treatment', kind: 'checkbox', required: true },
];

describe('intake answers a booking page sends', () => {
  it('answer an unticked checkbox false, and leave unanswered text and choices out', () => {
    expect(answersAsShown(questions, {})).toEqual({ photos: false, consent: false });
    expect(answersAsShown(questions, { allergies: 'Nuts', consent: true })).toEqual({
      allergies: 'Nuts',
      photos: false,
      consent: true,
    });
    // Ticked and then unticked again is false as well.
    expect(answersAsShown(questions, { photos: false, consent: true })).toEqual({ photos: false, consent: true });
    expect(answersAsShown([], { other: 'x' })).toEqual({ other: 'x' });
  });
});
