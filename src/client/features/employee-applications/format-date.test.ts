import { describe, expect, it } from 'vitest';
import { formatApplicationDate } from './format-date';

describe('formatApplicationDate', () => {
  it('writes MMM dd, yyyy with a two-digit day', () => {
    expect(formatApplicationDate(new Date(2026, 2, 5, 12).toISOString())).toBe('Mar 05, 2026');
    expect(formatApplicationDate(new Date(2025, 11, 31, 23).toISOString())).toBe('Dec 31, 2025');
  });
  it('is empty for nothing or nonsense', () => {
    expect(formatApplicationDate(null)).toBe('');
    expect(formatApplicationDate('yesterday')).toBe('');
  });
});
