import { sql } from 'drizzle-orm';
import { boolean, check, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    profileImageUrl: text('profile_image_url'),
    phone: text('phone'),
    // What staff keep on a customer (the customer record, docs/customers.md); never shown to the customer.
    notes: text('notes').notNull().default(''),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // The name of a row of `roles` (system roles customer, employee, admin, or a custom role). The foreign
    // key (ON UPDATE CASCADE, so renaming a role moves its holders) is in the staff custom migration, after
    // the system roles are inserted.
    role: text('role').notNull().default('customer'),
    isActive: boolean('is_active').notNull().default(true),
    // The language the person chose for the product (src/shared/i18n/locales.ts); null follows their browser,
    // then the business's default.
    locale: text('locale').$type<'en' | 'es'>(),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // Staff sign in with e-mail and password; customers and admins through OpenID Connect.
    passwordHash: text('password_hash'),
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_oidc_identity_key').on(t.oidcIssuer, t.oidcSubject),
    index('users_role_idx').on(t.role),
    // The customers list pages through one role by name (docs/staff.md, bench/dashboard.ts).
    index('users_role_name_idx').on(t.role, t.firstName, t.lastName, t.id),
    // Integrators walk the customers changed since a time (docs/integrations.md, Reconciliation).
    index('users_role_updated_idx').on(t.role, t.updatedAt, t.id),
    // Its search matches anywhere in the name or e-mail (ILIKE '%…%'); a trigram index answers that without
    // reading every user. The customers query searches this very expression.
    index('users_search_trgm_idx').using(
      'gin',
      sql`(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email}) gin_trgm_ops`,
    ),
    // The customers list filters by tag (`tags @> array[tag]`).
    index('users_tags_idx').using('gin', t.tags),
    check('users_email_not_blank', sql`length(trim(${t.email})) > 0`),
    check('users_locale_known', sql`${t.locale} in ('en', 'es')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // SHA-256 of the random cookie token: a leaked table cannot be replayed as cookies.
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const userTokenPurpose = pgEnum('user_token_purpose', ['set_password']);

// Single-use, expiring links sent by e-mail (e.g. an approved employee setting a first password).
export const userTokens = pgTable(
  'user_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: userTokenPurpose('purpose').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_tokens_token_hash_key').on(t.tokenHash)],
);

export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    displayName: text('display_name').notNull(),
    description: text('description').notNull().default(''),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isSystemRole: boolean('is_system_role').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('roles_name_key').on(t.name), check('roles_name_format', sql`${t.name} ~ '^[a-z0-9_]+$'`)],
);
