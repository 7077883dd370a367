import { describe, expect, it } from 'vitest';
import { adminEventIncomplete } from '../admin-messages';
import { missingToPublish, type PublishableEvent } from './event-publishing';

const now = Date.parse('2030-05-01T12:00:00Z');
const day = (offsetDays: number) => ({
  startsAt: now + offsetDays * 86_400_000,
  endsAt: now + offsetDays * 86_400_000 + 4 * 3_600_000,
});
const complete: PublishableEvent = {
  name: 'Curso de anestesia',
  description: 'Tres días de módulos y talleres.',
  hasPrice: true,
  image: ['/uploads/portada.png'],
  days: [day(-2), day(3)],
};

describe('missingToPublish', () => {
  it('lets a complete event be published, even with a day behind it', () => {
    expect(missingToPublish(complete, now)).toEqual([]);
  });

  it('names every missing part, in the order of the form', () => {
    expect(
      missingToPublish({ name: ' ', description: '', hasPrice: false, image: [], days: [] }, now),
    ).toEqual(['name', 'description', 'price', 'image', 'days']);
  });

  it('asks for a day still to come when every day has ended (the end instant included)', () => {
    const ended = { startsAt: now - 3_600_000, endsAt: now };
    expect(missingToPublish({ ...complete, days: [day(-9), ended] }, now)).toEqual(['upcomingDay']);
    expect(missingToPublish({ ...complete, days: [{ ...ended, endsAt: now + 1 }] }, now)).toEqual([]);
  });
});

describe('adminEventIncomplete', () => {
  it('says in Spanish what is missing', () => {
    expect(adminEventIncomplete(['image'])).toBe('Para publicar el evento falta una imagen de portada.');
    expect(adminEventIncomplete(['description', 'price', 'image'])).toBe(
      'Para publicar el evento falta la descripción, el precio (o una cuota General sin fecha límite) y una imagen de portada.',
    );
  });
});
