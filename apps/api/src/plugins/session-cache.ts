// Who a session belongs to, held in memory for up to a minute so the hot calls (My products,
// the stream page) make no database trip for the session check. A trigger on `users`
// (migration users_notify) sends NOTIFY "user_changed" with the user's id when a name,
// e-mail, user type, role or token version changes or the user is deleted; every process
// LISTENs and drops that user at once, so a demotion, a password change or "log out
// everywhere" ends a session on every replica within milliseconds (docs/speed.md).
//
// What is held never outlives SESSION_CACHE_MS, is not used while the listening connection
// is down (notifications could be missed), and a read that was in flight when a change
// arrived is not kept.

import type { Subscription } from '../db/client';
import type { Role, UserType } from '@store/shared/constants';

export const USER_CHANNEL = 'user_changed';

/**
 * How long a user row is held at most. A change is never waited for: its notification drops
 * the row at once, and nothing is held while notifications could be missed. This bound is
 * the safety net for a change made with the trigger disabled; a minute keeps a
 * buyer who comes back during the stream (a reload, the next day's link) off the database.
 */
export const SESSION_CACHE_MS = 60_000;
/** At most this many users held at once; the oldest entry goes first. */
export const SESSION_CACHE_MAX = 100_000;

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  userType: UserType;
  tokenVersion: number;
}

export class SessionCache {
  private readonly rows = new Map<string, { user: SessionUser; until: number }>();
  /** Bumped by every change notification: a read started before one is not kept. */
  private generation = 0;
  private subscription: Pick<Subscription, 'live' | 'flush'> | null = null;

  constructor(
    private readonly load: (id: string) => Promise<SessionUser | null>,
    private readonly ttlMs = SESSION_CACHE_MS,
    private readonly max = SESSION_CACHE_MAX,
  ) {}

  /** Ties the cache to the database's change notifications; without them nothing is held. */
  follow(subscription: Pick<Subscription, 'live' | 'flush'>): void {
    this.subscription = subscription;
  }

  /** A user changed (payload: their id); no id: anything may have changed. */
  drop(userId?: string): void {
    this.generation++;
    if (userId) this.rows.delete(userId);
    else this.rows.clear();
  }

  /** Waits until the changes committed so far have been seen (tests on PostgreSQL). */
  async sync(): Promise<void> {
    await this.subscription?.flush();
  }

  get size(): number {
    return this.rows.size;
  }

  /** Whether the user's row is held and not expired (tests). */
  holds(id: string): boolean {
    return (this.rows.get(id)?.until ?? 0) > Date.now();
  }

  /**
   * Holds the users `load` reads from the database as if each had just signed a request (the
   * stream warm-up, modules/products/warm-up.ts): a fresh read, held for the usual time. A change
   * seen while it reads keeps none of them; answers how many are held.
   */
  async warm(load: () => Promise<SessionUser[]>): Promise<number> {
    if (!this.subscription?.live) return 0;
    const generation = this.generation;
    const found = await load();
    if (!this.subscription?.live || generation !== this.generation) return 0;
    const until = Date.now() + this.ttlMs;
    for (const user of found) {
      this.rows.delete(user.id);
      this.rows.set(user.id, { user, until });
    }
    while (this.rows.size > this.max) this.rows.delete(this.rows.keys().next().value!);
    return found.length;
  }

  /**
   * The user of a session carrying token version `version`: from memory when held, not
   * expired and of that version (another version may mean a change not yet seen: the
   * database decides), otherwise from the database.
   */
  async user(id: string, version: number): Promise<SessionUser | null> {
    const live = this.subscription?.live ?? false;
    const held = this.rows.get(id);
    if (live && held && held.until > Date.now() && held.user.tokenVersion === version) return held.user;
    const generation = this.generation;
    const user = await this.load(id);
    if (user && live && this.subscription?.live && generation === this.generation) {
      this.rows.delete(id);
      this.rows.set(id, { user, until: Date.now() + this.ttlMs });
      if (this.rows.size > this.max) this.rows.delete(this.rows.keys().next().value!);
    }
    return user;
  }
}
