import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import * as s from '../../../db/schema/index';

/**
 * The demo's second shop (docs/locations.md): an Old Town location in another time zone with a service of its own
 * that needs its one sauna cabin, and three treatment rooms at the first location for the massages and the
 * signature facial (never fewer than the people who give them, so the first location books exactly as before).
 * Every existing service stays at the first location only; Sofia works Sundays at the Old Town.
 */
export async function seedLocationsDemo(
  tx: Tx,
  opts: { now: Date; staff: { id: string }[]; services: { id: string }[] },
) {
  const [first] = await tx
    .select({ id: s.locations.id })
    .from(s.locations)
    .orderBy(asc(s.locations.position), asc(s.locations.createdAt))
    .limit(1);
  await tx.update(s.locations).set({ address: '200 Harbor Way, Brooklyn, NY' }).where(eq(s.locations.id, first!.id));
  const [oldTown] = await tx
    .insert(s.locations)
    .values({
      name: 'Harbor & Pine Old Town',
      address: '12 Mill Street, Chicago, IL',
      timeZone: 'America/Chicago',
      position: 1,
    })
    .returning({ id: s.locations.id });

  const everyService = await tx.select({ id: s.services.id }).from(s.services);
  await tx
    .insert(s.serviceLocations)
    .values(everyService.map((service) => ({ serviceId: service.id, locationId: first!.id })));

  const [rooms, cabin] = await tx
    .insert(s.resources)
    .values([
      { name: 'Treatment room', locationId: first!.id, quantity: 3 },
      { name: 'Sauna cabin', locationId: oldTown!.id, quantity: 1 },
    ])
    .returning({ id: s.resources.id });
  await tx
    .insert(s.serviceResources)
    .values(opts.services.slice(0, 3).map((service) => ({ serviceId: service.id, resourceId: rooms!.id })));

  // Older than the catalogue, so it is listed after the first location's services.
  const [sauna] = await tx
    .insert(s.services)
    .values({
      name: 'Sauna Session',
      description: 'Forty-five minutes in a private cedar sauna cabin, with a cold plunge after.',
      category: 'Wellness',
      price: '35.00',
      duration: 45,
      bufferAfterMinutes: 15,
      createdAt: new Date(opts.now.getTime() - 86_400_000),
      updatedAt: new Date(opts.now.getTime() - 86_400_000),
    })
    .returning({ id: s.services.id });
  await tx.insert(s.serviceLocations).values({ serviceId: sauna!.id, locationId: oldTown!.id });
  await tx.insert(s.serviceResources).values({ serviceId: sauna!.id, resourceId: cabin!.id });
  const sofia = opts.staff[2]!;
  await tx.insert(s.serviceProviders).values({ serviceId: sauna!.id, employeeId: sofia.id });
  await tx
    .insert(s.weeklyHours)
    .values({ employeeId: sofia.id, locationId: oldTown!.id, dayOfWeek: 0, startTime: '10:00', endTime: '16:00' });
}
