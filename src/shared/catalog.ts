/** Catalogue types and limits shared by server and client; free of zod so the storefront bundle stays small. */
import type { Locale } from './i18n/locales';

/** What products and services have in common; each adds its own field. */
interface CatalogItem {
  id: string;
  name: string;
  description: string;
  category: string;
  /** Decimal string with two decimals, e.g. "19.99". */
  price: string;
  imageUrl: string | null;
  isFeatured: boolean;
  isActive: boolean;
  /** When it last changed: an ISO instant to the microsecond. */
  updatedAt: string;
}

export interface Product extends CatalogItem {
  inventory: number;
}

/**
 * What a customer pays when booking a service: nothing, a fixed amount (decimal string, more than 0 and at most
 * the price) or the whole price (docs/booking.md, Deposits).
 */
export type Deposit = { type: 'none' } | { type: 'fixed'; amount: string } | { type: 'full' };

export interface Service extends CatalogItem {
  /** Minutes. */
  duration: number;
  /** Minutes the employee stays held before and after each appointment (the held span). */
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  /** How many customers may book one start with one employee; above 1 the service is a class. */
  capacity: number;
  /** Where it is offered (every location unless it names some) and the resources a booking holds a unit of. */
  locationIds: string[];
  resourceIds: string[];
  deposit: Deposit;
  /** Intake questions asked when booking, in the order asked (docs/customers.md). */
  questions: ServiceQuestion[];
}

export const questionKinds = ['text', 'choice', 'checkbox'] as const;

/** The languages a question may have words of its own in, besides English (its `label` and `options`). */
type QuestionLanguage = Exclude<Locale, 'en'>;

/** A question's words in one language: its label and, for a choice, its options in the same order. */
interface QuestionWords {
  label: string;
  options?: string[];
}

/**
 * An intake question: free text, one of the options, or a checkbox (a consent) answered true or false. `label` and
 * `options` are its English words; `translations` may give them in another language the product speaks, and a
 * language without them asks in English.
 */
export interface ServiceQuestion {
  id: string;
  label: string;
  kind: (typeof questionKinds)[number];
  /** The choices of a `choice` question. */
  options?: string[];
  required: boolean;
  translations?: Partial<Record<QuestionLanguage, QuestionWords>>;
}

/** The question's words in `locale`: its translation there when it has one, else its English words. */
export function questionWords(question: ServiceQuestion, locale: Locale): QuestionWords {
  const translated = locale === 'en' ? undefined : question.translations?.[locale];
  return {
    label: translated?.label || question.label,
    ...(question.options ? { options: question.options.map((o, i) => translated?.options?.[i] || o) } : {}),
  };
}

export const catalogLimits = {
  nameMax: 200,
  descriptionMax: 5000,
  categoryMax: 100,
  imageUrlMax: 2048,
  /** numeric(10,2) holds up to 99,999,999.99. */
  priceMax: 99_999_999.99,
  inventoryMax: 1_000_000,
  durationMin: 15,
  durationStep: 15,
  durationMax: 1440,
  durationDefault: 60,
  bufferMax: 240,
  bufferStep: 5,
  capacityMax: 100,
  questionsMax: 10,
  questionLabelMax: 200,
  questionOptionsMax: 20,
  answerMax: 1000,
  cartQuantityMax: 999,
} as const;

/** The amount a deposit asks for a service of that price: "0.00" for none. */
export function depositAmount(deposit: Deposit, price: string): string {
  if (deposit.type === 'fixed') return deposit.amount;
  return deposit.type === 'full' ? price : '0.00';
}

/** docs/catalogue.md: catalogue search is client-side, case-insensitive on name, description or category. */
export function searchText(item: Pick<Product, 'name' | 'description' | 'category'>): string {
  return `${item.name}\n${item.description}\n${item.category}`.toLowerCase();
}
