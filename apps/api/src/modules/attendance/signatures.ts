// Who signs the constancias (docs/attendance.md → Signatures): an event's own set of up to three
// signatures, or the association's default set (product_id null) for events without their own.
// The queries of constancia_signatures and the one read constancias need: the set that prints,
// with its images from private storage.

import { asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { constanciaSignatures } from '../../db/schema';
import { toBuffer, type FileStorage } from '../../lib/storage/storage';
import type { ConstanciaSignature } from './constancia-pdf';

export type SignatureRow = typeof constanciaSignatures.$inferSelect;

/** Serialises every change of a set (two saves at once would collide on the positions). */
const SIGNATURES_LOCK = 'constancia-signatures';

const ofSet = (productId: string | null) =>
  productId === null ? isNull(constanciaSignatures.productId) : eq(constanciaSignatures.productId, productId);

/** One set, left to right: an event's own (productId) or the default one (null). */
export async function listSignatures(db: Queryable, productId: string | null): Promise<SignatureRow[]> {
  return db
    .select()
    .from(constanciaSignatures)
    .where(ofSet(productId))
    .orderBy(asc(constanciaSignatures.position));
}

/** The set a constancia of the event prints: its own when it has one, else the default set. */
export async function signatureRowsFor(db: Queryable, productId: string): Promise<SignatureRow[]> {
  const own = await listSignatures(db, productId);
  return own.length > 0 ? own : listSignatures(db, null);
}

export async function findSignature(db: Queryable, id: string): Promise<SignatureRow | null> {
  const [row] = await db.select().from(constanciaSignatures).where(eq(constanciaSignatures.id, id));
  return row ?? null;
}

/** Takes the lock that makes changes of signature sets one at a time (until the transaction ends). */
export async function lockSignatures(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${SIGNATURES_LOCK}))`);
}

/** Replaces a whole set (positions 1…n in the order given). */
export async function replaceSignatures(
  tx: Tx,
  productId: string | null,
  entries: readonly { name: string; title: string; imageKey: string | null }[],
  now: Date,
): Promise<void> {
  await tx.delete(constanciaSignatures).where(ofSet(productId));
  if (entries.length === 0) return;
  await tx.insert(constanciaSignatures).values(
    entries.map((e, i) => ({
      productId,
      position: i + 1,
      name: e.name,
      title: e.title,
      imageKey: e.imageKey,
      updatedAt: now,
    })),
  );
}

/** Which of these image keys some signature (of any set) still uses. */
export async function imageKeysInUse(db: Queryable, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: constanciaSignatures.imageKey })
    .from(constanciaSignatures)
    .where(inArray(constanciaSignatures.imageKey, [...keys]));
  return new Set(rows.flatMap((r) => (r.key ? [r.key] : [])));
}

/** An image's bytes, or null when the file is gone (the line is then signed by hand). */
export async function readSignatureImage(storage: FileStorage, key: string | null): Promise<Buffer | null> {
  if (!key) return null;
  try {
    const file = await storage.get(key);
    return file ? await toBuffer(file.body) : null;
  } catch {
    return null;
  }
}

/**
 * The signatures a constancia of the event prints, left to right: the event's own set when it
 * has any, else the association's default set; each image read from private storage (a missing
 * file prints the line to sign by hand, never fails the constancia).
 */
export async function signaturesForConstancia(
  db: Queryable,
  storage: FileStorage,
  productId: string,
): Promise<ConstanciaSignature[]> {
  const rows = await signatureRowsFor(db, productId);
  return Promise.all(
    rows.map(async (r) => ({
      name: r.name,
      title: r.title,
      image: await readSignatureImage(storage, r.imageKey),
    })),
  );
}
