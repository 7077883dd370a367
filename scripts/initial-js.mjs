// The JavaScript `/` loads before any interaction, from the build's manifest
// (apps/web/dist/.vite/manifest.json): the entry and every chunk it imports statically, the app
// it starts after the first paint (src/app/start.tsx) and its static imports, plus the home
// page's route module and its static imports, each measured gzipped (level 9,
// as the .gz files the server sends). The target is INITIAL_JS_TARGET_KB (100 KB), not met yet
// (docs/speed.md → Initial JavaScript); `node scripts/initial-js.mjs --check`, which `npm test`
// runs after the build, fails (exit 1) above INITIAL_JS_BUDGET_KB: what the entry weighs today
// plus a small margin, so nothing makes it heavier while the target is pursued. Lower the
// budget whenever the entry gets lighter.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

export const INITIAL_JS_TARGET_KB = 100;
export const INITIAL_JS_BUDGET_KB = 116;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
/**
 * What `/` loads at once: the entry, the app it imports right after the first paint (which
 * imports the home page), and the home page's module when a build makes it a chunk of its own.
 */
const START = ['index.html', 'src/app/start.tsx', 'src/app/routes/home.tsx'];

export function initialJs() {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  if (!manifest[START[0]]) throw new Error(`${START[0]} no está en el manifiesto de la compilación`);
  START.forEach(visit);
  const files = [...seen]
    .map((key) => manifest[key].file)
    .filter((f) => f.endsWith('.js'))
    .map((file) => {
      const data = readFileSync(path.join(dist, file));
      return { file, bytes: data.length, gzip: gzipSync(data, { level: 9 }).length };
    })
    .sort((a, b) => b.gzip - a.gzip);
  const gzip = files.reduce((sum, f) => sum + f.gzip, 0);
  return { files, gzip, kb: gzip / 1024 };
}

export function initialJsReport() {
  const { files, kb } = initialJs();
  console.log(
    `\nJavaScript inicial de / (gzip): ${kb.toFixed(1)} KB en ${files.length} archivos (meta ${INITIAL_JS_TARGET_KB} KB, tope ${INITIAL_JS_BUDGET_KB} KB)`,
  );
  for (const f of files) console.log(`  ${(f.gzip / 1024).toFixed(1).padStart(6)} KB  ${f.file}`);
  return kb;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const kb = initialJsReport();
  if (process.argv.includes('--check') && kb > INITIAL_JS_BUDGET_KB) {
    console.error(
      `\nEl JavaScript inicial de / pesa ${kb.toFixed(1)} KB gzip, más que el tope de ${INITIAL_JS_BUDGET_KB} KB: ` +
        'carga de forma diferida lo que la portada no necesita.',
    );
    process.exit(1);
  }
}
