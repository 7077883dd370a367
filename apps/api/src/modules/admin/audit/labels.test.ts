// Staff read the audit log and an order's history in Spanish: every action code the API
// writes (found in its source) has a label, so no raw `order.refund_requested` reaches a screen.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS } from '@store/shared/schemas/admin/audit';

const src = fileURLToPath(new URL('../../../', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}

/**
 * Quoted `area.code` strings outside comments, leaving out the lifecycle's event names
 * (`emit(tx, 'order.paid')`, handler keys `'order.paid':`) and job names (`name: '…'`).
 */
function actionCodes(): Set<string> {
  const codes = new Set<string>();
  const literal =
    /(emit\(\w+, |name: )?'((?:order|payment|event|member|coupon|invoice|waitlist|demo|upload)\.[a-z_]+)'(:)?/g;
  for (const file of sources(src)) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (/^\s*(\/\/|\*|\/\*)/.test(line)) continue;
      for (const m of line.matchAll(literal)) if (!m[1] && !m[3]) codes.add(m[2]!);
    }
  }
  return codes;
}

describe('audit action labels', () => {
  it('every action code written by the API has a Spanish label', () => {
    const codes = actionCodes();
    expect(codes.size).toBeGreaterThan(50);
    expect(codes).toContain('order.refund_requested');
    expect([...codes].filter((c) => !AUDIT_ACTION_LABELS[c])).toEqual([]);
  });
});
