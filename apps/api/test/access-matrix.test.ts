// ACCESS MATRIX: every API route, called as anonymous, owner, other customer and admin.
//
// The routes come from the OpenAPI document (/api/docs/json), so a new route without an
// entry below fails the first test with the line to add. Adding a route is one line in
// MATRIX, keyed 'METHOD /api/path/{param}' exactly as /api/docs shows it:
//
//   'GET /api/thing/{id}': mine(200, 404, (f) => ({ params: { id: f.ownerOrderId } })),
//
// Shorthands (expected status for anon / owner / other / admin):
//   open(s)             anyone, s for all four (health, catalogue, webhooks…)
//   signedIn(s)         401 anonymous, s for every signed-in caller
//   mine(own, other, r) 401 anonymous, `own` for the owner and the admin's own view,
//                       `other` for another customer (objects of someone else)
//   adminOnly(s)        401 anonymous, 403 for customers, s for the admin
//   or a literal { anon, owner, other, admin, request?, last? }.
// PayPal and Stripe are the local fakes (test/fakes), so payment routes run for real.
// `request(f, role)` builds the call from the fixture `f` (the owner's order, the event, the
// coupon… created in beforeAll): path params, body, query. Calls that end sessions or would
// disturb later rows set `last: n` (run after the others, lowest n first).
//
// Besides the statuses, every answer an anonymous caller or another customer receives is
// scanned for the event's stream URLs (and the owner's for the day nobody bought): only a
// buyer, and the admin, may ever see them.

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';
import { SERVICE_FEE_CENTAVOS } from '@store/shared/constants';
import { toPesos } from '@store/shared/domain/money';
import { cfdiDocuments, orders } from '../src/db/schema';
import { createProduct } from './factories';
import { newStorageKey } from '../src/lib/storage/keys';
import { startFakePaypal, type FakePaypal } from '../src/dev/paypal-simulator/fake-paypal';
import { startFakeStripe, type FakeStripe } from './fakes/fake-stripe';
import {
  addToCart,
  ADDRESS,
  createCoupon,
  createUser,
  placeOrder,
  TEST_PASSWORD,
  type TestUser,
} from './store-helpers';

type Role = 'anon' | 'owner' | 'other' | 'admin';
const FISCAL = {
  rfc: 'GODE561231GR8',
  razonSocial: 'EDUARDO GOMEZ DIAZ',
  regimenFiscal: '612',
  usoCfdi: 'G03',
  codigoPostal: '14080',
};
const ROLES: Role[] = ['anon', 'other', 'owner', 'admin'];

interface Fixture {
  productId: string;
  /** What the owner's checkout sends for the paid event (create-order, order/paypal, order/stripe). */
  checkout: {
    address: typeof ADDRESS;
    items: { _id: string; days: string; quantity: number }[];
    amount: number;
    discount: number;
  };
  ownerPaypalOrderId: string;
  ownerStripeOrderId: string;
  paidProductId: string;
  couponId: string;
  couponCode: string;
  ownerOrderId: string;
  /** A second paid order of the owner, for the admin's cancel/refund rows. */
  ownerSecondOrderId: string;
  ownerId: string;
  /** A member the admin may give a temporary password (it ends that member's sessions). */
  bystanderId: string;
  /** A stamped CFDI (XML stored) of the owner's first order. */
  ownerInvoiceId: string;
}

interface Call {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

interface Entry {
  anon: number;
  owner: number;
  other: number;
  admin: number;
  request?: (f: Fixture, role: Role) => Call;
  /** Run after the other routes, in this order (ends sessions, or changes what later rows rely on). */
  last?: number;
}

type Req = Entry['request'];
const open = (s: number, request?: Req): Entry => ({ anon: s, owner: s, other: s, admin: s, request });
const signedIn = (s: number, request?: Req): Entry => ({ anon: 401, owner: s, other: s, admin: s, request });
const mine = (own: number, other: number, request?: Req, admin = own): Entry => ({
  anon: 401,
  owner: own,
  other,
  admin,
  request,
});
const adminOnly = (s: number, request?: Req): Entry => ({
  anon: 401,
  owner: 403,
  other: 403,
  admin: s,
  request,
});

const body = (b: unknown) => () => ({ body: b });
const id =
  (pick: (f: Fixture) => string, extra: Call = {}) =>
  (f: Fixture) => ({ params: { id: pick(f) }, ...extra });
let registrations = 0;

const MATRIX: Record<string, Entry> = {
  'GET /api/admin/dashboard/provider-waits': adminOnly(200),
  'GET /api/admin/dashboard/payment-waits': adminOnly(200),
  'GET /api/admin/payment-settings': adminOnly(200),
  // Saving everything off (a fresh store's settings) changes nothing for later rows.
  'PUT /api/admin/payment-settings': adminOnly(
    200,
    body({
      card: { enabled: false, msi: false },
      oxxo: { enabled: false, expiresAfterDays: 3 },
      spei: { enabled: false, holdDays: 3 },
    }),
  ),
  'GET /api/payment-methods': open(200),
  // Only the owner reads an order's voucher or transfer data (the admin sees orders in the back office).
  'GET /api/order/{orderId}/instructions': mine(
    200,
    403,
    (f) => ({ params: { orderId: f.ownerOrderId } }),
    403,
  ),
  // The Mexican ways to pay are off in a fresh store: refused with a Spanish message, after sign-in.
  'POST /api/order/oxxo': signedIn(400, (f) => ({ body: f.checkout })),
  'POST /api/order/spei': signedIn(400, (f) => ({ body: f.checkout })),
  'POST /api/group/spei': signedIn(400, body({})),
  'POST /api/admin/dashboard/provider-waits/refunds/{id}/retry': adminOnly(404, () => ({
    params: { id: '00000000-0000-4000-8000-000000000000' },
  })),
  'GET /api/health/': open(200),
  'GET /api/health/live': open(200),
  'GET /api/health/ready': open(200),
  'GET /api/product/list': open(200),
  // Everyone signed in sees the event; only the buyer gets its stream links.
  'GET /api/product/single/{id}': signedIn(
    200,
    id((f) => f.productId),
  ),
  'POST /api/user/register': open(200, () => ({
    body: {
      name: 'NUEVA CUENTA',
      email: `registro${(registrations += 1)}@matriz.mx`,
      password: 'una clave larga',
    },
  })),
  'POST /api/user/login': open(401, body({ email: 'nadie@matriz.mx', password: 'una clave larga' })),
  'GET /api/user/profile': signedIn(200),
  'POST /api/user/logout-all': { ...signedIn(200, body({})), last: 9 },
  'POST /api/user/reset-password-request': open(200, body({ email: 'nadie@matriz.mx' })),
  'POST /api/user/reset-password': open(400, body({ token: 'x'.repeat(43), newPassword: 'una clave larga' })),
  'POST /api/user/password-link': open(200, body({ token: 'x'.repeat(43) })),
  'POST /api/cart/add': signedIn(200, (f) => ({ body: { itemId: f.productId, days: 'Día 3' } })),
  'POST /api/cart/update': signedIn(200, (f) => ({
    body: { itemId: f.productId, days: 'Día 3', quantity: 0 },
  })),
  'POST /api/cart/get': signedIn(200, body({})),
  'POST /api/coupon/validate': signedIn(200, (f) => ({ body: { code: f.couponCode } })),
  // A non-free order without a payment: refused (PayPal is the way to pay).
  'POST /api/order/place': signedIn(400, (f) => ({
    body: {
      address: ADDRESS,
      items: [{ _id: f.paidProductId, days: 'Día 1', quantity: 1 }],
      amount: 1010,
      discount: 0,
    },
  })),
  'POST /api/order/userorders': signedIn(200, body({})),
  'GET /api/order/userorders': signedIn(200),
  // Places for a team (docs/groups.md): a quote for anyone signed in; checkouts and place
  // changes with empty bodies are refused as invalid; the places of an order only for its buyer.
  'POST /api/group/quote': signedIn(200, (f) => ({
    body: { productId: f.paidProductId, days: ['Día 1'], places: 2 },
  })),
  'POST /api/group/paypal/create-order': signedIn(400, body({})),
  'POST /api/group/paypal/capture': signedIn(404, body({ paypalOrderId: 'NOEXISTE123' })),
  'POST /api/group/place': signedIn(400, body({})),
  'POST /api/group/places': mine(409, 403, (f) => ({ body: { orderId: f.ownerOrderId } }), 403),
  'POST /api/group/assign': signedIn(400, body({})),
  'POST /api/group/reassign': signedIn(400, body({})),
  'POST /api/group/assign-csv': signedIn(400, body({})),
  'POST /api/group/cancel': signedIn(400, body({})),
  'POST /api/group/mine': signedIn(200, body({})),
  'GET /api/group/fiscal-data': signedIn(200),
  'GET /api/invoice/fiscal-data': signedIn(200),
  'PUT /api/invoice/fiscal-data': signedIn(200, body(FISCAL)),
  'GET /api/invoice/mine': signedIn(200),
  // The owner's order is a free claim (400: not invoiced); anyone else's order: 403.
  'POST /api/invoice/request': mine(
    400,
    403,
    (f) => ({ body: { orderId: f.ownerOrderId, fiscalData: FISCAL } }),
    403,
  ),
  'GET /api/invoice/{id}/{format}': mine(200, 403, (f) => ({
    params: { id: f.ownerInvoiceId, format: 'xml' },
  })),
  'POST /api/order/quote': signedIn(200, body({})),
  // Someone else's order: 403, whoever asks (the admin looks orders up under /api/admin).
  'POST /api/order/single': mine(200, 403, (f) => ({ body: { orderId: f.ownerOrderId } }), 403),
  // The receipt of a paid order: only its buyer (the free claim has one too).
  'GET /api/order/{orderId}/calendar': mine(200, 403, (f) => ({ params: { orderId: f.ownerOrderId } }), 403),
  'GET /api/order/{orderId}/receipt': mine(200, 403, (f) => ({ params: { orderId: f.ownerOrderId } }), 403),
  // Cancelling by the terms: only the buyer, about their own order (the admin refunds under /api/admin).
  'POST /api/order/cancellation': mine(200, 403, (f) => ({ body: { orderId: f.ownerOrderId } }), 403),
  // Transfers to a colleague: only the buyer. The owner's claim is weeks ahead (cancel
  // instead); an unknown day of the order is refused.
  'POST /api/order/transfer-options': mine(
    200,
    403,
    (f) => ({ body: { orderId: f.ownerOrderId, productId: f.productId } }),
    403,
  ),
  'POST /api/order/transfer': mine(
    409,
    403,
    (f) => ({
      body: {
        orderId: f.ownerOrderId,
        productDayId: '00000000-0000-4000-8000-000000000000',
        email: 'colega-matriz@prueba.mx',
        name: 'Colega Matriz',
        confirm: true,
      },
    }),
    403,
  ),
  // After the admin cancelled the owner's second order: the owner is told it cannot be cancelled.
  'POST /api/order/cancel': {
    ...mine(409, 403, (f) => ({ body: { orderId: f.ownerSecondOrderId } }), 403),
    last: 2,
  },
  'GET /api/paypal/config': open(200),
  'GET /api/site-config/': open(200),
  // Each caller prices their own cart (everyone has the paid event in it).
  'POST /api/paypal/create-order': signedIn(200, (f) => ({ body: f.checkout })),
  // Capturing or cancelling the owner's PayPal order: nobody else may.
  // The owner's own capture is refused too: the fixture's later Stripe checkout for the same
  // day replaced that pending order (a buyer holds one live order per day).
  'POST /api/order/paypal': mine(
    409,
    403,
    (f) => ({ body: { ...f.checkout, paypalOrderId: f.ownerPaypalOrderId, paypalPayerId: 'PAGADOR' } }),
    403,
  ),
  'POST /api/paypal/cancel-order': {
    ...mine(200, 404, (f) => ({ body: { paypalOrderId: f.ownerPaypalOrderId } }), 404),
    last: 1,
  },
  'POST /api/order/stripe': signedIn(200, (f) => ({ body: f.checkout })),
  'POST /api/order/verifyStripe': mine(
    402,
    403,
    (f) => ({ body: { success: 'true', orderId: f.ownerStripeOrderId } }),
    403,
  ),
  // Unsigned provider calls are refused, whoever sends them.
  'POST /api/paypal/webhook': open(400, body({ id: 'WH-1', event_type: 'PAYMENT.CAPTURE.COMPLETED' })),
  'POST /api/stripe/webhook': open(400, body({ id: 'evt_1', type: 'checkout.session.completed' })),
  'POST /api/contact/': open(
    200,
    body({
      name: 'Ana López',
      email: 'ana@matriz.mx',
      topic: 'Otro',
      message: 'Un mensaje de prueba suficientemente largo.',
      consent: true,
    }),
  ),

  'GET /api/attendance/profile': signedIn(200),
  'PUT /api/attendance/profile': signedIn(400, body({ certificateName: '', cedula: 'x' })),
  // Only a buyer of the day may report watching it; the fixture's day is a month ahead, so the
  // buyer's heartbeat gets past access and is refused as out of the day's window (409).
  'POST /api/attendance/heartbeat': {
    anon: 401,
    owner: 409,
    other: 403,
    admin: 403,
    request: (f, role) => ({
      body: { productId: f.productId, day: 'Día 1', sessionId: `matriz-sesion-${role}-0001` },
    }),
  },
  'GET /api/attendance/mine': signedIn(200, (f) => ({ query: { productId: f.productId } })),
  'GET /api/waitlist/product/{productId}': signedIn(200, (f) => ({ params: { productId: f.productId } })),
  // The fixture's days have no seat limit: nobody can join (409); leaving and claiming find nothing (404).
  'GET /api/waitlist/mine': signedIn(200),
  'POST /api/waitlist/join': signedIn(409, (f) => ({ body: { productId: f.productId, day: 'Día 1' } })),
  'POST /api/waitlist/leave': signedIn(404, (f) => ({ body: { productId: f.productId, day: 'Día 1' } })),
  'POST /api/waitlist/claim': signedIn(404, body({ token: 'enlace-que-no-existe' })),
  // Registration questions (docs/questions.md): an event's only for whoever holds a day of it
  // or has it in the cart (the owner holds the fixture's event; the others and the admin do not).
  'GET /api/questions/event/{productId}': mine(
    200,
    403,
    (f) => ({ params: { productId: f.productId } }),
    403,
  ),
  'GET /api/questions/checkout': signedIn(200),
  'GET /api/questions/pending': signedIn(200),
  'POST /api/questions/answers': mine(
    200,
    403,
    (f) => ({ body: { productId: f.productId, answers: [] } }),
    403,
  ),
  'GET /api/attendance/tickets': signedIn(200),
  'GET /api/attendance/constancias': signedIn(200),
  'GET /api/attendance/summary': signedIn(200),
  'GET /api/attendance/constancias/{folio}/pdf': signedIn(404, () => ({
    params: { folio: 'AAAA-BBBB-CCCC' },
  })),
  'GET /api/constancias/{folio}': open(404, () => ({ params: { folio: 'AAAA-BBBB-CCCC' } })),
  'GET /api/attendance/evaluations': signedIn(200),
  // The fixture's event asks no evaluation.
  'POST /api/attendance/evaluations/{productId}': signedIn(404, (f) => ({
    params: { productId: f.productId },
    body: { answers: [0] },
  })),

  'GET /api/admin/session': adminOnly(200),
  'GET /api/admin/dashboard/': adminOnly(200),
  'GET /api/admin/events/': adminOnly(200),
  'POST /api/admin/events/': adminOnly(400, body({})),
  'GET /api/admin/events/{productId}/questions': adminOnly(200, (f) => ({
    params: { productId: f.productId },
  })),
  // Saving the (empty) list as it is changes nothing for later rows.
  'PUT /api/admin/events/{productId}/questions': adminOnly(200, (f) => ({
    params: { productId: f.productId },
    body: { questions: [] },
  })),
  'GET /api/admin/events/{productId}/answers': adminOnly(200, (f) => ({
    params: { productId: f.productId },
  })),
  'GET /api/admin/events/{id}': adminOnly(
    200,
    id((f) => f.productId),
  ),
  'PUT /api/admin/events/{id}': adminOnly(
    400,
    id((f) => f.productId, { body: {} }),
  ),
  'POST /api/admin/events/{id}/duplicate': adminOnly(
    200,
    id((f) => f.productId),
  ),
  'POST /api/admin/events/{id}/archive': adminOnly(
    200,
    id((f) => f.paidProductId),
  ),
  'POST /api/admin/events/{id}/unarchive': adminOnly(
    200,
    id((f) => f.paidProductId),
  ),
  // Already published: nothing to do.
  'POST /api/admin/events/{id}/publish': adminOnly(
    200,
    id((f) => f.productId),
  ),
  // It has sales: it stays published.
  'POST /api/admin/events/{id}/unpublish': adminOnly(
    409,
    id((f) => f.paidProductId),
  ),
  'POST /api/admin/uploads/': adminOnly(400, body({})),
  'GET /api/admin/coupons/': adminOnly(200),
  'POST /api/admin/coupons/': adminOnly(400, body({})),
  'GET /api/admin/coupons/{id}': adminOnly(
    200,
    id((f) => f.couponId),
  ),
  'PUT /api/admin/coupons/{id}': adminOnly(
    400,
    id((f) => f.couponId, { body: {} }),
  ),
  'POST /api/admin/coupons/{id}/deactivate': adminOnly(
    200,
    id((f) => f.couponId),
  ),
  'POST /api/admin/coupons/{id}/activate': adminOnly(
    200,
    id((f) => f.couponId),
  ),
  // Verified participant types: each member their own; a JSON body has no proof (400); nothing
  // open to withdraw (409).
  'GET /api/participant-type/': signedIn(200),
  'POST /api/participant-type/': signedIn(400, body({ type: 'residente' })),
  'DELETE /api/participant-type/': signedIn(409),
  'GET /api/admin/participant-types/': adminOnly(200),
  'GET /api/admin/participant-types/{id}/proof': adminOnly(404, () => ({
    params: { id: '00000000-0000-4000-8000-000000000000' },
  })),
  'POST /api/admin/participant-types/{id}/approve': adminOnly(404, () => ({
    params: { id: '00000000-0000-4000-8000-000000000000' },
    body: {},
  })),
  'POST /api/admin/participant-types/{id}/reject': adminOnly(404, () => ({
    params: { id: '00000000-0000-4000-8000-000000000000' },
    body: { reason: 'Sin vigencia' },
  })),
  'GET /api/admin/members/{id}/scholarships': adminOnly(
    200,
    id((f) => f.ownerId),
  ),
  'POST /api/admin/members/{id}/scholarships': adminOnly(404, () => ({
    params: { id: '00000000-0000-4000-8000-000000000000' },
    body: { productId: null },
  })),
  'DELETE /api/admin/members/{id}/scholarships/{scholarshipId}': adminOnly(404, (f) => ({
    params: { id: f.ownerId, scholarshipId: '00000000-0000-4000-8000-000000000000' },
  })),
  'GET /api/admin/members/': adminOnly(200),
  'POST /api/admin/members/': adminOnly(400, body({})),
  'POST /api/admin/members/{id}/temporary-password': adminOnly(
    200,
    id((f) => f.bystanderId),
  ),
  'PATCH /api/admin/members/{id}': adminOnly(
    200,
    id((f) => f.bystanderId, { body: { userType: 'residente' } }),
  ),
  'POST /api/admin/members/import': adminOnly(400, body({ csv: 'sin,cabecera' })),
  'GET /api/admin/orders/': adminOnly(200),
  'GET /api/admin/orders/export': adminOnly(200),
  'GET /api/admin/orders/{id}': adminOnly(
    200,
    id((f) => f.ownerOrderId),
  ),
  'POST /api/admin/orders/{id}/mark-paid': adminOnly(
    409,
    id((f) => f.ownerOrderId, { body: {} }),
  ),
  'POST /api/admin/orders/{id}/allow-transfer': adminOnly(
    200,
    id((f) => f.ownerOrderId, { body: { note: '' } }),
  ),
  'POST /api/admin/orders/{id}/cancel': {
    ...adminOnly(
      200,
      id((f) => f.ownerSecondOrderId, { body: { reason: 'Prueba de la matriz' } }),
    ),
    last: 1,
  },
  'POST /api/admin/orders/{id}/refund': adminOnly(
    400,
    id((f) => f.ownerOrderId, { body: {} }),
  ),
  'GET /api/admin/invoices/': adminOnly(200),
  'GET /api/admin/invoices/export': adminOnly(200),
  // Not in error: 409.
  'POST /api/admin/invoices/{id}/retry': adminOnly(
    409,
    id((f) => f.ownerInvoiceId, { body: {} }),
  ),
  // No file sent: 400.
  'POST /api/admin/invoices/{id}/files/{format}': adminOnly(400, (f) => ({
    params: { id: f.ownerInvoiceId, format: 'pdf' },
  })),
  'GET /api/admin/attendees/': adminOnly(200, (f) => ({ query: { productId: f.productId } })),
  'GET /api/admin/waitlist/': adminOnly(200, (f) => ({ query: { productId: f.productId } })),
  'GET /api/admin/attendees/export': adminOnly(200, (f) => ({ query: { productId: f.productId } })),
  'GET /api/admin/attendance/': adminOnly(200, (f) => ({ query: { productId: f.productId } })),
  'PUT /api/admin/attendance/percent': adminOnly(200, (f) => ({
    body: { productId: f.productId, percent: 80 },
  })),
  'POST /api/admin/attendance/checkin': adminOnly(400, body({ code: 'AMACC1.falso.falso' })),
  'GET /api/admin/attendance/checkin/search': adminOnly(400),
  'POST /api/admin/attendance/constancias': adminOnly(400, (f) => ({
    body: { productId: f.productId, userId: f.ownerId },
  })),
  'POST /api/admin/attendance/constancias/{folio}/revoke': adminOnly(404, () => ({
    params: { folio: 'AAAA-BBBB-CCCC' },
    body: { note: 'Datos equivocados' },
  })),
  'PUT /api/admin/attendance/auto': adminOnly(200, (f) => ({
    body: { productId: f.productId, auto: true },
  })),
  // The fixture's admin holds no day of the event.
  'PUT /api/admin/attendance/correction': adminOnly(400, (f) => ({
    body: {
      productId: f.productId,
      userId: f.ownerId,
      productDayId: f.productId,
      counts: true,
      reason: 'Firmó la lista en papel',
    },
  })),
  'GET /api/admin/attendance/report': adminOnly(200, (f) => ({
    query: { productId: f.productId, format: 'csv' },
  })),
  'POST /api/admin/attendance/constancias/{folio}/reissue': adminOnly(404, () => ({
    params: { folio: 'AAAA-BBBB-CCCC' },
  })),
  'GET /api/admin/attendance/evaluation': adminOnly(200, (f) => ({ query: { productId: f.productId } })),
  // No questions: the event asks no evaluation (nothing to export).
  'PUT /api/admin/attendance/evaluation': adminOnly(200, (f) => ({
    body: { productId: f.productId, questions: [], passPercent: 80, maxAttempts: 1 },
  })),
  'GET /api/admin/attendance/evaluation/export': adminOnly(404, (f) => ({
    query: { productId: f.productId, view: 'personas' },
  })),
  'GET /api/admin/constancia-signatures/': adminOnly(200, (f) => ({ query: { productId: f.productId } })),
  // No file sent: 400.
  'POST /api/admin/constancia-signatures/images': adminOnly(400, body({})),
  // The event keeps using the default set (no signatures of its own).
  'PUT /api/admin/constancia-signatures/': adminOnly(200, (f) => ({
    body: { productId: f.productId, signatures: [] },
  })),
  'GET /api/admin/constancia-signatures/preview': adminOnly(200, (f) => ({
    query: { productId: f.productId, papel: 'a4' },
  })),
  'GET /api/admin/constancia-signatures/{id}/image': adminOnly(404, () => ({
    params: { id: '00000000-0000-4000-8000-000000000000' },
  })),
  'GET /api/admin/audit/': adminOnly(200),
  'GET /api/admin/demo-data/': adminOnly(200),
  'POST /api/admin/demo-data/remove': adminOnly(409, body({})),
};

/** Stream links of the fixture event; only buyers (and the admin) may ever receive them. */
const STREAM = {
  day1: 'https://www.youtube.com/watch?v=MatrizDia01',
  day2: 'https://vimeo.com/event/4815162342',
  unsold: 'https://www.youtube.com/watch?v=MatrizNadie',
};
/** What would give a link away in any form (raw, embed, JSON-escaped). */
const SECRETS = {
  day1: ['MatrizDia01'],
  day2: ['4815162342'],
  unsold: ['MatrizNadie'],
};

let ctx: TestContext;
let fixture: Fixture;
let paypal: FakePaypal;
let stripe: FakeStripe;
const users: Partial<Record<Role, TestUser>> = {};
const tokens: Partial<Record<Role, string>> = {};

beforeAll(async () => {
  paypal = await startFakePaypal();
  stripe = await startFakeStripe();
  ctx = await createTestContext({
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: paypal.clientSecret,
    PAYPAL_API_BASE: paypal.url,
    PAYPAL_WEBHOOK_ID: paypal.webhookId,
    PAYPAL_SDK_BASE: paypal.url,
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_HOST: stripe.host,
    STRIPE_API_PORT: String(stripe.port),
    STRIPE_API_PROTOCOL: 'http',
    RATE_LIMIT_REGISTER_MAX: '1000',
    RATE_LIMIT_LOGIN_MAX: '1000',
    RATE_LIMIT_RESET_MAX: '1000',
    RATE_LIMIT_COUPON_MAX: '1000',
    RATE_LIMIT_CONTACT_MAX: '1000',
  });
  const db = ctx.database.db;
  const owner = await createUser(ctx);
  const other = await createUser(ctx);
  const admin = await createUser(ctx, { role: 'admin' });
  const bystander = await createUser(ctx);
  const { product } = await createProduct(db, {
    price: 0,
    days: [
      { label: 'Día 1', streamUrl: STREAM.day1 },
      { label: 'Día 2', streamUrl: STREAM.day2 },
      { label: 'Día 3', streamUrl: STREAM.unsold },
    ],
  });
  const paid = await createProduct(db, { price: 1000 });
  const coupon = await createCoupon(ctx, { discountValue: 10 });
  const claim = async (user: TestUser, day: string) => {
    await addToCart(ctx, user, product.id, day);
    const res = await placeOrder(ctx, user, [{ productId: product.id, day }]);
    if (res.statusCode !== 200) throw new Error(`order/place ${res.statusCode}: ${res.body}`);
    return res.json().orderId as string;
  };
  const ownerOrderId = await claim(owner, 'Día 1');
  const ownerSecondOrderId = await claim(owner, 'Día 2');
  const xmlKey = newStorageKey({ visibility: 'private', kind: 'cfdi', ext: 'xml' });
  await ctx.app.storage.put(xmlKey, Buffer.from('<?xml version="1.0"?><cfdi:Comprobante/>'), {
    contentType: 'application/xml',
    visibility: 'private',
  });
  const [invoice] = await db
    .insert(cfdiDocuments)
    .values({
      kind: 'I',
      orderId: ownerOrderId,
      userId: owner.id,
      rfc: FISCAL.rfc,
      razonSocial: FISCAL.razonSocial,
      regimenFiscal: FISCAL.regimenFiscal,
      usoCfdi: FISCAL.usoCfdi,
      codigoPostal: FISCAL.codigoPostal,
      status: 'timbrada',
      xmlKey,
    })
    .returning();
  // Everyone has the paid event in the cart, so coupons and checkouts have lines to price.
  for (const u of [owner, other, admin]) await addToCart(ctx, u, paid.product.id);
  const checkout = {
    address: ADDRESS,
    items: [{ _id: paid.product.id, days: 'Día 1', quantity: 1 }],
    amount: toPesos(paid.product.priceCentavos + SERVICE_FEE_CENTAVOS),
    discount: 0,
  };
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/paypal/create-order',
    headers: { token: owner.token },
    payload: checkout,
  });
  if (created.statusCode !== 200) throw new Error(`create-order ${created.statusCode}: ${created.body}`);
  const stripeOrder = await ctx.app.inject({
    method: 'POST',
    url: '/api/order/stripe',
    headers: { token: owner.token },
    payload: checkout,
  });
  if (stripeOrder.statusCode !== 200)
    throw new Error(`order/stripe ${stripeOrder.statusCode}: ${stripeOrder.body}`);
  const [stripeRow] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, owner.id), eq(orders.paymentMethod, 'stripe')));
  fixture = {
    checkout,
    ownerPaypalOrderId: created.json().id as string,
    ownerStripeOrderId: stripeRow!.id,
    productId: product.id,
    paidProductId: paid.product.id,
    couponId: coupon.id,
    couponCode: coupon.code,
    ownerOrderId,
    ownerSecondOrderId,
    ownerId: owner.id,
    bystanderId: bystander.id,
    ownerInvoiceId: invoice!.id,
  };
  Object.assign(users, { owner, other, admin });
  tokens.owner = owner.token;
  tokens.other = other.token;
  tokens.admin = admin.token;
});
afterAll(async () => {
  await ctx?.close();
  await Promise.all([paypal?.close(), stripe?.close()]);
});

async function documentedRoutes(): Promise<string[]> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  const doc = res.json() as { paths: Record<string, Record<string, unknown>> };
  const keys: string[] = [];
  for (const [p, methods] of Object.entries(doc.paths)) {
    if (!p.startsWith('/api/')) continue;
    for (const m of Object.keys(methods)) keys.push(`${m.toUpperCase()} ${p}`);
  }
  return keys;
}

function buildUrl(path: string, call: Call): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = call.params?.[name];
    if (value === undefined) throw new Error(`${path}: the entry gives no value for {${name}}`);
    return encodeURIComponent(value);
  });
  const qs = call.query ? `?${new URLSearchParams(call.query).toString()}` : '';
  return `${filled}${qs}`;
}

describe('access matrix', () => {
  it('has an entry for every documented route, and none for a route that no longer exists', async () => {
    const documented = await documentedRoutes();
    const missing = documented.filter((k) => !(k in MATRIX));
    expect(
      missing,
      `Routes without an access-matrix entry. Add a line per route to MATRIX in apps/api/test/access-matrix.test.ts, e.g.\n${missing
        .map((k) => `  '${k}': ${k.includes('/admin/') ? 'adminOnly(200)' : 'signedIn(200)'},`)
        .join('\n')}\n`,
    ).toEqual([]);
    const stale = Object.keys(MATRIX).filter((k) => !documented.includes(k));
    expect(stale, 'MATRIX entries for routes that are not documented any more: remove them').toEqual([]);
  });

  it('answers each role with its expected status, and never leaks a stream link to a non-buyer', async () => {
    const keys = Object.keys(MATRIX).sort((a, b) => (MATRIX[a]!.last ?? 0) - (MATRIX[b]!.last ?? 0));
    const mismatches: string[] = [];
    const leaks: string[] = [];
    let calls = 0;
    for (const key of keys) {
      const entry = MATRIX[key]!;
      const [method, path] = key.split(' ') as [string, string];
      for (const role of ROLES) {
        const call = entry.request?.(fixture, role) ?? {};
        const token = tokens[role];
        const res = await ctx.app.inject({
          method: method as 'GET',
          url: buildUrl(path, call),
          headers: token ? { token } : {},
          ...(call.body === undefined ? {} : { payload: call.body as Record<string, unknown> }),
        });
        calls += 1;
        if (res.statusCode !== entry[role]) {
          mismatches.push(
            `${key} as ${role}: expected ${entry[role]}, got ${res.statusCode} ${res.body.slice(0, 160)}`,
          );
        }
        const forbidden =
          role === 'anon' || role === 'other'
            ? [...SECRETS.day1, ...SECRETS.day2, ...SECRETS.unsold]
            : role === 'owner'
              ? SECRETS.unsold
              : [];
        for (const secret of forbidden) {
          if (res.body.includes(secret)) leaks.push(`${key} as ${role} received ${secret}`);
        }
      }
    }
    console.log(`access matrix: ${keys.length} routes × ${ROLES.length} roles = ${calls} calls`);
    expect(mismatches).toEqual([]);
    expect(leaks).toEqual([]);
  });

  it('gives the buyer, and only the buyer, the links of the days bought', async () => {
    // The matrix ended every session (logout-all): sign in again.
    const signIn = async (u: TestUser) =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/user/login',
          payload: { email: u.email, password: TEST_PASSWORD },
        })
      ).json().token as string;
    const single = async (u: TestUser) =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/product/single/${fixture.productId}`,
          headers: { token: await signIn(u) },
        })
      ).body;
    const owner = await single(users.owner!);
    expect(owner).toContain(SECRETS.day1[0]);
    // Día 2's order was cancelled by the admin in the matrix: its link is gone too.
    expect(owner).not.toContain(SECRETS.day2[0]);
    expect(owner).not.toContain(SECRETS.unsold[0]);
    expect(await single(users.other!)).not.toContain(SECRETS.day1[0]);
  });
});
