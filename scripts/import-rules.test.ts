// The import rules of eslint.config.js (docs/ARCHITECTURE.md → Layers and import rules) fire on
// the imports they forbid and stay quiet on the ones they allow. Each case lints a small file
// as if it sat at the given path of the repository, importing real files.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const configFile = path.join(root, 'eslint.config.js');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfigFile: configFile });
});

/** The import rules reported for `code` placed at `file` (relative to the repository). */
async function importErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId?.startsWith('import-x/'))
    .map((m) => `${m.ruleId}: ${m.message}`);
}

const restricted = expect.arrayContaining([expect.stringMatching(/^import-x\/no-restricted-paths/)]);

describe('web layers', () => {
  it('refuses a feature importing another feature', async () => {
    const errors = await importErrors(
      'apps/web/src/features/cart/fixture.ts',
      "import { useProducts } from '../catalog/api/get-products';\nexport const x = useProducts;\n",
    );
    expect(errors).toEqual(restricted);
    expect(errors.join()).toContain('Features do not import each other');
  });

  it('refuses a back-office area importing another area or a storefront feature', async () => {
    const fromArea = await importErrors(
      'apps/web/src/features/admin/members/fixture.ts',
      "import { useAdminOrders } from '../orders/api/get-orders';\nexport const x = useAdminOrders;\n",
    );
    expect(fromArea).toEqual(restricted);
    expect(fromArea.join()).toContain('Features do not import each other');
    expect(
      await importErrors(
        'apps/web/src/features/admin/orders/fixture.ts',
        "import { useProducts } from '../../catalog/api/get-products';\nexport const x = useProducts;\n",
      ),
    ).toEqual(restricted);
    expect(
      await importErrors(
        'apps/web/src/features/cart/fixture.ts',
        "import { useAdminOrders } from '../admin/orders/api/get-orders';\nexport const x = useAdminOrders;\n",
      ),
    ).toEqual(restricted);
  });

  it('allows a back-office area its own files and the shared admin code', async () => {
    expect(
      await importErrors(
        'apps/web/src/features/admin/orders/fixture.ts',
        "import { useAdminOrders } from './api/get-orders';\nimport { useAdminEvents } from '../../../lib/admin/get-events';\nimport { DataTable } from '../../../components/admin/data-table';\nexport const x = [useAdminOrders, useAdminEvents, DataTable];\n",
      ),
    ).toEqual([]);
  });

  it('refuses the layout importing a feature', async () => {
    const errors = await importErrors(
      'apps/web/src/components/layout/fixture.tsx',
      "import { useAuth } from '../../features/account/hooks/use-auth';\nexport const x = useAuth;\n",
    );
    expect(errors).toEqual(restricted);
  });

  it('refuses lib/ and features importing app/', async () => {
    expect(
      await importErrors(
        'apps/web/src/lib/fixture.ts',
        "import { routes } from '../app/router';\nexport const x = routes;\n",
      ),
    ).toEqual(restricted);
    expect(
      await importErrors(
        'apps/web/src/features/orders/fixture.ts',
        "import { routes } from '../../app/router';\nexport const x = routes;\n",
      ),
    ).toEqual(restricted);
  });

  it('allows a feature its own files and shared code, and app/ any feature', async () => {
    expect(
      await importErrors(
        'apps/web/src/features/cart/fixture.ts',
        "import { useCart } from './hooks/use-cart';\nimport { notify } from '../../lib/notify';\nexport const x = [useCart, notify];\n",
      ),
    ).toEqual([]);
    expect(
      await importErrors(
        'apps/web/src/app/fixture.tsx',
        "import { useCart } from '../features/cart/hooks/use-cart';\nimport { useProducts } from '../features/catalog/api/get-products';\nexport const x = [useCart, useProducts];\n",
      ),
    ).toEqual([]);
  });
});

describe('api layers', () => {
  it('refuses lib/ and db/ importing a module or a plugin', async () => {
    expect(
      await importErrors(
        'apps/api/src/lib/fixture.ts',
        "import { quoteCart } from '../modules/orders/service';\nexport const x = quoteCart;\n",
      ),
    ).toEqual(restricted);
    expect(
      await importErrors(
        'apps/api/src/db/fixture.ts',
        "import { requireUser } from '../plugins/auth';\nexport const x = requireUser;\n",
      ),
    ).toEqual(restricted);
  });

  it('refuses a module importing one after it in the order', async () => {
    const errors = await importErrors(
      'apps/api/src/modules/cart/fixture.ts',
      "import { quoteCart } from '../orders/service';\nexport const x = quoteCart;\n",
    );
    expect(errors).toEqual(restricted);
    expect(errors.join()).toContain('cart may not import this one');
  });

  it('refuses anything but app.ts importing modules/admin', async () => {
    expect(
      await importErrors(
        'apps/api/src/modules/contact/fixture.ts',
        "import { adminRoutes } from '../admin/routes';\nexport const x = adminRoutes;\n",
      ),
    ).toEqual(restricted);
    expect(
      await importErrors(
        'apps/api/src/modules/payments/fixture.ts',
        "import { adminRoutes } from '../admin/routes';\nexport const x = adminRoutes;\n",
      ),
    ).toEqual(restricted);
    expect(
      await importErrors(
        'apps/api/src/fixture.ts',
        "import { adminRoutes } from './modules/admin/routes';\nexport const x = adminRoutes;\n",
      ),
    ).toEqual([]);
  });

  it('allows a module the ones before it', async () => {
    expect(
      await importErrors(
        'apps/api/src/modules/payments/fixture.ts',
        "import { quoteCart } from '../orders/service';\nimport { enqueueEmail } from '../mail/outbox';\nexport const x = [quoteCart, enqueueEmail];\n",
      ),
    ).toEqual([]);
  });

  it('refuses coupons importing the cart (the cart builds on coupons)', async () => {
    expect(
      await importErrors(
        'apps/api/src/modules/coupons/fixture.ts',
        "import { quoteCart } from '../cart/quote';\nexport const x = quoteCart;\n",
      ),
    ).toEqual(restricted);
  });

  it('refuses the lifecycle importing its subscribers (invoices, mail via orders, the waiting list)', async () => {
    for (const from of ['../invoices/service', '../orders/subscriber', '../waitlist/service']) {
      expect(
        await importErrors(
          'apps/api/src/modules/lifecycle/fixture.ts',
          `import * as m from '${from}';\nexport const x = m;\n`,
        ),
      ).toEqual(restricted);
    }
  });

  it('lets other modules into the lifecycle only through its index and its events', async () => {
    for (const from of [
      '../lifecycle/repo',
      '../lifecycle/service',
      '../lifecycle/reads',
      '../lifecycle/guard',
    ]) {
      const code = `import * as m from '${from}';\nexport const x = m;\n`;
      expect(await importErrors('apps/api/src/modules/payments/fixture.ts', code)).toEqual(restricted);
    }
    expect(
      await importErrors(
        'apps/api/src/modules/payments/fixture.ts',
        "import { pay } from '../lifecycle';\nimport { emit } from '../lifecycle/events';\nexport const x = [pay, emit];\n",
      ),
    ).toEqual([]);
    expect(
      await importErrors(
        'apps/api/src/modules/lifecycle/fixture.ts',
        "import { transitionOrder } from './repo';\nexport const x = transitionOrder;\n",
      ),
    ).toEqual([]);
  });

  it('refuses packages/shared importing an app', async () => {
    expect(
      await importErrors(
        'packages/shared/src/fixture.ts',
        "import { AppError } from '../../../apps/api/src/lib/errors';\nexport const x = AppError;\n",
      ),
    ).toEqual(restricted);
  });
});

/** The owned-writes rule (docs/lifecycle.md): messages of no-restricted-syntax for `code` at `file`. */
async function writeErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('one owner of orders and seats', () => {
  const header =
    "import { sql } from 'drizzle-orm';\nimport { orderDays, orders, orderRefunds, productDays } from '../../db/schema';\nimport type { Db } from '../../db/client';\n";
  const writes = [
    'export const a = (db: Db) => db.update(orders).set({ status: "cancelado" });',
    'export const b = (db: Db) => db.insert(orderDays).values([]);',
    'export const c = (db: Db) => db.delete(orderRefunds);',
    'export const d = (db: Db) => db.update(productDays).set({ seatsTaken: 0 });',
    'export const e = (db: Db) => db.update(productDays).set({ seatCapacity: 3 });',
    "export const f = (db: Db) => db.execute(sql`update order_days set status = 'pagado'`);",
    'export const g = (db: Db) => db.execute(sql`update ${productDays} set seats_taken = 0`);',
  ];

  it('refuses every write outside the lifecycle and seats modules', async () => {
    for (const w of writes) {
      expect(await writeErrors('apps/api/src/modules/admin/orders/fixture.ts', header + w)).toHaveLength(1);
    }
  });

  it('lets the lifecycle write orders and the seats module write seats, and anyone read them', async () => {
    for (const w of writes.slice(0, 3)) {
      expect(await writeErrors('apps/api/src/modules/lifecycle/fixture.ts', header + w)).toEqual([]);
    }
    for (const w of writes.slice(3, 5)) {
      expect(await writeErrors('apps/api/src/modules/seats/fixture.ts', header + w)).toEqual([]);
    }
    const read = "export const r = (db: Db) => db.select().from(orders).where(sql`status = 'pagado'`);";
    expect(await writeErrors('apps/api/src/modules/admin/orders/fixture.ts', header + read)).toEqual([]);
  });
});

describe('cycles', () => {
  let dir: string;
  beforeAll(async () => {
    // Two files that import each other, laid out like the API so the config applies to them.
    dir = await mkdtemp(path.join(tmpdir(), 'import-cycle-'));
    const lib = path.join(dir, 'apps/api/src/lib');
    await mkdir(lib, { recursive: true });
    await writeFile(path.join(lib, 'a.ts'), "import { b } from './b';\nexport const a = () => b();\n");
    await writeFile(path.join(lib, 'b.ts'), "import { a } from './a';\nexport const b = () => a();\n");
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('refuses an import cycle', async () => {
    const linter = new ESLint({ cwd: dir, overrideConfigFile: configFile });
    const [result] = await linter.lintFiles(['apps/api/src/lib/a.ts']);
    expect(result?.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
  });
});
