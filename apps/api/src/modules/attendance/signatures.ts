// Who signs an event's constancias (docs/attendance.md → Signatures): the event's own set, or
// the association's default set when it has none.

import { asc, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { constanciaSignatures } from '../../db/schema';
import type { FileStorage } from '../../lib/storage/storage';
import type { ConstanciaSignature } from './constancia-pdf';

export async function signaturesForConstancia(
  db: Queryable,
  storage: FileStorage,
  productId: string,
): Promise<ConstanciaSignature[]> {
  const own = await db
    .select()
    .from(constanciaSignatures)
    .where(eq(constanciaSignatures.productId, productId))
    .orderBy(asc(constanciaSignatures.position));
  const rows =
    own.length > 0
      ? own
      : await db
          .select()
          .from(constanciaSignatures)
          .where(isNull(constanciaSignatures.productId))
          .orderBy(asc(constanciaSignatures.position));
  return Promise.all(
    rows.map(async (r) => ({
      name: r.name,
      title: r.title,
      image: r.imageKey ? await readImage(storage, r.imageKey) : null,
    })),
  );
}

/** A stored image's bytes; null when it is gone (the PDF then leaves room to sign by hand). */
async function readImage(storage: FileStorage, key: string): Promise<Buffer | null> {
  const file = await storage.get(key).catch(() => null);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
