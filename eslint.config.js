// ESLint (typescript-eslint) for every workspace; Prettier owns formatting. The import rules
// below enforce the layers of docs/ARCHITECTURE.md ("Layers and import rules");
// scripts/import-rules.test.ts proves each of them fires.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';

const root = import.meta.dirname;
const web = 'apps/web/src';
const api = 'apps/api/src';
const dirsIn = (dir) =>
  readdirSync(`${root}/${dir}`, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

// Web: shared code (components, lib, config, packages/shared) ← features ← app. Features do not
// import each other. features/admin/ is not one feature but a folder of them, one per back-office
// area (as apps/api/src/modules/admin/<area>/); what the areas share sits in components/admin/
// and lib/admin/.
const webFeatures = dirsIn(`${web}/features`).flatMap((name) =>
  name === 'admin' ? dirsIn(`${web}/features/admin`).map((area) => `admin/${area}`) : [name],
);
const webZones = [
  ...['components', 'lib', 'config'].map((layer) => ({
    target: `${web}/${layer}`,
    from: [`${web}/features`, `${web}/app`],
    message: `${layer}/ is shared code: it may not import a feature or app/. Pass what it needs in from app/ (props, slots) or move the piece down into lib/ or components/.`,
  })),
  {
    target: `${web}/features`,
    from: `${web}/app`,
    message: 'A feature may not import app/ (routes compose features, not the other way round).',
  },
  ...webFeatures.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: webFeatures.filter((other) => other !== feature).map((other) => `${web}/features/${other}`),
    message: `Features do not import each other. Move what ${feature} needs into lib/ or components/, or compose the two in app/.`,
  })),
];

// API: lib, config, db ← plugins ← modules (in the order below) ← app.ts, server.ts, jobs.ts. A module
// imports only modules to its left; the last group may import any module but not each other
// (admin areas may import each other and the admin scope).
const moduleOrder = [
  'mail',
  'users',
  'seats',
  'pricing',
  'coupons',
  'cart',
  'lifecycle',
  'invoices',
  'questions',
  'orders',
  'streams',
  'products',
  'waitlist',
  'payments',
  'after-sale',
  'attendance',
  'participant-types',
  ['admin', 'contact', 'seo', 'health', 'site-config', 'metrics'],
];
const flatModules = moduleOrder.flat();
const modulePath = (name) => `${api}/modules/${name}`;
const apiZones = [
  {
    target: [`${api}/lib`, `${api}/db`, `${api}/config.ts`],
    from: [`${api}/plugins`, `${api}/modules`, `${api}/app.ts`, `${api}/server.ts`, `${api}/jobs.ts`],
    message: 'lib/, db/ and config.ts are the bottom layer: they import no plugin and no module.',
  },
  {
    target: `${api}/plugins`,
    from: [`${api}/modules`, `${api}/app.ts`, `${api}/server.ts`, `${api}/jobs.ts`],
    message: 'plugins/ may not import a module.',
  },
  {
    // The other modules are covered by the module order below (admin is in its last group).
    target: [`${api}/server.ts`, `${api}/jobs.ts`],
    from: modulePath('admin'),
    message: 'Only app.ts registers the admin routes; nothing else imports modules/admin.',
  },
  {
    // The lifecycle's writes and row locks are its own: everyone else calls its actions
    // through its index (and follows its events).
    target: [
      ...flatModules.filter((m) => m !== 'lifecycle').map(modulePath),
      `${api}/app.ts`,
      `${api}/server.ts`,
      `${api}/jobs.ts`,
    ],
    from: `${api}/modules/lifecycle`,
    except: ['./index.ts', './events.ts'],
    message:
      'The lifecycle module has one door: import its actions and reads from modules/lifecycle (index.ts), and its events from lifecycle/events.ts.',
  },
  ...moduleOrder.flatMap((entry, i) => {
    const names = Array.isArray(entry) ? entry : [entry];
    const later = moduleOrder.slice(i + 1).flat();
    return names.flatMap((name) => {
      const peers = names.filter((n) => n !== name);
      const message = `Modules import only those before them (${flatModules.join(' ← ')}); ${name} may not import this one.`;
      return [{ target: modulePath(name), from: [...later, ...peers].map(modulePath), message }];
    });
  }),
];

const ownedWrites = [
  {
    selector:
      'CallExpression[callee.property.name=/^(insert|update|delete)$/] > Identifier.arguments[name=/^(orders|orderDays|orderRefunds)$/]',
    message:
      'Only the lifecycle module (modules/lifecycle) writes orders, order_days and order_refunds: call one of its actions.',
  },
  {
    selector: "CallExpression[callee.property.name='set'] Property[key.name=/^(seatsTaken|seatCapacity)$/]",
    message: 'Only the seats module (modules/seats) changes seats_taken and seat_capacity.',
  },
  {
    selector:
      "TaggedTemplateExpression[tag.name='sql'] TemplateElement[value.raw=/(update|insert\\s+into|delete\\s+from)\\s+\\S*(orders|order_days|order_refunds)\\b|seats_taken\\s*=|seat_capacity\\s*=/i]",
    message:
      'Raw SQL that writes orders, order days, refunds or seats belongs to the lifecycle or seats module.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      'data-demo/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'bench/results/**',
      'test-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x skips TypeScript files when it follows imports (no-cycle).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...webZones,
            ...apiZones,
            {
              target: 'packages/shared/src',
              from: 'apps',
              message: 'packages/shared is used by every app and imports none of them.',
            },
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // One owner of orders and one of seats (docs/lifecycle.md): no other code inserts, updates
    // or deletes orders, order_days or order_refunds, or sets a day's seat columns.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/modules/lifecycle/**', 'apps/api/src/modules/seats/**', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...ownedWrites],
    },
  },
  {
    // Tests may reach across layers to set up what they check.
    files: ['**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
);
