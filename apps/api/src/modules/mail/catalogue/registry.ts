// Every message of the catalogue with example data: catalogue.test.ts renders each one (subject,
// text and HTML) and fails when a file of this folder is missing here. Adding a message: its
// file here (one exported `<name>Email(settings, data)`), then its entry below.

import { fromMexicoCityLocal } from '@store/shared/domain/time';
import type { OutgoingEmail } from '../outbox';
import type { MailSettings } from '../settings';
import { cfdiDocumentEmail } from './cfdi-document';
import { constanciaIssuedEmail } from './constancia-issued';
import { constanciaRevokedEmail } from './constancia-revoked';
import { contactMessageEmail } from './contact-message';
import { dayReminderEmail } from './day-reminder';
import { memberWelcomeEmail } from './member-welcome';
import { orderCancellationEmail } from './order-cancellation';
import { orderChangedByAdminEmail } from './order-changed-by-admin';
import { orderConfirmationEmail } from './order-confirmation';
import { participantTypeDecisionEmail } from './participant-type-decision';
import { passwordResetEmail } from './password-reset';
import { paymentLateEmail } from './payment-late';
import { paymentPendingEmail } from './payment-pending';
import { placeAssignedEmail } from './place-assigned';
import { placeConfirmationEmail } from './place-confirmation';
import { placeWithdrawnEmail } from './place-withdrawn';
import { registrationReminderEmail } from './registration-reminder';
import { transferReceivedEmail } from './transfer-received';
import { transferSentEmail } from './transfer-sent';
import { waitlistOfferEmail } from './waitlist-offer';

export interface CatalogueExample {
  /** The template's file name (without .ts) and, after a colon, the case when it has several. */
  name: string;
  render(settings: MailSettings): OutgoingEmail;
}

function example<D>(
  name: string,
  render: (settings: MailSettings, data: D) => OutgoingEmail,
  data: D,
): CatalogueExample {
  return { name, render: (settings) => render(settings, data) };
}

const at = (local: string) => fromMexicoCityLocal(local)!;
const ORDER_ID = '4299283a-7c1e-4b6a-9f10-2d5e8c7a1b34';
const PRODUCT_ID = '7d0c5a8e-3b1f-4e2a-9c6d-5f4e3a2b1c0d';
const COURSE = 'Curso de Anestesia Cardiovascular';
const DAYS = [
  { label: 'Jueves 7 de enero', startsAt: at('2027-01-07T09:00') },
  { label: 'Viernes 8 de enero', startsAt: at('2027-01-08T09:00') },
];
const ANA = { name: 'Ana López', email: 'ana@prueba.mx' };
const LUIS = { name: 'Luis Pérez', email: 'luis@prueba.mx' };
const EVA = { name: 'Eva Ruiz', email: 'eva@prueba.mx' };

export const CATALOGUE: readonly CatalogueExample[] = [
  example('password-reset', passwordResetEmail, { to: ANA.email, name: ANA.name, token: 'tok_RESET-1' }),
  example('order-confirmation', orderConfirmationEmail, {
    to: ANA.email,
    name: ANA.name,
    orderId: ORDER_ID,
    amount: 3500,
    items: [
      {
        name: COURSE,
        days: DAYS.map((d) => ({ ...d, endsAt: new Date(d.startsAt.getTime() + 9 * 3_600_000) })),
        isPresential: false,
      },
      {
        name: 'Taller de ecocardiografía',
        days: [
          { label: 'Sábado 9 de enero', startsAt: at('2027-01-09T10:00'), endsAt: at('2027-01-09T14:00') },
        ],
        isPresential: true,
      },
    ],
    tickets: 1,
  }),
  example('order-cancellation', orderCancellationEmail, {
    to: ANA.email,
    name: ANA.name,
    orderId: ORDER_ID,
    days: [{ productName: COURSE, ...DAYS[1]! }],
    paidCentavos: 150_000,
    refundCentavos: 120_000,
    wholeOrder: false,
  }),
  example('order-changed-by-admin:refund-paypal', orderChangedByAdminEmail, {
    to: ANA.email,
    name: ANA.name,
    orderId: ORDER_ID,
    change: { kind: 'refund', amountCentavos: 50_000, provider: 'PayPal' },
    endedDays: [],
    noAccessLeft: false,
  }),
  example('order-changed-by-admin:refund-outside-revoked', orderChangedByAdminEmail, {
    to: ANA.email,
    name: ANA.name,
    orderId: ORDER_ID,
    change: { kind: 'refund', amountCentavos: 300_000, provider: null },
    endedDays: DAYS.map((d) => ({ productName: COURSE, ...d })),
    noAccessLeft: true,
  }),
  example('order-changed-by-admin:cancel-paid', orderChangedByAdminEmail, {
    to: ANA.email,
    name: ANA.name,
    orderId: ORDER_ID,
    change: { kind: 'cancel', wasPaid: true },
    endedDays: DAYS.map((d) => ({ productName: COURSE, ...d })),
    noAccessLeft: true,
  }),
  example('order-changed-by-admin:cancel-pending', orderChangedByAdminEmail, {
    to: ANA.email,
    name: ANA.name,
    orderId: ORDER_ID,
    change: { kind: 'cancel', wasPaid: false },
    endedDays: [],
    noAccessLeft: true,
  }),
  example('day-reminder', dayReminderEmail, {
    to: ANA.email,
    name: ANA.name,
    productName: COURSE,
    label: DAYS[0]!.label,
    startsAt: DAYS[0]!.startsAt,
    endsAt: at('2027-01-07T18:00'),
    isPresential: false,
    when: 'mañana',
  }),
  example('place-assigned', placeAssignedEmail, {
    to: LUIS,
    buyer: ANA,
    productName: COURSE,
    days: DAYS,
    presential: false,
    setPasswordToken: 'tok_SET-1',
    tokenDays: 7,
  }),
  example('place-assigned:registration', placeAssignedEmail, {
    to: LUIS,
    buyer: ANA,
    productName: COURSE,
    days: DAYS,
    presential: true,
    setPasswordToken: null,
    tokenDays: 7,
    registrationProductId: PRODUCT_ID,
  }),
  example('registration-reminder', registrationReminderEmail, {
    to: LUIS.email,
    name: LUIS.name,
    productId: PRODUCT_ID,
    productName: COURSE,
    startsAt: DAYS[0]!.startsAt,
  }),
  example('place-confirmation', placeConfirmationEmail, {
    orderId: ORDER_ID,
    buyer: ANA,
    productName: COURSE,
    people: [
      { ...LUIS, previous: EVA, days: DAYS },
      { ...EVA, previous: null, days: DAYS.slice(0, 1) },
    ],
  }),
  example('place-withdrawn', placeWithdrawnEmail, { to: EVA, buyer: ANA, productName: COURSE, days: DAYS }),
  example('transfer-received', transferReceivedEmail, {
    from: ANA,
    to: LUIS,
    productName: COURSE,
    days: DAYS.slice(0, 1),
    setPasswordToken: null,
    tokenDays: 7,
  }),
  example('transfer-sent', transferSentEmail, {
    from: ANA,
    to: LUIS,
    fromOrderId: ORDER_ID,
    productName: COURSE,
    days: DAYS.slice(0, 1),
  }),
  example('waitlist-offer', waitlistOfferEmail, {
    to: LUIS.email,
    name: LUIS.name,
    productName: COURSE,
    label: DAYS[0]!.label,
    startsAt: DAYS[0]!.startsAt,
    expiresAt: at('2027-01-05T12:30'),
    claimUrl: 'https://tienda.example.org/lista-de-espera/reclamar?token=tok_CLAIM-1',
  }),
  example('participant-type-decision:approved', participantTypeDecisionEmail, {
    to: ANA.email,
    name: ANA.name,
    requestedType: 'residente',
    rejectionReason: null,
  }),
  example('participant-type-decision:rejected', participantTypeDecisionEmail, {
    to: ANA.email,
    name: ANA.name,
    requestedType: 'especialista',
    rejectionReason: 'La cédula del comprobante no es legible.',
  }),
  example('member-welcome', memberWelcomeEmail, { to: EVA.email, name: EVA.name, token: 'tok_WELCOME-1' }),
  example('contact-message', contactMessageEmail, {
    to: 'contacto@example.org',
    message: {
      name: LUIS.name,
      email: LUIS.email,
      phone: '55 1234 5678',
      topic: 'Pagos y facturación',
      message: '¿Pueden facturar a nombre de mi hospital?\nGracias.',
      consent: true,
    },
    receivedAt: at('2027-01-02T10:15'),
  }),
  example('constancia-issued', constanciaIssuedEmail, {
    to: ANA.email,
    name: 'Dra. Ana López',
    eventName: COURSE,
    folio: '7K2M-9QXA-4RTB',
    verifyUrl: 'https://tienda.example.org/constancias/7K2M-9QXA-4RTB',
  }),
  example('constancia-revoked', constanciaRevokedEmail, {
    to: ANA.email,
    name: 'Dra. Ana López',
    eventName: COURSE,
    folio: '7K2M-9QXA-4RTB',
    reason: 'reembolso' as const,
    note: null,
    verifyUrl: 'https://tienda.example.org/constancias/7K2M-9QXA-4RTB',
  }),
  example('cfdi-document:invoice', cfdiDocumentEmail, {
    to: ANA.email,
    kind: 'I' as const,
    orderId: ORDER_ID,
    folio: 'AAAAAAAA-1111-4111-8111-111111111111',
    xml: Buffer.from('<cfdi:Comprobante/>'),
    pdf: Buffer.from('%PDF-1.4'),
  }),
  example('cfdi-document:credit-note', cfdiDocumentEmail, {
    to: ANA.email,
    kind: 'E' as const,
    orderId: ORDER_ID,
    folio: 'BBBBBBBB-2222-4222-8222-222222222222',
    xml: Buffer.from('<cfdi:Comprobante TipoDeComprobante="E"/>'),
    pdf: Buffer.from('%PDF-1.4'),
  }),
  example('payment-pending:oxxo', paymentPendingEmail, {
    to: ANA.email,
    name: ANA.name,
    orderId: ORDER_ID,
    items: [`${COURSE} · Jueves 7 de enero`],
    moment: 'issued' as const,
    instructions: {
      kind: 'oxxo' as const,
      number: '93000262610151',
      amountCentavos: 250_000,
      expiresAt: at('2026-12-20T23:59').getTime(),
      voucherUrl: 'https://payments.stripe.com/oxxo/voucher/test_123',
    },
  }),
  example('payment-pending:spei-reminder', paymentPendingEmail, {
    to: LUIS.email,
    name: LUIS.name,
    orderId: ORDER_ID,
    items: [`${COURSE} · 5 lugares`],
    moment: 'reminder' as const,
    instructions: {
      kind: 'spei' as const,
      clabe: '002180700000000003',
      bankName: 'Banamex',
      reference: 'ABC1234',
      amountCentavos: 1_250_000,
      amountRemainingCentavos: 625_000,
      expiresAt: at('2026-12-20T18:00').getTime(),
      instructionsUrl: null,
    },
  }),
  example('payment-late:honoured', paymentLateEmail, {
    to: ANA.email,
    name: ANA.name,
    orderId: ORDER_ID,
    amountCentavos: 250_000,
    outcome: 'honoured' as const,
  }),
  example('payment-late:refunded', paymentLateEmail, {
    to: ANA.email,
    name: ANA.name,
    orderId: ORDER_ID,
    amountCentavos: 250_000,
    outcome: 'refunded' as const,
  }),
  example('payment-late:by-hand', paymentLateEmail, {
    to: ANA.email,
    name: ANA.name,
    orderId: ORDER_ID,
    amountCentavos: 250_000,
    outcome: 'byHand' as const,
  }),
];
