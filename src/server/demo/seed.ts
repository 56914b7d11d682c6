import { count } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords';
import { allPermissions, defaultEmployeePermissions } from '../../shared/roles';
import { cartTotals } from '../../shared/orders';
import { addCalendarDays, minutesOfTime, toZoned, weekdayOf, zonedToInstant } from '../booking/zoned-time';
import type { Db } from '../../../db/client';
import { demoDateOverrides, demoHoursOn, seedBookingDemo } from './seed-booking';
import { seedStaffDemo } from './seed-staff';
import { seedChatDemo } from './seed-chat';
import * as s from '../../../db/schema/index';
import { seedDiscountCodes, seedOrderPayments } from './seed-orders';

export const DEMO_PASSWORD = 'demo-password-2026';
export const DEMO_ADMIN_EMAIL = 'admin@example.com';
export const DEMO_EMPLOYEE_EMAIL = 'maya@example.com';
const TIME_ZONE = 'America/New_York';

/** The demo pictures are served by the app itself (src/client/public/catalog), named after the item. */
function demoImageUrl(publicUrl: string, name: string): string {
  const slug = name
    .toLowerCase()
    .replaceAll('&', 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${publicUrl.replace(/\/$/, '')}/catalog/${slug}.webp`;
}

// Deterministic pseudo-random numbers: every fresh database gets the same demo story.
function prng(seed: number) {
  return () => {
    seed = (seed * 1664525 + 1013904223) % 4294967296;
    return seed / 4294967296;
  };
}

const productData = [
  ['Lavender Body Oil', 'Cold-pressed almond oil with French lavender, 100 ml.', 'Body Care', '24.00', 42, true],
  ['Eucalyptus Shower Steamer', 'Set of six steamers that turn a shower into a spa.', 'Body Care', '14.50', 65, false],
  ['Rose Clay Face Mask', 'Gentle clay mask for sensitive skin, 75 g jar.', 'Skin Care', '29.00', 18, true],
  ['Hydrating Serum', 'Hyaluronic acid serum with niacinamide, 30 ml.', 'Skin Care', '38.00', 7, false],
  ['Bamboo Hair Brush', 'Anti-static paddle brush with natural bristles.', 'Hair Care', '19.00', 30, false],
  ['Argan Hair Mask', 'Deep conditioning treatment for dry hair, 200 ml.', 'Hair Care', '26.00', 0, false],
  ['Soy Wax Candle', 'Cedar and bergamot candle, 45 hours burn time.', 'Home', '22.00', 25, true],
  ['Linen Robe', 'Stone-washed linen robe, one size.', 'Home', '89.00', 9, false],
  ['Gift Card $50', 'A gift card for any product or treatment.', 'Gifts', '50.00', 500, false],
  ['Travel Kit', 'Mini cleanser, toner and moisturiser in a cotton pouch.', 'Gifts', '34.00', 14, false],
  ['Mineral Sunscreen SPF 30', 'Reef-safe zinc sunscreen, 50 ml.', 'Skin Care', '21.00', 3, false],
  ['Jade Roller', 'Cooling facial roller in natural jade.', 'Tools', '27.50', 22, false],
] as const;

const serviceData = [
  ['Swedish Massage', 'Full-body relaxation massage with warm oil.', 'Massage', '85.00', 60, true],
  ['Deep Tissue Massage', 'Focused pressure for tension and knots.', 'Massage', '105.00', 90, false],
  ['Signature Facial', 'Cleanse, exfoliate, mask and massage for glowing skin.', 'Skin', '95.00', 60, true],
  ['Express Facial', 'A quick refresh for busy days.', 'Skin', '55.00', 30, false],
  ['Haircut & Style', 'Consultation, wash, cut and blow-dry.', 'Hair', '65.00', 45, true],
  ['Manicure', 'Shape, cuticle care, massage and polish.', 'Nails', '40.00', 45, false],
] as const;

const staffData = [
  ['Maya', 'Okafor', DEMO_EMPLOYEE_EMAIL],
  ['Liam', 'Chen', 'liam@example.com'],
  ['Sofia', 'Marquez', 'sofia@example.com'],
] as const;

const customerData = [
  ['Alex', 'Morgan'],
  ['Jordan', 'Lee'],
  ['Priya', 'Shah'],
  ['Sam', 'Taylor'],
  ['Noah', 'Williams'],
  ['Emma', 'Brown'],
  ['Lucas', 'Garcia'],
  ['Olivia', 'Martin'],
] as const;

/** Fills an empty database with a small, believable business. Does nothing when users exist. */
export async function seedDemoData(db: Db, opts: { publicUrl: string; now?: Date }): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(s.users);
  if (existing!.n > 0) return false;
  const now = opts.now ?? new Date();
  const random = prng(20261122);
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction(async (tx) => {
    await tx.insert(s.businessSettings).values({
      id: 1,
      businessName: 'Harbor & Pine Wellness',
      businessDescription:
        'A neighbourhood spa and apothecary: massages, facials, hair and nails, and the products we use.',
      businessType: 'both',
      timezone: TIME_ZONE,
    });

    // The system roles come with the migrations.
    const [admin] = await tx
      .insert(s.users)
      .values({
        email: DEMO_ADMIN_EMAIL,
        firstName: 'Avery',
        lastName: 'Stone',
        role: 'admin',
        passwordHash,
        permissions: allPermissions,
      })
      .returning({ id: s.users.id });
    const staff = await tx
      .insert(s.users)
      .values(
        staffData.map(([firstName, lastName, email]) => ({
          email,
          firstName,
          lastName,
          role: 'employee' as const,
          passwordHash,
          permissions: defaultEmployeePermissions,
        })),
      )
      .returning({ id: s.users.id });
    const customers = await tx
      .insert(s.users)
      .values(
        customerData.map(([firstName, lastName]) => ({
          email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.com`,
          firstName,
          lastName,
        })),
      )
      .returning({ id: s.users.id });

    const products = await tx
      .insert(s.products)
      .values(
        productData.map(([name, description, category, price, inventory, isFeatured]) => ({
          name,
          description,
          category,
          price,
          inventory,
          isFeatured,
          imageUrl: demoImageUrl(opts.publicUrl, name),
        })),
      )
      .returning({ id: s.products.id, name: s.products.name, price: s.products.price });
    const services = await tx
      .insert(s.services)
      .values(
        serviceData.map(([name, description, category, price, duration, isFeatured]) => ({
          name,
          description,
          category,
          price,
          duration,
          isFeatured,
          imageUrl: demoImageUrl(opts.publicUrl, name),
        })),
      )
      .returning({ id: s.services.id, price: s.services.price, duration: s.services.duration });

    // Maya does massages and facials, Liam hair and nails; Sofia everything that has no explicit providers.
    await tx.insert(s.serviceProviders).values([
      { serviceId: services[0]!.id, employeeId: staff[0]!.id },
      { serviceId: services[1]!.id, employeeId: staff[0]!.id },
      { serviceId: services[2]!.id, employeeId: staff[0]!.id },
      { serviceId: services[2]!.id, employeeId: staff[2]!.id },
      { serviceId: services[4]!.id, employeeId: staff[1]!.id },
      { serviceId: services[5]!.id, employeeId: staff[1]!.id },
    ]);

    // Weekdays for all, Saturdays for Sofia; Liam starts and ends an hour later.
    const weeklyHours = staff.map((_, i) => ({
      days: [1, 2, 3, 4, 5, ...(i === 2 ? [6] : [])],
      startTime: i === 1 ? '10:00' : '09:00',
      endTime: i === 1 ? '18:00' : '17:00',
    }));
    await tx.insert(s.weeklyHours).values(
      staff.flatMap((member, i) => {
        const { days, startTime, endTime } = weeklyHours[i]!;
        return days.map((dayOfWeek) => ({ employeeId: member.id, dayOfWeek, startTime, endTime }));
      }),
    );

    // Appointments over the last 60 days and the next 30, at most three a day per employee, never overlapping,
    // each inside its employee's hours that day (weekly hours and the date overrides of seedBookingDemo).
    // Calendar days in the business's zone: a date and a wall-clock time, so 10:00 stays 10:00 across DST.
    // Every working day draws the same random numbers whether or not a time fits, so the rest of the story
    // (the orders) is the same on any calendar day.
    const today = toZoned(now, TIME_ZONE).date;
    const { dayOff, shortDay } = demoDateOverrides(today);
    const overrideOf = [dayOff, shortDay, undefined]; // Maya, Liam, Sofia
    const appointmentRows: (typeof s.appointments.$inferInsert)[] = [];
    for (let offset = -60; offset <= 30; offset++) {
      const date = addCalendarDays(today, offset);
      if (weekdayOf(date) === 0) continue;
      staff.forEach((member, i) => {
        const open = demoHoursOn(date, weeklyHours[i]!, overrideOf[i]);
        for (const time of ['10:00', '13:00', '15:30']) {
          if (random() < 0.45) continue;
          const service = services[(i * 2 + Math.floor(random() * 2)) % services.length]!;
          const roll = random();
          const customer = customers[Math.floor(random() * customers.length)]!;
          const start = minutesOfTime(time);
          if (!open || start < open.start || start + service.duration > open.end) continue;
          const startsAt = zonedToInstant(date, start, TIME_ZONE);
          const past = startsAt < now;
          appointmentRows.push({
            serviceId: service.id,
            employeeId: member.id,
            customerId: customer.id,
            startsAt,
            endsAt: new Date(startsAt.getTime() + service.duration * 60000),
            duration: service.duration,
            notes: roll < 0.2 ? 'First visit.' : '',
            status: past ? (roll < 0.1 ? 'cancelled' : 'completed') : roll < 0.6 ? 'confirmed' : 'pending',
            createdAt: new Date(Math.min(now.getTime(), startsAt.getTime()) - 7 * 86400000),
          });
        }
      });
    }
    await tx.insert(s.appointments).values(appointmentRows);

    // Orders over the last 60 days, each with one to three lines; some older ones used the spring sale's code.
    const spring = await seedDiscountCodes(tx, now);
    for (let i = 0; i < 40; i++) {
      const createdAt = new Date(now.getTime() - Math.floor(random() * 60 * 86400000));
      const lines = Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
        const product = products[Math.floor(random() * products.length)]!;
        return { product, quantity: 1 + Math.floor(random() * 2) };
      });
      const ageDays = (now.getTime() - createdAt.getTime()) / 86400000;
      const discount = ageDays > 20 && ageDays < 50 && i % 4 === 0 ? spring : null;
      const totals = cartTotals(
        lines.map((l) => ({ price: l.product.price, quantity: l.quantity })),
        discount,
      );
      const [order] = await tx
        .insert(s.orders)
        .values({
          userId: customers[Math.floor(random() * customers.length)]!.id,
          subtotal: totals.subtotal,
          discount: totals.discount,
          discountCode: discount?.code ?? null,
          discountId: discount?.id ?? null,
          tax: totals.tax,
          total: totals.total,
          status: ageDays < 2 ? 'pending' : ageDays < 5 ? 'processing' : random() < 0.1 ? 'cancelled' : 'completed',
          createdAt,
        })
        .returning({ id: s.orders.id });
      await tx.insert(s.orderItems).values(
        lines.map((l) => ({
          orderId: order!.id,
          productId: l.product.id,
          productName: l.product.name,
          unitPrice: l.product.price,
          quantity: l.quantity,
        })),
      );
    }

    await seedOrderPayments(tx, admin!.id);

    await seedChatDemo(tx, now);

    await tx.insert(s.employeeApplications).values({
      firstName: 'Grace',
      lastName: 'Kim',
      email: 'grace.kim@example.com',
      phone: '5551234567',
      bio: 'Licensed massage therapist who loves helping people feel their best.',
      experience: 'Five years at a day spa; certified in Swedish and sports massage.',
      specialties: 'Swedish massage, hot stone, reflexology',
      createdAt: new Date(now.getTime() - 2 * 86400000),
    });
    await seedStaffDemo(tx, { adminEmail: DEMO_ADMIN_EMAIL, passwordHash, now });
  });
  await seedBookingDemo(db, { now, employeeEmails: { dayOff: DEMO_EMPLOYEE_EMAIL, shortDay: 'liam@example.com' } });
  return true;
}
