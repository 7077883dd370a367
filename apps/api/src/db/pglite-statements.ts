// Prepared statements for the embedded database. PGlite's query() sends every statement
// unnamed: Parse, Describe, Bind, Describe, Execute and Sync, six trips into the database,
// and PostgreSQL plans the statement again each time (Drizzle's PGlite driver ignores the
// names of `.prepare(name)`). A statement this process has run before is kept here as a named
// prepared statement instead, so a call is one trip (Bind, Execute, Sync) and PostgreSQL
// reuses its plan (a generic plan after a few calls, as on a PostgreSQL connection). Measured
// in isolation: a primary-key lookup with an aggregated subquery 0.46–0.74 ms unnamed against
// 0.06 ms prepared (medians); docs/speed.md.
//
// Same semantics as query(): it waits for the transaction mutex (a call never runs inside
// someone else's transaction), parses the answer with the same parsers and throws the same
// DatabaseError. Transactions keep PGlite's own path (their queries go through the
// transaction object, not this wrapper).

import {
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

type Parsers = PGlite['parsers'];
type BackendMessage = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];

/** At most this many statements are kept; any further one runs unnamed (ad-hoc SQL). */
export const MAX_PREPARED = 500;

interface Statement {
  name: string;
  /** Type of each parameter, as PostgreSQL inferred it (serializers are chosen by it). */
  paramTypes: number[];
  /** The columns of the answer (null for a statement that returns none). */
  rowDescription: BackendMessage | null;
}

/** SQLSTATEs after which a kept statement is forgotten and the call runs unnamed. */
const STALE = new Set([
  '26000', // invalid_sql_statement_name: the statement is gone
  '0A000', // feature_not_supported: "cached plan must not change result type" after DDL
]);

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * `client` with a query() that runs a statement it has seen before as a named prepared
 * statement. Every other property is the client's own.
 */
export function withPreparedStatements(client: PGlite): PGlite {
  /** null: seen once (the next call prepares it). */
  const statements = new Map<string, Statement | null>();
  const mergedParsers = new WeakMap<object, Parsers>();
  let named = 0;
  const { serialize } = protocol;

  const parsersFor = (options?: QueryOptions): Parsers => {
    if (!options?.parsers) return client.parsers;
    let merged = mergedParsers.get(options.parsers);
    if (!merged) {
      merged = { ...client.parsers, ...options.parsers };
      mergedParsers.set(options.parsers, merged);
    }
    return merged;
  };

  const prepare = async (text: string): Promise<Statement> => {
    const name = `store_${named++}`;
    const { messages } = await client.execProtocol(
      concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const params = messages.find((m) => m.name === 'parameterDescription') as
      { dataTypeIDs: number[] } | undefined;
    return {
      name,
      paramTypes: params?.dataTypeIDs ?? [],
      rowDescription: messages.find((m) => m.name === 'rowDescription') ?? null,
    };
  };

  const run = async <T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<T> | 'stale'> =>
    client._runExclusiveTransaction(() =>
      client.runExclusive(async () => {
        let statement = statements.get(text);
        if (!statement) {
          statement = await prepare(text);
          statements.set(text, statement);
        }
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const oid = statement.paramTypes[i]!;
          const serializer = options?.serializers?.[oid] ?? client.serializers[oid];
          return serializer ? serializer(value) : String(value);
        });
        let messages: BackendMessage[];
        try {
          ({ messages } = await client.execProtocol(
            concat([
              serialize.bind({ statement: statement.name, values: values as (string | null)[] }),
              serialize.execute({}),
              serialize.sync(),
            ]),
            { syncToFs: false },
          ));
        } catch (err) {
          const code = (err as { code?: unknown }).code;
          if (typeof code === 'string' && STALE.has(code)) {
            statements.delete(text);
            return 'stale';
          }
          throw Object.assign(err as Error, { query: text, params });
        }
        await client.syncToFs();
        const all = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
        const rowMode = options?.rowMode ? { rowMode: options.rowMode } : undefined;
        return parse.parseResults(all, parsersFor(options), rowMode)[0] as Results<T>;
      }),
    );

  const query = async <T>(
    text: string,
    params: unknown[] = [],
    options?: QueryOptions,
  ): Promise<Results<T>> => {
    const known = statements.has(text);
    if (!known || options?.blob || options?.paramTypes) {
      if (!known && statements.size < MAX_PREPARED) statements.set(text, null);
      return client.query<T>(text, params, options);
    }
    const result = await run<T>(text, params, options);
    return result === 'stale' ? client.query<T>(text, params, options) : result;
  };

  const transaction = <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> =>
    client.transaction((tx) => callback(yielding(tx)));

  return new Proxy(client, {
    get(target, key) {
      if (key === 'query') return yieldFirst(query);
      if (key === 'exec') return yieldFirst(client.exec.bind(client));
      if (key === 'transaction') return transaction;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * The embedded database runs each statement on this thread, and a statement's promise resumes
 * its caller at once: a transaction's statements, and the next caller's after them, would run
 * back to back without the event loop ever reading a socket. Each statement first lets the
 * loop turn (setImmediate), so requests that need no database (the checkout line's place,
 * answers held in memory) are answered in milliseconds while checkouts run (docs/on-sale.md).
 */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

function yieldFirst<A extends unknown[], R>(fn: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args) => {
    await turn();
    return fn(...args);
  };
}

/** A transaction whose statements also let the event loop turn first. */
function yielding(tx: Transaction): Transaction {
  return new Proxy(tx, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if ((key === 'query' || key === 'exec') && typeof value === 'function') {
        return yieldFirst((value as (...a: unknown[]) => Promise<unknown>).bind(target));
      }
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
