import { and, count, inArray, ne, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords';
import { allPermissions, defaultEmployeePermissions } from '../../shared/roles';
import type { Db, Tx } from '../../../db/client';
import { seedBookingDemo, seedDemoAppointments, seedDemoWeeklyHours } from './seed-booking';
import { seedLocationsDemo } from './seed-locations';
import { seedStaffDemo } from './seed-staff';
import { seedIntegrationsDemo } from './seed-integrations';
import { seedChatDemo } from './seed-chat';
import { seedCalendarDemo } from './seed-calendars';
import * as s from '../../../db/schema/index';
import { seedDemoGiftCards } from './seed-gift-cards';
import { seedDemoOrders, seedOrderPayments } from './seed-orders';
import { seedDemoPackages } from './seed-packages';
import type { ServiceQuestion } from '../../shared/catalog';
import { demoFacialQuestions } from './seed-booking';

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
  ['Ceramic Tea Cups', 'Four glazed tea cups in a gift box.', 'Gifts', '48.00', 60, false],
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

// One service asks for a deposit when it is booked, to show how that looks (docs/booking.md, Deposits).
const serviceDeposits: Record<string, string> = { 'Deep Tissue Massage': '25.00' };

// One service asks intake questions when it is booked (docs/customers.md); its demo bookings have answers.
const serviceQuestions: Record<string, ServiceQuestion[]> = { 'Express Facial': demoFacialQuestions };

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

/**
 * Points the demo pictures at this start's address. They are absolute URLs (SPEC: `imageUrl` is a URL), written
 * with the address of the start that seeded them, and the page's Content-Security-Policy allows pictures from this
 * address only: after a start on another PORT or PUBLIC_URL they would all be broken. Only the demo's own pictures
 * move (`/catalog/<its file>` on any host); a picture someone set is left as it is. Answers how many moved.
 */
export async function moveDemoPictures(db: Db, publicUrl: string): Promise<number> {
  const base = publicUrl.replace(/\/$/, '');
  const demoPaths = [...productData, ...serviceData].map(([name]) => demoImageUrl('', name));
  let moved = 0;
  for (const table of [s.products, s.services]) {
    const path = sql`substring(${table.imageUrl} from '^https?://[^/]+(/catalog/[^/]+)$')`;
    const rows = await db
      .update(table)
      .set({ imageUrl: sql`${base} || ${path}` })
      .where(and(inArray(path, demoPaths), ne(table.imageUrl, sql`${base} || ${path}`)))
      .returning({ id: table.id });
    moved += rows.length;
  }
  return moved;
}

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
    const { admin, staff, customers } = await seedPeople(tx, passwordHash);
    const { products, services } = await seedCatalogue(tx, opts.publicUrl, staff);
    await seedLocationsDemo(tx, { now, staff, services });
    const weeklyHours = await seedDemoWeeklyHours(tx, staff);
    // The same random sequence feeds the appointments and then the orders, so the story is the same every time.
    await seedDemoAppointments(tx, { now, timeZone: TIME_ZONE, random, staff, services, customers, weeklyHours });
    await seedDemoOrders(tx, { now, timeZone: TIME_ZONE, random, products, customers });
    await seedOrderPayments(tx, admin.id);
    await seedDemoPackages(tx, { now, services, customer: customers[0]! });
    await seedDemoGiftCards(tx, { now, adminId: admin.id, customers });
    await seedChatDemo(tx, now);
    await seedApplication(tx, now);
    await seedStaffDemo(tx, { adminEmail: DEMO_ADMIN_EMAIL, passwordHash, now });
    await seedIntegrationsDemo(tx, DEMO_ADMIN_EMAIL);
  });
  await seedBookingDemo(db, { now, employeeEmails: { dayOff: DEMO_EMPLOYEE_EMAIL, shortDay: 'liam@example.com' } });
  await seedCalendarDemo(db, {
    now,
    timeZone: TIME_ZONE,
    mayaEmail: DEMO_EMPLOYEE_EMAIL,
    liamEmail: 'liam@example.com',
  });
  return true;
}

/** The admin, the three employees and the customers; every demo account shares the demo password. */
async function seedPeople(tx: Tx, passwordHash: string) {
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
    .returning({ id: s.users.id, email: s.users.email });

  return { admin: admin!, staff, customers };
}

/** The shop's products and services, and who provides which service. */
async function seedCatalogue(tx: Tx, publicUrl: string, staff: { id: string }[]) {
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
        imageUrl: demoImageUrl(publicUrl, name),
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
        imageUrl: demoImageUrl(publicUrl, name),
        ...(serviceDeposits[name] && { depositType: 'fixed' as const, depositAmount: serviceDeposits[name] }),
        ...(serviceQuestions[name] && { questions: serviceQuestions[name] }),
      })),
    )
    .returning({ id: s.services.id, price: s.services.price, duration: s.services.duration });

  // A class: up to eight customers book the same start with Sofia (kept out of the ordinary demo bookings below).
  const [yoga] = await tx
    .insert(s.services)
    .values({
      name: 'Group Yoga',
      description: 'A gentle one-hour flow for all levels, up to eight people. Mats provided.',
      category: 'Classes',
      price: '18.00',
      duration: 60,
      capacity: 8,
    })
    .returning({ id: s.services.id });

  // Maya does massages and facials, Liam hair and nails, Sofia yoga; Sofia everything that has no explicit providers.
  await tx.insert(s.serviceProviders).values([
    { serviceId: yoga!.id, employeeId: staff[2]!.id },
    { serviceId: services[0]!.id, employeeId: staff[0]!.id },
    { serviceId: services[1]!.id, employeeId: staff[0]!.id },
    { serviceId: services[2]!.id, employeeId: staff[0]!.id },
    { serviceId: services[2]!.id, employeeId: staff[2]!.id },
    { serviceId: services[4]!.id, employeeId: staff[1]!.id },
    { serviceId: services[5]!.id, employeeId: staff[1]!.id },
  ]);

  return { products, services };
}

/** A job application waiting for review. */
async function seedApplication(tx: Tx, now: Date) {
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
}
