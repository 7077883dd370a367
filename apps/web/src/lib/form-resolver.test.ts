import { describe, expect, it } from 'vitest';
import { ADMIN_MSG, adminStreamUrlInvalid } from '@store/shared/admin-messages';
import { adminEventInput } from '@store/shared/schemas/admin/events';
import { parseAmount, parseOptionalInt, formResolver } from './form-resolver';

describe('parseAmount', () => {
  it.each([
    ['2500', 2500],
    ['2,500', 2500],
    ['1,250.50', 1250.5],
    ['1250,5', 1250.5],
    [' 99.99 ', 99.99],
    ['0', 0],
  ])('%j → %d', (text, value) => expect(parseAmount(text)).toBe(value));

  it.each(['', 'abc', '-5', '12.3.4', '1e3'])('%j is not an amount', (text) => {
    expect(parseAmount(text)).toBeNaN();
  });
});

describe('parseOptionalInt', () => {
  it('reads empty as no limit and refuses anything but a whole number', () => {
    expect(parseOptionalInt('')).toBeNull();
    expect(parseOptionalInt(' 30 ')).toBe(30);
    expect(parseOptionalInt('2.5')).toBeNaN();
    expect(parseOptionalInt('diez')).toBeNaN();
  });
});

describe('formResolver', () => {
  const resolver = formResolver(adminEventInput, (v: { name: string; link: string }) => ({
    name: v.name,
    price: 10,
    category: 'Paneles',
    subCategory: 'Basico',
    days: [
      {
        label: '',
        startsAt: '2030-05-29T15:00:00.000Z',
        endsAt: '2030-05-30T00:00:00.000Z',
        streamUrl: v.link,
      },
    ],
  }));

  it('puts the shared schema messages at the fields they belong to', async () => {
    const result = await resolver({ name: '', link: 'https://example.com' }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(result.values).toEqual({});
    expect(result.errors).toMatchObject({
      name: { message: ADMIN_MSG.eventNameRequired },
      days: [
        {
          label: { message: ADMIN_MSG.dayLabelRequired },
          streamUrl: { message: adminStreamUrlInvalid('', 0) },
        },
      ],
    });
  });
});
