// The back office's side of constancia signatures (docs/attendance.md → Signatures): read a set
// (an event's own or the association's default), check an uploaded image, replace a set in one
// transaction (audited; image files no longer used are removed after the commit) and render a
// sample constancia that shows how the set prints on Carta or A4.

import { ADMIN_MSG } from '@store/shared/admin-messages';
import type {
  AdminSignature,
  AdminSignatureImage,
  AdminSignaturesResponse,
  ConstanciaPaper,
} from '@store/shared/schemas/admin/signatures';
import { SIGNATURE_IMAGE_KEY } from '@store/shared/schemas/admin/signatures';
import type { Db, Queryable } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import type { FileStorage } from '../../../lib/storage/storage';
import { renderConstanciaPdf, SIGNATURE_PIXELS, signatureImageSize } from '../../attendance/constancia-pdf';
import { findEndorsement } from '../../attendance/repo';
import { verifyUrl } from '../../attendance/service';
import {
  findSignature,
  imageKeysInUse,
  listSignatures,
  lockSignatures,
  readSignatureImage,
  replaceSignatures,
  signatureRowsFor,
  type SignatureRow,
} from '../../attendance/signatures';
import { findEvent, findEventDays } from '../attendance/repo';
import { writeAudit } from '../audit/repo';

const toAdmin = (r: SignatureRow): AdminSignature => ({
  _id: r.id,
  position: r.position,
  name: r.name,
  title: r.title,
  hasImage: r.imageKey !== null,
});

async function assertEvent(db: Queryable, productId: string | null) {
  if (productId === null) return null;
  const event = await findEvent(db, productId);
  if (!event) throw new AppError('not_found', ADMIN_MSG.eventNotFound);
  return event;
}

export async function getSignatureSet(
  db: Queryable,
  productId: string | null,
): Promise<Omit<AdminSignaturesResponse, 'success' | 'message'>> {
  await assertEvent(db, productId);
  const defaults = (await listSignatures(db, null)).map(toAdmin);
  const own = productId === null ? defaults : (await listSignatures(db, productId)).map(toAdmin);
  return { productId, signatures: own, usesDefault: productId !== null && own.length === 0, defaults };
}

export type ImageCheck = { ok: true; width: number; height: number } | { ok: false; message: string };

/** Whether an uploaded PNG/JPEG prints: readable, and of a sensible size in pixels. */
export function checkSignatureImage(bytes: Buffer): ImageCheck {
  const size = signatureImageSize(bytes);
  if (!size) return { ok: false, message: ADMIN_MSG.signatureImageDamaged };
  if (size.width < SIGNATURE_PIXELS.minWidth || size.height < SIGNATURE_PIXELS.minHeight) {
    return { ok: false, message: ADMIN_MSG.signatureImageTooSmall };
  }
  if (size.width > SIGNATURE_PIXELS.max || size.height > SIGNATURE_PIXELS.max) {
    return { ok: false, message: ADMIN_MSG.signatureImageTooBig };
  }
  return { ok: true, ...size };
}

export interface SignatureEntry {
  name: string;
  title: string;
  image: AdminSignatureImage;
}

/**
 * Replaces the set (an event's, or the default one for null) in one transaction: a refused
 * entry leaves the previous set as it was. An image is a key the upload answered (checked to
 * be one of ours and present in storage) or the image of a signature of this set or of the
 * default set. Files that no signature uses any more are deleted once the change is committed.
 */
export async function saveSignatureSet(
  db: Db,
  storage: FileStorage,
  actorId: string,
  v: { productId: string | null; signatures: readonly SignatureEntry[] },
  now: Date,
): Promise<'saved' | 'default'> {
  const removedKeys = await db.transaction(async (tx) => {
    await lockSignatures(tx);
    await assertEvent(tx, v.productId);
    const current = await listSignatures(tx, v.productId);
    const entries: { name: string; title: string; imageKey: string | null }[] = [];
    for (const s of v.signatures) {
      entries.push({
        name: s.name,
        title: s.title,
        imageKey: await resolveImage(tx, storage, v.productId, s.image),
      });
    }
    await replaceSignatures(tx, v.productId, entries, now);
    await writeAudit(tx, {
      actorId,
      action: 'event.signatures_update',
      entity: v.productId === null ? 'site' : 'event',
      entityId: v.productId,
      details: {
        set: v.productId === null ? 'predeterminadas' : 'evento',
        signatures: entries.map((e) => ({ name: e.name, title: e.title, image: e.imageKey !== null })),
        before: current.map((r) => ({ name: r.name, title: r.title, image: r.imageKey !== null })),
      },
    });
    const kept = new Set(entries.flatMap((e) => (e.imageKey ? [e.imageKey] : [])));
    return current.flatMap((r) => (r.imageKey && !kept.has(r.imageKey) ? [r.imageKey] : []));
  });
  // After the commit: a file another set still uses (copied to an event) stays.
  const inUse = await imageKeysInUse(db, removedKeys);
  await Promise.all(
    removedKeys
      .filter((k) => !inUse.has(k))
      .map((k) =>
        storage.delete(k).catch(() => {
          // An orphaned file costs a few kilobytes; the set is saved either way.
        }),
      ),
  );
  return v.productId !== null && v.signatures.length === 0 ? 'default' : 'saved';
}

async function resolveImage(
  db: Queryable,
  storage: FileStorage,
  productId: string | null,
  image: AdminSignatureImage,
): Promise<string | null> {
  if (image === null) return null;
  if ('key' in image) {
    // The schema checked the shape; a key the upload never produced is not in storage.
    if (!SIGNATURE_IMAGE_KEY.test(image.key) || !(await storage.exists(image.key))) {
      throw new AppError('bad_request', ADMIN_MSG.signatureImageInvalid);
    }
    return image.key;
  }
  const source = await findSignature(db, image.signatureId);
  if (!source?.imageKey || (source.productId !== productId && source.productId !== null)) {
    throw new AppError('bad_request', ADMIN_MSG.signatureImageInvalid);
  }
  return source.imageKey;
}

/** The private key of a signature's image, for the back office's preview of it. */
export async function signatureImageKey(db: Queryable, id: string): Promise<string> {
  const row = await findSignature(db, id);
  if (!row?.imageKey) throw new AppError('not_found', ADMIN_MSG.signatureNotFound);
  return row.imageKey;
}

const SAMPLE_DAY_MINUTES = 480;

/**
 * A constancia for «Nombre de ejemplo» with the event's name, days and endorsement (or
 * placeholders for the default set) and the signatures that would print, marked as a sample
 * (folio MUESTRA and a «Vista previa» watermark) so it cannot pass for a real one.
 */
export async function signaturePreviewPdf(
  db: Queryable,
  storage: FileStorage,
  v: { productId: string | null; paper: ConstanciaPaper; publicUrl: string; now: Date },
): Promise<Buffer> {
  const event = await assertEvent(db, v.productId);
  const rows =
    v.productId === null ? await listSignatures(db, null) : await signatureRowsFor(db, v.productId);
  const signatures = await Promise.all(
    rows.map(async (r) => ({
      name: r.name,
      title: r.title,
      image: await readSignatureImage(storage, r.imageKey),
    })),
  );
  const days = event ? await findEventDays(db, event.id) : [];
  const minutes = days.reduce(
    (sum, d) => sum + Math.max(0, Math.round((d.endsAt.getTime() - d.startsAt.getTime()) / 60_000)),
    0,
  );
  return renderConstanciaPdf({
    folio: 'MUESTRA',
    certificateName: 'Nombre de ejemplo',
    cedula: '1234567',
    specialty: 'Especialidad de ejemplo',
    institution: 'Institución de ejemplo',
    eventName: event?.name ?? 'Nombre del evento',
    days: days.length > 0 ? days.map((d) => d.label) : ['Día 1', 'Día 2'],
    minutes: days.length > 0 ? minutes : 2 * SAMPLE_DAY_MINUTES,
    endorsement: event ? await findEndorsement(db, event.id) : null,
    issuedAt: v.now,
    verifyUrl: verifyUrl(v.publicUrl, 'MUESTRA'),
    signatures,
    paper: v.paper,
    sample: true,
  });
}
