// What the start banner says about who can reach the store: this machine only (a loopback
// HOST, where demo data may be), or the network (no demo data unless SEED_DEMO=true asked
// for it), and a warning when the metrics port is on the network without a token.

import { isLoopbackHost, type Config } from './config';
import { DEMO_COUPON, DEMO_CUSTOMER } from './db/seed-data';

type Listening = Pick<Config, 'HOST' | 'PORT' | 'listensLocally'>;

/** The banner's line(s) on where the store listens, given whether demo rows are present now. */
export function exposureLines(config: Listening, demoPresent: boolean): string[] {
  const where = `${config.HOST}:${config.PORT}`;
  if (config.listensLocally) {
    return [
      demoPresent
        ? `  Modo local: escucha solo en esta máquina (${where}), con datos de demostración. Para abrirla a la red, elimina los datos de demostración y arranca con HOST=0.0.0.0.`
        : `  Escucha solo en esta máquina (${where}); sin datos de demostración.`,
    ];
  }
  return demoPresent
    ? [
        `  ATENCIÓN: escucha en ${where}, accesible desde la red, CON datos de demostración (SEED_DEMO=true):`,
        `  cualquiera puede entrar como ${DEMO_CUSTOMER.email} y comprar gratis con el cupón ${DEMO_COUPON.code}.`,
      ]
    : [`  Modo público: escucha en ${where}, accesible desde la red; sin datos de demostración.`];
}

/** A warning when the metrics listener is reachable from the network and asks for no token. */
export function metricsExposureWarning(
  config: Pick<Config, 'METRICS_PORT' | 'METRICS_HOST' | 'METRICS_TOKEN'>,
): string | null {
  if (!config.METRICS_PORT || config.METRICS_TOKEN || isLoopbackHost(config.METRICS_HOST)) return null;
  return `  ATENCIÓN: las métricas escuchan en ${config.METRICS_HOST}:${config.METRICS_PORT} sin METRICS_TOKEN: cualquiera que alcance ese puerto las lee. Define METRICS_TOKEN o usa METRICS_HOST=127.0.0.1.`;
}
