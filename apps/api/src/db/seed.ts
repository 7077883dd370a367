// Demo data, written only into an empty database, and the first admin account.
// A restart finds the data there and writes nothing again. Every demo row carries is_demo,
// so the admin can remove it all in one step (modules/admin/demo-data); whether demo data is
// written at all is config's SEED_DEMO (embedded database only, unless asked for).

import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { toCentavos } from '@store/shared/domain/money';
import { hashPassword } from '../lib/passwords';
import type { Db } from './client';
import { countDemoData } from './demo-data';
import { coupons, evaluations, priceTiers, productDays, products, users } from './schema';
import {
  DEMO_COLLEAGUE,
  DEMO_COUPON,
  DEMO_CUSTOMER,
  DEMO_FINISHED_ENDORSEMENT,
  DEMO_FINISHED_EVALUATION,
  demoCatalogue,
  FINISHED_EVENT_SLUG,
} from './seed-data';

export interface SeedResult {
  /** True when demo data was written by this call. */
  seededDemo: boolean;
  /** Set only when this call created an admin with a generated password. */
  generatedAdmin?: { email: string; password: string };
  /** Set when this call created the admin from ADMIN_EMAIL. */
  createdAdminEmail?: string;
  /** Set when this call made the existing ADMIN_EMAIL account an admin (ADMIN_PROMOTE_EXISTING). */
  promotedAdminEmail?: string;
}

/** The start must stop: the configuration asks for something unsafe (the message says what to set). */
export class SeedRefusedError extends Error {}

export interface SeedOptions {
  demo: boolean;
  adminEmail?: string;
  adminPassword?: string;
  /** ADMIN_PROMOTE_EXISTING: the operator confirms the existing ADMIN_EMAIL account is theirs. */
  adminPromoteExisting?: boolean;
  /** The demo events' dates are generated from this day (default: now). */
  now?: Date;
  /**
   * The store's published address (PUBLIC_URL) when demo rows must stop the start (config's
   * demoDataAllowed is false): set, nothing else is done while demo rows are present.
   */
  refuseDemoAt?: string;
  /** The network address the store listens on (HOST) when that is why demo rows stop the start. */
  refuseDemoOnHost?: string;
}

/** The demo coupon's limits: valid this many days after seeding, for this many orders. */
export const DEMO_COUPON_DAYS = 30;
export const DEMO_COUPON_MAX_USES = 50;
export const DEMO_COUPON_MAX_USES_PER_USER = 5;

export async function seed(db: Db, opts: SeedOptions): Promise<SeedResult> {
  if (opts.refuseDemoAt) await refuseDemoData(db, { publicUrl: opts.refuseDemoAt });
  else if (opts.refuseDemoOnHost) await refuseDemoData(db, { host: opts.refuseDemoOnHost });
  const result: SeedResult = { seededDemo: false };
  await ensureAdmin(db, opts, result);
  if (opts.demo) result.seededDemo = await seedDemo(db, opts.now ?? new Date());
  return result;
}

/**
 * A published store must not carry the demo customer (its password is in the README) nor a
 * 100 % coupon: the start stops, saying how to remove them or keep them on purpose.
 */
async function refuseDemoData(db: Db, at: { publicUrl: string } | { host: string }): Promise<void> {
  const demo = await countDemoData(db);
  if (demo.products + demo.coupons + demo.users === 0) return;
  const found = [
    demo.products > 0 ? `${demo.products} evento(s) de demostración` : '',
    demo.coupons > 0 ? `el cupón ${DEMO_COUPON.code} (100 % de descuento)` : '',
    demo.users > 0 ? `el cliente ${DEMO_CUSTOMER.email}, cuya contraseña está publicada en el README` : '',
  ].filter(Boolean);
  const [where, local, again] =
    'publicUrl' in at
      ? [
          `se publica en ${at.publicUrl} (PUBLIC_URL)`,
          'sin PUBLIC_URL (o con PUBLIC_URL=http://localhost:PUERTO)',
          `PUBLIC_URL=${at.publicUrl}`,
        ]
      : [
          `escucha en ${at.host} (HOST), una dirección accesible desde la red`,
          'sin HOST (escucha solo en esta máquina)',
          `HOST=${at.host}`,
        ];
  throw new SeedRefusedError(
    [
      `La tienda ${where}, pero la base de datos tiene datos de demostración:`,
      ...found.map((f) => `  - ${f}`),
      'No arranca así: cualquiera podría entrar con el cliente de demostración o comprar gratis con el cupón.',
      'Para eliminarlos:',
      `  1. Arranca una vez ${local} y entra a /admin`,
      '     desde esta máquina (o por un túnel SSH).',
      '  2. En el panel pulsa «Eliminar datos de demostración».',
      `  3. Vuelve a arrancar con ${again}.`,
      'Si quieres conservarlos a propósito (una tienda de prueba), arranca con SEED_DEMO=true.',
    ].join('\n'),
  );
}

async function ensureAdmin(db: Db, opts: SeedOptions, result: SeedResult): Promise<void> {
  if (opts.adminEmail) {
    const email = opts.adminEmail.toLowerCase();
    const [existing] = await db
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    if (existing?.role === 'admin') return;
    if (existing) {
      // Anyone can register any address: promoting it silently would make whoever registered
      // ADMIN_EMAIL first an administrator (with their own password, not ADMIN_PASSWORD).
      if (!opts.adminPromoteExisting) {
        throw new SeedRefusedError(
          [
            `ADMIN_EMAIL=${email} ya pertenece a una cuenta de cliente registrada en la tienda.`,
            'No se le dan permisos de administración automáticamente: quien registró ese correo',
            'tendría el control de la tienda con su propia contraseña (ADMIN_PASSWORD no se usa).',
            'Si esa cuenta es tuya, arranca con ADMIN_PROMOTE_EXISTING=true para promoverla;',
            'si no, usa otro ADMIN_EMAIL.',
          ].join('\n'),
        );
      }
      await db.update(users).set({ role: 'admin' }).where(eq(users.id, existing.id));
      result.promotedAdminEmail = email;
      return;
    }
    const password = opts.adminPassword ?? randomBytes(12).toString('base64url');
    await db.insert(users).values({
      name: 'ADMINISTRACION',
      email,
      passwordHash: await hashPassword(password),
      role: 'admin',
      userType: 'especialista',
    });
    if (opts.adminPassword) result.createdAdminEmail = email;
    else result.generatedAdmin = { email, password };
    return;
  }
  const [anyAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (anyAdmin) return;
  const email = 'admin@asociacion.local';
  const password = randomBytes(12).toString('base64url');
  await db.insert(users).values({
    name: 'ADMINISTRACION',
    email,
    passwordHash: await hashPassword(password),
    role: 'admin',
    userType: 'especialista',
  });
  result.generatedAdmin = { email, password };
}

async function seedDemo(db: Db, now: Date): Promise<boolean> {
  const [anyProduct] = await db.select({ id: products.id }).from(products).limit(1);
  if (anyProduct) return false;

  const catalogue = demoCatalogue(now).products;
  const base = now.getTime() - catalogue.length * 60_000;
  await db.transaction(async (tx) => {
    const ids = new Map<string, string>();
    for (const [i, p] of catalogue.entries()) {
      const [row] = await tx
        .insert(products)
        .values({
          name: p.name,
          description: p.description,
          priceCentavos: toCentavos(p.price),
          images: [`/covers/${p.slug}.svg`],
          category: p.category,
          subCategory: p.subCategory,
          isPresential: p.isPresential,
          venueName: p.venue?.name ?? null,
          venueAddress: p.venue?.address ?? null,
          venueMapUrl: p.venue?.mapUrl ?? null,
          saleMode: p.saleMode ?? 'por_dia',
          isDemo: true,
          startsAt: p.days[0]!.startsAt,
          endsAt: p.days[p.days.length - 1]!.endsAt,
          createdAt: new Date(base + i * 60_000),
        })
        .returning({ id: products.id });
      await tx.insert(productDays).values(
        p.days.map((d, position) => ({
          productId: row!.id,
          label: d.label,
          position,
          startsAt: d.startsAt,
          endsAt: d.endsAt,
          streamUrl: d.streamUrl,
          seatCapacity: d.seatCapacity ?? null,
        })),
      );
      ids.set(p.slug, row!.id);
      if (p.tiers?.length) {
        await tx.insert(priceTiers).values(
          p.tiers.map((t) => ({
            productId: row!.id,
            userType: t.userType,
            untilAt: t.until,
            priceCentavos: toCentavos(t.price),
            scholarshipPriceCentavos: t.scholarshipPrice === null ? null : toCentavos(t.scholarshipPrice),
          })),
        );
      }
    }
    for (const p of catalogue) {
      if (!p.requires) continue;
      await tx
        .update(products)
        .set({ requiresProductId: ids.get(p.requires)! })
        .where(eq(products.id, ids.get(p.slug)!));
    }
    // The finished event as staff set it up: endorsed, with an evaluation before its
    // constancias (its attendees are written at start: modules/attendance/demo.ts).
    const finishedId = ids.get(FINISHED_EVENT_SLUG)!;
    await tx
      .update(products)
      .set({
        endorsementBody: DEMO_FINISHED_ENDORSEMENT.body,
        endorsementNumber: DEMO_FINISHED_ENDORSEMENT.number,
        endorsementHours: DEMO_FINISHED_ENDORSEMENT.hours,
        endorsementPoints: DEMO_FINISHED_ENDORSEMENT.points,
      })
      .where(eq(products.id, finishedId));
    await tx.insert(evaluations).values({
      productId: finishedId,
      questions: DEMO_FINISHED_EVALUATION.questions,
      passPercent: DEMO_FINISHED_EVALUATION.passPercent,
      maxAttempts: DEMO_FINISHED_EVALUATION.maxAttempts,
      updatedAt: now,
    });
    // A free-everything code must not outlive the demo: it expires and runs out of uses.
    await tx.insert(coupons).values({
      code: DEMO_COUPON.code,
      description: DEMO_COUPON.description,
      discountType: DEMO_COUPON.discountType,
      discountValue: DEMO_COUPON.discountValue,
      validUntil: new Date(now.getTime() + DEMO_COUPON_DAYS * 24 * 3_600_000),
      maxUses: DEMO_COUPON_MAX_USES,
      maxUsesPerUser: DEMO_COUPON_MAX_USES_PER_USER,
      isDemo: true,
    });
    const [customer] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${DEMO_CUSTOMER.email}`);
    if (!customer) {
      await tx.insert(users).values({
        name: DEMO_CUSTOMER.name,
        email: DEMO_CUSTOMER.email,
        passwordHash: await hashPassword(DEMO_CUSTOMER.password),
        userType: DEMO_CUSTOMER.userType,
        isDemo: true,
      });
    }
    // The demo customer's colleague at the finished event: no password, nobody signs in as him.
    await tx
      .insert(users)
      .values({
        name: DEMO_COLLEAGUE.name,
        email: DEMO_COLLEAGUE.email,
        userType: DEMO_COLLEAGUE.userType,
        isDemo: true,
      })
      .onConflictDoNothing();
  });
  return true;
}
