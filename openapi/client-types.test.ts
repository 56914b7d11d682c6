import createClient from 'openapi-fetch';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { components, paths, webhooks } from './storefront-api';

/**
 * The types an integrator generates from the document (openapi/storefront-api.d.ts, `npx openapi-typescript`)
 * name the resources, so a program can write `components['schemas']['Order']`. The type assertions are checked by
 * `tsc`; the calls run against a stand-in server to show the client reads the answers as those types.
 */
type Schemas = components['schemas'];

/** A client whose every request gets `body` as a 200 JSON answer. */
function clientAnswering(body: unknown) {
  return createClient<paths>({
    baseUrl: 'https://shop.example/api',
    fetch: () => Promise.resolve(Response.json(body)),
  });
}

describe('the generated client', () => {
  it('answers lists and lookups as the named resources', async () => {
    const client = clientAnswering([]);
    const orders = await client.GET('/orders', { params: { query: { from: '2026-05-01' } } });
    expectTypeOf(orders.data).toEqualTypeOf<Schemas['Order'][] | undefined>();
    expect(orders.data).toEqual([]);

    const products = await client.GET('/products');
    expectTypeOf(products.data).toEqualTypeOf<Schemas['Product'][] | undefined>();
    const appointment = await client.GET('/appointments/{id}', { params: { path: { id: 'a1' } } });
    expectTypeOf(appointment.data).toEqualTypeOf<Schemas['Appointment'] | undefined>();
    const customers = await client.GET('/admin/customers');
    expectTypeOf(customers.data).toEqualTypeOf<Schemas['CustomersPage'] | undefined>();
    expectTypeOf<Schemas['CustomersPage']['items']>().toEqualTypeOf<Schemas['Customer'][]>();
    // Failures are the one Error shape, validation issues named too.
    expectTypeOf(orders.error).toEqualTypeOf<Schemas['Error'] | undefined>();
    expectTypeOf<NonNullable<Schemas['Error']['issues']>[number]>().toEqualTypeOf<Schemas['ValidationIssue']>();
  });

  it('types the resources with their fields and formats', () => {
    expectTypeOf<Schemas['Order']['items'][number]>().toEqualTypeOf<Schemas['OrderItem']>();
    expectTypeOf<Schemas['Order']['customer']>().toMatchObjectType<{ id: string; email: string }>();
    expectTypeOf<Schemas['Appointment']['employee']>().toEqualTypeOf<Schemas['Employee']>();
    expectTypeOf<Schemas['Product']['price']>().toEqualTypeOf<string>();
    expectTypeOf<Schemas['Customer']['totalSpent']>().toEqualTypeOf<string>();
  });

  it('types every webhook body as an Event told apart by its type', () => {
    type OrderCreated = webhooks['order.created']['post']['requestBody']['content']['application/json'];
    expectTypeOf<OrderCreated>().toEqualTypeOf<Schemas['OrderCreatedEvent']>();
    expectTypeOf<OrderCreated['data']>().toEqualTypeOf<Schemas['Order']>();

    const event = { id: 'e1', type: 'product.deleted', timestamp: '2026-05-01T10:00:00.000Z' } as Schemas['Event'];
    expectTypeOf(event.type).toEqualTypeOf<
      | 'order.created'
      | 'order.updated'
      | 'appointment.created'
      | 'appointment.updated'
      | 'appointment.cancelled'
      | 'customer.created'
      | 'employee_application.created'
      | 'product.created'
      | 'product.updated'
      | 'product.deleted'
      | 'package.purchased'
      | 'gift_card.issued'
      | 'gift_card.spent'
      | 'gift_card.refunded'
      | 'gift_card.voided'
      | 'ping'
    >();
    if (event.type === 'appointment.cancelled') expectTypeOf(event.data).toEqualTypeOf<Schemas['Appointment']>();
    expect(event.type).toBe('product.deleted');
  });
});
