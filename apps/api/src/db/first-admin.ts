// The administrator the first start creates with a generated password (no ADMIN_PASSWORD):
// on the embedded database (someone trying the store on their machine) the start banner
// shows it; with DATABASE_URL (a server, whose standard output usually ends up in a log
// collector) it never goes to the output: it is written to a file only the owner can read,
// under DATA_DIR, and the banner names the file.

import { closeSync, fchmodSync, mkdirSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';

export const FIRST_ADMIN_FILE = 'admin-inicial.txt';

/** The start banner's lines about the generated admin; writes the file when DATABASE_URL is set. */
export function announceGeneratedAdmin(
  admin: { email: string; password: string },
  opts: { databaseUrl?: string | undefined; dataDir: string },
): string[] {
  if (!opts.databaseUrl) {
    return [
      `  Administrador creado: ${admin.email} / ${admin.password}`,
      '  (esta contraseña se muestra solo esta vez; guárdala)',
    ];
  }
  mkdirSync(opts.dataDir, { recursive: true });
  const file = path.join(opts.dataDir, FIRST_ADMIN_FILE);
  // 0600 from creation, and again in case the file was already there with other permissions.
  const fd = openSync(file, 'w', 0o600);
  try {
    fchmodSync(fd, 0o600);
    writeSync(
      fd,
      [
        'Administrador creado en el primer arranque de la tienda.',
        `Correo: ${admin.email}`,
        `Contraseña: ${admin.password}`,
        'Entra a /admin, cambia la contraseña en «Mi cuenta» y borra este archivo.',
        '',
      ].join('\n'),
    );
  } finally {
    closeSync(fd);
  }
  return [
    `  Administrador creado: ${admin.email}; su contraseña está en ${file}`,
    '  (archivo legible solo por este usuario: guárdala, cámbiala y borra el archivo)',
  ];
}
