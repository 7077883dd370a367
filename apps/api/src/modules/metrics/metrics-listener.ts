// The metrics on their own port (METRICS_PORT, on METRICS_HOST: 127.0.0.1 unless the
// operator opens it): GET /metrics, with the bearer token too when METRICS_TOKEN is set.
// Kept out of Fastify so a scrape never counts as a store request nor waits behind one.

import http from 'node:http';
import type { Registry } from 'prom-client';
import { bearerMatches } from './routes';

export interface MetricsListener {
  close(): Promise<void>;
}

export async function startMetricsListener(opts: {
  registry: Registry;
  port: number;
  host: string;
  token?: string;
}): Promise<MetricsListener> {
  const server = http.createServer((req, res) => {
    void (async () => {
      if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
        res.writeHead(404).end();
        return;
      }
      if (!bearerMatches(req.headers.authorization, opts.token)) {
        res.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
        return;
      }
      try {
        const body = await opts.registry.metrics();
        res.writeHead(200, { 'content-type': opts.registry.contentType }).end(body);
      } catch {
        res.writeHead(500).end();
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
