// The reference: a bare Fastify hello-world route, started in its own process beside the
// store so both run on the same machine at the same moment. Every API figure is printed as
// a ratio to it (1.00 = as fast as Fastify answering a constant).
import { spawn } from 'node:child_process';

const SOURCE = `
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
`;

export async function startHello(root, port) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', SOURCE], {
    cwd: `${root}/apps/api`,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, PORT: String(port) },
  });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => d.toString().includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`hello-world exited ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
