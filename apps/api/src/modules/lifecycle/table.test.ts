// docs/lifecycle.md holds the transition table generated from table.ts, and its events table
// names every installed subscriber: neither can drift from the code.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { installLifecycleSubscribers } from '../../subscribers';
import { mailSettingsFrom } from '../mail/settings';
import { subscriptions } from './events';
import { TRANSITIONS, allows, transitionTableMarkdown } from './table';

const doc = readFileSync(path.resolve(import.meta.dirname, '../../../../../docs/lifecycle.md'), 'utf8');
/** Table rows compared cell by cell (Prettier may pad the columns). */
const rows = (md: string) =>
  md
    .split('\n')
    .filter((l) => l.startsWith('|') && !/^\|[\s|:-]+\|$/.test(l))
    .map((l) =>
      l
        .split(/(?<!\\)\|/)
        .map((c) => c.trim())
        .join('|'),
    );

describe('docs/lifecycle.md', () => {
  it('holds the transition table of table.ts', () => {
    const between = /<!-- transition-table:start -->([\s\S]*?)<!-- transition-table:end -->/.exec(doc);
    expect(between).not.toBeNull();
    expect(rows(between![1]!)).toEqual(rows(transitionTableMarkdown()));
  });

  it('names every subscriber and the events it follows', () => {
    installLifecycleSubscribers(
      mailSettingsFrom({
        PUBLIC_URL: 'http://localhost',
        JWT_SECRET: 'x'.repeat(32),
        CONTACT_EMAIL: undefined,
      }),
    );
    for (const { name, events } of subscriptions()) {
      for (const event of events) {
        const line = doc.split('\n').find((l) => l.startsWith(`| \`${event}\``));
        expect(line, event).toBeDefined();
        expect(line, `${event} → ${name}`).toContain(`\`${name}\``);
      }
    }
  });
});

describe('the transition table', () => {
  it('refuses what a state does not allow', () => {
    expect(allows('transfer', 'pagado')).toBe(true);
    expect(allows('transfer', 'cancelado')).toBe(false);
    expect(allows('requestRefund', 'pendiente')).toBe(false);
    expect(allows('adminCancel', 'reembolsado')).toBe(false);
    expect(allows('pay', 'cancelado')).toBe(false);
  });

  it('marks every action a refund in flight must block', () => {
    const blocked = Object.entries(TRANSITIONS)
      .filter(([, t]) => 'blockedByRefundInFlight' in t && t.blockedByRefundInFlight)
      .map(([name]) => name)
      .sort();
    expect(blocked).toEqual([
      'adminCancel',
      'assignPlace',
      'cancelFree',
      'cancelPlaces',
      'reassignPlace',
      'recordRefund',
      'requestRefund',
      'transfer',
    ]);
  });
});
