import { describe, expect, it } from 'vitest';
import { MSG } from '@store/shared/messages';
import type { DayOption } from '@store/shared/schemas/product';
import { soldOutReason, withOfferedSeats } from './sold-out';

const NOW = Date.parse('2030-03-01T12:00:00Z');
const day = (label: string, over: Partial<DayOption> = {}): DayOption => ({
  label,
  startsAt: NOW + 86_400_000,
  endsAt: NOW + 90_000_000,
  seatCapacity: 10,
  seatsSold: 3,
  ...over,
});
const full = { seatCapacity: 10, seatsSold: 10 };
const ended = { startsAt: NOW - 90_000_000, endsAt: NOW - 86_400_000 };

describe('soldOutReason', () => {
  it('is null while one day on sale has a seat, or has no limit', () => {
    expect(
      soldOutReason({ saleMode: 'por_dia', dayOptions: [day('A', full), day('B')] }, { now: NOW }),
    ).toBeNull();
    expect(
      soldOutReason(
        { saleMode: 'por_dia', dayOptions: [day('A', full), day('B', { seatCapacity: null })] },
        { now: NOW },
      ),
    ).toBeNull();
  });

  it('says sold out when every day left on sale is full; ended and owned days do not count', () => {
    const dayOptions = [day('A', full), day('B', ended), day('C')];
    expect(soldOutReason({ saleMode: 'por_dia', dayOptions }, { now: NOW, owned: new Set(['C']) })).toBe(
      MSG.eventSoldOut,
    );
    expect(soldOutReason({ saleMode: 'por_dia', dayOptions: [day('A', full)] }, { now: NOW })).toBe(
      MSG.eventSoldOut,
    );
  });

  it("counts a day full for the member (seats held by others' waiting-list offers)", () => {
    expect(
      soldOutReason({ saleMode: 'por_dia', dayOptions: [day('A')] }, { now: NOW, fullForMe: new Set(['A']) }),
    ).toBe(MSG.eventSoldOut);
  });

  it('an event sold as a whole is sold out when any of its days is full', () => {
    expect(
      soldOutReason({ saleMode: 'completo', dayOptions: [day('A'), day('B', full)] }, { now: NOW }),
    ).toBe(MSG.wholeEventSoldOut);
    expect(
      soldOutReason({ saleMode: 'completo', dayOptions: [day('A'), day('B')] }, { now: NOW }),
    ).toBeNull();
  });

  it('has nothing to say when nothing is left on sale (ended or owned: the page says that)', () => {
    expect(
      soldOutReason({ saleMode: 'por_dia', dayOptions: [day('A', { ...full, ...ended })] }, { now: NOW }),
    ).toBeNull();
  });
});

describe('withOfferedSeats', () => {
  const offered = [{ day: 'A', entry: { status: 'ofrecido' } }];
  it('keeps one seat of a full day for the member it is offered to', () => {
    const mine = withOfferedSeats([day('A', full), day('B', full)], offered);
    expect(mine.map((o) => o.seatsSold)).toEqual([9, 10]);
    expect(soldOutReason({ saleMode: 'por_dia', dayOptions: mine }, { now: NOW })).toBeNull();
  });
  it('changes nothing while waiting in line or for visitors', () => {
    const options = [day('A', full)];
    expect(withOfferedSeats(options, [{ day: 'A', entry: { status: 'esperando' } }])).toEqual(options);
    expect(withOfferedSeats(options, undefined)).toEqual(options);
    expect(
      soldOutReason({ saleMode: 'por_dia', dayOptions: withOfferedSeats(options, undefined) }, { now: NOW }),
    ).toBe(MSG.eventSoldOut);
  });
});
