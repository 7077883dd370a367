// The Stripe simulator's browser pages (served by the fake under /__stripe-simulator, and by the
// store at the same path in demo mode): Stripe's hosted checkout with a test card and the
// meses-sin-intereses plans, the OXXO voucher, the SPEI transfer instructions. Plain HTML with
// inline CSS; their buttons run in stripe-simulator.js, a same-origin script (the store's CSP
// allows no inline script). Every page says the payment is simulated.

import type { MsiPlan } from '@store/shared/domain/mx-payments';
import { code128Svg } from './code128';
import type { FakePaymentIntent, FakeSession, OxxoDisplayDetails, SpeiAddress } from './objects';

export const SIMULATOR_PATH = '/__stripe-simulator';
export const BANNER = 'Simulador de Stripe — ningún cobro es real';

const escape = (s: unknown) =>
  String(s ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const money = (centavos: number, currency: string) =>
  `${new Intl.NumberFormat('es-MX', { style: 'currency', currency: currency.toUpperCase() }).format(centavos / 100)} ${currency.toUpperCase()}`;

const when = (unixSeconds: number) =>
  new Intl.DateTimeFormat('es-MX', {
    timeZone: 'America/Mexico_City',
    dateStyle: 'full',
    timeStyle: 'short',
  }).format(new Date(unixSeconds * 1000));

const CSS = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f6f9fc;color:#1a1f36;line-height:1.45}
.banner{background:#b42318;color:#fff;text-align:center;font-weight:700;padding:.7rem 1rem;letter-spacing:.01em}
main{max-width:34rem;margin:1.5rem auto;padding:0 1rem}
.card{background:#fff;border-radius:.75rem;box-shadow:0 2px 10px rgba(26,31,54,.12);padding:1.5rem;margin-bottom:1rem}
h1{font-size:1.35rem;margin:0 0 .75rem}
h2{font-size:1.05rem;margin:0 0 .5rem}
.amount{font-size:1.8rem;font-weight:700;margin:.25rem 0 1rem}
.muted{color:#5b6478;font-size:.92rem}
.lines{list-style:none;padding:0;margin:0 0 1rem}
.lines li{display:flex;justify-content:space-between;gap:1rem;padding:.35rem 0;border-bottom:1px solid #e6ebf1}
.lines li>span:last-child{white-space:nowrap}
label{display:block;margin:.5rem 0 .2rem;font-weight:600}
input[type=text]{width:100%;padding:.6rem .7rem;border:1px solid #c9d1dc;border-radius:.4rem;font-size:1rem}
.row{display:flex;gap:.75rem}.row>div{flex:1}
fieldset{border:1px solid #e6ebf1;border-radius:.5rem;margin:1rem 0;padding:.5rem .9rem}
fieldset label{font-weight:400}
button,input{font-family:inherit}
button,.button{display:inline-block;border:0;border-radius:.4rem;padding:.7rem 1rem;font-size:1rem;cursor:pointer;text-decoration:none;text-align:center}
.primary{background:#635bff;color:#fff;width:100%;font-weight:600}
.secondary{background:#e6ebf1;color:#1a1f36}
.link{background:none;color:#635bff;padding:.2rem 0;font-size:.9rem;text-align:left}
.actions{display:flex;flex-direction:column;gap:.75rem;margin-top:1rem}
.actions p{margin:.2rem 0 0}
dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem;margin:0 0 1rem}
dt{color:#5b6478}dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.mono{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;letter-spacing:.04em}
.barcode{background:#fff;text-align:center;margin:1rem 0;overflow-x:auto}
.barcode svg{max-width:100%;height:auto}
.notice{border-radius:.5rem;padding:.75rem 1rem;margin:0 0 1rem;font-weight:600}
.ok{background:#e3f8ec;color:#0b6b3a}.bad{background:#fdecea;color:#8a1c13}.info{background:#eef2ff;color:#3730a3}
[data-status]{min-height:1.4em;margin:.75rem 0 0;font-weight:600}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)} · ${escape(BANNER)}</title>
<style>${CSS}</style>
<script src="${SIMULATOR_PATH}/stripe-simulator.js" defer></script>
</head>
<body>
<div class="banner" role="note">${escape(BANNER)}</div>
<main>
${body}
</main>
</body>
</html>
`;
}

export function messagePage(title: string, text: string): string {
  return layout(title, `<section class="card"><h1>${escape(title)}</h1><p>${escape(text)}</p></section>`);
}

/** A button that POSTs `body` (JSON) to `url` through stripe-simulator.js, and what it does. */
function action(
  label: string,
  url: string,
  explanation: string,
  body: unknown = {},
  primary = false,
): string {
  return `<div><button type="button" class="${primary ? 'primary' : 'secondary'}" data-action="${escape(url)}" data-body="${escape(JSON.stringify(body))}">${escape(label)}</button>
<p class="muted">${escape(explanation)}</p></div>`;
}

const fakeUrl = (path: string) => `${SIMULATOR_PATH}/__fake${path}`;
const storeUrl = (path: string) => `${SIMULATOR_PATH}/__store${path}`;

const CARDS = [
  { number: '4000 0048 4000 0008', label: 'Visa de crédito (México): admite meses sin intereses' },
  { number: '4000 0566 5566 5556', label: 'Visa de débito' },
  { number: '4000 0000 0000 0002', label: 'Tarjeta que el banco rechaza' },
];

export function checkoutPage(
  session: FakeSession,
  lines: Record<string, unknown>[],
  plans: MsiPlan[],
): string {
  const total = money(session.amount_total, session.currency);
  const items = lines
    .map(
      (l) =>
        `<li><span>${escape(l.description)}${Number(l.quantity) > 1 ? ` × ${escape(l.quantity)}` : ''}</span><span>${escape(money(Number(l.amount_total), session.currency))}</span></li>`,
    )
    .join('');
  const summary = `<h1>Pago con tarjeta</h1><ul class="lines">${items}</ul><p class="amount">${escape(total)}</p>`;
  if (session.payment_status === 'paid' || session.status !== 'open') {
    const [cls, text, href] =
      session.payment_status === 'paid'
        ? ['ok', 'Este pago ya se completó.', session.success_url]
        : [
            'bad',
            'Esta sesión de pago expiró: vuelve a la tienda para intentarlo de nuevo.',
            session.cancel_url,
          ];
    return layout(
      'Pago con tarjeta',
      `<section class="card">${summary}<p class="notice ${cls}">${escape(text)}</p>${href ? `<a class="button secondary" href="${escape(href)}">Volver a la tienda</a>` : ''}</section>`,
    );
  }
  const planChoices = plans.length
    ? `<fieldset><legend>Forma de pago</legend>
<label><input type="radio" name="installments" value="" checked> Pago de contado: ${escape(total)}</label>
${plans
  .map(
    (p) =>
      `<label><input type="radio" name="installments" value="${p.count}"> ${p.count} meses sin intereses de ${escape(money(p.monthlyCentavos, session.currency))}</label>`,
  )
  .join('\n')}
<p class="muted">Los meses sin intereses aplican con tarjetas de crédito mexicanas.</p>
</fieldset>`
    : '';
  const fills = CARDS.map(
    (c) =>
      `<button type="button" class="link" data-fill="${escape(c.number)}">${escape(c.number)} · ${escape(c.label)}</button>`,
  ).join('<br>');
  return layout(
    'Pago con tarjeta',
    `<section class="card">${summary}
<form data-checkout data-pay-url="${escape(fakeUrl(`/checkout/sessions/${encodeURIComponent(session.id)}/pay`))}">
<label for="number">Número de tarjeta</label>
<input type="text" id="number" name="number" inputmode="numeric" autocomplete="off" value="${escape(CARDS[0]!.number)}">
<p class="muted">Tarjetas de prueba:<br>${fills}</p>
<div class="row"><div><label for="exp">Vencimiento</label><input type="text" id="exp" name="exp" value="12/34"></div>
<div><label for="cvc">CVC</label><input type="text" id="cvc" name="cvc" value="123"></div></div>
<label for="name">Nombre en la tarjeta</label>
<input type="text" id="name" name="name" value="Cliente de prueba">
${planChoices}
<div class="actions">
<button type="submit" class="primary">Pagar ${escape(total)}</button>
${session.cancel_url ? `<a class="button secondary" href="${escape(session.cancel_url)}">Cancelar y volver a la tienda</a>` : ''}
</div>
<p data-status role="status"></p>
</form></section>`,
  );
}

function oxxoNotice(pi: FakePaymentIntent): string {
  switch (pi.status) {
    case 'succeeded':
      return '<p class="notice ok">Pagada: OXXO confirmó el pago y Stripe avisó a la tienda.</p>';
    case 'canceled':
      return '<p class="notice bad">La tienda canceló esta ficha: ya no se puede pagar.</p>';
    case 'processing':
      return '<p class="notice info">OXXO está confirmando el pago.</p>';
    case 'requires_payment_method':
      return '<p class="notice bad">La ficha venció sin pagarse.</p>';
    default:
      return '';
  }
}

export function oxxoPage(pi: FakePaymentIntent, voucher: OxxoDisplayDetails): string {
  const id = encodeURIComponent(pi.id);
  const grouped = voucher.number.replace(/(\d{4})(?=\d)/g, '$1 ');
  const open = pi.status === 'requires_action';
  const actions = open
    ? `<section class="card"><h2>Simular lo que pasa en OXXO</h2><div class="actions">
${action('Simular pago en OXXO', fakeUrl(`/payment_intents/${id}/pay_oxxo`), 'OXXO confirma el pago ahora: Stripe lo marca pagado y avisa a la tienda (payment_intent.succeeded).', {}, true)}
${action('Simular pago tardío', fakeUrl(`/payment_intents/${id}/late_oxxo`), 'El efectivo se entregó justo antes del vencimiento pero OXXO lo confirma tarde: la ficha vence ahora (Stripe avisa a la tienda y la orden termina) y 4 segundos después Stripe avisa que sí se pagó (payment_intent.succeeded). La tienda lo honra si los lugares siguen libres; si no, lo reembolsa.')}
${action('Dejar que venza', fakeUrl(`/payment_intents/${id}/expire_oxxo`), 'La ficha vence sin pagarse: Stripe avisa a la tienda (payment_intent.payment_failed) y la orden termina; los lugares se liberan.')}
</div><p data-status role="status"></p></section>`
    : '';
  return layout(
    'Ficha de pago OXXO',
    `<section class="card"><h1>Ficha de pago OXXO</h1>
${oxxoNotice(pi)}
<p class="muted">Monto a pagar</p><p class="amount">${escape(money(pi.amount, pi.currency))}</p>
<div class="barcode">${code128Svg(voucher.number)}</div>
<dl><dt>Referencia</dt><dd class="mono">${escape(grouped)}</dd>
<dt>Vence</dt><dd>${escape(when(voucher.expires_after))} (hora del centro de México)</dd></dl>
<p>Paga en cualquier tienda OXXO antes de la fecha de vencimiento: dile al cajero que vas a hacer un pago de OXXO Pay, muestra el código de barras o dicta la referencia y paga el monto exacto en efectivo. Conserva tu comprobante.</p>
<p class="muted">OXXO cobra una comisión por cada pago. La confirmación puede tardar hasta un día hábil.</p>
</section>${actions}`,
  );
}

function speiNotice(pi: FakePaymentIntent): string {
  switch (pi.status) {
    case 'succeeded':
      return '<p class="notice ok">Pagada: Stripe recibió la transferencia completa y avisó a la tienda.</p>';
    case 'canceled':
      return '<p class="notice bad">La tienda canceló este pago. Si transfieres a esta CLABE, el dinero queda como saldo a tu favor.</p>';
    case 'processing':
      return '<p class="notice info">Stripe está procesando la transferencia.</p>';
    default:
      return pi.amount_received > 0
        ? '<p class="notice info">Recibimos una parte: transfiere lo que falta con la misma referencia.</p>'
        : '';
  }
}

export function speiPage(pi: FakePaymentIntent, address: SpeiAddress, reference: string): string {
  const id = encodeURIComponent(pi.id);
  const remaining = pi.amount - pi.amount_received;
  const clabe = address.spei.clabe.replace(/^(\d{3})(\d{3})(\d{11})(\d)$/, '$1 $2 $3 $4');
  const open = pi.status === 'requires_action';
  const half = Math.max(1, Math.floor(remaining / 2));
  const actions = open
    ? `<section class="card"><h2>Simular lo que pasa en el banco</h2><div class="actions">
${action('Simular transferencia SPEI', fakeUrl(`/payment_intents/${id}/fund_spei`), `Llega una transferencia por ${money(remaining, pi.currency)} con la referencia: Stripe marca el pago completo y avisa a la tienda (payment_intent.succeeded).`, { amount: remaining }, true)}
${action('Transferencia parcial', fakeUrl(`/payment_intents/${id}/fund_spei`), `Llega solo ${money(half, pi.currency)}: Stripe avisa a la tienda lo que falta (payment_intent.partially_funded) y la orden sigue apartada.`, { amount: half })}
${action('Transferencia tardía', storeUrl(`/late/${id}`), 'La tienda da la orden por terminada ahora, como al llegar su fecha límite, y unos segundos después llega la transferencia completa. La tienda la honra si los lugares siguen libres o devuelve el dinero.')}
${action('Dejar que venza', storeUrl(`/deadline/${id}`), 'Llega la fecha límite de la tienda sin transferencia: la orden termina y los lugares se liberan. La CLABE sigue siendo tuya en Stripe.')}
</div><p data-status role="status"></p></section>`
    : '';
  return layout(
    'Transferencia SPEI',
    `<section class="card"><h1>Transferencia SPEI</h1>
${speiNotice(pi)}
<p class="muted">Monto por transferir</p><p class="amount">${escape(money(open ? remaining : pi.amount, pi.currency))}</p>
<dl><dt>Banco</dt><dd>${escape(address.spei.bank_name)}</dd>
<dt>CLABE</dt><dd class="mono">${escape(clabe)}</dd>
<dt>Beneficiario</dt><dd>${escape(address.spei.account_holder_name)}</dd>
<dt>Referencia</dt><dd class="mono">${escape(reference)}</dd>
<dt>Total del pedido</dt><dd>${escape(money(pi.amount, pi.currency))}</dd>
${pi.amount_received > 0 && open ? `<dt>Recibido</dt><dd>${escape(money(pi.amount_received, pi.currency))}</dd>` : ''}</dl>
<p>Haz una transferencia SPEI desde la banca en línea de tu banco a esta CLABE por el monto indicado y escribe la referencia numérica. La CLABE es solo tuya: sirve también para tus siguientes compras.</p>
</section>${actions}`,
  );
}
