import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage, resolveLocale } from './locales';

describe('localeFromAcceptLanguage', () => {
  it('takes the first spoken language by q-value, ignoring the region', () => {
    expect(localeFromAcceptLanguage('es-ES,es;q=0.9,en;q=0.8')).toBe('es');
    expect(localeFromAcceptLanguage('fr-FR, en;q=0.5, es;q=0.7')).toBe('es');
    expect(localeFromAcceptLanguage('es-MX')).toBe('es');
    expect(localeFromAcceptLanguage('EN-us')).toBe('en');
  });

  it('answers nothing when no spoken language is asked for', () => {
    expect(localeFromAcceptLanguage(undefined)).toBeUndefined();
    expect(localeFromAcceptLanguage('fr, de;q=0.9')).toBeUndefined();
    expect(localeFromAcceptLanguage('es;q=0, fr')).toBeUndefined();
    expect(localeFromAcceptLanguage('*')).toBeUndefined();
  });
});

describe('resolveLocale', () => {
  it('prefers the person’s choice, then the browser, then the business', () => {
    expect(resolveLocale({ user: 'en', acceptLanguage: 'es', businessDefault: 'es' })).toBe('en');
    expect(resolveLocale({ user: null, acceptLanguage: 'es', businessDefault: 'en' })).toBe('es');
    expect(resolveLocale({ acceptLanguage: 'fr', businessDefault: 'es' })).toBe('es');
  });
});
