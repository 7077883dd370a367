// Vitest projects: shared domain (node), repository tooling (the import rules), web components
// (jsdom), and the API suite: on PostgreSQL when TEST_DATABASE_URL is set (with a PGlite smoke
// set beside it), otherwise on PGlite.
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const apiTests = ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'];

/**
 * With PostgreSQL available the whole API suite runs on it, and the embedded database runs
 * only what can differ between the two: its migrations and seeding, its single connection
 * (concurrent checkouts, holds, the lifecycle's scenarios and a short model run), its
 * LISTEN/NOTIFY (the catalogue), start and shutdown of a real process, its dump (backups), and
 * every route once (the access matrix) plus the buyer's and the admin's main paths.
 */
const pgliteSmoke = [
  'apps/api/src/db/**/*.test.ts',
  'apps/api/test/access-matrix.test.ts',
  'apps/api/test/catalogue-snapshot.test.ts',
  'apps/api/test/shutdown.test.ts',
  'apps/api/test/shutdown-under-load.test.ts',
  'apps/api/test/backup-restore.test.ts',
  'apps/api/test/lifecycle/*.test.ts',
  'apps/api/src/modules/health/routes.test.ts',
  'apps/api/src/modules/orders/routes.test.ts',
  'apps/api/src/modules/orders/transfer.test.ts',
  'apps/api/src/modules/payments/holds.test.ts',
  'apps/api/src/modules/payments/paypal/paypal.test.ts',
  'apps/api/src/modules/waitlist/waitlist.test.ts',
  'apps/api/src/modules/admin/orders/routes.test.ts',
  'apps/api/src/modules/attendance/routes.test.ts',
  'apps/api/src/modules/attendance/autopilot.test.ts',
];

/**
 * API files that replace a module of the app (`vi.mock`): they run in a fresh module graph of
 * their own. Every other API file shares its worker's graph (`isolate: false`): importing the
 * whole app once per worker instead of once per file halves the suite's CPU time. Each file
 * still builds its own app on its own database (test/context.ts), and nothing in the app keeps
 * state at module level but caches of constant values.
 */
const isolatedApiTests = [
  'apps/api/src/modules/users/login-timing.test.ts',
  // Not a mock: it starts server processes and checks their banners; kept apart while its
  // failures in a shared graph are watched (the one found was a race on the banner, fixed).
  'apps/api/test/replicas-start.test.ts',
];

const apiProject = (name: string, db: 'pglite' | 'postgres', include: string[] = apiTests) => {
  const base = {
    environment: 'node',
    env: { TEST_DB: db },
    // Makes the migrated database the files start from before the workers start.
    globalSetup: ['apps/api/test/global-setup.ts'],
    // A test's own limit is what catches a hang. The hooks' limit only has to outlast a slow
    // set-up: a file's app on a fresh database and its fixtures take 1-4 s on a quiet 2-core
    // machine, but the first file of each worker also warms the database engine and the app's
    // code up, up to 20 s measured at load 10, and CI may run another build beside this one.
    testTimeout: 30_000,
    hookTimeout: 120_000,
  };
  return [
    {
      test: {
        ...base,
        name,
        include,
        exclude: [...configDefaults.exclude, ...isolatedApiTests],
        isolate: false,
      },
    },
    // The smoke set names none of them; the whole suite runs them apart.
    ...(include === apiTests
      ? [{ test: { ...base, name: `${name}-isolated`, include: isolatedApiTests } }]
      : []),
  ];
};

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the CPUs: a single worker on a 2-core CI
    // machine. The API files wait on PostgreSQL and on sockets much of the time, so at least
    // two workers keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      // Pure functions: one module graph per worker.
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      // Repository tooling: the ESLint import rules.
      {
        test: {
          name: 'tooling',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/test/setup.ts'],
        },
      },
      // Without PostgreSQL the whole API suite runs on the embedded database.
      ...(process.env.TEST_DATABASE_URL
        ? [...apiProject('api', 'pglite', pgliteSmoke), ...apiProject('api-postgres', 'postgres')]
        : apiProject('api', 'pglite')),
    ],
  },
});
