// Every query of the contact module.

import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { users } from '../../db/schema';

/** The oldest administrator's e-mail: where messages go when CONTACT_EMAIL is not configured. */
export async function findFirstAdminEmail(db: Queryable): Promise<string | null> {
  const [row] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return row?.email ?? null;
}
