// The scorepad's few helpers: +/- steppers, dealer names on the new-game form,
// and keeping a half-entered deal when the phone locks or the browser drops the page.
// Cards are entered with the shared card picker (static/js/cardpicker.js).
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  function fire(el) {
    el.dispatchEvent(new Event("input", { bubbles: true }));
    el.dispatchEvent(new Event("change", { bubbles: true }));
  }

  // --- Steppers -----------------------------------------------------------------------
  document.addEventListener("click", function (event) {
    var button = event.target.closest(".step");
    if (!button) { return; }
    var input = document.getElementById(button.getAttribute("aria-controls"));
    if (!input) { return; }
    var value = parseInt(input.value, 10) || 0;
    input.value = Math.max(0, value + parseInt(button.getAttribute("data-step"), 10));
    fire(input);
  });

  // --- New game: the dealer choices show the names as they are typed --------------------
  document.addEventListener("input", function (event) {
    var input = event.target;
    if (!input.hasAttribute || !input.hasAttribute("data-seat-name")) { return; }
    var label = document.querySelector('[data-seat="' + input.getAttribute("data-seat-name") + '"]');
    if (label) { label.textContent = input.value.trim() || input.placeholder; }
  });

  // --- Keep the deal being entered ------------------------------------------------------
  function storageKey(form) { return "scorepad:" + form.getAttribute("data-game"); }

  function remember(form) {
    var values = {};
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || el.type === "hidden" || el.name === "csrf_token" || el.name === "confirm") { return; }
      if (el.type === "radio") { if (el.checked) { values[el.name] = el.value; } return; }
      if (el.type === "checkbox") { return; }
      if (el.value !== "") { values[el.name] = el.value; }
    });
    try {
      localStorage.setItem(storageKey(form), JSON.stringify({
        deal: form.getAttribute("data-deal"), mode: form.getAttribute("data-mode"), values: values
      }));
    } catch (e) { /* storage full or refused: the form still works */ }
  }

  // Values kept for fields the form does not show yet: in cut-throat, the partnership's block comes once who took
  // the pile first is restored and the blocks are asked for again (templates/deals/_fields.html).
  var pending = null;
  var restoring = false;

  function fill(form, values) {
    // Every restored field says it changed, so the card pickers redraw their cards; htmx's delayed
    // trigger still asks for one preview. Nothing is remembered meanwhile: the form is not whole yet.
    restoring = true;
    try {
      Object.keys(values).forEach(function (name) {
        var value = values[name];
        Array.prototype.forEach.call(form.elements, function (el) {
          if (el.name !== name) { return; }
          if (el.type === "radio") {  // as a tap would: only the choice newly checked says it changed
            if (el.value !== value || el.checked) { return; }
            el.checked = true;
          } else { el.value = value; }
          el.dispatchEvent(new Event("change", { bubbles: true }));
        });
      });
    } finally { restoring = false; }
  }

  function restore(form) {
    var saved;
    try { saved = JSON.parse(localStorage.getItem(storageKey(form)) || "null"); } catch (e) { saved = null; }
    if (!saved || saved.deal !== form.getAttribute("data-deal") || saved.mode !== form.getAttribute("data-mode")) {
      return;
    }
    // Fields the form does not show yet come with the blocks of who took the pile first: that alone is set now,
    // and the rest once its blocks are here (no preview is asked for the blocks about to go).
    var wanted = Object.keys(saved.values).filter(function (name) { return !form.elements.namedItem(name); });
    if (wanted.length && "lone_hand" in saved.values) {
      pending = { values: saved.values, wanted: wanted };
      fill(form, { lone_hand: saved.values.lone_hand });
      return;
    }
    fill(form, saved.values);
  }

  document.addEventListener("htmx:afterSettle", function () {
    var form = document.querySelector("form[data-remember]");
    if (!pending || !form) { return; }
    var here = pending.wanted.every(function (name) { return form.elements.namedItem(name); });
    if (!here) { return; }
    var values = pending.values;
    pending = null;
    fill(form, values);
    remember(form);
  });

  function rememberFrom(event) {
    if (restoring) { return; }
    var form = event.target.closest && event.target.closest("form[data-remember]");
    if (form) { remember(form); }
  }
  document.addEventListener("input", rememberFrom);
  document.addEventListener("change", rememberFrom);

  // A deal the server refused (422, or 409 when someone else saved first) comes back with each message
  // next to its field, often far above the Save button that was tapped: bring the first one into view.
  document.addEventListener("htmx:afterSwap", function (event) {
    var xhr = event.detail.xhr;
    if (!xhr || (xhr.status !== 422 && xhr.status !== 409) || !event.detail.target || event.detail.target.id !== "scorepad") { return; }
    var form = document.getElementById("deal-form");
    var first = form && form.querySelector(".field-error, .message-error");
    if (first) { first.scrollIntoView({ block: "center" }); }
  });

  // A deal kept on the phone (static/js/offline.js) is no longer the one being entered.
  document.addEventListener("entry-kept", function (event) {
    try { localStorage.removeItem("scorepad:" + event.detail.game); } catch (e) { /* nothing kept */ }
  });

  document.addEventListener("deal-saved", function (event) {
    try { localStorage.removeItem("scorepad:" + event.detail.game); } catch (e) { /* nothing kept */ }
  });

  // After a save the new totals and minimums are what the phone shows, not the fresh form below them.
  document.addEventListener("htmx:afterSettle", function (event) {
    var xhr = event.detail.xhr;
    var trigger = xhr && xhr.getResponseHeader("HX-Trigger");
    if (!trigger || trigger.indexOf("deal-saved") === -1) { return; }
    var heads = document.getElementById("score-heads");
    var top = document.getElementById("saved-note") || heads;
    if (top) { top.scrollIntoView({ block: "start" }); }
  });

  document.addEventListener("DOMContentLoaded", function () {
    var form = document.querySelector("form[data-remember]");
    // A form the server sent back with messages already holds the entry: leave it as it is.
    // After htmx has set up the page (its own start-up runs on this same event), so the preview follows.
    if (form && !form.querySelector(".field-error, .message-error")) {
      setTimeout(function () { restore(form); }, 0);
    }
  });
})();

// Phones in step: when the live scoreboard refreshes (another phone saved), the deal form's head follows it
// (the next deal's number and dealer), and a deal someone had opened stays open.
(function () {
  "use strict";
  var opened = [];

  document.addEventListener("htmx:beforeSwap", function (event) {
    if (!event.detail.target || event.detail.target.id !== "scoreboard") { return; }
    opened = Array.prototype.map.call(
      event.detail.target.querySelectorAll("li[data-deal] > details[open]"),
      function (details) { return details.parentElement.getAttribute("data-deal"); });
  });

  document.addEventListener("htmx:afterSwap", function (event) {
    var board = document.getElementById("scoreboard");
    if (!board || !event.detail.target || (event.detail.target.id !== "scoreboard" && !event.detail.target.contains(board))) { return; }
    opened.forEach(function (number) {
      var details = board.querySelector('li[data-deal="' + number + '"] > details');
      if (details) { details.open = true; }
    });
    var next = board.querySelector("template.next-deal");
    var head = document.querySelector("#deal-form .deal-head");
    if (!next || !head || !head.querySelector("[data-next-deal]")) { return; }
    ["[data-next-deal]", "[data-next-dealer]"].forEach(function (selector) {
      var fresh = next.content.querySelector(selector);
      var shown = head.querySelector(selector);
      if (fresh && shown && shown.textContent !== fresh.textContent) { shown.textContent = fresh.textContent; }
    });
  });

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("[data-forget]");
    if (!link) { return; }
    try { localStorage.removeItem("scorepad:" + link.getAttribute("data-forget")); } catch (e) { /* nothing kept */ }
  });
})();
