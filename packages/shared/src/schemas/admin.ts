// Request and response shapes of /api/admin/* (the back office, DESIGN §5). Money in
// pesos as everywhere in the API; dates as epoch milliseconds in responses.

import { z } from 'zod';
import {
  CATEGORIES,
  DISCOUNT_TYPES,
  LEVELS,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  ROLES,
  USER_TYPES,
} from '../constants';
import { normalizeStreamUrl } from '../domain/stream-url';
import { ADMIN_MSG, adminDuplicateDay, adminStreamUrlInvalid } from '../admin-messages';
import { address } from './order';
import { emailField, nameField } from './user';
import { product } from './product';

/** Query-string helper: an empty value counts as absent (forms send `?status=`). */
const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** Pesos with at most two decimals, within [min, 1 000 000]. */
const pesosField = (message: string, min = 0) =>
  z
    .number({ error: message })
    .min(min, { error: message })
    .max(1_000_000, { error: message })
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error: message });

const idParam = z.uuid({ error: 'Identificador no válido' });
export const adminIdParams = z.object({ id: idParam });

export const pageQuery = {
  page: optionalParam(z.coerce.number().int().min(1).max(100_000)).transform((v) => v ?? 1),
  pageSize: optionalParam(z.coerce.number().int().min(1).max(200)).transform((v) => v ?? 50),
};

// ---------------------------------------------------------------- session

export const adminSessionResponse = z.object({
  success: z.literal(true),
  user: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
});
export type AdminSessionResponse = z.infer<typeof adminSessionResponse>;

// ---------------------------------------------------------------- events

/** Paths we serve (uploads, the seed's covers) or an https URL of the configured storage. */
export const IMAGE_URL_PATTERN = /^(\/(uploads|covers)\/[A-Za-z0-9._-]{1,200}|https:\/\/[^\s"'<>\\]{1,480})$/;

export const adminDayInput = z.object({
  /** Present for a day that already exists: it is kept (renamed, moved), never recreated. */
  _id: idParam.optional(),
  label: z
    .string({ error: ADMIN_MSG.dayLabelRequired })
    .trim()
    .min(1, { error: ADMIN_MSG.dayLabelRequired })
    .max(120, { error: ADMIN_MSG.dayLabelTooLong }),
  streamUrl: z
    .string()
    .trim()
    .max(500)
    .nullish()
    .transform((v) => v || null),
  seatCapacity: z
    .number({ error: ADMIN_MSG.dayCapacityInvalid })
    .int({ error: ADMIN_MSG.dayCapacityInvalid })
    .min(1, { error: ADMIN_MSG.dayCapacityInvalid })
    .max(1_000_000, { error: ADMIN_MSG.dayCapacityInvalid })
    .nullish()
    .transform((v) => v ?? null),
});
export type AdminDayInput = z.input<typeof adminDayInput>;

export const adminEventInput = z
  .object({
    name: z
      .string({ error: ADMIN_MSG.eventNameRequired })
      .trim()
      .min(1, { error: ADMIN_MSG.eventNameRequired })
      .max(200, { error: ADMIN_MSG.eventNameTooLong }),
    description: z.string().trim().max(5000, { error: ADMIN_MSG.eventDescriptionTooLong }).default(''),
    price: pesosField(ADMIN_MSG.eventPriceInvalid),
    image: z
      .array(
        z
          .string({ error: ADMIN_MSG.eventImageInvalid })
          .regex(IMAGE_URL_PATTERN, { error: ADMIN_MSG.eventImageInvalid }),
      )
      .max(10, { error: ADMIN_MSG.eventTooManyImages })
      .default([]),
    category: z.enum(CATEGORIES, { error: ADMIN_MSG.eventCategoryInvalid }),
    subCategory: z.enum(LEVELS, { error: ADMIN_MSG.eventLevelInvalid }),
    isPresential: z.boolean().default(false),
    days: z
      .array(adminDayInput, { error: ADMIN_MSG.eventDaysRequired })
      .min(1, { error: ADMIN_MSG.eventDaysRequired })
      .max(30, { error: ADMIN_MSG.eventTooManyDays }),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.days.forEach((d, i) => {
      const key = d.label.toLocaleLowerCase('es-MX');
      if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', message: adminDuplicateDay(d.label), path: ['days', i, 'label'] });
      }
      seen.add(key);
      if (d.streamUrl && !normalizeStreamUrl(d.streamUrl)) {
        ctx.addIssue({
          code: 'custom',
          message: adminStreamUrlInvalid(d.label, i),
          path: ['days', i, 'streamUrl'],
        });
      }
    });
  });
export type AdminEventInput = z.input<typeof adminEventInput>;
export type AdminEventData = z.output<typeof adminEventInput>;

export const adminEventDay = z.object({
  _id: z.string(),
  label: z.string(),
  position: z.number().int(),
  streamUrl: z.string().nullable(),
  /** null = no limit. */
  seatCapacity: z.number().int().nullable(),
  /** Seats held by paid and pending orders. */
  seatsTaken: z.number().int(),
  /** Paid attendees of this day. */
  seatsSold: z.number().int(),
  /** Order rows of any status that reference the day (> 0: it cannot be removed). */
  ordersCount: z.number().int(),
});
export type AdminEventDay = z.infer<typeof adminEventDay>;

/** An event as the back office sees it: the public product fields, plus state and day details. */
export const adminEvent = product
  .pick({
    _id: true,
    name: true,
    description: true,
    price: true,
    image: true,
    category: true,
    subCategory: true,
    isPresential: true,
  })
  .extend({
    active: z.boolean(),
    createdAt: z.number(),
    updatedAt: z.number(),
    days: z.array(adminEventDay),
  });
export type AdminEvent = z.infer<typeof adminEvent>;

export const ADMIN_EVENT_STATUSES = ['all', 'active', 'archived'] as const;
export const adminEventsQuery = z.object({
  search: optionalParam(z.string().trim().max(120)),
  status: optionalParam(z.enum(ADMIN_EVENT_STATUSES)).transform((v) => v ?? 'all'),
});
export type AdminEventsQuery = z.input<typeof adminEventsQuery>;

export const adminEventsResponse = z.object({ success: z.literal(true), events: z.array(adminEvent) });
export type AdminEventsResponse = z.infer<typeof adminEventsResponse>;
export const adminEventResponse = z.object({
  success: z.literal(true),
  event: adminEvent,
  message: z.string().optional(),
});
export type AdminEventResponse = z.infer<typeof adminEventResponse>;

export const adminUploadResponse = z.object({
  success: z.literal(true),
  url: z.string(),
  message: z.string().optional(),
});
export type AdminUploadResponse = z.infer<typeof adminUploadResponse>;

// ---------------------------------------------------------------- coupons

const limitField = z
  .number({ error: ADMIN_MSG.couponLimitInvalid })
  .int({ error: ADMIN_MSG.couponLimitInvalid })
  .min(1, { error: ADMIN_MSG.couponLimitInvalid })
  .max(1_000_000, { error: ADMIN_MSG.couponLimitInvalid })
  .nullish()
  .transform((v) => v ?? null);
const dateTimeField = z.iso
  .datetime({ offset: true, error: ADMIN_MSG.couponDateInvalid })
  .nullish()
  .transform((v) => v ?? null);

export const adminCouponInput = z
  .object({
    code: z
      .string({ error: ADMIN_MSG.couponCodeInvalid })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_-]{3,32}$/, { error: ADMIN_MSG.couponCodeInvalid }),
    description: z.string().trim().max(300, { error: ADMIN_MSG.couponDescriptionTooLong }).default(''),
    discountType: z.enum(DISCOUNT_TYPES, { error: ADMIN_MSG.couponTypeInvalid }),
    /** Percent (1-100) or pesos. */
    discountValue: z.number({ error: ADMIN_MSG.couponFixedInvalid }),
    productIds: z
      .array(z.uuid({ error: ADMIN_MSG.couponProductInvalid }))
      .max(500)
      .default([]),
    userTypes: z
      .array(z.enum(USER_TYPES, { error: ADMIN_MSG.couponUserTypeInvalid }))
      .max(USER_TYPES.length)
      .default([]),
    validFrom: dateTimeField,
    validUntil: dateTimeField,
    maxUses: limitField,
    maxUsesPerUser: limitField,
    active: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.discountType === 'percent') {
      if (!Number.isInteger(v.discountValue) || v.discountValue < 1 || v.discountValue > 100) {
        ctx.addIssue({ code: 'custom', message: ADMIN_MSG.couponPercentInvalid, path: ['discountValue'] });
      }
    } else if (!pesosField(ADMIN_MSG.couponFixedInvalid, 0.01).safeParse(v.discountValue).success) {
      ctx.addIssue({ code: 'custom', message: ADMIN_MSG.couponFixedInvalid, path: ['discountValue'] });
    }
    if (v.validFrom && v.validUntil && Date.parse(v.validUntil) <= Date.parse(v.validFrom)) {
      ctx.addIssue({ code: 'custom', message: ADMIN_MSG.couponDatesInvalid, path: ['validUntil'] });
    }
  });
export type AdminCouponInput = z.input<typeof adminCouponInput>;
export type AdminCouponData = z.output<typeof adminCouponInput>;

export const COUPON_STATES = ['vigente', 'programado', 'expirado', 'agotado', 'inactivo'] as const;
export type CouponState = (typeof COUPON_STATES)[number];
export const COUPON_STATE_LABELS: Record<CouponState, string> = {
  vigente: 'Vigente',
  programado: 'Programado',
  expirado: 'Expirado',
  agotado: 'Agotado',
  inactivo: 'Inactivo',
};

export const adminCoupon = z.object({
  _id: z.string(),
  code: z.string(),
  description: z.string(),
  discountType: z.enum(DISCOUNT_TYPES),
  /** Percent, or pesos for a fixed amount. */
  discountValue: z.number(),
  productIds: z.array(z.string()),
  userTypes: z.array(z.enum(USER_TYPES)),
  validFrom: z.number().nullable(),
  validUntil: z.number().nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerUser: z.number().int().nullable(),
  usedCount: z.number().int(),
  active: z.boolean(),
  state: z.enum(COUPON_STATES),
  createdAt: z.number(),
});
export type AdminCoupon = z.infer<typeof adminCoupon>;

export const adminCouponsResponse = z.object({ success: z.literal(true), coupons: z.array(adminCoupon) });
export type AdminCouponsResponse = z.infer<typeof adminCouponsResponse>;
export const adminCouponResponse = z.object({
  success: z.literal(true),
  coupon: adminCoupon,
  message: z.string().optional(),
});
export type AdminCouponResponse = z.infer<typeof adminCouponResponse>;

// ---------------------------------------------------------------- members

export const adminMembersQuery = z.object({
  search: optionalParam(z.string().trim().max(120)),
  userType: optionalParam(z.enum(USER_TYPES, { error: ADMIN_MSG.memberUserTypeInvalid })),
  role: optionalParam(z.enum(ROLES, { error: ADMIN_MSG.memberRoleInvalid })),
  ...pageQuery,
});
export type AdminMembersQuery = z.input<typeof adminMembersQuery>;

export const adminMember = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  userType: z.enum(USER_TYPES),
  role: z.enum(ROLES),
  mustChangePassword: z.boolean(),
  createdAt: z.number(),
  paidOrders: z.number().int(),
});
export type AdminMember = z.infer<typeof adminMember>;

export const adminMembersResponse = z.object({
  success: z.literal(true),
  members: z.array(adminMember),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminMembersResponse = z.infer<typeof adminMembersResponse>;

export const adminMemberPatch = z
  .object({
    userType: z.enum(USER_TYPES, { error: ADMIN_MSG.memberUserTypeInvalid }).optional(),
    role: z.enum(ROLES, { error: ADMIN_MSG.memberRoleInvalid }).optional(),
  })
  .refine((v) => v.userType !== undefined || v.role !== undefined, {
    error: ADMIN_MSG.memberNothingToChange,
  });
export type AdminMemberPatch = z.input<typeof adminMemberPatch>;

export const adminMemberResponse = z.object({
  success: z.literal(true),
  member: adminMember,
  message: z.string().optional(),
});
export type AdminMemberResponse = z.infer<typeof adminMemberResponse>;

/** A member created by hand (the association's desk, on the phone): the server answers a temporary password. */
export const adminMemberCreateBody = z.object({
  name: nameField,
  email: emailField,
  userType: z.enum(USER_TYPES, { error: ADMIN_MSG.memberUserTypeInvalid }).default('general'),
});
export type AdminMemberCreateBody = z.input<typeof adminMemberCreateBody>;

/**
 * The temporary password, shown once: the server generates it (the client never chooses it)
 * and stores only its hash; the member must replace it at first login (SPEC §4).
 */
export const adminTemporaryPasswordResponse = z.object({
  success: z.literal(true),
  member: adminMember,
  temporaryPassword: z.string(),
  message: z.string(),
});
export type AdminTemporaryPasswordResponse = z.infer<typeof adminTemporaryPasswordResponse>;

export const adminImportBody = z.object({
  csv: z.string({ error: ADMIN_MSG.importEmpty }).max(3_000_000, { error: ADMIN_MSG.importTooLarge }),
  /** Only report; never writes. */
  dryRun: z.boolean().default(false),
  /** Import the valid rows even though others have problems (the explicit confirmation). */
  onlyValid: z.boolean().default(false),
});
export type AdminImportBody = z.input<typeof adminImportBody>;

export const adminImportRow = z.object({
  line: z.number().int(),
  name: z.string(),
  email: z.string(),
  userType: z.enum(USER_TYPES),
});
export type AdminImportRow = z.infer<typeof adminImportRow>;

export const adminImportProblem = z.object({
  line: z.number().int(),
  email: z.string().nullable(),
  kind: z.enum(['error', 'duplicate']),
  reason: z.string(),
});
export type AdminImportProblem = z.infer<typeof adminImportProblem>;

export const adminImportResponse = z.object({
  success: z.literal(true),
  /** True when accounts were written by this call. */
  imported: z.boolean(),
  totalRows: z.number().int(),
  valid: z.array(adminImportRow),
  problems: z.array(adminImportProblem),
  created: z.number().int(),
  message: z.string(),
});
export type AdminImportResponse = z.infer<typeof adminImportResponse>;

// ---------------------------------------------------------------- orders

const dateOnly = z.iso.date({ error: ADMIN_MSG.dateInvalid });

export const adminOrdersQuery = z.object({
  productId: optionalParam(idParam),
  productDayId: optionalParam(idParam),
  status: optionalParam(z.enum(ORDER_STATUSES)),
  method: optionalParam(z.enum(PAYMENT_METHODS)),
  from: optionalParam(dateOnly),
  to: optionalParam(dateOnly),
  /** Customer name or e-mail, or an order id. */
  search: optionalParam(z.string().trim().max(120)),
  ...pageQuery,
});
export type AdminOrdersQuery = z.input<typeof adminOrdersQuery>;

export const adminCustomer = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  userType: z.enum(USER_TYPES),
});

export const adminOrderSummary = z.object({
  _id: z.string(),
  date: z.number(),
  paidAt: z.number().nullable(),
  status: z.enum(ORDER_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  subtotal: z.number(),
  discount: z.number(),
  fee: z.number(),
  amount: z.number(),
  refunded: z.number(),
  couponCode: z.string().nullable(),
  customer: adminCustomer,
  items: z.array(z.object({ productId: z.string(), name: z.string(), days: z.array(z.string()) })),
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummary>;

export const adminOrdersResponse = z.object({
  success: z.literal(true),
  orders: z.array(adminOrderSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminOrdersResponse = z.infer<typeof adminOrdersResponse>;

export const adminAuditEntry = z.object({
  _id: z.string(),
  date: z.number(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  actor: z.object({ _id: z.string(), name: z.string(), email: z.string() }).nullable(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntry>;

export const adminOrderDetail = adminOrderSummary.extend({
  address,
  paypalOrderId: z.string().nullable(),
  paypalCaptureId: z.string().nullable(),
  stripeSessionId: z.string().nullable(),
  expiresAt: z.number().nullable(),
  lines: z.array(
    z.object({
      productDayId: z.string(),
      productId: z.string(),
      productName: z.string(),
      day: z.string(),
      price: z.number(),
      status: z.enum(ORDER_STATUSES),
    }),
  ),
  history: z.array(adminAuditEntry),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetail>;

export const adminOrderResponse = z.object({
  success: z.literal(true),
  order: adminOrderDetail,
  message: z.string().optional(),
});
export type AdminOrderResponse = z.infer<typeof adminOrderResponse>;

const noteField = z.string().trim().max(500, { error: ADMIN_MSG.orderNoteTooLong }).default('');
/** The body is optional: a POST without one (Fastify hands over null) means no note. */
export const adminOrderNoteBody = z.preprocess((v) => v ?? {}, z.object({ note: noteField }));
export type AdminOrderNoteBody = z.input<typeof adminOrderNoteBody>;
export const adminRefundBody = z.object({
  amount: pesosField(ADMIN_MSG.orderRefundInvalid, 0.01),
  note: noteField,
  /** true (default): the order becomes `reembolsado`, access ends and the seats are freed;
   *  false: only the amount is recorded (a goodwill partial refund) and access stays. */
  revokeAccess: z.boolean().default(true),
});
export type AdminRefundBody = z.input<typeof adminRefundBody>;

// ---------------------------------------------------------------- attendees

export const adminAttendeesQuery = z.object({
  productId: z.uuid({ error: ADMIN_MSG.attendeesNeedEvent }),
  productDayId: optionalParam(idParam),
});
export type AdminAttendeesQuery = z.input<typeof adminAttendeesQuery>;

export const adminAttendee = z.object({
  orderId: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  userType: z.enum(USER_TYPES),
  productDayId: z.string(),
  day: z.string(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  couponCode: z.string().nullable(),
  /** When the order was paid (its creation time for free claims without a payment time). */
  date: z.number(),
});
export type AdminAttendee = z.infer<typeof adminAttendee>;

export const adminAttendeesResponse = z.object({
  success: z.literal(true),
  event: z.object({ _id: z.string(), name: z.string() }),
  day: z.object({ _id: z.string(), label: z.string() }).nullable(),
  attendees: z.array(adminAttendee),
});
export type AdminAttendeesResponse = z.infer<typeof adminAttendeesResponse>;

// ---------------------------------------------------------------- dashboard

export const adminDashboardQuery = z.object({
  days: optionalParam(z.coerce.number().int().min(7).max(365)).transform((v) => v ?? 30),
});

export const adminDashboardResponse = z.object({
  success: z.literal(true),
  totals: z.object({
    /** Collected on paid orders, refunds deducted (pesos, fee included). */
    revenue: z.number(),
    paidOrders: z.number().int(),
    pendingOrders: z.number().int(),
    /** Paid (event, day) seats. */
    seatsSold: z.number().int(),
    members: z.number().int(),
    activeEvents: z.number().int(),
  }),
  events: z.array(
    z.object({
      productId: z.string(),
      name: z.string(),
      active: z.boolean(),
      /** Net of discounts and refunds, without the service fee. */
      revenue: z.number(),
      seatsSold: z.number().int(),
      days: z.array(
        z.object({
          productDayId: z.string(),
          label: z.string(),
          seatsSold: z.number().int(),
          seatCapacity: z.number().int().nullable(),
          revenue: z.number(),
        }),
      ),
    }),
  ),
  timeline: z.array(
    z.object({
      date: z.string(),
      orders: z.number().int(),
      paidOrders: z.number().int(),
      revenue: z.number(),
    }),
  ),
  latestOrders: z.array(adminOrderSummary),
});
export type AdminDashboardResponse = z.infer<typeof adminDashboardResponse>;

// ---------------------------------------------------------------- audit

export const adminAuditQuery = z.object({
  entity: optionalParam(z.string().trim().max(40)),
  entityId: optionalParam(z.string().trim().max(80)),
  ...pageQuery,
});
export type AdminAuditQuery = z.input<typeof adminAuditQuery>;

export const adminAuditResponse = z.object({
  success: z.literal(true),
  entries: z.array(adminAuditEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminAuditResponse = z.infer<typeof adminAuditResponse>;

/** Spanish labels of the audit actions the admin module writes. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'event.create': 'Creó el evento',
  'event.update': 'Editó el evento',
  'event.duplicate': 'Duplicó el evento',
  'event.archive': 'Archivó el evento',
  'event.unarchive': 'Publicó de nuevo el evento',
  'upload.image': 'Subió una imagen',
  'coupon.create': 'Creó el cupón',
  'coupon.update': 'Editó el cupón',
  'coupon.deactivate': 'Desactivó el cupón',
  'coupon.activate': 'Activó el cupón',
  'member.update': 'Cambió la cuenta',
  'member.import': 'Importó cuentas',
  'member.create': 'Creó la cuenta',
  'member.temporary_password': 'Asignó una contraseña temporal',
  'order.mark_paid': 'Marcó la orden como pagada',
  'order.cancel': 'Canceló la orden',
  'order.refund': 'Registró un reembolso',
};
