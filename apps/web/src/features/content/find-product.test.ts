// findProductByName: exact name first (accents and case folded), then every keyword.
import { describe, expect, it } from 'vitest';
import type { Product } from '@store/shared/schemas/product';
import { findProductByName } from './find-product';

const product = (name: string, _id: string) => ({ _id, name }) as Product;
const list = [
  product('2º Curso de Anestesia Cardiovascular', 'curso'),
  product('Taller de arritmias perioperatorias', 'arritmias'),
  product('Taller de Aminas Vasoactivas (cupo limitado)', 'aminas'),
];

describe('findProductByName', () => {
  it('matches the exact name regardless of case and accents', () => {
    expect(findProductByName(list, 'taller de ARRITMIAS perioperatorias')?._id).toBe('arritmias');
    expect(findProductByName(list, '2º curso de anestesia cardiovascular')?._id).toBe('curso');
  });

  it('falls back to keywords when the event was renamed', () => {
    expect(findProductByName(list, 'Taller de aminas vasoactivas', ['taller', 'aminas'])?._id).toBe('aminas');
  });

  it('finds nothing without a match or before the list loads', () => {
    expect(findProductByName(list, 'Taller de ventilación', ['taller', 'ventilación'])).toBeUndefined();
    expect(findProductByName(list, 'Taller de aminas vasoactivas')).toBeUndefined();
    expect(findProductByName(undefined, 'x', ['x'])).toBeUndefined();
  });
});
