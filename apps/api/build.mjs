// Bundles the API (with the workspace's shared package) into dist/server.js, and its
// operations commands (src/ops/cli.ts: backup, restore) into dist/ops.js; npm
// dependencies stay external, migrations and the PayPal and Stripe simulators' browser scripts
// (read at run time in demo mode) are copied beside the bundle.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).flatMap((d) => [d, `${d}/*`]);

rmSync(new URL('./dist', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: {
    server: new URL('./src/server.ts', import.meta.url).pathname,
    ops: new URL('./src/ops/cli.ts', import.meta.url).pathname,
  },
  outdir: new URL('./dist', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
});
cpSync(new URL('./src/db/migrations', import.meta.url), new URL('./dist/migrations', import.meta.url), {
  recursive: true,
});
cpSync(
  new URL('./src/dev/paypal-simulator/paypal-sdk.js', import.meta.url),
  new URL('./dist/paypal-sdk.js', import.meta.url),
);
cpSync(
  new URL('./src/dev/stripe-simulator/stripe-simulator.js', import.meta.url),
  new URL('./dist/stripe-simulator.js', import.meta.url),
);
