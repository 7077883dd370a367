// The hot routes' serializer: fast-json-stringify compiled from the zod response schema.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CATEGORIES, LEVELS } from '@store/shared/constants';
import { productSingleResponse } from '@store/shared/schemas/product';
import { userOrdersResponse } from '@store/shared/schemas/order';
import { fastSerializerCompiler } from './fast-serializer';

const compile = (schema: z.ZodType) =>
  fastSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' });

const product = {
  _id: 'p1',
  name: 'Curso',
  description: 'Texto',
  price: 1500.5,
  image: ['/uploads/a.jpg'],
  category: CATEGORIES[0],
  subCategory: LEVELS[0],
  days: ['Jueves'],
  dayOptions: [{ label: 'Jueves', startsAt: 1, endsAt: 2, seatCapacity: null, seatsSold: 0 }],
  isPresential: false,
  date: 1,
  startsAt: 1,
  endsAt: 2,
  saleMode: 'completo',
  tiers: [{ userType: 'residente', until: 3, price: 1000, scholarshipPrice: 750.25 }],
  requires: { _id: 'p0', name: 'Curso previo' },
  venue: { name: 'Hospital Central', address: 'Av. Reforma 1, CDMX', mapUrl: 'https://maps.example/1' },
  dayLinks: { Jueves: 'https://vimeo.com/event/1' },
  myPrice: { price: 1000, userType: 'residente', until: 3, scholarship: false },
};

describe('fastSerializerCompiler', () => {
  it('compiles the hot responses to JSON Schema (no fallback) and writes what zod would', () => {
    for (const schema of [productSingleResponse, userOrdersResponse]) {
      expect(() =>
        z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' }),
      ).not.toThrow();
    }
    const data = { success: true, product };
    expect(JSON.parse(compile(productSingleResponse)(data))).toEqual(productSingleResponse.parse(data));
  });

  it('writes only declared keys, at every depth', () => {
    const out = compile(productSingleResponse)({
      success: true,
      secret: 'x',
      product: { ...product, streamUrl: 'https://youtu.be/secreto', passwordHash: 'h' },
    });
    expect(out).not.toContain('secreto');
    expect(out).not.toContain('passwordHash');
    expect(out).not.toContain('secret');
    expect(JSON.parse(out).product.dayLinks).toEqual(product.dayLinks);
  });

  it('refuses an answer missing a required field instead of sending less', () => {
    const { name: _name, ...withoutName } = product;
    expect(() => compile(productSingleResponse)({ success: true, product: withoutName })).toThrow();
  });

  it('falls back to the zod serializer for a schema JSON Schema cannot express', () => {
    const schema = z.object({ at: z.date() });
    expect(compile(schema)({ at: new Date(5) })).toBe('{"at":"1970-01-01T00:00:00.005Z"}');
  });
});
