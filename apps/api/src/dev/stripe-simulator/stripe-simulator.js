// The buttons of the Stripe simulator's pages (pages.ts), a same-origin script because the
// store's CSP allows no inline script: the checkout form pays with the chosen test card and
// plan, then goes to the store's success page; the voucher and transfer buttons call the
// simulator and reload the page to show what changed.
(function () {
  function statusOf(el) {
    var scope = el.closest('section') || document;
    return scope.querySelector('[data-status]');
  }

  function say(el, text, bad) {
    var status = statusOf(el);
    if (!status) return;
    status.textContent = text;
    status.style.color = bad ? '#8a1c13' : '#0b6b3a';
  }

  async function post(url, body) {
    var res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body || {}),
      credentials: 'same-origin',
    });
    var data = null;
    try {
      data = await res.json();
    } catch {
      data = null;
    }
    return { ok: res.ok, data: data };
  }

  function setBusy(scope, busy) {
    scope.querySelectorAll('button').forEach(function (b) {
      b.disabled = busy;
    });
  }

  document.querySelectorAll('[data-fill]').forEach(function (button) {
    button.addEventListener('click', function () {
      var input = document.getElementById('number');
      if (input) input.value = button.getAttribute('data-fill');
    });
  });

  var form = document.querySelector('form[data-checkout]');
  if (form) {
    form.addEventListener('submit', async function (event) {
      event.preventDefault();
      var number = String(form.elements.namedItem('number').value).replace(/\D/g, '');
      var plan = form.querySelector('input[name="installments"]:checked');
      var installments = plan && plan.value ? Number(plan.value) : null;
      setBusy(form, true);
      say(form, 'Procesando el pago…');
      try {
        var answer = await post(form.getAttribute('data-pay-url'), {
          card: number,
          installments: installments,
        });
        if (answer.ok) {
          say(form, 'Pago aprobado. Volviendo a la tienda…');
          if (answer.data && answer.data.redirect) window.location.assign(answer.data.redirect);
          else window.location.reload();
          return;
        }
        say(form, (answer.data && answer.data.message) || 'No se pudo completar el pago.', true);
      } catch {
        say(form, 'El simulador de Stripe no responde.', true);
      }
      setBusy(form, false);
    });
  }

  document.querySelectorAll('button[data-action]').forEach(function (button) {
    button.addEventListener('click', async function () {
      var scope = button.closest('section') || document;
      var body = {};
      try {
        body = JSON.parse(button.getAttribute('data-body') || '{}');
      } catch {
        body = {};
      }
      setBusy(scope, true);
      say(button, 'Enviando…');
      try {
        var answer = await post(button.getAttribute('data-action'), body);
        if (answer.ok) {
          say(button, (answer.data && answer.data.message) || 'Listo. Actualizando…');
          setTimeout(
            function () {
              window.location.reload();
            },
            answer.data && answer.data.reloadInMs ? answer.data.reloadInMs : 800,
          );
          return;
        }
        say(button, (answer.data && answer.data.message) || 'No se pudo simular.', true);
      } catch {
        say(button, 'El simulador de Stripe no responde.', true);
      }
      setBusy(scope, false);
    });
  });
})();
