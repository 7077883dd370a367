// `npm test`: install if needed, then typecheck, lint (with the import rules), formatting
// check, unit/component/API tests (Vitest; the API suite also on PostgreSQL when
// TEST_DATABASE_URL is set), build, and browser end-to-end tests in Debian's Chromium. Stops
// at the first failing step.
import { ensureChromium } from './ensure-chromium.mjs';
import { bin, ensureInstall, run } from './lib.mjs';

ensureInstall();
const steps = [
  ['Typecheck', bin('tsc'), ['-b']],
  ['Lint', bin('eslint'), ['.', '--max-warnings=0']],
  ['Formatting (Prettier)', bin('prettier'), ['--check', '.']],
  ['Unit, component and API tests', bin('vitest'), ['run']],
  ['Build', 'npm', ['run', 'build']],
];
for (const [title, cmd, args] of steps) {
  console.log(`\n▶ ${title}`);
  run(cmd, args);
}
console.log('\n▶ End-to-end tests (Chromium)');
ensureChromium();
run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts']);
