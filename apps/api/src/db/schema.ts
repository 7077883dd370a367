// The data model (docs/ARCHITECTURE.md, "Data model"). Money in integer centavos; ids are UUIDs.

import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
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
  FISCAL_PROFILE_KINDS,
  INVOICE_STATUSES,
  LEVELS,
  ORDER_STATUSES,
  WAITLIST_STATUSES,
  PAYMENT_METHODS,
  ROLES,
  SALE_MODES,
  USER_TYPES,
  type CfdiDocumentKind,
  type OrderKind,
} from '@store/shared/constants';
import { QUESTION_KINDS, QUESTION_PRESETS } from '@store/shared/questions';
import type { OrderItem, Address } from '@store/shared/schemas/order';
import type { ParticipantRequestStatus } from '@store/shared/schemas/participant-types';
import type { ConstanciaEndorsement } from '@store/shared/schemas/attendance';
import type { EvaluationQuestion } from '@store/shared/schemas/evaluation';

// Value lists are PostgreSQL enums built from the shared constants: the database refuses a
// value the code does not know, and Drizzle types each column with the constant's union.
export const roleEnum = pgEnum('user_role', ROLES);
export const userTypeEnum = pgEnum('user_type', USER_TYPES);
export const categoryEnum = pgEnum('product_category', CATEGORIES);
export const levelEnum = pgEnum('product_level', LEVELS);
export const discountTypeEnum = pgEnum('discount_type', DISCOUNT_TYPES);
export const orderStatusEnum = pgEnum('order_status', ORDER_STATUSES);
export const paymentMethodEnum = pgEnum('payment_method', PAYMENT_METHODS);
export const invoiceStatusEnum = pgEnum('invoice_status', INVOICE_STATUSES);
export const CANCELLATION_STATUSES = ['pendiente', 'aceptada', 'rechazada', 'vencida'] as const;
export type CancellationStatus = (typeof CANCELLATION_STATUSES)[number];
/** What the CFDI job still has to do with a document. */
export type CfdiPendingAction = 'stamp' | 'cancel';
export const saleModeEnum = pgEnum('sale_mode', SALE_MODES);
export const questionKindEnum = pgEnum('question_kind', QUESTION_KINDS);
export const questionPresetEnum = pgEnum('question_preset', QUESTION_PRESETS);
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;
export const outboxStatusEnum = pgEnum('outbox_status', OUTBOX_STATUSES);
export const waitlistStatusEnum = pgEnum('waitlist_status', WAITLIST_STATUSES);
export const fiscalProfileKindEnum = pgEnum('fiscal_profile_kind', FISCAL_PROFILE_KINDS);

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /**
     * Null for an account made for someone else (a colleague's transfer, a team place) until
     * its owner chooses a password through the e-mailed link: no one can sign in with it.
     */
    passwordHash: text('password_hash'),
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
    /** Share of a day's length (percent) an online attendee must watch for the day to count. */
    attendancePercent: integer('attendance_percent').notNull().default(80),
    /**
     * The recertification endorsement printed on the event's constancias (docs/attendance.md →
     * Endorsement): the endorsing body, its endorsement number, the hours it grants and the
     * recertification points; all four set, or all null (no endorsement).
     */
    endorsementBody: text('endorsement_body'),
    endorsementNumber: text('endorsement_number'),
    endorsementHours: numeric('endorsement_hours', { precision: 5, scale: 1, mode: 'number' }),
    endorsementPoints: numeric('endorsement_points', { precision: 5, scale: 1, mode: 'number' }),
    /**
     * The constancias job issues the event's constancias by itself once its last day has closed
     * (docs/attendance.md → Issued without staff); false: only by hand.
     */
    autoConstancias: boolean('auto_constancias').notNull().default(true),
    /** por_dia: each day at the event's price; completo: one price for every day (docs/fees.md). */
    saleMode: saleModeEnum('sale_mode').notNull().default('por_dia'),
    /**
     * What one place costs in a purchase for a team (docs/groups.md), the fee schedule's
     * "institucional" price; null = the general price at that moment.
     */
    institutionalPriceCentavos: integer('institutional_price_centavos'),
    /** The event a buyer must hold (paid) or buy in the same order first; null = none. */
    requiresProductId: uuid('requires_product_id').references((): AnyPgColumn => products.id, {
      onDelete: 'set null',
    }),
    /**
     * Where the in-person days happen (docs/product.md → Venue): the place's name, its street
     * address and a map link; null = no venue (an online event). Set on an in-person or hybrid
     * event; shown on the product page, the confirmation e-mail, the QR ticket and the .ics.
     */
    venueName: text('venue_name'),
    venueAddress: text('venue_address'),
    venueMapUrl: text('venue_map_url'),
    /** false = archived: out of the catalogue, orders and access kept. */
    active: boolean('active').notNull().default(true),
    /**
     * true = a draft: only staff see it (and preview it); out of the catalogue, the home page
     * and every sale until published. New events start as drafts.
     */
    draft: boolean('draft').notNull().default(false),
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
    check(
      'products_venue_named',
      sql`${t.venueName} IS NOT NULL OR (${t.venueAddress} IS NULL AND ${t.venueMapUrl} IS NULL)`,
    ),
    check('products_attendance_percent_range', sql`${t.attendancePercent} BETWEEN 1 AND 100`),
    check(
      'products_endorsement_complete',
      sql`(${t.endorsementBody} IS NULL) = (${t.endorsementNumber} IS NULL) AND (${t.endorsementBody} IS NULL) = (${t.endorsementHours} IS NULL) AND (${t.endorsementBody} IS NULL) = (${t.endorsementPoints} IS NULL)`,
    ),
    check('products_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    check(
      'products_not_own_prerequisite',
      sql`${t.requiresProductId} IS NULL OR ${t.requiresProductId} <> ${t.id}`,
    ),
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

/**
 * The fee schedule of an event (docs/fees.md): one row per (participant type, step). A step
 * applies while now < until_at (null = no end); the event's price_centavos is the fall-back.
 */
export const priceTiers = pgTable(
  'price_tiers',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userType: userTypeEnum('user_type').notNull(),
    untilAt: timestamp('until_at', { withTimezone: true }),
    priceCentavos: integer('price_centavos').notNull(),
    /** What a becado member pays on this step; null = no scholarship price. */
    scholarshipPriceCentavos: integer('scholarship_price_centavos'),
  },
  (t) => [
    uniqueIndex('price_tiers_step_idx').on(
      t.productId,
      t.userType,
      sql`coalesce(${t.untilAt}, 'infinity'::timestamptz)`,
    ),
    check(
      'price_tiers_prices_nonneg',
      sql`${t.priceCentavos} >= 0 AND (${t.scholarshipPriceCentavos} IS NULL OR ${t.scholarshipPriceCentavos} >= 0)`,
    ),
  ],
);

/** Scholarships granted by the association: for one event, or for every event (product_id null). */
export const scholarships = pgTable(
  'scholarships',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
    grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('scholarships_user_product_idx').on(
      t.userId,
      sql`coalesce(${t.productId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
  ],
);

/**
 * A member's request to be verified as a participant type, with a proof under private/proofs
 * in the file storage (docs/fees.md → Verified participant types). Approving it sets
 * users.user_type; at most one open request per member.
 */
export const participantTypeRequests = pgTable(
  'participant_type_requests',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestedType: userTypeEnum('requested_type').notNull(),
    /** The proof's private storage key (never a URL). */
    fileKey: text('file_key').notNull(),
    fileMime: text('file_mime').notNull(),
    fileSize: integer('file_size').notNull(),
    /** The name the member's file had, for display only. */
    fileName: text('file_name').notNull(),
    status: text('status').$type<ParticipantRequestStatus>().notNull().default('solicitada'),
    /** Why it was rejected (shown to the member). */
    reason: text('reason'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('participant_type_requests_status_idx').on(t.status, t.createdAt),
    index('participant_type_requests_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('participant_type_requests_one_open_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'solicitada'`),
    check('participant_type_requests_status', sql`${t.status} IN ('solicitada', 'aprobada', 'rechazada')`),
    check('participant_type_requests_not_general', sql`${t.requestedType} <> 'general'`),
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
    /** How it is paid: the provider (modules/payments/provider.ts) whose attempt is in order_payments. */
    paymentMethod: paymentMethodEnum('payment_method').notNull(),
    refundedCentavos: integer('refunded_centavos').notNull().default(0),
    /** Transfers per day an administrator allowed beyond the first (docs/after-sale.md). */
    extraTransfers: integer('extra_transfers').notNull().default(0),
    /** Pending orders past this time are expired and release their seats. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /**
     * Why an unpaid hold ended (docs/lifecycle.md → Holds): 'expirado' and 'abandonado' count
     * for the renewal rule; null for an order that was paid or is still pending.
     */
    closedReason: text('closed_reason').$type<HoldClosedReason>(),
    /** The buyer's network (IPv4 address or IPv6 /64) when the hold was opened: holds per network are capped. */
    clientNetwork: text('client_network'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * 'individual' (the cart: one place per day, the buyer's) or 'grupo' (places for a team:
     * several places per day, each named later by the buyer; docs/groups.md).
     */
    kind: text('kind').$type<OrderKind>().notNull().default('individual'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_open_holds_network_idx')
      .on(t.clientNetwork)
      .where(sql`${t.status} = 'pendiente'`),
  ],
);

/**
 * Where an order's payment stands at its provider ('abierto': waiting for the buyer or the
 * provider; 'cobrado': the money was taken; 'cerrado': the attempt ended unpaid).
 */
export type PaymentStatus = 'abierto' | 'cobrado' | 'cerrado';

/**
 * An order's attempt at a payment provider (docs/providers.md): which provider, its id of
 * the attempt (a PayPal order, a Stripe Checkout session), its id of the money taken (a
 * PayPal capture) and what else it told, as strings. One per order: a new attempt is a new
 * order. Orders paid with no provider to ask (cash, the free claim) have none. Unique ids:
 * one provider attempt or capture is never two of our orders.
 */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: paymentMethodEnum('provider').notNull(),
    externalId: text('external_id').notNull(),
    captureId: text('capture_id'),
    status: text('status').$type<PaymentStatus>().notNull().default('abierto'),
    data: jsonb('data').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_payments_order_idx').on(t.orderId),
    uniqueIndex('order_payments_external_idx').on(t.provider, t.externalId),
    uniqueIndex('order_payments_capture_idx').on(t.provider, t.captureId),
  ],
);

/** One row per purchased (product, day): access checks and seat counts are single queries. */
/**
 * The association's choice of the Mexican ways to pay through Stripe (docs/payments.md): one
 * row (`id = 'store'`), absent until an admin saves the settings page; absent = everything
 * off, so a fresh store offers PayPal only.
 */
export const paymentSettings = pgTable(
  'payment_settings',
  {
    id: text('id').primaryKey().default('store'),
    cardEnabled: boolean('card_enabled').notNull().default(false),
    /** Card payments may be split in meses sin intereses (plans offered by Stripe's page). */
    msiEnabled: boolean('msi_enabled').notNull().default(false),
    oxxoEnabled: boolean('oxxo_enabled').notNull().default(false),
    /** Voucher lifetime in calendar days (Stripe: 1–7; it expires 23:59 Mexico City). */
    oxxoExpiresAfterDays: integer('oxxo_expires_after_days').notNull().default(3),
    speiEnabled: boolean('spei_enabled').notNull().default(false),
    /** How many calendar days the store waits for a SPEI transfer (seats held meanwhile). */
    speiHoldDays: integer('spei_hold_days').notNull().default(3),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payment_settings_one_row', sql`${t.id} = 'store'`),
    check('payment_settings_oxxo_days', sql`${t.oxxoExpiresAfterDays} between 1 and 7`),
    check('payment_settings_spei_days', sql`${t.speiHoldDays} between 1 and 7`),
  ],
);

export const orderDays = pgTable(
  'order_days',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /**
     * Who holds the place (gets access, the ticket, the constancia). The buyer in an
     * individual order; in a group order the person the buyer named, null while unassigned.
     */
    userId: uuid('user_id').references(() => users.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    productDayId: uuid('product_day_id')
      .notNull()
      .references(() => productDays.id),
    /** The place's number within the order and day (1 for an individual order; 1…N in a group order). */
    place: integer('place').notNull().default(1),
    /** When the holder of a group order's place was last named (null: unassigned or individual). */
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    /**
     * The name the buyer typed for the person holding a group order's place: what the buyer
     * sees (never the account's own name); null when unassigned or in an individual order.
     */
    holderName: text('holder_name'),
    day: text('day').notNull(),
    priceCentavos: integer('price_centavos').notNull(),
    /** Mirrors the order's status so access is one indexed lookup. */
    status: orderStatusEnum('status').notNull().default('pendiente'),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_days_user_product_idx').on(t.userId, t.productId, t.status),
    index('order_days_product_day_idx').on(t.productDayId, t.status),
    uniqueIndex('order_days_order_day_idx').on(t.orderId, t.productDayId, t.place),
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

/**
 * The waiting list of sold-out days (docs/after-sale.md → Waiting list): one row per user and
 * day joined, in FIFO order. An open offer (`ofrecido`, before offer_expires_at) holds a seat
 * for that user: reserveSeat counts it against everybody else.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    productDayId: uuid('product_day_id')
      .notNull()
      .references(() => productDays.id, { onDelete: 'cascade' }),
    status: waitlistStatusEnum('status').notNull().default('esperando'),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    /** SHA-256 of the claim link's token; the token itself is only in the e-mail. */
    claimTokenHash: text('claim_token_hash'),
    /** The paid order that took the offered seat. */
    orderId: uuid('order_id').references(() => orders.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One live entry per user and day; a finished one (claimed, expired, left) allows a new one.
    uniqueIndex('waitlist_entries_one_active_idx')
      .on(t.userId, t.productDayId)
      .where(sql`${t.status} IN ('esperando', 'ofrecido')`),
    index('waitlist_entries_day_status_idx').on(t.productDayId, t.status, t.createdAt),
    uniqueIndex('waitlist_entries_token_idx').on(t.claimTokenHash),
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
    /** Files made when the message is sent (mail/late-attachments.ts), e.g. an order's receipt. */
    attachLater: jsonb('attach_later').$type<{ kind: string; key: string }>(),
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

/**
 * The fiscal data (CFDI receiver) an account keeps, reused for each request: one row per kind,
 * the person's own ('persona': «Mis datos fiscales», the individual checkout) and the
 * institution of the last team purchase invoiced ('institucion': the team checkout's prefill).
 */
export const fiscalProfiles = pgTable(
  'fiscal_profiles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: fiscalProfileKindEnum('kind').notNull().default('persona'),
    rfc: text('rfc').notNull(),
    razonSocial: text('razon_social').notNull(),
    regimenFiscal: text('regimen_fiscal').notNull(),
    usoCfdi: text('uso_cfdi').notNull(),
    codigoPostal: text('codigo_postal').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

// ---- Attendance and constancias (docs/attendance.md) ----

/** What a constancia prints about a person: asked for once on the account page, reused. */
export const professionalProfiles = pgTable('professional_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The name exactly as it must appear on a constancia (accents and lower case kept). */
  certificateName: text('certificate_name').notNull(),
  cedula: text('cedula').notNull(),
  specialty: text('specialty').notNull(),
  institution: text('institution').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Seconds of a day's stream a person watched, credited by heartbeats and capped to the day's length. */
export const streamWatch = pgTable(
  'stream_watch',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productDayId: uuid('product_day_id')
      .notNull()
      .references(() => productDays.id, { onDelete: 'cascade' }),
    seconds: integer('seconds').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productDayId] }),
    index('stream_watch_day_idx').on(t.productDayId),
    check('stream_watch_seconds_nonneg', sql`${t.seconds} >= 0`),
  ],
);

/** The one player of an account that counts: its session id and when it last reported. */
export const streamSessions = pgTable('stream_sessions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sessionId: text('session_id').notNull(),
  productDayId: uuid('product_day_id')
    .notNull()
    .references(() => productDays.id, { onDelete: 'cascade' }),
  lastBeatAt: timestamp('last_beat_at', { withTimezone: true }).notNull(),
});

/** In-person attendance: one row per person and day, whoever scanned and however often. */
export const checkins = pgTable(
  'checkins',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productDayId: uuid('product_day_id')
      .notNull()
      .references(() => productDays.id, { onDelete: 'cascade' }),
    checkedInBy: uuid('checked_in_by').references(() => users.id),
    /** 'qr' (ticket scanned) or 'busqueda' (found by name or cédula). */
    method: text('method').notNull(),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('checkins_user_day_idx').on(t.userId, t.productDayId)],
);

/**
 * A staff correction of one person's day (docs/attendance.md → Corrections): the day counts
 * (`counts`) or does not, whatever was watched or scanned, with the reason given; one per
 * person and day, the history in the audit log.
 */
export const attendanceCorrections = pgTable(
  'attendance_corrections',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productDayId: uuid('product_day_id')
      .notNull()
      .references(() => productDays.id, { onDelete: 'cascade' }),
    counts: boolean('counts').notNull(),
    reason: text('reason').notNull(),
    correctedBy: uuid('corrected_by').references(() => users.id),
    correctedAt: timestamp('corrected_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productDayId] })],
);

/**
 * Who signs the constancias (docs/attendance.md → Signatures): up to three per event, or the
 * association's default set (`product_id` null) for events without their own; a name, a title
 * and optionally the image of the signature (private storage). Without an image the PDF leaves
 * the line to sign by hand.
 */
export const constanciaSignatures = pgTable(
  'constancia_signatures',
  {
    id: id(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
    /** 1 to 3, left to right. */
    position: integer('position').notNull(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    /** The signature's image (PNG or JPEG) under private/ in the file storage; null: sign by hand. */
    imageKey: text('image_key'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('constancia_signatures_position', sql`${t.position} BETWEEN 1 AND 3`),
    uniqueIndex('constancia_signatures_event_idx')
      .on(t.productId, t.position)
      .where(sql`${t.productId} IS NOT NULL`),
    uniqueIndex('constancia_signatures_default_idx')
      .on(t.position)
      .where(sql`${t.productId} IS NULL`),
  ],
);

/** An issued constancia: what it certifies is a snapshot, so the verification page shows what was printed. */
export const constancias = pgTable(
  'constancias',
  {
    id: id(),
    /** Random, not sequential: knowing one folio reveals no other. */
    folio: text('folio').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    certificateName: text('certificate_name').notNull(),
    cedula: text('cedula').notNull(),
    eventName: text('event_name').notNull(),
    /** Labels of the days attended, in order. */
    days: jsonb('days').$type<string[]>().notNull(),
    /** Minutes certified (the lengths of the days attended). */
    minutes: integer('minutes').notNull(),
    /** The event's endorsement as it was when issued (null: none). */
    endorsement: jsonb('endorsement').$type<ConstanciaEndorsement>(),
    /** The ids of the days attended, in order (what a refund or a correction is checked against). */
    productDayIds: jsonb('product_day_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** As printed (null: issued before they were kept; the profile's then). */
    specialty: text('specialty'),
    institution: text('institution'),
    /** The PDF under private/ in the file storage, letter size (Carta). */
    fileKey: text('file_key').notNull(),
    /** The same constancia on A4 (null: issued before both sizes were made). */
    fileKeyA4: text('file_key_a4'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** Who issued it by hand; null: the constancias job. */
    issuedBy: uuid('issued_by').references(() => users.id),
    /** The folio this one replaced (a reissue after a correction): the folio history. */
    replacesFolio: text('replaces_folio'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * Why it was revoked: reembolso, cancelacion (a day of it refunded or cancelled),
     * asistencia (an attendance withdrawn), reemision (replaced by a new one), manual.
     */
    revokeReason: text('revoke_reason'),
    /** The person's words, for manual revocations and corrections. */
    revokeNote: text('revoke_note'),
  },
  (t) => [
    uniqueIndex('constancias_folio_idx').on(t.folio),
    check(
      'constancias_revoke_reason',
      sql`(${t.revokedAt} IS NULL) = (${t.revokeReason} IS NULL) AND (${t.revokeReason} IS NULL OR ${t.revokeReason} IN ('reembolso','cancelacion','asistencia','reemision','manual'))`,
    ),
    // One valid constancia per person and event; a revoked one stays for its folio's page.
    uniqueIndex('constancias_one_valid_idx')
      .on(t.userId, t.productId)
      .where(sql`${t.revokedAt} IS NULL`),
  ],
);

/**
 * The evaluation an event asks before its constancia (docs/attendance.md → Evaluation): survey
 * questions (no correct answer) and exam questions (one correct option), the exam's pass mark
 * and how many attempts a member has. No row: the event asks none.
 */
export const evaluations = pgTable(
  'evaluations',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    questions: jsonb('questions').$type<EvaluationQuestion[]>().notNull(),
    passPercent: integer('pass_percent').notNull(),
    maxAttempts: integer('max_attempts').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('evaluations_pass_percent_range', sql`${t.passPercent} BETWEEN 1 AND 100`),
    check('evaluations_max_attempts_range', sql`${t.maxAttempts} BETWEEN 1 AND 10`),
  ],
);

/** One submitted evaluation: the option chosen per question, the exam's score and the outcome. */
export const evaluationAttempts = pgTable(
  'evaluation_attempts',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The index of the option chosen, per question in the evaluation's order. */
    answers: jsonb('answers').$type<number[]>().notNull(),
    /** Percentage of exam questions answered right; null when the evaluation is only a survey. */
    scorePercent: integer('score_percent'),
    passed: boolean('passed').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('evaluation_attempts_product_user_idx').on(t.productId, t.userId)],
);

export const REFUND_STATUSES = ['pendiente', 'completado', 'fallido'] as const;
export type RefundKind = 'cancelacion' | 'admin' | 'manual' | 'externo';
/** Why an unpaid hold ended (orders.closed_reason). */
export type HoldClosedReason =
  'expirado' | 'abandonado' | 'reemplazado' | 'rechazado' | 'cancelado' | 'duplicado';
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
    /**
     * 'cancelacion' (the buyer, by the terms), 'admin' (asked of the provider by an admin),
     * 'manual' (made outside the store and recorded by an admin) or 'externo' (reported by
     * the provider: a refund from its dashboard, a chargeback).
     */
    kind: text('kind').$type<RefundKind>().notNull(),
    /** The order's days this refund ends (empty: only money, access kept). */
    productDayIds: uuid('product_day_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** A group order's places this refund ends (order_days ids); empty: by productDayIds. */
    orderDayIds: uuid('order_day_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    amountCentavos: integer('amount_centavos').notNull(),
    status: text('status').$type<RefundStatus>().notNull().default('pendiente'),
    providerRefundId: text('provider_refund_id'),
    /**
     * Our own reference sent with the request to the provider (PayPal's `invoice_id`: the row's
     * id), which the provider echoes in the refund and its webhooks: the refund is matched by it,
     * never by its amount. Null for refunds the store did not ask for, and for those asked before
     * the reference was sent (matched by amount while PayPal has not named them yet).
     */
    providerReference: text('provider_reference'),
    actorId: uuid('actor_id').references(() => users.id),
    failure: text('failure'),
    /**
     * Asked of the provider and still pending: how many times it was asked or looked at, and
     * when the refund sweep asks again (an answer it may retry, or PENDING at the provider;
     * docs/providers.md). Null when nothing is scheduled.
     */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
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

/**
 * Every CFDI of the store, one row a document (docs/cfdi.md): `kind` I (ingreso, the invoice
 * of an order: one per order) or E (egreso, the credit note of a refund while the rest of the
 * sale stands: one per refund, related to the order's invoice with relationship 01). Each
 * carries a copy of the receiver's fiscal data as asked. Also the stamping queue:
 * `pending_action` says what the background job must do (`stamp` once the order is paid or
 * the refund completed, `cancel` for an invoice after a full refund), `next_attempt_at` when;
 * the row's id is the provider's idempotency key.
 */
export const cfdiDocuments = pgTable(
  'cfdi_documents',
  {
    id: id(),
    kind: text('kind').$type<CfdiDocumentKind>().notNull(),
    /** The invoice an egreso corrects; null for an invoice. */
    relatedDocumentId: uuid('related_document_id').references((): AnyPgColumn => cfdiDocuments.id, {
      onDelete: 'cascade',
    }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The refund an egreso answers; null for an invoice and for a refund the admin recorded (cash). */
    refundId: uuid('refund_id').references(() => orderRefunds.id, { onDelete: 'cascade' }),
    /** An egreso's amount, what went back to the buyer (taxes included); null for an invoice (the order's total). */
    amountCentavos: integer('amount_centavos'),
    rfc: text('rfc').notNull(),
    razonSocial: text('razon_social').notNull(),
    regimenFiscal: text('regimen_fiscal').notNull(),
    usoCfdi: text('uso_cfdi').notNull(),
    codigoPostal: text('codigo_postal').notNull(),
    status: invoiceStatusEnum('status').notNull().default('solicitada'),
    pendingAction: text('pending_action').$type<CfdiPendingAction>(),
    /** SAT cancellation reason, set when the order is refunded or cancelled after payment. */
    cancelMotive: text('cancel_motive'),
    /**
     * Where the cancellation asked of the provider stands (docs/cfdi.md → Refunds and
     * cancellations): `pendiente` while the receiver must accept it, then `aceptada`,
     * `rechazada` (the CFDI stays valid) or `vencida` (the receiver did not answer: the SAT
     * cancels it). Null before the provider is asked.
     */
    cancellationStatus: text('cancellation_status').$type<CancellationStatus>(),
    /** When the provider was first asked to cancel it (the age the admin sees while it waits). */
    cancellationRequestedAt: timestamp('cancellation_requested_at', { withTimezone: true }),
    /** The provider's id (Facturapi), once sent to it. */
    providerId: text('provider_id'),
    /**
     * c_MetodoPago: 'PUE' (paid in one go) or 'PPD' (an invoice asked at purchase, paid later by
     * SPEI: forma 99, followed by a payment complement, kind 'pago', when the money arrives).
     */
    paymentPlan: text('payment_plan').$type<'PUE' | 'PPD'>().notNull().default('PUE'),
    /** Folio fiscal: the UUID of the SAT stamp. */
    folioFiscal: text('folio_fiscal'),
    xmlKey: text('xml_key'),
    pdfKey: text('pdf_key'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** When it was asked for (an invoice) or queued (an egreso). */
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    stampedAt: timestamp('stamped_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cfdi_documents_invoice_of_order_idx')
      .on(t.orderId)
      .where(sql`${t.kind} = 'I'`),
    uniqueIndex('cfdi_documents_refund_idx').on(t.refundId),
    index('cfdi_documents_related_idx').on(t.relatedDocumentId),
    index('cfdi_documents_user_idx').on(t.userId),
    index('cfdi_documents_status_requested_idx').on(t.status, t.requestedAt),
    index('cfdi_documents_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.pendingAction} IS NOT NULL`),
    check('cfdi_documents_kind', sql`${t.kind} IN ('I', 'E', 'pago')`),
    // An egreso corrects an invoice and has an amount; a payment complement (PPD) names its
    // invoice and the amount paid; an invoice has none of these nor a refund.
    check(
      'cfdi_documents_kind_fields',
      sql`(${t.kind} = 'I' AND ${t.relatedDocumentId} IS NULL AND ${t.amountCentavos} IS NULL AND ${t.refundId} IS NULL) OR (${t.kind} = 'E' AND ${t.relatedDocumentId} IS NOT NULL AND ${t.amountCentavos} > 0) OR (${t.kind} = 'pago' AND ${t.relatedDocumentId} IS NOT NULL AND ${t.amountCentavos} > 0 AND ${t.refundId} IS NULL)`,
    ),
    // One payment complement per PPD invoice (the transfer pays it whole).
    uniqueIndex('cfdi_documents_complement_idx')
      .on(t.relatedDocumentId)
      .where(sql`${t.kind} = 'pago'`),
    check(
      'cfdi_documents_pending_action',
      sql`${t.pendingAction} IS NULL OR ${t.pendingAction} = 'stamp' OR (${t.pendingAction} = 'cancel' AND ${t.kind} = 'I')`,
    ),
    check(
      'cfdi_documents_cancellation_status',
      sql`${t.cancellationStatus} IS NULL OR ${t.cancellationStatus} IN ('pendiente', 'aceptada', 'rechazada', 'vencida')`,
    ),
  ],
);

/**
 * A bought day passed on to a colleague (docs/after-sale.md → Transfers). The giver's
 * order_days row becomes `transferido`; the colleague gets a new paid order of amount 0
 * (`to_order_id`) holding the same day. `root_order_id` is the order that was paid: its
 * transfers per day are counted (`seq`) against one plus `orders.extra_transfers`.
 */
export const dayTransfers = pgTable(
  'day_transfers',
  {
    id: id(),
    rootOrderId: uuid('root_order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productDayId: uuid('product_day_id')
      .notNull()
      .references(() => productDays.id),
    /** 1 for the first transfer of this day of the root order, 2 for the next… */
    seq: integer('seq').notNull(),
    fromOrderId: uuid('from_order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromUserId: uuid('from_user_id')
      .notNull()
      .references(() => users.id),
    toOrderId: uuid('to_order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    toUserId: uuid('to_user_id')
      .notNull()
      .references(() => users.id),
    /** The name and e-mail as the giver typed them. */
    name: text('name').notNull(),
    email: text('email').notNull(),
    actorId: uuid('actor_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    // Two transfers of the same day at once: only one can take the next number.
    uniqueIndex('day_transfers_seq_idx').on(t.rootOrderId, t.productDayId, t.seq),
    index('day_transfers_from_order_idx').on(t.fromOrderId),
    index('day_transfers_to_order_idx').on(t.toOrderId),
  ],
);

/**
 * Registration questions of an event (docs/questions.md), in `position` order; per event or
 * for one day (`product_day_id`). A question the admin removes keeps its row (`removed_at`) so
 * its past answers stay in the export; it is no longer asked.
 */
export const eventQuestions = pgTable(
  'event_questions',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    productDayId: uuid('product_day_id').references(() => productDays.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: questionKindEnum('kind').notNull(),
    label: text('label').notNull(),
    help: text('help'),
    required: boolean('required').notNull().default(false),
    /** opcion / opciones: the options in order; [] for the other kinds. */
    options: jsonb('options').$type<string[]>().notNull().default([]),
    /** numero: the allowed range (null = open). */
    minValue: numeric('min_value', { mode: 'number' }),
    maxValue: numeric('max_value', { mode: 'number' }),
    preset: questionPresetEnum('preset'),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('event_questions_product_idx').on(t.productId, t.position),
    check(
      'event_questions_range_check',
      sql`${t.minValue} IS NULL OR ${t.maxValue} IS NULL OR ${t.minValue} <= ${t.maxValue}`,
    ),
  ],
);

/**
 * An attendee's answer to a question: it belongs to the person who attends the event (a buyer
 * for themselves, a team place's assignee, a transfer's colleague), not to an order row, so the
 * lifecycle's orders and order days stay whole and a transferred place is answered anew by its
 * new holder. `value` is the normalised answer (text, list of options, yes/no, number,
 * 'YYYY-MM-DD').
 */
export const attendeeAnswers = pgTable(
  'attendee_answers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => eventQuestions.id, { onDelete: 'cascade' }),
    value: jsonb('value').$type<string | string[] | boolean | number>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.questionId] }),
    index('attendee_answers_question_idx').on(t.questionId),
  ],
);
