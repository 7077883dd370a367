import { describe, expect, it } from 'vitest';
import {
  HEARTBEAT_MAX_CREDIT_SECONDS,
  creditPhase,
  creditWindow,
  formatDuration,
  formatEndorsementHours,
  formatPoints,
  heartbeatCredit,
  requiredSeconds,
} from './attendance';

describe('creditWindow and creditPhase', () => {
  const start = 10 * 3_600_000;
  const end = start + 3_600_000;
  it('spans the day with 15 minutes either side, edges included', () => {
    expect(creditWindow(start, end)).toEqual({ from: start - 900_000, until: end + 900_000 });
    expect(creditPhase(start - 900_001, start, end)).toBe('antes');
    expect(creditPhase(start - 900_000, start, end)).toBe('durante');
    expect(creditPhase(end + 900_000, start, end)).toBe('durante');
    expect(creditPhase(end + 900_001, start, end)).toBe('despues');
  });
});

describe('endorsement numbers', () => {
  it('prints hours and points with at most one decimal and the right noun', () => {
    expect(formatEndorsementHours(8)).toBe('8 horas');
    expect(formatEndorsementHours(1)).toBe('1 hora');
    expect(formatEndorsementHours(7.5)).toBe('7.5 horas');
    expect(formatPoints(2.5)).toBe('2.5 puntos');
    expect(formatPoints(1)).toBe('1 punto');
  });
});

describe('heartbeatCredit', () => {
  const base = { alreadySeconds: 0, dayLengthSeconds: 3600 };
  it('credits nothing for the first heartbeat of a session', () => {
    expect(heartbeatCredit({ ...base, previousBeatMs: null, nowMs: 1_000_000 })).toBe(0);
  });
  it('credits the real time elapsed, never more than the cap', () => {
    expect(heartbeatCredit({ ...base, previousBeatMs: 0, nowMs: 30_000 })).toBe(30);
    expect(heartbeatCredit({ ...base, previousBeatMs: 0, nowMs: 3_600_000 })).toBe(
      HEARTBEAT_MAX_CREDIT_SECONDS,
    );
  });
  it('credits nothing for a heartbeat not after the previous one', () => {
    expect(heartbeatCredit({ ...base, previousBeatMs: 30_000, nowMs: 30_000 })).toBe(0);
    expect(heartbeatCredit({ ...base, previousBeatMs: 30_000, nowMs: 10_000 })).toBe(0);
  });
  it('never goes beyond the day length', () => {
    expect(
      heartbeatCredit({ previousBeatMs: 0, nowMs: 30_000, alreadySeconds: 3590, dayLengthSeconds: 3600 }),
    ).toBe(10);
    expect(
      heartbeatCredit({ previousBeatMs: 0, nowMs: 30_000, alreadySeconds: 3600, dayLengthSeconds: 3600 }),
    ).toBe(0);
  });
});

describe('requiredSeconds and formatDuration', () => {
  it('rounds the threshold up', () => {
    expect(requiredSeconds(3600, 80)).toBe(2880);
    expect(requiredSeconds(61, 80)).toBe(49);
  });
  it('writes hours and minutes', () => {
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(120)).toBe('2 h');
    expect(formatDuration(390)).toBe('6 h 30 min');
  });
});
