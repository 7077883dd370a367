// A checkout call as a browser makes it, over a real socket, for the checkout line's tests
// (docs/on-sale.md → The line): the first line as soon as it arrives, every line at the end,
// and the buyer closing the page.

import http from 'node:http';
import type { LightMyRequestResponse } from 'fastify';

export type LineMessage = Record<string, unknown>;

export const lines = (body: string): LineMessage[] =>
  body
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as LineMessage);

/** Until `check` holds (a few seconds at most). */
export async function until(check: () => boolean | Promise<boolean>, what = 'condition') {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${what} never held`);
}

export interface StreamedCall {
  firstLine: Promise<{ status: number; type: string; line: LineMessage }>;
  /** Every line (or the whole JSON answer as one) once the answer ends or the call is closed. */
  rest: Promise<LineMessage[]>;
  /** Resolves when this line arrives. */
  seen(predicate: (line: LineMessage) => boolean): Promise<void>;
  abort(): void;
}

export function streamedCall(
  base: string,
  path: string,
  token: string,
  body: unknown,
  headers: Record<string, string> = {},
): StreamedCall {
  const payload = JSON.stringify(body);
  let first!: (line: { status: number; type: string; line: LineMessage }) => void;
  const firstLine = new Promise<{ status: number; type: string; line: LineMessage }>((r) => (first = r));
  const waiters: { predicate: (l: LineMessage) => boolean; resolve: () => void }[] = [];
  let request!: http.ClientRequest;
  const rest = new Promise<LineMessage[]>((resolve) => {
    request = http.request(
      `${base}${path}`,
      {
        method: 'POST',
        headers: {
          token,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        let told = 0;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          const complete = text.slice(0, text.lastIndexOf('\n') + 1);
          const got = lines(complete);
          for (const line of got.slice(told)) {
            if (told === 0) {
              first({ status: res.statusCode!, type: String(res.headers['content-type']), line });
            }
            told += 1;
            for (const w of waiters.filter((x) => x.predicate(line))) w.resolve();
          }
        });
        const end = () => {
          if (res.statusCode !== 202) {
            const line = { status: res.statusCode!, body: text ? (JSON.parse(text) as unknown) : null };
            first({ status: res.statusCode!, type: String(res.headers['content-type']), line });
            resolve([line]);
          } else resolve(lines(text));
        };
        res.on('end', end);
        // The test closed it (the buyer left): what came so far.
        res.on('error', () => {
          first({ status: 0, type: '', line: {} });
          resolve(lines(text));
        });
      },
    );
    request.on('error', () => {
      first({ status: 0, type: '', line: {} });
      resolve([]);
    });
    // Nothing in these tests takes this long: a stuck call fails its test rather than hanging it.
    request.setTimeout(60_000, () => request.destroy(new Error('no answer in 60 s')));
    request.end(payload);
  });
  return {
    firstLine,
    rest,
    seen: (predicate) =>
      Promise.race([
        new Promise<void>((resolve) => waiters.push({ predicate, resolve })),
        rest.then(() => undefined),
      ]),
    abort: () => request.destroy(),
  };
}

/**
 * An injected answer as its caller reads it: a checkout call answered through the line (202,
 * a stream of lines) becomes the status and body of its last line.
 */
export function throughLine(res: LightMyRequestResponse): LightMyRequestResponse {
  if (res.statusCode !== 202 || !String(res.headers['content-type']).startsWith('application/x-ndjson')) {
    return res;
  }
  const last = lines(res.body).at(-1) as { status: number; body: unknown };
  const body = JSON.stringify(last.body);
  return Object.assign(res, { statusCode: last.status, body, payload: body, json: () => last.body });
}
