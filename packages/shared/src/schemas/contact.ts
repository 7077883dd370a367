// POST /api/contact: a visitor's message to the association (delivered through the e-mail outbox).

import { z } from 'zod';
import { MSG } from '../messages';
import { okResponse } from './common';
import { emailField } from './user';

export const CONTACT_TOPICS = [
  'Eventos e inscripciones',
  'Pagos y facturación',
  'Acceso a transmisiones',
  'Cuotas y becas',
  'Otro',
] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 2000;

// Control characters (other than line breaks in the message) never belong in these fields;
// stripping them also keeps header values single-line.
const singleLine = (v: string) => v.replace(/\p{Cc}+/gu, ' ').trim();

export const contactBody = z.object({
  name: z
    .string({ error: MSG.contactNameRequired })
    .transform(singleLine)
    .pipe(z.string().min(2, { error: MSG.contactNameRequired }).max(120, { error: MSG.contactNameTooLong })),
  email: emailField,
  phone: z
    .string({ error: MSG.contactPhoneInvalid })
    .transform(singleLine)
    .pipe(
      z
        .string()
        .max(30, { error: MSG.contactPhoneInvalid })
        .regex(/^[0-9+()\s-]*$/, { error: MSG.contactPhoneInvalid }),
    )
    .optional(),
  topic: z.enum(CONTACT_TOPICS, { error: MSG.contactTopicInvalid }),
  message: z
    .string({ error: MSG.contactMessageTooShort })
    .trim()
    .min(CONTACT_MESSAGE_MIN, { error: MSG.contactMessageTooShort })
    .max(CONTACT_MESSAGE_MAX, { error: MSG.contactMessageTooLong }),
  // Consent to the privacy notice: a boolean that must be true (the form starts unchecked).
  consent: z
    .boolean({ error: MSG.contactConsentRequired })
    .refine((v) => v, { error: MSG.contactConsentRequired }),
});
export type ContactBody = z.infer<typeof contactBody>;
/** What the form holds before validation (consent unchecked, phone empty). */
export type ContactInput = z.input<typeof contactBody>;

export const contactResponse = okResponse.extend({ message: z.string() });
export type ContactResponse = z.infer<typeof contactResponse>;
