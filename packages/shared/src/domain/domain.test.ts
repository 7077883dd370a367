import { describe, expect, it } from 'vitest';
import { addToCart, cartAmountCentavos, cartCount, parseQuantityInput, setCartQuantity } from './cart';
import { computeTotals } from './totals';
import { computeCouponDiscount } from './coupons';
import { centavosToDecimalString, decimalStringToCentavos, formatPrice, toCentavos } from './money';
import { normalizeStreamUrl } from './stream-url';
import { normalizeName, sanitizeNameInput, NAME_PATTERN } from './validation';
import { SERVICE_FEE_CENTAVOS } from '../constants';

describe('cart', () => {
  it('counts only positive quantities and prices only known products', () => {
    const cart = { a: { d1: 1, d2: 0 }, b: { d1: 1 }, ghost: { d1: 1 } };
    expect(cartCount(cart)).toBe(3);
    expect(
      cartAmountCentavos(
        cart,
        new Map([
          ['a', 250000],
          ['b', 100050],
        ]),
      ),
    ).toBe(350050);
  });
  it('adds with a cap of 1 and removes at 0', () => {
    let cart = addToCart({}, 'a', 'd1');
    cart = addToCart(cart, 'a', 'd1');
    expect(cart).toEqual({ a: { d1: 1 } });
    expect(setCartQuantity(cart, 'a', 'd1', 0)).toEqual({});
  });
  it('quantity input: min 1, max 1, empty or 0 ignored', () => {
    expect(parseQuantityInput('')).toBeNull();
    expect(parseQuantityInput('0')).toBeNull();
    expect(parseQuantityInput('-3')).toBeNull();
    expect(parseQuantityInput('abc')).toBeNull();
    expect(parseQuantityInput('1')).toBe(1);
    expect(parseQuantityInput('7')).toBe(1);
  });
});

describe('totals', () => {
  it('adds the service fee once', () => {
    expect(computeTotals(250000, 0)).toEqual({
      subtotal: 250000,
      discount: 0,
      fee: SERVICE_FEE_CENTAVOS,
      total: 250000 + SERVICE_FEE_CENTAVOS,
      isFree: false,
    });
    expect(computeTotals(250000, 50000).total).toBe(200000 + SERVICE_FEE_CENTAVOS);
  });
  it('is free (no fee) when the discount covers the subtotal, and never negative', () => {
    expect(computeTotals(250000, 250000)).toEqual({
      subtotal: 250000,
      discount: 250000,
      fee: 0,
      total: 0,
      isFree: true,
    });
    expect(computeTotals(1000, 999999).total).toBe(0);
    expect(computeTotals(0, 0).isFree).toBe(true);
  });
});

describe('coupons', () => {
  const lines = [
    { productId: 'a', priceCentavos: 300000, quantity: 1 },
    { productId: 'a', priceCentavos: 300000, quantity: 1 },
    { productId: 'b', priceCentavos: 100000, quantity: 1 },
  ];
  it('percent on the whole order', () => {
    expect(
      computeCouponDiscount({ discountType: 'percent', discountValue: 10, productIds: [] }, lines),
    ).toEqual({
      discount: 70000,
      appliesToWholeOrder: true,
      applicableProductIds: ['a', 'b'],
    });
  });
  it('percent on named products only', () => {
    const r = computeCouponDiscount({ discountType: 'percent', discountValue: 50, productIds: ['b'] }, lines);
    expect(r).toEqual({ discount: 50000, appliesToWholeOrder: false, applicableProductIds: ['b'] });
  });
  it('fixed amount never exceeds what qualifies', () => {
    expect(
      computeCouponDiscount({ discountType: 'fixed', discountValue: 500000, productIds: ['b'] }, lines)
        .discount,
    ).toBe(100000);
    expect(
      computeCouponDiscount({ discountType: 'fixed', discountValue: 50000, productIds: [] }, lines).discount,
    ).toBe(50000);
  });
});

describe('money', () => {
  it('converts without float drift', () => {
    expect(toCentavos(0.1 + 0.2)).toBe(30);
    expect(centavosToDecimalString(251000)).toBe('2510.00');
    expect(centavosToDecimalString(5)).toBe('0.05');
    expect(decimalStringToCentavos('2510.00')).toBe(251000);
    expect(decimalStringToCentavos('2510.5')).toBe(251050);
    expect(decimalStringToCentavos('12.345')).toBeNull();
    expect(formatPrice(2500)).toBe('MXN$2,500');
  });
});

describe('normalizeStreamUrl', () => {
  it.each([
    ['https://www.youtube.com/watch?v=M7lc1UVf-VE', 'https://www.youtube.com/embed/M7lc1UVf-VE', null],
    ['https://youtu.be/M7lc1UVf-VE?t=10', 'https://www.youtube.com/embed/M7lc1UVf-VE', null],
    ['https://www.youtube.com/live/jfKfPfyJRdk?si=x', 'https://www.youtube.com/embed/jfKfPfyJRdk', null],
    ['https://youtube.com/shorts/aqz-KE-bpKQ', 'https://www.youtube.com/embed/aqz-KE-bpKQ', null],
    ['https://m.youtube.com/watch?v=M7lc1UVf-VE', 'https://www.youtube.com/embed/M7lc1UVf-VE', null],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871', null],
    ['https://vimeo.com/76979871/abcdef1234', 'https://player.vimeo.com/video/76979871?h=abcdef1234', null],
    ['https://player.vimeo.com/video/148751763', 'https://player.vimeo.com/video/148751763', null],
    ['https://vimeo.com/showcase/11263458', 'https://vimeo.com/showcase/11263458/embed', null],
    [
      'https://vimeo.com/event/4938416',
      'https://vimeo.com/event/4938416/embed',
      'https://vimeo.com/event/4938416/chat',
    ],
  ])('%s', (input, embed, chat) => {
    expect(normalizeStreamUrl(input)).toMatchObject({ embedUrl: embed, chatUrl: chat });
  });
  it.each([
    'https://evil.example.com/watch?v=M7lc1UVf-VE',
    'https://youtube.com.evil.com/watch?v=M7lc1UVf-VE',
    'javascript:alert(1)',
    'https://www.youtube.com/watch',
    'https://vimeo.com/about',
    'no es una url',
    '',
  ])('refuses %s', (input) => {
    expect(normalizeStreamUrl(input)).toBeNull();
  });
});

describe('names', () => {
  it('uppercases and accepts only A-Z, Ñ and spaces', () => {
    expect(normalizeName('  maría  peña ')).toBe('MARIA PEÑA');
    expect(normalizeName('josé ñuñez')).toBe('JOSE ÑUÑEZ');
    expect(sanitizeNameInput('José Peña 3!')).toBe('JOSE PEÑA ');
    expect(NAME_PATTERN.test('JOSE PEÑA')).toBe(true);
    expect(NAME_PATTERN.test('JOSÉ')).toBe(false);
  });
});
