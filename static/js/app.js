// Canasta Scorekeeper: the little script the pages need. No inline script anywhere (see the CSP).
(function () {
  "use strict";

  // The page's own words for scripts, in its language (templates/base.html, meta page-words), by their English text.
  var WORDS = JSON.parse((document.querySelector('meta[name="page-words"]') || {}).content || "{}");
  function word(text) { return WORDS[text] || text; }

  function messageArea() {
    return document.getElementById("messages");
  }

  // Show a message in the page's message area; replaces any earlier one from a failed request.
  function showMessage(text, kind) {
    var area = messageArea();
    if (!area) { return; }
    var old = area.querySelector("[data-from-script]");
    if (old) { old.remove(); }
    var p = document.createElement("p");
    p.className = "message message-" + (kind || "error");
    p.setAttribute("data-from-script", "");
    p.textContent = text;
    area.appendChild(p);
    p.scrollIntoView({ block: "nearest" });
  }
  window.scorekeeperMessage = showMessage;

  function clearScriptMessage() {
    var area = messageArea();
    var old = area && area.querySelector("[data-from-script]");
    if (old) { old.remove(); }
  }

  document.addEventListener("htmx:responseError", function (event) {
    var xhr = event.detail.xhr;
    var type = (xhr.getResponseHeader("Content-Type") || "").toLowerCase();
    var text = "";
    if (type.indexOf("text/plain") === 0) { text = xhr.responseText; }
    if (!text) {
      if (xhr.status === 400) {
        text = word("The app could not accept that. Reload the page and try again.");
      } else if (xhr.status === 404) {
        text = word("That no longer exists. Reload the page.");
      } else if ((event.detail.requestConfig || {}).verb === "get") {
        text = word("retrying").replace("{status}", String(xhr.status));
      } else {
        text = word("problem").replace("{status}", String(xhr.status));
      }
    }
    showMessage(text, "error");
  });

  // A request that never reached the server. A background refresh saved nothing and lost nothing: it only
  // says the scores shown may be old. (Deal forms are kept on the phone by static/js/offline.js.)
  document.addEventListener("htmx:sendError", function (event) {
    var config = event.detail.requestConfig || {};
    var verb = (config.verb || "get").toLowerCase();
    if (verb === "get" || !event.detail.elt || event.detail.elt.tagName !== "FORM") {
      showMessage(word("Can't reach the scorekeeper. The scores shown may be out of date; they catch up by themselves " +
                       "when the phone is back on the Wi-Fi."), "warning");
    } else {
      showMessage(word("Can't reach the scorekeeper, so this was not saved. Check the phone's Wi-Fi, then try again."), "error");
    }
  });

  // Every request has a time limit (the htmx config's timeout in templates/base.html; a save's own, shorter one in
  // offline.js): on a Wi-Fi that lost the connection, a refresh would otherwise wait for minutes and hold back
  // the refreshes queued behind it. A refresh that ran out only means the scores shown may be old.
  document.addEventListener("htmx:timeout", function (event) {
    var config = event.detail.requestConfig || {};
    var elt = event.detail.elt;
    // The deal's live preview asks by itself as the player types: one that ran out is simply not shown.
    if (elt && elt.classList && elt.classList.contains("deal-fields")) { return; }
    if ((config.verb || "get").toLowerCase() === "get") {
      showMessage(word("Can't reach the scorekeeper. The scores shown may be out of date; they catch up by themselves " +
                       "when the phone is back on the Wi-Fi."), "warning");
    } else {
      showMessage(word("The scorekeeper took too long to answer. Try again."), "error");
    }
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.successful) { clearScriptMessage(); }
  });

  // A message flashed when the page loaded ("Game started", "Deal 1 corrected") goes stale as soon as the
  // scorepad is answered in place (the whole of it, or a fresh deal form with what the deal changed): drop it
  // then, so it never sits above a newer one that says otherwise.
  document.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail.target;
    if (!target || (target.id !== "scorepad" && target.id !== "deal-form")) { return; }
    var area = messageArea();
    if (!area) { return; }
    Array.prototype.forEach.call(area.querySelectorAll(".message:not([data-from-script])"), function (p) {
      p.remove();
    });
  });

  // Installable and offline (templates/home/sw.js): a service worker only over HTTPS and on localhost. On a
  // club's plain-HTTP Wi-Fi there is none, and the pages work as they always did.
  var workers = navigator.serviceWorker;
  if (workers && (location.protocol === "https:" || location.hostname === "localhost")) {
    workers.register("/sw.js", { scope: "/" }).catch(function () { /* the app works without it */ });
    var keep = function () {
      if (workers.controller) { workers.controller.postMessage({ keep: location.pathname }); }
    };
    // The first open of a link came from the network before the worker existed: it keeps the page the moment it
    // takes control (it keeps only the pages it knows: the home page, the lists, a scorepad).
    workers.addEventListener("controllerchange", keep);
    // The scorepad changed in place (a deal saved, another phone's deal shown): the worker keeps it as it is now.
    document.addEventListener("htmx:afterSettle", function () {
      if (/^\/games\/[A-Za-z0-9_-]{22}$/.test(location.pathname)) { keep(); }
    });
  }
})();
