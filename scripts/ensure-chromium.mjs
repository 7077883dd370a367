// Browser tests use Debian's Chromium (/usr/bin/chromium). Installed with apt when missing
// and running as root; otherwise a clear message says how.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `No se encontró Chromium en ${CHROMIUM}. Instálalo con:\n  sudo apt-get update && sudo apt-get install -y chromium`,
    );
    process.exit(1);
  }
  console.log('Instalando Chromium de Debian (apt-get)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium', 'fonts-noto-core'],
  ]) {
    const res = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (res.status !== 0) {
      console.error('No se pudo instalar Chromium con apt-get.');
      process.exit(1);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
