// `npm test`: install if needed, then at once: typecheck, lint (with the import rules), the
// formatting check, the build, and the unit/component/API tests (Vitest; the API suite also on
// PostgreSQL when TEST_DATABASE_URL is set); then the size budget of the initial JavaScript of
// `/`, and the browser end-to-end tests in Debian's Chromium. Stops at the first failing step.
//
// Why at once: Vitest leaves part of the two cores of a CI machine idle (its API files wait on
// PostgreSQL, sockets and timers), and the checks and the build need no test to have run. Nothing
// the build writes (apps/*/dist) is read by a Vitest file: the server-process tests start the
// source with tsx.
import { spawn } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.mjs';
import { bin, ensureInstall, root, run } from './lib.mjs';

/**
 * Runs `checks` at once. The one marked `live` writes its output as it comes (a long suite
 * shows its progress); the others' output is printed when each ends. The first failure stops
 * the others and exits with its code.
 */
async function runTogether(checks) {
  const children = new Set();
  const started = Date.now();
  const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;
  const fail = (title, code) => {
    console.error(`\n✗ Falló: ${title} (${seconds()})`);
    for (const child of children) child.kill('SIGTERM');
    process.exit(code || 1);
  };
  await Promise.all(
    checks.map(
      ({ title, cmd, args, live }) =>
        new Promise((resolve) => {
          const child = spawn(cmd, args, {
            cwd: root,
            env: process.env,
            stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
          });
          children.add(child);
          let output = '';
          if (!live) {
            child.stdout.on('data', (d) => (output += d));
            child.stderr.on('data', (d) => (output += d));
          }
          child.on('close', (code) => {
            children.delete(child);
            if (!live) {
              console.log(`\n▶ ${title}`);
              process.stdout.write(output);
            }
            if (code !== 0) fail(title, code);
            console.log(`✓ ${title} (${seconds()})`);
            resolve();
          });
        }),
    ),
  );
}

await ensureInstall();
console.log('\n▶ Typecheck, lint, formatting, build, and unit, component and API tests (Vitest), at once');
await runTogether([
  { title: 'Typecheck', cmd: bin('tsc'), args: ['-b'] },
  { title: 'Lint', cmd: bin('eslint'), args: ['.', '--max-warnings=0'] },
  { title: 'Formatting (Prettier)', cmd: bin('prettier'), args: ['--check', '.'] },
  { title: 'Build', cmd: 'npm', args: ['run', 'build'] },
  { title: 'Unit, component and API tests (Vitest)', cmd: bin('vitest'), args: ['run'], live: true },
]);
console.log('\n▶ Initial JavaScript of / (size budget)');
run('node', ['scripts/initial-js.mjs', '--check']);
console.log('\n▶ End-to-end tests (Chromium)');
ensureChromium();
run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts']);
