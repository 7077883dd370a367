import { describe, expect, it } from 'vitest';
import { productFields } from './product-fields';

describe('productFields', () => {
  it('maps a stored product to the shared API fields, centavos to pesos', () => {
    expect(
      productFields({
        id: 'p1',
        name: 'Taller de ecocardiografía',
        priceCentavos: 251_050,
        images: ['/covers/taller.svg'],
        category: 'Paneles',
        subCategory: 'Avanzado',
        isPresential: true,
      }),
    ).toEqual({
      _id: 'p1',
      name: 'Taller de ecocardiografía',
      price: 2510.5,
      image: ['/covers/taller.svg'],
      category: 'Paneles',
      subCategory: 'Avanzado',
      isPresential: true,
    });
  });
});
