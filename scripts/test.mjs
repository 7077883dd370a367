// `npm test`: install if needed, then typecheck, lint (with the import rules) and formatting
// check at once, then unit/component/API tests (Vitest; the API suite also on PostgreSQL when
// TEST_DATABASE_URL is set), build, the size budget of the initial JavaScript of `/`, and
// browser end-to-end tests in Debian's Chromium. Stops at the first failing step.
import { spawn } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.mjs';
import { bin, ensureInstall, root, run } from './lib.mjs';

/** Runs the checks at once (each is mostly one core), then prints each one's output in turn. */
async function runTogether(checks) {
  const results = await Promise.all(
    checks.map(
      ([title, cmd, args]) =>
        new Promise((resolve) => {
          const child = spawn(cmd, args, { cwd: root, env: process.env });
          let output = '';
          child.stdout.on('data', (d) => (output += d));
          child.stderr.on('data', (d) => (output += d));
          child.on('close', (code) => resolve({ title, cmd, args, code, output }));
        }),
    ),
  );
  for (const r of results) {
    console.log(`\n▶ ${r.title}`);
    process.stdout.write(r.output);
  }
  const failed = results.find((r) => r.code !== 0);
  if (failed) {
    console.error(`\n✗ Falló: ${failed.cmd} ${failed.args.join(' ')}`);
    process.exit(failed.code ?? 1);
  }
}

ensureInstall();
await runTogether([
  ['Typecheck', bin('tsc'), ['-b']],
  ['Lint', bin('eslint'), ['.', '--max-warnings=0']],
  ['Formatting (Prettier)', bin('prettier'), ['--check', '.']],
]);
const steps = [
  ['Unit, component and API tests', bin('vitest'), ['run']],
  ['Build', 'npm', ['run', 'build']],
  ['Initial JavaScript of / (size budget)', 'node', ['scripts/initial-js.mjs', '--check']],
];
for (const [title, cmd, args] of steps) {
  console.log(`\n▶ ${title}`);
  run(cmd, args);
}
console.log('\n▶ End-to-end tests (Chromium)');
ensureChromium();
run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts']);
