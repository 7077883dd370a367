// Whom an e-mail greets (docs/product.md → Names): the accented name the person set for their
// constancias in Mi cuenta, else the account's name (upper case, as registered). One SQL
// expression, selected by every query that loads a person for an e-mail, so all e-mails agree.
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { professionalProfiles, users } from '../../db/schema';

/** The greeting name of `users` in the query it is selected in. */
export const greetingName: SQL<string> = sql<string>`coalesce((select ${professionalProfiles.certificateName} from ${professionalProfiles} where ${professionalProfiles.userId} = ${users.id}), ${users.name})`;

/** The greeting name of one account (null when it does not exist). */
export async function findGreetingName(db: Queryable, userId: string): Promise<string | null> {
  const [row] = await db.select({ name: greetingName }).from(users).where(eq(users.id, userId));
  return row?.name ?? null;
}

/**
 * People named in an e-mail by name and address (a transfer's giver and colleague, a team's
 * buyer and assignees), each with the greeting name of the account of that address (by lower-case
 * e-mail); a person without an account keeps the name given.
 */
export async function withGreetingNames<P extends { name: string; email: string }>(
  db: Queryable,
  people: readonly P[],
): Promise<(email: string, fallback: P) => P> {
  const emails = [...new Set(people.map((p) => p.email.toLowerCase()))];
  const rows =
    emails.length === 0
      ? []
      : await db
          .select({ email: users.email, name: greetingName })
          .from(users)
          .where(inArray(sql`lower(${users.email})`, emails));
  const byEmail = new Map(rows.map((r) => [r.email.toLowerCase(), r.name]));
  return (email, fallback) => {
    const name = byEmail.get(email.toLowerCase());
    return name ? { ...fallback, name } : fallback;
  };
}
