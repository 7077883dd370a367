// The fee schedule of an event as rows of a table (who, how much, until when), read from the
// event's tiers: the same numbers the server charges (docs/fees.md). Used by /cuotas and the
// product page. Pesos in and out.
import { USER_TYPE_LABELS, USER_TYPES, type UserType } from '@store/shared/constants';
import { toCentavos, toPesos } from '@store/shared/domain/money';
import { choosePrice, stepLastMinute, type PriceTier } from '@store/shared/domain/pricing';
import { formatDateTime } from '@store/shared/domain/time';
import type { Product } from '@store/shared/schemas/product';

export interface FeeRow {
  participant: string;
  /** Pesos; 0 = sin costo. */
  amount: number;
  condition: string;
}

export const GENERAL_PARTICIPANT = 'Público general';
export const ALL_PARTICIPANTS = 'Todos los participantes';
export const SCHOLARSHIP_CONDITION = 'Beca otorgada por la asociación';

/** The product's tiers in centavos, as the shared pricing function takes them. */
export function productTiers(product: Pick<Product, 'tiers'>): PriceTier[] {
  return product.tiers.map((t) => ({
    userType: t.userType,
    untilAt: t.until,
    priceCentavos: toCentavos(t.price),
    scholarshipPriceCentavos: t.scholarshipPrice === null ? null : toCentavos(t.scholarshipPrice),
  }));
}

/** What a visitor (or an unverified member) pays now: the general price. */
export function generalPrice(product: Pick<Product, 'tiers' | 'price'>, now: number): number {
  return toPesos(
    choosePrice({
      basePriceCentavos: toCentavos(product.price),
      tiers: productTiers(product),
      buyer: { userType: 'general', verified: true, becado: false },
      now,
    }).priceCentavos,
  );
}

const typeOrder = (t: UserType) => USER_TYPES.indexOf(t);

/**
 * One row per step, participant types with the same step and price merged ("Médico residente,
 * Enfermería, Estudiante"), then scholarship rows, then the general price when no tier names it.
 * An event without tiers is one row for everyone.
 */
export function feeRows(product: Pick<Product, 'tiers' | 'price'>): FeeRow[] {
  if (product.tiers.length === 0) {
    return [{ participant: ALL_PARTICIPANTS, amount: product.price, condition: '' }];
  }
  const tiers = [...product.tiers].sort(
    (a, b) => typeOrder(a.userType) - typeOrder(b.userType) || (a.until ?? Infinity) - (b.until ?? Infinity),
  );
  const steps = new Map<string, { types: UserType[]; amount: number; condition: string }>();
  const becas = new Map<string, { types: UserType[]; amount: number; condition: string }>();
  for (const t of tiers) {
    const earlier = tiers.filter(
      (o) => o.userType === t.userType && o.until !== null && o.until < (t.until ?? Infinity),
    );
    const from = earlier.length > 0 ? Math.max(...earlier.map((o) => o.until as number)) : null;
    const condition =
      t.until !== null
        ? `Inscripción hasta el ${formatDateTime(stepLastMinute(t.until))}`
        : from !== null
          ? `Inscripción a partir del ${formatDateTime(from)}`
          : '';
    const key = `${t.price}|${condition}`;
    const row = steps.get(key) ?? { types: [], amount: t.price, condition };
    row.types.push(t.userType);
    steps.set(key, row);
    if (t.scholarshipPrice !== null) {
      const becaKey = `${t.scholarshipPrice}|${condition}`;
      const beca = becas.get(becaKey) ?? {
        types: [],
        amount: t.scholarshipPrice,
        condition: condition ? `${SCHOLARSHIP_CONDITION}; ${condition.toLowerCase()}` : SCHOLARSHIP_CONDITION,
      };
      beca.types.push(t.userType);
      becas.set(becaKey, beca);
    }
  }
  const names = (types: UserType[]) => types.map((t) => USER_TYPE_LABELS[t]).join(', ');
  const rows: FeeRow[] = [
    ...[...steps.values()].map((r) => ({
      participant: names(r.types),
      amount: r.amount,
      condition: r.condition,
    })),
    ...[...becas.values()].map((r) => ({
      participant: `${names(r.types)} con beca`,
      amount: r.amount,
      condition: r.condition,
    })),
  ];
  if (!product.tiers.some((t) => t.userType === 'general')) {
    rows.push({ participant: GENERAL_PARTICIPANT, amount: product.price, condition: '' });
  }
  return rows;
}

/** How an event's price applies: "Evento completo (3 días)" or "Por día". */
export function saleModeNote(product: Pick<Product, 'saleMode' | 'dayOptions'>): string {
  const n = product.dayOptions.length;
  if (product.saleMode === 'completo') return n > 1 ? `Evento completo (${n} días)` : 'Evento completo';
  return n > 1 ? 'Precio por día' : 'Precio del evento';
}
