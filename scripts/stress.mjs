// `npm run test:stress`: every stress file in apps/api/test/stress/ (each a tsx script that
// prints its figures and exits non-zero when a rule breaks), one after the other. They start
// real processes, PostgreSQL databases and Redis, so they are kept out of `npm test`.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ensureInstall, root } from './lib.mjs';

await ensureInstall();
const dir = path.join(root, 'apps/api/test/stress');
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
let passed = 0;
let failed = 0;
for (const file of files) {
  console.log(`\n▶ ${file}`);
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, file)], {
    cwd: path.join(root, 'apps/api'),
    stdio: 'inherit',
    env: process.env,
  });
  if (res.status === 0) passed += 1;
  else failed += 1;
}
console.log(`\nstress: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || files.length === 0 ? 1 : 0);
