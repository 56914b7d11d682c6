import createClient from 'openapi-fetch';
import type { components, paths } from '../../openapi/storefront-api';

/**
 * A small integrator: the storefront's REST API through a client generated from its OpenAPI document
 * (openapi-typescript types + openapi-fetch). Every path, parameter and answer below is type-checked against
 * openapi/openapi.json.
 */
export type StorefrontClient = ReturnType<typeof storefrontClient>;

/**
 * `headers` carries the credentials: `{ authorization: 'Bearer <API key>' }` for a program (see docs/integrations.md).
 * `fetch` is for tests and runtimes that bring their own.
 */
export function storefrontClient(baseUrl: string, headers: Record<string, string>, fetch?: typeof globalThis.fetch) {
  return createClient<paths>({ baseUrl: new URL('/api', baseUrl).toString(), headers, fetch });
}

type Appointment = paths['/appointments']['get']['responses'][200]['content']['application/json'][number];
type Order = paths['/orders']['get']['responses'][200]['content']['application/json'][number];

export interface DaySheet {
  date: string;
  appointments: Appointment[];
  orders: Order[];
}

/** A failure as the API words it: `{message, code}` (+ `issues` on a 400). */
export class StorefrontError extends Error {
  constructor(
    readonly status: number,
    readonly body: components['schemas']['Error'],
  ) {
    super(`${status} ${body.code}: ${body.message}`);
  }
}

export function orFail<T>(result: { data?: T; error?: components['schemas']['Error']; response: Response }): T {
  if (result.error || result.data === undefined) {
    throw new StorefrontError(result.response.status, result.error ?? { message: 'No answer', code: 'BAD_REQUEST' });
  }
  return result.data;
}

/** Today's date in the business's time zone (YYYY-MM-DD): the day a front desk means by "today". */
export async function businessToday(client: StorefrontClient, now = new Date()): Promise<string> {
  const { timezone } = orFail(await client.GET('/business/settings'));
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(now);
}

/** The day's appointments and orders (a date of the business time zone, YYYY-MM-DD). */
export async function daySheet(client: StorefrontClient, date: string): Promise<DaySheet> {
  const [appointments, orders] = await Promise.all([
    client.GET('/appointments', { params: { query: { from: date, to: date } } }),
    client.GET('/orders', { params: { query: { from: date, to: date } } }),
  ]);
  return { date, appointments: orFail(appointments), orders: orFail(orders) };
}

/** One line per appointment and order, as a front-desk screen or an accounting import would list them. */
export function describeDay({ date, appointments, orders }: DaySheet): string[] {
  return [
    `${date}: ${appointments.length} appointments, ${orders.length} orders`,
    ...appointments.map(
      (a) =>
        `${a.dateTime} ${a.service?.name ?? '(removed service)'} with ${a.employee.firstName} ${a.employee.lastName} for ${a.customer.firstName} ${a.customer.lastName} (${a.status})`,
    ),
    ...orders.map((o) => `order ${o.id.slice(-8)} ${o.total} (${o.status}, ${o.paymentStatus})`),
  ];
}
