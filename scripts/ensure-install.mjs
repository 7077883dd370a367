// Installs dependencies when node_modules is missing or stale.
import { ensureInstall } from './lib.mjs';
await ensureInstall();
