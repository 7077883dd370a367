// The data model (docs/ARCHITECTURE.md, "Data model"). Money in integer centavos; ids are UUIDs.

import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  CATEGORIES,
  DISCOUNT_TYPES,
  LEVELS,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  ROLES,
  USER_TYPES,
} from '@store/shared/constants';
import type { OrderItem, Address } from '@store/shared/schemas/order';

// Value lists are PostgreSQL enums built from the shared constants: the database refuses a
// value the code does not know, and Drizzle types each column with the constant's union.
export const roleEnum = pgEnum('user_role', ROLES);
export const userTypeEnum = pgEnum('user_type', USER_TYPES);
export const categoryEnum = pgEnum('product_category', CATEGORIES);
export const levelEnum = pgEnum('product_level', LEVELS);
export const discountTypeEnum = pgEnum('discount_type', DISCOUNT_TYPES);
export const orderStatusEnum = pgEnum('order_status', ORDER_STATUSES);
export const paymentMethodEnum = pgEnum('payment_method', PAYMENT_METHODS);
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;
export const outboxStatusEnum = pgEnum('outbox_status', OUTBOX_STATUSES);

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    userType: userTypeEnum('user_type').notNull().default('general'),
    role: roleEnum('role').notNull().default('customer'),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Bumped on password change: tokens carrying an older version are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Written by the demo seed; removed from the admin dashboard ("Eliminar datos de demostración"). */
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

export const products = pgTable(
  'products',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCentavos: integer('price_centavos').notNull(),
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    category: categoryEnum('category').notNull(),
    subCategory: levelEnum('sub_category').notNull(),
    isPresential: boolean('is_presential').notNull().default(false),
    /** false = archived: out of the catalogue, orders and access kept. */
    active: boolean('active').notNull().default(true),
    /** Written by the demo seed (see users.isDemo). */
    isDemo: boolean('is_demo').notNull().default(false),
    /**
     * First day's start and last day's end, copied from product_days by the events service
     * whenever days change, so "upcoming" and "finished" are one indexed condition.
     */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_active_created_idx').on(t.active, t.createdAt),
    index('products_active_ends_idx').on(t.active, t.endsAt),
    check('products_price_nonneg', sql`${t.priceCentavos} >= 0`),
    check('products_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** A product's day options, in chronological order, each with its instants, stream link and optional seat limit. */
export const productDays = pgTable(
  'product_days',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The option's text as customers see it; when the day happens is startsAt/endsAt. */
    label: text('label').notNull(),
    position: integer('position').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    streamUrl: text('stream_url'),
    seatCapacity: integer('seat_capacity'),
    /** Seats held by paid and pending orders; never above seatCapacity. */
    seatsTaken: integer('seats_taken').notNull().default(0),
  },
  (t) => [
    uniqueIndex('product_days_product_label_idx').on(t.productId, t.label),
    index('product_days_product_position_idx').on(t.productId, t.position),
    check('product_days_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    check(
      'product_days_seats_within_capacity',
      sql`${t.seatsTaken} >= 0 AND (${t.seatCapacity} IS NULL OR ${t.seatsTaken} <= ${t.seatCapacity})`,
    ),
  ],
);

export const cartLines = pgTable(
  'cart_lines',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    quantity: integer('quantity').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId, t.day] }),
    check('cart_lines_quantity_one', sql`${t.quantity} = 1`),
  ],
);

export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    /** Stored uppercase; matched case-insensitively. */
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
    discountType: discountTypeEnum('discount_type').notNull(),
    /** Percent (1-100) or centavos. */
    discountValue: integer('discount_value').notNull(),
    /** Empty = the whole order. */
    productIds: uuid('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Empty = any user type. */
    userTypes: userTypeEnum('user_types')
      .array()
      .notNull()
      .default(sql`'{}'::"public"."user_type"[]`),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    maxUses: integer('max_uses'),
    maxUsesPerUser: integer('max_uses_per_user'),
    usedCount: integer('used_count').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** Written by the demo seed (see users.isDemo). */
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_idx').on(t.code),
    check(
      'coupons_used_within_limit',
      sql`${t.usedCount} >= 0 AND (${t.maxUses} IS NULL OR ${t.usedCount} <= ${t.maxUses})`,
    ),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** Snapshot of what was bought, as the API shows it. */
    items: jsonb('items').$type<OrderItem[]>().notNull(),
    address: jsonb('address').$type<Address>().notNull(),
    subtotalCentavos: integer('subtotal_centavos').notNull(),
    discountCentavos: integer('discount_centavos').notNull().default(0),
    feeCentavos: integer('fee_centavos').notNull().default(0),
    amountCentavos: integer('amount_centavos').notNull(),
    currency: text('currency').notNull().default('MXN'),
    couponId: uuid('coupon_id').references(() => coupons.id),
    couponCode: text('coupon_code'),
    status: orderStatusEnum('status').notNull().default('pendiente'),
    payment: boolean('payment').notNull().default(false),
    paymentMethod: paymentMethodEnum('payment_method').notNull(),
    paypalOrderId: text('paypal_order_id'),
    paypalPayerId: text('paypal_payer_id'),
    paypalCaptureId: text('paypal_capture_id'),
    stripeSessionId: text('stripe_session_id'),
    refundedCentavos: integer('refunded_centavos').notNull().default(0),
    /** Pending orders past this time are expired and release their seats. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    uniqueIndex('orders_paypal_order_idx').on(t.paypalOrderId),
    uniqueIndex('orders_paypal_capture_idx').on(t.paypalCaptureId),
    uniqueIndex('orders_stripe_session_idx').on(t.stripeSessionId),
  ],
);

/** One row per purchased (product, day): access checks and seat counts are single queries. */
export const orderDays = pgTable(
  'order_days',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    productDayId: uuid('product_day_id')
      .notNull()
      .references(() => productDays.id),
    day: text('day').notNull(),
    priceCentavos: integer('price_centavos').notNull(),
    /** Mirrors the order's status so access is one indexed lookup. */
    status: orderStatusEnum('status').notNull().default('pendiente'),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_days_user_product_idx').on(t.userId, t.productId, t.status),
    index('order_days_product_day_idx').on(t.productDayId, t.status),
    uniqueIndex('order_days_order_day_idx').on(t.orderId, t.productDayId),
    // At most one unpaid hold per user and day: concurrent checkouts cannot both hold a seat.
    uniqueIndex('order_days_one_pending_idx')
      .on(t.userId, t.productDayId)
      .where(sql`${t.status} = 'pendiente'`),
    // A user never holds the same day twice through two paid orders. Only live rows count, so
    // a day that leaves its holder (refund, cancel, later a transfer) can be bought again.
    uniqueIndex('order_days_one_paid_idx')
      .on(t.userId, t.productDayId)
      .where(sql`${t.status} = 'pagado'`),
  ],
);

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: id(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('coupon_redemptions_coupon_user_idx').on(t.couponId, t.userId),
    uniqueIndex('coupon_redemptions_order_idx').on(t.orderId),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_idx').on(t.tokenHash)],
);

export interface OutboxAttachment {
  filename: string;
  contentType: string;
  /** The file's bytes, base64. */
  contentBase64: string;
}

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    replyTo: text('reply_to'),
    /** Files sent with the message (calendar entries, receipts, constancias), base64. */
    attachments: jsonb('attachments').$type<OutboxAttachment[]>().notNull().default([]),
    /**
     * Set for messages that must go out at most once (reminders, offers): a second enqueue
     * with the same key is ignored, whichever process or restart makes it.
     */
    dedupeKey: text('dedupe_key'),
    status: outboxStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_outbox_pending_idx').on(t.status, t.nextAttemptAt),
    uniqueIndex('email_outbox_dedupe_idx').on(t.dedupeKey),
  ],
);

/** Provider webhook events already handled (idempotency). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: id(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_idx').on(t.provider, t.eventId)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: uuid('actor_id').references(() => users.id),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_created_idx').on(t.createdAt),
  ],
);

export const REFUND_STATUSES = ['pendiente', 'completado', 'fallido'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * Refunds the store asks a provider for (a buyer's cancellation, an admin refund): written
 * before the provider is called, so its id is the PayPal-Request-Id (a retry never refunds
 * twice) and a refund webhook arriving before the provider's answer finds what it is for.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 'cancelacion' (the buyer, by the terms) or 'admin'. */
    kind: text('kind').$type<'cancelacion' | 'admin'>().notNull(),
    /** The order's days this refund ends (empty: only money, access kept). */
    productDayIds: uuid('product_day_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    amountCentavos: integer('amount_centavos').notNull(),
    status: text('status').$type<RefundStatus>().notNull().default('pendiente'),
    providerRefundId: text('provider_refund_id'),
    actorId: uuid('actor_id').references(() => users.id),
    failure: text('failure'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('order_refunds_order_idx').on(t.orderId, t.status),
    uniqueIndex('order_refunds_provider_idx').on(t.providerRefundId),
    // One refund in flight per order: a second cancellation waits for the first.
    uniqueIndex('order_refunds_one_pending_idx')
      .on(t.orderId)
      .where(sql`${t.status} = 'pendiente'`),
    check('order_refunds_amount_positive', sql`${t.amountCentavos} > 0`),
    check('order_refunds_status', sql`${t.status} IN ('pendiente', 'completado', 'fallido')`),
  ],
);
