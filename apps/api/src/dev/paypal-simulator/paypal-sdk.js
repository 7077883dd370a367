// Fake PayPal JS SDK (v5 Buttons API) served by the fake PayPal server at /sdk/js. It calls
// the page's createOrder/onClick/onApprove/onCancel/onError callbacks in the order and with
// the arguments the real SDK does; the buyer's approval in PayPal's window is a call to the
// fake server. window.__fakePaypalBuyer = 'cancel' makes the buyer close the window instead;
// window.__fakePaypalCapture = 'DECLINED' | 'PENDING' sets how the capture turns out.
// Served by the store in demo mode (routes.ts), SIMULATOR holds its settings and the buyer
// approves in a labelled dialog standing in for PayPal's window.
(function () {
  var ORIGIN = '__FAKE_PAYPAL_ORIGIN__';
  var SIMULATOR_CONFIG = '__PAYPAL_SIMULATOR_CONFIG__';
  var SIMULATOR = SIMULATOR_CONFIG.charAt(0) === '{' ? JSON.parse(SIMULATOR_CONFIG) : null;
  var script = document.currentScript;
  var params = new URL(script ? script.src : ORIGIN + '/sdk/js').searchParams;
  var sdkCurrency = params.get('currency') || 'USD';
  var sdkIntent = params.get('intent') || 'capture';

  function Buttons(options) {
    var container = null;
    var button = null;
    var enabled = true;
    var initActions = {
      enable: function () {
        enabled = true;
        if (button) button.disabled = false;
        return Promise.resolve();
      },
      disable: function () {
        enabled = false;
        if (button) button.disabled = true;
        return Promise.resolve();
      },
    };

    function fail(err) {
      if (typeof options.onError === 'function') options.onError(err);
      else console.error(err);
    }

    async function pay() {
      if (!enabled) return;
      var proceed = true;
      if (typeof options.onClick === 'function') {
        var answer = await options.onClick(
          { fundingSource: 'paypal' },
          {
            resolve: function () {
              return Promise.resolve();
            },
            reject: function () {
              proceed = false;
              return Promise.resolve();
            },
          },
        );
        if (answer === false) proceed = false;
      }
      if (!proceed) return;
      var orderID;
      try {
        orderID = await options.createOrder({ paymentSource: 'paypal' }, {});
      } catch (err) {
        return fail(err);
      }
      if (typeof orderID !== 'string' || !orderID)
        return fail(new Error('Expected an order id to be passed'));

      var choice = SIMULATOR
        ? await simulatedApproval(orderID, button, null)
        : window.__fakePaypalBuyer === 'cancel'
          ? 'cancel'
          : 'approve';
      // The buyer signs in and approves in PayPal's window.
      // window.__fakePaypalCapture = 'DECLINED' makes the buyer's funding fail at capture;
      // 'INSTRUMENT_DECLINED' makes PayPal refuse the funding source (422): the page then calls
      // actions.restart() and the buyer approves again with another one, on the same order.
      // In the simulator the buyer picks the same outcomes in the window, round after round.
      for (var round = 0; round < 5; round++) {
        if (SIMULATOR && round > 0) {
          choice = await simulatedApproval(
            orderID,
            button,
            'PayPal rechazó la tarjeta. Elige otra forma de pago: la orden sigue abierta.',
          );
        }
        if (choice === 'cancel') {
          if (typeof options.onCancel === 'function') options.onCancel({ orderID: orderID });
          return;
        }
        var capture = SIMULATOR
          ? { decline: 'DECLINED', instrument: 'INSTRUMENT_DECLINED' }[choice] || null
          : round === 0
            ? window.__fakePaypalCapture
            : null;
        var outcome = capture ? '?capture=' + encodeURIComponent(capture) : '';
        var res = await fetch(
          ORIGIN + '/__fake/orders/' + encodeURIComponent(orderID) + '/approve' + outcome,
          {
            method: 'POST',
          },
        );
        if (!res.ok) return fail(new Error('PayPal window: order ' + orderID + ' not found'));
        var approval = await res.json();
        if (approval.currency && approval.currency !== sdkCurrency) {
          return fail(
            new Error(
              'Currency mismatch: SDK loaded with ' + sdkCurrency + ', order in ' + approval.currency,
            ),
          );
        }
        var restarted = false;
        try {
          await options.onApprove(
            {
              orderID: orderID,
              payerID: approval.payerID,
              paymentID: null,
              facilitatorAccessToken: 'A21AA-fake',
              paymentSource: 'paypal',
            },
            {
              restart: function () {
                restarted = true;
                return Promise.resolve();
              },
            },
          );
        } catch (err) {
          return fail(err);
        }
        if (!restarted) return;
        window.__fakePaypalRestarts = (window.__fakePaypalRestarts || 0) + 1;
      }
    }

    return {
      isEligible: function () {
        return sdkIntent === 'capture';
      },
      render: function (target) {
        container = typeof target === 'string' ? document.querySelector(target) : target;
        if (!container)
          return Promise.reject(new Error('Document is ready and element ' + target + ' does not exist'));
        button = document.createElement('button');
        button.type = 'button';
        button.setAttribute('aria-label', 'PayPal');
        button.setAttribute('data-fake-paypal', 'true');
        button.textContent = 'PayPal';
        button.style.cssText =
          'display:block;width:100%;height:45px;border:0;border-radius:4px;background:#ffc439;' +
          'color:#003087;font:italic 700 20px/45px Verdana,sans-serif;cursor:pointer';
        button.addEventListener('click', function () {
          pay();
        });
        container.appendChild(button);
        if (typeof options.onInit === 'function') options.onInit({}, initActions);
        return Promise.resolve();
      },
      updateProps: function () {
        return Promise.resolve();
      },
      close: function () {
        if (container && button && button.parentNode === container) container.removeChild(button);
        return Promise.resolve();
      },
    };
  }

  var FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

  /**
   * Shows what PayPal's window would: the amount, and approve / cancel / a declined card the
   * buyer can replace / a payment refused. `notice` says why the window opened again.
   */
  function simulatedApproval(orderID, opener, notice) {
    return new Promise(function (resolve) {
      var previousOverflow = document.body.style.overflow;
      var overlay = el('div', {
        position: 'fixed',
        inset: '0',
        zIndex: '2147483000',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: '16px',
        background: 'rgba(15, 23, 42, 0.6)',
        fontFamily: FONT,
        color: '#0f172a',
      });
      overlay.setAttribute('data-paypal-simulator', 'true');
      var dialog = el('div', {
        width: '100%',
        maxWidth: '420px',
        maxHeight: 'calc(100vh - 32px)',
        overflowY: 'auto',
        background: '#ffffff',
        borderRadius: '16px',
        boxShadow: '0 24px 60px rgba(15, 23, 42, 0.35)',
      });
      dialog.setAttribute('role', 'dialog');
      dialog.setAttribute('aria-modal', 'true');
      dialog.setAttribute('aria-labelledby', 'paypal-simulator-title');
      dialog.setAttribute('aria-describedby', 'paypal-simulator-note');

      var head = el('div', {
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: '12px',
        padding: '16px 20px',
        borderBottom: '1px solid #e2e8f0',
      });
      var logo = el('span', { font: 'italic 800 24px/1 Verdana, sans-serif', letterSpacing: '-0.5px' });
      logo.setAttribute('aria-hidden', 'true');
      logo.appendChild(el('span', { color: '#003087' }, 'Pay'));
      logo.appendChild(el('span', { color: '#009cde' }, 'Pal'));
      head.appendChild(logo);
      head.appendChild(
        el(
          'span',
          {
            padding: '4px 10px',
            borderRadius: '999px',
            background: '#fef3c7',
            color: '#78350f',
            font: '700 12px/1.4 ' + FONT,
            letterSpacing: '0.04em',
            textTransform: 'uppercase',
          },
          'Simulador',
        ),
      );
      dialog.appendChild(head);

      var body = el('div', { padding: '20px' });
      var title = el('h2', { margin: '0', font: '700 19px/1.35 ' + FONT, color: '#0f172a' });
      title.id = 'paypal-simulator-title';
      title.textContent = 'Simulador de PayPal — ningún cobro es real';
      body.appendChild(title);
      var note = el(
        'p',
        { margin: '8px 0 0', font: '400 14px/1.5 ' + FONT, color: '#475569' },
        'Este paso sustituye la ventana de PayPal en la demostración local. No se usa ninguna tarjeta ni cuenta.',
      );
      note.id = 'paypal-simulator-note';
      body.appendChild(note);
      if (notice) {
        var alert = el(
          'p',
          {
            margin: '14px 0 0',
            padding: '10px 14px',
            borderRadius: '10px',
            background: '#fff1f2',
            border: '1px solid #fecdd3',
            color: '#9f1239',
            font: '600 14px/1.45 ' + FONT,
          },
          notice,
        );
        alert.setAttribute('role', 'alert');
        body.appendChild(alert);
      }

      var summary = el('dl', {
        margin: '18px 0 0',
        padding: '14px 16px',
        borderRadius: '12px',
        background: '#f8fafc',
        border: '1px solid #e2e8f0',
        display: 'grid',
        gridTemplateColumns: 'auto 1fr',
        gap: '8px 16px',
        alignItems: 'baseline',
        font: '400 14px/1.45 ' + FONT,
      });
      var amountValue = el('dd', { margin: '0', textAlign: 'right', font: '700 20px/1.3 ' + FONT }, '…');
      addRow(
        summary,
        'Pago a',
        el('dd', { margin: '0', textAlign: 'right', fontWeight: '600' }, SIMULATOR.merchant),
      );
      addRow(summary, 'Total', amountValue);
      addRow(summary, 'Comprador', el('dd', { margin: '0', textAlign: 'right' }, 'Cuenta de prueba'));
      addRow(
        summary,
        'Orden',
        el('dd', { margin: '0', textAlign: 'right', font: '400 13px/1.45 ui-monospace, monospace' }, orderID),
      );
      body.appendChild(summary);

      var actions = el('div', { display: 'grid', gap: '10px', marginTop: '20px' });
      var approve = actionButton('Aprobar pago simulado', {
        background: '#ffc439',
        color: '#0f172a',
        border: '1px solid #f2ba36',
      });
      var cancel = actionButton('Cancelar y volver a la tienda', {
        background: '#ffffff',
        color: '#0f172a',
        border: '1px solid #cbd5e1',
      });
      var linkStyle = {
        background: 'transparent',
        color: '#9f1239',
        border: '1px solid transparent',
        textDecoration: 'underline',
        textUnderlineOffset: '3px',
        fontWeight: '600',
      };
      // A card PayPal declines: the window asks for another funding source, same order.
      var instrument = actionButton('Simular una tarjeta rechazada (elegir otra)', linkStyle);
      // A payment refused for good: the store shows its error and keeps the cart.
      var decline = actionButton('Simular un pago rechazado', linkStyle);
      actions.appendChild(approve);
      actions.appendChild(cancel);
      actions.appendChild(instrument);
      actions.appendChild(decline);
      body.appendChild(actions);
      dialog.appendChild(body);
      overlay.appendChild(dialog);
      document.body.appendChild(overlay);
      document.body.style.overflow = 'hidden';

      fetch(ORIGIN + '/__fake/orders/' + encodeURIComponent(orderID))
        .then(function (res) {
          return res.ok ? res.json() : null;
        })
        .then(function (order) {
          var amount = order && order.purchase_units && order.purchase_units[0].amount;
          if (!amount) return;
          var number = new Intl.NumberFormat('es-MX', {
            style: 'currency',
            currency: amount.currency_code,
            currencyDisplay: 'narrowSymbol',
          }).format(Number(amount.value));
          amountValue.textContent = number + ' ' + amount.currency_code;
        })
        .catch(function () {
          amountValue.textContent = '—';
        });

      var focusable = [approve, cancel, instrument, decline];
      function close(choice) {
        document.removeEventListener('keydown', onKey, true);
        overlay.remove();
        document.body.style.overflow = previousOverflow;
        if (opener && typeof opener.focus === 'function') opener.focus();
        resolve(choice);
      }
      function onKey(event) {
        if (event.key === 'Escape') {
          event.preventDefault();
          close('cancel');
        } else if (event.key === 'Tab') {
          // Focus stays inside the dialog, as in any modal.
          var at = focusable.indexOf(document.activeElement);
          var next = event.shiftKey ? (at <= 0 ? focusable.length - 1 : at - 1) : (at + 1) % focusable.length;
          event.preventDefault();
          focusable[next].focus();
        }
      }
      document.addEventListener('keydown', onKey, true);
      approve.addEventListener('click', function () {
        close('approve');
      });
      cancel.addEventListener('click', function () {
        close('cancel');
      });
      instrument.addEventListener('click', function () {
        close('instrument');
      });
      decline.addEventListener('click', function () {
        close('decline');
      });
      approve.focus();
    });

    function el(tag, style, text) {
      var node = document.createElement(tag);
      Object.assign(node.style, style || {});
      if (text !== undefined) node.textContent = text;
      return node;
    }
    function addRow(list, label, value) {
      list.appendChild(el('dt', { color: '#475569' }, label));
      list.appendChild(value);
    }
    function actionButton(label, style) {
      var node = el(
        'button',
        Object.assign(
          {
            display: 'block',
            width: '100%',
            minHeight: '48px',
            padding: '10px 16px',
            borderRadius: '999px',
            font: '700 16px/1.3 ' + FONT,
            cursor: 'pointer',
          },
          style,
        ),
        label,
      );
      node.type = 'button';
      return node;
    }
  }

  window.paypal = { version: '5.0.0-fake', Buttons: Buttons, FUNDING: { PAYPAL: 'paypal' } };
})();
