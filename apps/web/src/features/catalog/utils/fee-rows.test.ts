import { describe, expect, it } from 'vitest';
import { USER_TYPE_LABELS } from '@store/shared/constants';
import { fromMexicoCityLocal } from '@store/shared/domain/time';
import type { Product } from '@store/shared/schemas/product';
import {
  ALL_PARTICIPANTS,
  feeRows,
  GENERAL_PARTICIPANT,
  generalPrice,
  SCHOLARSHIP_CONDITION,
} from './fee-rows';

const cutoff = fromMexicoCityLocal('2030-05-16T00:00')!.getTime();
const course: Pick<Product, 'tiers' | 'price'> = {
  price: 3000,
  tiers: [
    { userType: 'especialista', until: cutoff, price: 2500, scholarshipPrice: null },
    { userType: 'especialista', until: null, price: 3000, scholarshipPrice: null },
    { userType: 'residente', until: null, price: 2000, scholarshipPrice: 1500 },
    { userType: 'enfermeria', until: null, price: 2000, scholarshipPrice: 1500 },
    { userType: 'personal_hospital', until: null, price: 0, scholarshipPrice: null },
  ],
};

describe('feeRows', () => {
  it('lists each step with its dates, merged types, scholarships and the general price', () => {
    expect(feeRows(course)).toEqual([
      {
        participant: USER_TYPE_LABELS.especialista,
        amount: 2500,
        condition: 'Inscripción hasta el 15 may 2030, 23:59',
      },
      {
        participant: USER_TYPE_LABELS.especialista,
        amount: 3000,
        condition: 'Inscripción a partir del 16 may 2030, 0:00',
      },
      {
        participant: `${USER_TYPE_LABELS.residente}, ${USER_TYPE_LABELS.enfermeria}`,
        amount: 2000,
        condition: '',
      },
      { participant: USER_TYPE_LABELS.personal_hospital, amount: 0, condition: '' },
      {
        participant: `${USER_TYPE_LABELS.residente}, ${USER_TYPE_LABELS.enfermeria} con beca`,
        amount: 1500,
        condition: SCHOLARSHIP_CONDITION,
      },
      { participant: GENERAL_PARTICIPANT, amount: 3000, condition: '' },
    ]);
  });

  it('an event without tiers is one price for everyone', () => {
    expect(feeRows({ price: 1000, tiers: [] })).toEqual([
      { participant: ALL_PARTICIPANTS, amount: 1000, condition: '' },
    ]);
  });

  it('the general price follows a general step, else the base price', () => {
    expect(generalPrice(course, cutoff - 1)).toBe(3000);
    const stepped: Pick<Product, 'tiers' | 'price'> = {
      price: 900,
      tiers: [{ userType: 'general', until: cutoff, price: 800, scholarshipPrice: null }],
    };
    expect(generalPrice(stepped, cutoff - 1)).toBe(800);
    expect(generalPrice(stepped, cutoff)).toBe(900);
  });
});
