// The back office's datetime-local fields are Mexico City wall times, whatever zone the
// browser is in: this file runs with the process clock in Tokyo (UTC+9), where converting
// in the browser's zone would save and show the wrong instant.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { axisAmount, fromLocalInput, toLocalInput } from './format';

beforeAll(() => {
  vi.stubEnv('TZ', 'Asia/Tokyo');
});
afterAll(() => {
  vi.unstubAllEnvs();
});

describe('datetime-local ↔ instant', () => {
  it('runs where the machine zone is not Mexico City', () => {
    expect(new Date(Date.UTC(2025, 4, 16, 5, 59)).getHours()).toBe(14);
  });

  it('saves 2025-05-15 23:59 entered in the form as 2025-05-16T05:59:00Z and shows it back as 23:59', () => {
    expect(fromLocalInput('2025-05-15T23:59')).toBe('2025-05-16T05:59:00.000Z');
    expect(toLocalInput(Date.parse('2025-05-16T05:59:00Z'))).toBe('2025-05-15T23:59');
  });

  it('leaves an empty field empty and an unreadable one for the schema to refuse', () => {
    expect(fromLocalInput('')).toBeNull();
    expect(toLocalInput(null)).toBe('');
    expect(fromLocalInput('2025-02-30T10:00')).toBe('2025-02-30T10:00');
  });
});

describe('axisAmount', () => {
  it('keeps every tick of an axis apart: no whole-thousand rounding', () => {
    expect([0, 650, 1300, 1950, 2600].map(axisAmount)).toEqual(['0', '650', '1.3k', '1.95k', '2.6k']);
    expect([0, 350, 700, 1050, 1400].map(axisAmount)).toEqual(['0', '350', '700', '1.05k', '1.4k']);
    expect(axisAmount(12_000)).toBe('12k');
  });
});
