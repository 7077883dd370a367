import { describe, expect, it } from 'vitest';
import {
  creditNoteUse,
  checkRegimenUso,
  checkRfc,
  normalizeRfc,
  regimenesForRfc,
  REGIMENES_FISCALES,
  RFC_PUBLICO_GENERAL,
  rfcCheckDigit,
  USOS_CFDI,
  usosForRegimen,
} from './cfdi-catalogs';

describe('RFC', () => {
  it.each([
    ['GODE561231GR8', 'fisica'],
    ['MAB9307148T4', 'moral'],
  ] as const)('accepts %s (%s)', (rfc, kind) => {
    expect(checkRfc(rfc)).toEqual({ ok: true, kind, generic: false });
  });

  it('accepts the generic RFCs', () => {
    expect(checkRfc(RFC_PUBLICO_GENERAL)).toMatchObject({ ok: true, generic: true });
    expect(checkRfc('XEXX010101000')).toMatchObject({ ok: true, generic: true });
  });

  it.each([
    ['GODE561231GR', 'format'],
    ['GODE561231GR89', 'format'],
    ['G0DE561231GR8', 'format'],
    ['GODE56123XGR8', 'format'],
    ['GODE561331GR8', 'date'],
    ['GODE560230GR8', 'date'],
    ['GODE561200GR8', 'date'],
    ['GODE561231GR9', 'check'],
    ['MAB9307148T5', 'check'],
  ] as const)('refuses %s (%s)', (rfc, problem) => {
    expect(checkRfc(rfc)).toEqual({ ok: false, problem });
  });

  it('accepts 29 February only in leap years', () => {
    const base = 'GODE000229GR';
    expect(checkRfc(base + rfcCheckDigit(base)).ok).toBe(true);
    const notLeap = 'GODE010229GR';
    expect(checkRfc(notLeap + rfcCheckDigit(notLeap))).toEqual({ ok: false, problem: 'date' });
  });

  it('computes the check digit for 12 and 13 characters (A for ten)', () => {
    expect(rfcCheckDigit('GODE561231GR')).toBe('8');
    expect(rfcCheckDigit('MAB9307148T')).toBe('4');
    // Every digit and 'A' appear as results over a range of homoclaves.
    const seen = new Set<string>();
    for (const h of ['AA', 'AB', 'AC', 'AD', 'AE', 'AF', 'AG', 'AH', 'AI', 'AJ', 'AK', 'AL', 'AM', 'AN'])
      seen.add(rfcCheckDigit(`GODE561231${h}`));
    expect([...seen].every((c) => /^[\dA]$/.test(c))).toBe(true);
  });

  it('normalises case, spaces and dashes', () => {
    expect(normalizeRfc(' gode-561231-gr8 ')).toBe('GODE561231GR8');
  });
});

describe('régimen and uso', () => {
  it('every uso names only known régimenes', () => {
    const codes = new Set(REGIMENES_FISCALES.map((r) => r.code));
    for (const u of USOS_CFDI) for (const r of u.regimenes) expect(codes.has(r)).toBe(true);
  });

  it('allows G03 for a business régimen and refuses it for salaried people', () => {
    expect(checkRegimenUso('GODE561231GR8', '612', 'G03')).toBeNull();
    expect(checkRegimenUso('GODE561231GR8', '605', 'G03')).toBe('usoRegimen');
    expect(checkRegimenUso('GODE561231GR8', '605', 'D01')).toBeNull();
  });

  it('refuses a régimen of the other kind of taxpayer', () => {
    expect(checkRegimenUso('MAB9307148T4', '612', 'G03')).toBe('regimenKind');
    expect(checkRegimenUso('GODE561231GR8', '601', 'G03')).toBe('regimenKind');
    expect(checkRegimenUso('MAB9307148T4', '601', 'G03')).toBeNull();
    expect(checkRegimenUso('MAB9307148T4', '626', 'G03')).toBeNull();
  });

  it('público en general takes only 616 with S01', () => {
    expect(checkRegimenUso(RFC_PUBLICO_GENERAL, '616', 'S01')).toBeNull();
    expect(checkRegimenUso(RFC_PUBLICO_GENERAL, '612', 'G03')).toBe('publicoGeneral');
    expect(regimenesForRfc(RFC_PUBLICO_GENERAL).map((r) => r.code)).toEqual(['616']);
  });

  it('unknown codes are refused', () => {
    expect(checkRegimenUso('GODE561231GR8', '999', 'G03')).toBe('usoRegimen');
    expect(checkRegimenUso('GODE561231GR8', '612', 'Z99')).toBe('usoRegimen');
  });

  it('lists the usos of a régimen and the régimenes of an RFC', () => {
    expect(usosForRegimen('616').map((u) => u.code)).toEqual(['S01']);
    expect(usosForRegimen('601').map((u) => u.code)).toContain('G03');
    expect(regimenesForRfc('MAB9307148T4').every((r) => r.kinds.includes('moral'))).toBe(true);
    expect(regimenesForRfc('GODE').length).toBe(REGIMENES_FISCALES.length);
  });
});

describe('the uso of a credit note', () => {
  it("is G02 only where c_UsoCFDI allows it with the receiver's régimen, S01 otherwise", () => {
    for (const r of ['601', '603', '606', '612', '620', '621', '622', '623', '624', '625', '626']) {
      expect(creditNoteUse(r), r).toBe('G02');
    }
    for (const r of ['605', '607', '608', '610', '611', '614', '615', '616']) {
      expect(creditNoteUse(r), r).toBe('S01');
    }
  });
});
