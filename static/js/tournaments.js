// Club tournaments: a countdown that ticks between the table page's refreshes. No inline script (CSP).
(function () {
  "use strict";

  function pad(n) { return (n < 10 ? "0" : "") + n; }

  function tick() {
    var clocks = document.querySelectorAll(".countdown[data-ends-at]");
    for (var i = 0; i < clocks.length; i++) {
      var end = Date.parse(clocks[i].getAttribute("data-ends-at"));
      if (isNaN(end)) { continue; }
      var left = Math.max(0, Math.floor((end - Date.now()) / 1000));
      clocks[i].textContent = Math.floor(left / 60) + ":" + pad(left % 60);
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    tick();
    window.setInterval(tick, 1000);
  });
  document.addEventListener("htmx:afterSwap", tick);

  // Deals kept on this phone while offline have been sent (static/js/offline.js): show the table's score
  // with them, unless someone is typing the next deal.
  function typing(form) {
    return Array.prototype.some.call(form.elements, function (el) {
      if (el.type === "hidden" || !el.name) { return false; }
      if (el.type === "radio" || el.type === "checkbox") { return el.checked !== el.defaultChecked; }
      return el.value !== el.defaultValue;
    });
  }
  document.addEventListener("entries-sent", function () {
    var form = document.querySelector('form[data-offline="keep"]');
    if (!form || !typing(form)) { window.location.reload(); }
  });
})();
