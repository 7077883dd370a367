// Whom an e-mail greets (docs/product.md → Names): the accented name the person set for their
// constancias in Mi cuenta, else the account's name (upper case, as registered). One SQL
// expression, selected by every query that loads a person for an e-mail, so all e-mails agree.
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { professionalProfiles, users } from '../../db/schema';

/** The greeting name of `users` in the query it is selected in. */
export const greetingName: SQL<string> = sql<string>`coalesce((select ${professionalProfiles.certificateName} from ${professionalProfiles} where ${professionalProfiles.userId} = ${users.id}), ${users.name})`;

/** The greeting name of one account (null when it does not exist). */
export async function findGreetingName(db: Queryable, userId: string): Promise<string | null> {
  const [row] = await db.select({ name: greetingName }).from(users).where(eq(users.id, userId));
  return row?.name ?? null;
}
