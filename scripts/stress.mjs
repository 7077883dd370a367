// npm run test:stress: the long resilience suites, not part of npm test (minutes each).
// Each suite is a TypeScript file run with tsx in its own process; add new ones to SUITES.
// They print their figures and end with "N passed, N failed"; the run fails if any fails.

import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const SUITES = [
  // Purchases under SIGKILL and restart: acknowledged orders kept, seats and coupons consistent.
  { name: 'crash-loop', file: 'apps/api/test/stress/crash-loop.ts' },
];

let failed = 0;
for (const suite of SUITES) {
  console.log(`\n== ${suite.name} ==`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', suite.file], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) failed += 1;
}
console.log(`\n${SUITES.length - failed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
