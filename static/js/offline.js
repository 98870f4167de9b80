// Entries survive a dropped connection. No service worker (they need HTTPS, which a club's Wi-Fi has not):
// a deal saved while the scorekeeper cannot be reached is kept in this phone's localStorage, listed with the
// deals as "not sent yet", and sent by itself on the browser's `online` event and on a steady retry, also
// after the page is reloaded.
//
// Forms opt in with `data-offline`:
//   data-offline="keep"  an entry form: kept on the phone when it cannot be sent (the deal forms);
//   data-offline="try"   any other form: tried in the background, so a failure says so and the page stays.
// Every form it handles carries a key made on this phone (`client_key`): the server records a save once,
// however often it is retried, and answers a repeat as it answered the first.
// Lists of unsent entries: `<ol data-unsent="ACTION">` (filled here, for the entries posted to ACTION).
(function () {
  "use strict";

  var STORE = "scorekeeper:unsent";
  var RETRY_MS = 5000;
  var sending = false;

  // --- The queue, in localStorage ------------------------------------------------------------
  function load() {
    try { return JSON.parse(localStorage.getItem(STORE) || "[]") || []; } catch (e) { return []; }
  }
  function save(queue) {
    try { localStorage.setItem(STORE, JSON.stringify(queue)); return true; } catch (e) { return false; }
  }
  function update(key, change) {
    var queue = load();
    queue.forEach(function (entry) { if (entry.key === key) { change(entry); } });
    save(queue);
  }
  function drop(key) { save(load().filter(function (entry) { return entry.key !== key; })); }

  // A key nobody else will make: 128 random bits (crypto.getRandomValues works over plain HTTP).
  function newKey() {
    var bytes = new Uint8Array(16);
    (window.crypto || window.msCrypto).getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b < 16 ? "0" : "") + b.toString(16); }).join("");
  }

  function keyInput(form) {
    var input = form.querySelector('input[name="client_key"]');
    if (!input) {
      input = document.createElement("input");
      input.type = "hidden";
      input.name = "client_key";
      form.appendChild(input);
    }
    if (!input.value) { input.value = newKey(); }
    return input;
  }

  function csrfToken(form) {
    var field = form && form.querySelector('input[name="csrf_token"]');
    if (field) { return field.value; }
    try { return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || ""; } catch (e) { return ""; }
  }

  // --- Words, in the page's language (templates/_offline_texts.html) ----------------------------
  var texts = null;
  function t(name, english) {
    if (texts === null) {
      var holder = document.querySelector("[data-offline-texts]");
      try { texts = JSON.parse((holder && holder.getAttribute("data-offline-texts")) || "{}"); } catch (e) { texts = {}; }
    }
    return texts[name] || english;
  }

  // --- Offline badge and messages -------------------------------------------------------------
  function say(text, kind) { if (window.scorekeeperMessage) { window.scorekeeperMessage(text, kind); } }

  function setReachable(reachable) {
    var badge = document.getElementById("offline-badge");
    if (reachable) { if (badge) { badge.remove(); } return; }
    if (badge) { return; }
    badge = document.createElement("p");
    badge.id = "offline-badge";
    badge.className = "offline-badge";
    badge.setAttribute("role", "status");
    badge.textContent = t("badge", "Offline: can't reach the scorekeeper. New deals are kept on this phone.");
    var bar = document.querySelector(".topbar");
    if (bar) { bar.insertAdjacentElement("afterend", badge); } else { document.body.prepend(badge); }
  }

  // --- Lists of unsent entries ----------------------------------------------------------------
  function render() {
    var queue = load();
    Array.prototype.forEach.call(document.querySelectorAll("[data-unsent]"), function (list) {
      var action = list.getAttribute("data-unsent");
      var mine = queue.filter(function (entry) { return entry.action === action; });
      list.textContent = "";
      list.hidden = mine.length === 0;
      mine.forEach(function (entry) {
        var item = document.createElement("li");
        item.className = "unsent-row" + (entry.refused ? " is-refused" : "");
        item.setAttribute("data-key", entry.key);
        var what = document.createElement("span");
        what.className = "unsent-label";
        what.textContent = entry.label || t("deal", "Deal");
        var state = document.createElement("span");
        state.className = "unsent-state";
        state.textContent = entry.refused ? t("refused", "not sent:") + " " + entry.refused
                                          : t("waiting", "not sent yet, kept on this phone");
        item.appendChild(what);
        item.appendChild(state);
        if (entry.refused) { item.appendChild(actions(entry)); }
        list.appendChild(item);
      });
    });
  }

  function actions(entry) {
    var box = document.createElement("span");
    box.className = "row unsent-actions";
    [[t("resend", "Send it anyway"), "resend"], [t("discard", "Discard it"), "discard"]].forEach(function (pair) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "button" + (pair[1] === "discard" ? " button-quiet" : "");
      button.textContent = pair[0];
      button.setAttribute("data-unsent-" + pair[1], entry.key);
      box.appendChild(button);
    });
    return box;
  }

  document.addEventListener("click", function (event) {
    var resend = event.target.closest && event.target.closest("[data-unsent-resend]");
    var discard = event.target.closest && event.target.closest("[data-unsent-discard]");
    if (resend) {
      var key = resend.getAttribute("data-unsent-resend");
      update(key, function (entry) { delete entry.refused; entry.resent = true; });
      render();
      flush();
    } else if (discard) {
      drop(discard.getAttribute("data-unsent-discard"));
      render();
    }
  });

  // --- Keeping an entry ------------------------------------------------------------------------
  function versionOf(form) {
    var input = form.querySelector('input[name="version"]');
    return input ? input.value : "";
  }

  function setVersion(form, version) {
    var input = form && form.querySelector('input[name="version"]');
    if (input && version) { input.value = version; input.setAttribute("value", version); }
  }

  function keep(form) {
    var key = keyInput(form).value;
    var action = form.getAttribute("action");
    var queue = load();
    if (queue.some(function (entry) { return entry.key === key; })) { return true; }
    var entry = {
      key: key, action: action, body: new URLSearchParams(new FormData(form)).toString(),
      label: form.getAttribute("data-offline-label") || "Deal", version: versionOf(form),
      htmx: form.hasAttribute("hx-post"), at: new Date().toISOString()
    };
    queue.push(entry);
    if (!save(queue)) {
      say(t("full", "This phone could not keep the deal (its storage is full). Write it down and enter it again later."), "error");
      return false;
    }
    render();
    say(t("kept", "Can't reach the scorekeeper: the deal is kept on this phone and will be sent when the connection returns."), "warning");
    form.dispatchEvent(new CustomEvent("entry-kept", { bubbles: true, detail: { game: form.getAttribute("data-game"), key: key } }));
    nextEntry(form);
    return true;
  }

  // The form is ready for the next deal: blank, with its own new key, numbered after the kept one.
  function nextEntry(form) {
    form.reset();
    var input = form.querySelector('input[name="client_key"]');
    if (input) { input.value = ""; input.removeAttribute("value"); }
    var number = form.querySelector("[data-next-deal]");
    if (number) {
      var next = (parseInt(number.textContent, 10) || 0) + 1;
      number.textContent = String(next);
      form.setAttribute("data-offline-label", (form.getAttribute("data-offline-label") || "Deal").replace(/\d+/, String(next)));
      if (form.hasAttribute("data-deal")) { form.setAttribute("data-deal", String(next)); }
    }
    Array.prototype.forEach.call(form.elements, function (el) {
      if (el.name && el.type !== "hidden") { el.dispatchEvent(new Event("change", { bubbles: true })); }
    });
  }

  // --- Sending what is kept --------------------------------------------------------------------
  function headers(entry) {
    var h = { "Content-Type": "application/x-www-form-urlencoded", "X-CSRFToken": csrfToken(null) };
    if (entry.htmx) { h["HX-Request"] = "true"; h["HX-Target"] = "scorepad"; }
    return h;
  }

  function bodyOf(entry) {
    var params = new URLSearchParams(entry.body);
    if (entry.version) { params.set("version", entry.version); }
    if (entry.asNext && entry.resent) { params.set("as_next", entry.asNext); }
    params.set("client_key", entry.key);
    return params.toString();
  }

  // The version a page answered with, for the form posting to ``action``: the next kept entry builds on it.
  function answeredField(html, action, name) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var form = doc.querySelector('form[action="' + action + '"]');
    var input = form && form.querySelector('[name="' + name + '"]');
    return input ? input.value : "";
  }
  function answeredVersion(html, action) { return answeredField(html, action, "version"); }

  function refusal(status, html) {
    var doc = new DOMParser().parseFromString(html || "", "text/html");
    var message = doc.querySelector(".message-error, .field-error");
    var text = message ? message.textContent.trim() : "";
    if (status === 409) { return text || t("conflict", "someone else saved a change to this game first."); }
    return text || t("refused_by", "the scorekeeper refused it.");
  }

  function sendOne(entry) {
    return fetch(entry.action, { method: "POST", credentials: "same-origin", headers: headers(entry), body: bodyOf(entry) })
      .then(function (response) {
        return response.text().then(function (html) { return { status: response.status, ok: response.ok, html: html }; });
      });
  }

  function flush() {
    if (sending) { return; }
    var keys = load().filter(function (entry) { return !entry.refused; }).map(function (entry) { return entry.key; });
    if (!keys.length) { return; }
    sending = true;
    var sentHere = false;
    var step = function (index) {
      if (index >= keys.length) { return finish(true); }
      // Read again: an earlier answer may have moved this entry's version on.
      var entry = load().filter(function (e) { return e.key === keys[index] && !e.refused; })[0];
      if (!entry) { return step(index + 1); }
      return sendOne(entry).then(function (answer) {
        setReachable(true);
        if (answer.ok) {
          drop(entry.key);
          var version = answeredVersion(answer.html, entry.action);
          if (version) {
            var rest = load();
            rest.forEach(function (other) { if (other.action === entry.action && !other.refused) { other.version = version; } });
            save(rest);
            setVersion(document.querySelector('form[action="' + entry.action + '"]'), version);
          }
          if (document.querySelector('[data-unsent="' + entry.action + '"]')) { sentHere = true; }
          render();
          return step(index + 1);
        }
        if (answer.status >= 500) { return finish(false); }  // the server's trouble: try again later
        // Refused (someone else saved first, or the entry is wrong): kept, marked, with the version the
        // server answered with, so "Send it anyway" builds on what is there now.
        var current = answeredVersion(answer.html, entry.action);
        var asNext = answeredField(answer.html, entry.action, "as_next");
        update(entry.key, function (e) {
          e.refused = refusal(answer.status, answer.html);
          if (current) { e.version = current; }
          if (asNext) { e.asNext = asNext; }  // the scorepad's "save mine as the next deal"
        });
        render();
        return step(index + 1);
      }, function () { setReachable(false); return finish(false); });
    };
    var finish = function (done) {
      sending = false;
      if (sentHere) {
        say(done ? t("sent", "The deals kept on this phone have been sent.")
                 : t("some_sent", "Some deals kept on this phone were sent."), "ok");
        document.dispatchEvent(new CustomEvent("entries-sent"));
      }
    };
    step(0);
  }
  window.scorekeeperFlush = flush;

  // --- Hooks -------------------------------------------------------------------------------------
  // Every save carries the phone's key; a plain (non-htmx) form is sent in the background, so a dropped
  // connection never takes the page away to the browser's "no internet" screen.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.hasAttribute || !form.hasAttribute("data-offline")) { return; }
    if (form.getAttribute("data-offline") === "keep") { keyInput(form); }
    if (form.hasAttribute("hx-post")) { return; }  // htmx sends it; a failure arrives as htmx:sendError
    event.preventDefault();
    submitInBackground(form);
  }, true);

  function submitInBackground(form) {
    var button = form.querySelector('[type="submit"]');
    if (button) { button.disabled = true; }
    var body = new URLSearchParams(new FormData(form)).toString();
    fetch(form.getAttribute("action"), {
      method: "POST", credentials: "same-origin", body: body,
      headers: { "Content-Type": "application/x-www-form-urlencoded" }
    }).then(function (response) {
      setReachable(true);
      if (response.ok) {
        // The page the server sent us to (Post/Redirect/Get), with the messages it showed.
        return response.text().then(function (html) {
          carryMessages(html);
          window.location.replace(response.url);
        });
      } else {
        form.submit();  // refused: send it the ordinary way to see why (same key: never saved twice)
      }
    }, function () {
      if (button) { button.disabled = false; }
      setReachable(false);
      if (form.getAttribute("data-offline") === "keep") {
        keep(form);
      } else {
        say(t("not_done", "Can't reach the scorekeeper, so that was not done. Try again once the phone is back on the Wi-Fi."), "error");
      }
    });
  }

  // The page fetched after a background save already showed its messages ("Deal saved."): show them again
  // on the page loaded next.
  var CARRIED = "scorekeeper:carried-messages";
  function carryMessages(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var items = Array.prototype.map.call(doc.querySelectorAll("#messages .message"), function (p) {
      return { text: p.textContent, className: p.className };
    });
    try { sessionStorage.setItem(CARRIED, JSON.stringify(items)); } catch (e) { /* the page still loads */ }
  }
  function showCarried() {
    var items;
    try { items = JSON.parse(sessionStorage.getItem(CARRIED) || "[]"); sessionStorage.removeItem(CARRIED); } catch (e) { items = []; }
    var area = document.getElementById("messages");
    if (!area) { return; }
    items.forEach(function (item) {
      var p = document.createElement("p");
      p.className = item.className;
      p.textContent = item.text;
      area.appendChild(p);
    });
  }

  document.addEventListener("htmx:sendError", function (event) {
    var form = event.detail.elt;
    setReachable(false);
    if (form && form.tagName === "FORM" && form.getAttribute("data-offline") === "keep") {
      event.stopImmediatePropagation();
      keep(form);
    }
  }, true);

  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.xhr && event.detail.xhr.status) { setReachable(true); }
  });
  document.addEventListener("htmx:afterSwap", render);
  window.addEventListener("online", function () { setReachable(true); flush(); });
  window.addEventListener("offline", function () { setReachable(false); });
  window.addEventListener("storage", function (event) { if (event.key === STORE) { render(); } });

  document.addEventListener("DOMContentLoaded", function () {
    showCarried();
    render();
    if (navigator.onLine === false) { setReachable(false); }
    flush();
    window.setInterval(flush, RETRY_MS);
  });
})();
