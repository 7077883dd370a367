// Request and response shapes of /api/admin/constancia-signatures: who signs the constancias,
// per event or as the association's default set (docs/attendance.md → Signatures).

import { z } from 'zod';
import { ADMIN_MSG } from '../../admin-messages';
import { idParam, optionalParam } from './common';

export const MAX_SIGNATURES = 3;
/** Largest signature image accepted, in bytes. */
export const SIGNATURE_IMAGE_MAX_BYTES = 1024 * 1024;
/** The paper a constancia is printed on: Carta (letter) or A4, both landscape. */
export const CONSTANCIA_PAPERS = ['carta', 'a4'] as const;
export type ConstanciaPaper = (typeof CONSTANCIA_PAPERS)[number];

/**
 * The key an image upload answers: private storage, the signatures folder, a random name. Only
 * such keys are accepted when saving, never another path.
 */
export const SIGNATURE_IMAGE_KEY =
  /^private\/signatures\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg)$/;

/** absent or empty: the association's default set. */
export const adminSignaturesQuery = z.object({
  productId: optionalParam(idParam),
});
export type AdminSignaturesQuery = z.input<typeof adminSignaturesQuery>;

export const adminSignature = z.object({
  _id: z.string(),
  position: z.number().int(),
  name: z.string(),
  title: z.string(),
  hasImage: z.boolean(),
});
export type AdminSignature = z.infer<typeof adminSignature>;

export const adminSignaturesResponse = z.object({
  success: z.literal(true),
  /** null: the association's default set. */
  productId: z.string().nullable(),
  /** The set asked for (for an event: its own, empty when it has none). */
  signatures: z.array(adminSignature),
  /** An event without its own set prints the default one. */
  usesDefault: z.boolean(),
  /** The association's default set (what an event without its own prints). */
  defaults: z.array(adminSignature),
  message: z.string().optional(),
});
export type AdminSignaturesResponse = z.infer<typeof adminSignaturesResponse>;

const text = (message: string) =>
  z.string({ error: message }).trim().min(2, { error: message }).max(120, { error: message });

/**
 * A signature's image when saving: null (none: signed by hand), a key just uploaded, or the image
 * of an existing signature of this set or of the default set (kept, or copied to an event).
 */
export const adminSignatureImage = z.union([
  z.null(),
  z.object({ key: z.string().regex(SIGNATURE_IMAGE_KEY, { error: ADMIN_MSG.signatureImageInvalid }) }),
  z.object({ signatureId: z.uuid({ error: ADMIN_MSG.signatureImageInvalid }) }),
]);
export type AdminSignatureImage = z.infer<typeof adminSignatureImage>;

export const adminSignaturesBody = z.object({
  /** null: the association's default set. */
  productId: idParam.nullable(),
  /** Left to right; none: an event goes back to the default set. */
  signatures: z
    .array(
      z.object({
        name: text(ADMIN_MSG.signatureNameInvalid),
        title: text(ADMIN_MSG.signatureTitleInvalid),
        image: adminSignatureImage,
      }),
      { error: ADMIN_MSG.signatureTooMany },
    )
    .max(MAX_SIGNATURES, { error: ADMIN_MSG.signatureTooMany }),
});
export type AdminSignaturesBody = z.input<typeof adminSignaturesBody>;

export const adminSignatureUploadResponse = z.object({
  success: z.literal(true),
  /** What to send as `image: { key }` when saving the set. */
  key: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  message: z.string(),
});
export type AdminSignatureUploadResponse = z.infer<typeof adminSignatureUploadResponse>;

export const adminSignaturePreviewQuery = z.object({
  productId: optionalParam(idParam),
  papel: optionalParam(z.enum(CONSTANCIA_PAPERS)).transform((v) => v ?? 'carta'),
});
export type AdminSignaturePreviewQuery = z.input<typeof adminSignaturePreviewQuery>;
