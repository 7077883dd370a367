// The reference is the order id's first 8 characters in upper case, whatever the id's case.
import { describe, expect, it } from 'vitest';
import { orderReference } from './order-reference';

describe('orderReference', () => {
  it('takes the first 8 characters of the UUID in upper case', () => {
    expect(orderReference('1a2b3c4d-0000-4000-8000-000000000000')).toBe('1A2B3C4D');
    expect(orderReference('1A2B3C4D-0000-4000-8000-000000000000')).toBe('1A2B3C4D');
  });
});
