// Fake PayPal JS SDK (v5 Buttons API) served by the fake PayPal server at /sdk/js. It calls
// the page's createOrder/onClick/onApprove/onCancel/onError callbacks in the order and with
// the arguments the real SDK does; the buyer's approval in PayPal's window is a call to the
// fake server. window.__fakePaypalBuyer = 'cancel' makes the buyer close the window instead;
// window.__fakePaypalCapture = 'DECLINED' | 'PENDING' sets how the capture turns out.
(function () {
  var ORIGIN = '__FAKE_PAYPAL_ORIGIN__';
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

      if (window.__fakePaypalBuyer === 'cancel') {
        if (typeof options.onCancel === 'function') options.onCancel({ orderID: orderID });
        return;
      }
      // The buyer signs in and approves in PayPal's window.
      // window.__fakePaypalCapture = 'DECLINED' makes the buyer's funding fail at capture.
      var outcome = window.__fakePaypalCapture
        ? '?capture=' + encodeURIComponent(window.__fakePaypalCapture)
        : '';
      var res = await fetch(ORIGIN + '/__fake/orders/' + encodeURIComponent(orderID) + '/approve' + outcome, {
        method: 'POST',
      });
      if (!res.ok) return fail(new Error('PayPal window: order ' + orderID + ' not found'));
      var approval = await res.json();
      if (approval.currency && approval.currency !== sdkCurrency) {
        return fail(
          new Error('Currency mismatch: SDK loaded with ' + sdkCurrency + ', order in ' + approval.currency),
        );
      }
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
              return Promise.resolve();
            },
          },
        );
      } catch (err) {
        fail(err);
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

  window.paypal = { version: '5.0.0-fake', Buttons: Buttons, FUNDING: { PAYPAL: 'paypal' } };
})();
