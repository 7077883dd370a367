// The operations commands, bundled as dist/ops.js and run by scripts/ops.mjs:
//   npm run backup [-- FILE]   (default: backups/tienda-<fecha>-<hora>.tar.gz)
//   npm run restore ARCHIVE
// Both read the same environment as the store (DATA_DIR, DATABASE_URL, S3_*).

import path from 'node:path';
import { formatDateTime, mexicoCityDate, mexicoCityWallClock } from '@store/shared/domain/time';
import { ConfigError, loadConfig } from '../config';
import { createBackup } from './backup';
import { restoreBackup, RestoreRefusedError } from './restore';

function defaultArchiveName(now: Date): string {
  const clock = mexicoCityWallClock(now);
  const hhmmss = [clock.hour, clock.minute, clock.second].map((n) => String(n).padStart(2, '0')).join('');
  return path.join('backups', `tienda-${mexicoCityDate(now)}-${hhmmss}.tar.gz`);
}

async function main(): Promise<number> {
  // Archives, restored databases and files: the owner's only.
  process.umask(0o077);
  const [command, arg] = process.argv.slice(2);
  const config = loadConfig();
  if (command === 'backup') {
    const { archive, manifest } = await createBackup(config, arg ?? defaultArchiveName(new Date()));
    const rowsTotal = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
    console.log(
      [
        `Respaldo escrito en ${archive}`,
        `  Base de datos: ${manifest.database === 'pglite' ? `PGlite (${config.dataDir})` : 'PostgreSQL (pg_dump)'}, ${Object.keys(manifest.tables).length} tablas, ${rowsTotal} filas`,
        manifest.storage === 'local'
          ? `  Archivos: ${manifest.files.length} copiados de ${config.dataDir}`
          : `  Archivos: bucket ${config.S3_BUCKET}: ${manifest.files.length} objetos revisados (no se copian; usa el versionado o la réplica del proveedor)`,
        manifest.jwtSecret
          ? '  Incluye DATA_DIR/jwt-secret: las sesiones siguen válidas tras restaurar.'
          : '',
        '  Guárdalo fuera de este servidor: contiene datos personales y fiscales.',
      ]
        .filter(Boolean)
        .join('\n'),
    );
    if (manifest.missingFiles.length) {
      console.error(
        `ATENCIÓN: la base de datos apunta a ${manifest.missingFiles.length} archivos que no existen:\n  ${manifest.missingFiles.join('\n  ')}`,
      );
      return 2;
    }
    return 0;
  }
  if (command === 'restore') {
    if (!arg) {
      console.error('Uso: npm run restore -- ARCHIVO.tar.gz');
      return 1;
    }
    const result = await restoreBackup(config, arg);
    console.log(
      [
        `Respaldo del ${formatDateTime(new Date(result.manifest.createdAt))} (hora de la Ciudad de México) restaurado: ${result.tables} tablas, ${result.rows} filas, ${result.files} archivos; todo coincide con el respaldo.`,
        'Arranca o reinicia la tienda con esta base de datos: aplicará las migraciones de esta versión que falten.',
      ].join('\n'),
    );
    if (result.missingFiles.length) {
      console.error(
        `ATENCIÓN: faltan ${result.missingFiles.length} archivos en el bucket ${config.S3_BUCKET}:\n  ${result.missingFiles.join('\n  ')}`,
      );
      return 2;
    }
    return 0;
  }
  console.error('Uso: npm run backup [-- ARCHIVO]  |  npm run restore -- ARCHIVO');
  return 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof ConfigError || err instanceof RestoreRefusedError) console.error(err.message);
    else console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
