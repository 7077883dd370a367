// The docs stay navigable: every relative link of docs/ and README.md reaches a file (and its
// heading, for a #fragment), and every docs/<name>.md that code, tests and scripts point at exists
// (with its heading, for a #fragment).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);
const markdown = tracked.filter((f) => f.endsWith('.md') && (f.startsWith('docs/') || f === 'README.md'));

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const anchorsOf = new Map<string, Set<string>>();
function anchors(file: string): Set<string> {
  let found = anchorsOf.get(file);
  if (!found) {
    const text = readFileSync(path.join(root, file), 'utf8').replace(/```[\s\S]*?```/g, '');
    found = new Set(
      [...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) =>
        slug(m[1]!.replace(/`/g, '').replace(/\[|\]\([^)]*\)/g, '')),
      ),
    );
    anchorsOf.set(file, found);
  }
  return found;
}

/** What is wrong with a link to `target` (repository path) and `fragment`, or null. */
function broken(target: string, fragment: string | undefined): string | null {
  if (!existsSync(path.join(root, target))) return 'no such file';
  if (fragment && target.endsWith('.md') && !anchors(target).has(fragment)) return `no heading #${fragment}`;
  return null;
}

describe('links between the docs', () => {
  it.each(markdown)('%s', (file) => {
    const text = readFileSync(path.join(root, file), 'utf8').replace(/```[\s\S]*?```/g, '');
    const problems: string[] = [];
    for (const [, href] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(href!)) continue;
      const [link, fragment] = href!.split('#') as [string, string | undefined];
      const target =
        link === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), link));
      const why = broken(target.replace(/\/$/, ''), fragment);
      if (why) problems.push(`${href} (${why})`);
    }
    expect(problems).toEqual([]);
  });
});

describe('docs named in code', () => {
  it('exist, with the heading of their #fragment', () => {
    const problems: string[] = [];
    for (const file of tracked) {
      if (!/\.(ts|tsx|js|mjs|json|yml|yaml|sh|conf|service|example)$/.test(file)) continue;
      if (file.includes('/migrations/')) continue;
      const text = readFileSync(path.join(root, file), 'utf8');
      for (const [, doc, fragment] of text.matchAll(/\b(docs\/[\w/.-]+?\.md)(?:#([\w-]+))?/g)) {
        const why = broken(doc!, fragment);
        if (why) problems.push(`${file}: ${doc}${fragment ? `#${fragment}` : ''} (${why})`);
      }
    }
    expect(problems).toEqual([]);
  });
});
