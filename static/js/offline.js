// Entries survive a dropped or hung connection. No service worker (they need HTTPS, which a club's Wi-Fi has not):
// every deal saved is first written to this phone's localStorage, as it was at the moment of saving (its values
// and a key of its own), and only forgotten once the scorekeeper has answered it. A save with no answer within
// SAVE_TIMEOUT_MS is treated as not sent: listed with the deals as "not sent yet" and sent again on the browser's
// `online` event and on a steady retry, also after the page is reloaded. Kept deals are sent one at a time, in
// the order they were typed, each based on the version the answer to the one before gave; a deal saved while
// others wait is kept behind them, never sent ahead.
//
// Forms opt in with `data-offline`:
//   data-offline="keep"  an entry form: kept on the phone when it cannot be sent (the deal forms);
//   data-offline="try"   any other form: tried in the background, so a failure says so and the page stays.
// Each save of a "keep" form carries a new key made on this phone (`client_key`): the server records a save once,
// however often it is retried, and answers a repeat (also one racing the first) as it answered the first. The
// form cannot be saved again while its save is on the way (its button is disabled), and what is typed into it
// meanwhile is the next entry, under its own key.
// Lists of unsent entries: `<ol data-unsent="ACTION">` (filled here, for the entries posted to ACTION).
(function () {
  "use strict";

  var STORE = "scorekeeper:unsent";
  // The waits are the app's settings (RESEND_INTERVAL and SAVE_TIMEOUT, docs/HOSTING.md), given by the page's
  // `page-waits` meta (templates/base.html), 5 and 8 s unless set otherwise.
  var waits = {};
  try { waits = JSON.parse(document.querySelector('meta[name="page-waits"]').content) || {}; } catch (e) { waits = {}; }
  var RETRY_MS = waits.resend > 0 ? waits.resend : 5000;
  // A save answers in 10-50 ms on the club's laptop, and in about 2 s at worst under load (README, "Speed").
  // A phone whose packets are lost resends them after about 1, 2 and 4 s, so after 8 s a save that had a way
  // through has had three chances; beyond that the link is down or hung, and the player is better told so
  // (and the deal kept) than left looking at a button that does nothing.
  var SAVE_TIMEOUT_MS = waits.save > 0 ? waits.save : 8000;
  var sending = false;
  var flying = {};  // keys of the entries this page is sending right now

  // --- The queue, in localStorage ------------------------------------------------------------
  // An entry: {key, action, body (the form's values when it was saved), label, number (the deal it was typed
  // as), version (what it is based on), htmx, at; flight: being sent as it was saved; refused: the server's
  // reason; asNext and resent: "Send it anyway" after a lost race}.
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
  function find(key) { return load().filter(function (entry) { return entry.key === key; })[0]; }
  function waiting(action) { return load().some(function (entry) { return entry.action === action; }); }

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
    return input;
  }
  function clearKey(form) {
    var input = form && form.querySelector('input[name="client_key"]');
    if (input) { input.value = ""; input.removeAttribute("value"); }
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
  // A save on its way is not listed: it is listed once it is known not to have been answered.
  function render() {
    var queue = load();
    Array.prototype.forEach.call(document.querySelectorAll("[data-unsent]"), function (list) {
      var action = list.getAttribute("data-unsent");
      var mine = queue.filter(function (entry) { return entry.action === action && !entry.flight; });
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
        (entry.figures || []).forEach(function (side) {
          var line = document.createElement("span");
          line.className = "unsent-side";
          var name = document.createElement("bdi");
          name.textContent = side.name;
          line.appendChild(name);
          line.appendChild(document.createTextNode(": " + side.items.join(" · ")));
          item.appendChild(line);
        });
        if (entry.refused) { item.appendChild(actions(entry)); }
        list.appendChild(item);
      });
    });
    Array.prototype.forEach.call(document.querySelectorAll('form[data-offline="keep"]'), countOn);
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

  // --- Taking an entry as it is saved -----------------------------------------------------------
  function versionOf(form) {
    var input = form.querySelector('input[name="version"]');
    return input ? input.value : "";
  }

  function setVersion(form, version) {
    var input = form && form.querySelector('input[name="version"]');
    if (input && version) { input.value = version; input.setAttribute("value", version); }
  }

  function shownNumber(form) {
    var number = form.querySelector("[data-next-deal]");
    return number ? (parseInt(number.textContent, 10) || 0) : (parseInt(form.getAttribute("data-deal"), 10) || 0);
  }

  // The entry as it is at this moment, under a new key (also put on the form for the request that sends it).
  function snapshot(form) {
    var key = newKey();
    keyInput(form).value = key;
    var number = shownNumber(form);
    var params = new URLSearchParams(new FormData(form));
    if (number && params.has("deal_number")) { params.set("deal_number", String(number)); }
    var label = form.getAttribute("data-offline-label") || t("deal", "Deal");
    return {
      key: key, action: form.getAttribute("action"), body: params.toString(), number: number,
      label: number ? label.replace(/\d+/, String(number)) : label, version: versionOf(form),
      htmx: form.hasAttribute("hx-post"), at: new Date().toISOString(), figures: figures(form)
    };
  }

  // What was typed for each side, in the page's own words (each field's label): the kept deal shows it, since
  // only the scorekeeper can score it. A field left empty, at 0 or at "No" says nothing and is left out.
  function labelText(el) {
    var label = el.closest("label") || (el.labels && el.labels[0]);
    if (!label) { return ""; }
    var copy = label.cloneNode(true);
    Array.prototype.forEach.call(copy.querySelectorAll("input, select, textarea, button, .help, .field-error"),
                                 function (child) { child.remove(); });
    return copy.textContent.replace(/\s+/g, " ").trim();
  }
  function figures(form) {
    return Array.prototype.map.call(form.querySelectorAll("fieldset.side-entry"), function (set) {
      var legend = set.querySelector("legend");
      var items = [];
      Array.prototype.forEach.call(set.querySelectorAll("input, textarea"), function (el) {
        if (!el.name || el.type === "hidden" || el.disabled) { return; }
        if ((el.type === "radio" || el.type === "checkbox") && !el.checked) { return; }
        var value = (el.value || "").trim();
        if (!value || value === "0" || value === "no") { return; }
        var label = labelText(el);
        items.push(el.type === "radio" || el.type === "checkbox" ? label : (label ? label + " " : "") + value);
      });
      return { name: legend ? legend.textContent.replace(/\s+/g, " ").trim() : "", items: items };
    }).filter(function (side) { return side.items.length; });
  }

  // What was typed, without the fields the page or this script fill in: to tell whether the form still shows
  // the entry that was saved, or the player has started on the next one.
  var OWN_FIELDS = ["client_key", "csrf_token", "version", "deal_number", "board_version"];
  function typed(body) {
    var params = new URLSearchParams(body);
    OWN_FIELDS.forEach(function (name) { params.delete(name); });
    return params.toString();
  }

  function keepEntry(entry) {
    var queue = load().filter(function (other) { return other.key !== entry.key; });
    var kept = {};
    Object.keys(entry).forEach(function (name) { if (name !== "flight") { kept[name] = entry[name]; } });
    queue.push(kept);
    return save(queue);
  }

  // The entry is kept on the phone: listed, said, and the form made ready for the next deal. The form is cleared
  // only while it still shows the entry: what the player has typed since is the next deal and stays.
  function kept(entry, form, words) {
    if (!keepEntry(entry)) {
      say(t("full", "This phone could not keep the deal (its storage is full). Write it down and enter it again later."), "error");
      return false;
    }
    render();
    var note = document.getElementById("saved-note");
    if (note) { note.textContent = ""; }  // "Deal 3 saved." no longer describes the form's last deal
    say(words, "warning");
    if (form) {
      form.dispatchEvent(new CustomEvent("entry-kept", { bubbles: true, detail: { game: form.getAttribute("data-game"), key: entry.key } }));
      nextEntry(form, entry);
    }
    return true;
  }

  // The form is ready for the next deal: blank (unless the next one is being typed), with no key, numbered
  // after the kept one.
  function nextEntry(form, entry) {
    var untouched = typed(new URLSearchParams(new FormData(form)).toString()) === typed(entry.body);
    clearKey(form);
    if (untouched) {
      form.reset();
      clearKey(form);
      Array.prototype.forEach.call(form.elements, function (el) {
        if (el.name && el.type !== "hidden") { el.dispatchEvent(new Event("change", { bubbles: true })); }
      });
    }
    countOn(form);
  }

  // A form's head counts on after the deals kept for it, also when a refresh of the scoreboard (which knows
  // only the deals the server holds) has just put it back.
  function countOn(form) {
    var number = form.querySelector("[data-next-deal]");
    var action = form.getAttribute("action");
    var last = 0;
    load().forEach(function (entry) {
      if (entry.action === action && !entry.flight && entry.number > last) { last = entry.number; }
    });
    if (!number || !last || shownNumber(form) > last) { return; }
    var next = String(last + 1);
    number.textContent = next;
    var input = form.querySelector('input[name="deal_number"]');
    if (input) { input.value = next; }
    if (form.hasAttribute("data-offline-label")) {
      form.setAttribute("data-offline-label", form.getAttribute("data-offline-label").replace(/\d+/, next));
    }
    if (form.hasAttribute("data-deal")) { form.setAttribute("data-deal", next); }
    laterLine(form.querySelector("[data-next-dealer]"), next);
    laterLine(form.querySelector("[data-next-sits-out]"), next);
  }

  // A line of the head that names who deals (or sits out) the deal the form shows: the server wrote its words for
  // the deals after the one it was drawn for (data-from); past what it wrote, the line is hidden, never wrong.
  function laterLine(line, next) {
    if (!line || !line.hasAttribute("data-later")) { return; }
    var later;
    try { later = JSON.parse(line.getAttribute("data-later")); } catch (e) { later = []; }
    var text = later[next - parseInt(line.getAttribute("data-from"), 10) - 1];
    line.hidden = !text;
    if (text) { line.textContent = text; }
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

  // A POST that gives up after SAVE_TIMEOUT_MS (then it is as if the network had failed).
  function post(action, headers, body) {
    var controller = window.AbortController ? new AbortController() : null;
    var timer = controller ? window.setTimeout(function () { controller.abort(); }, SAVE_TIMEOUT_MS) : null;
    return fetch(action, { method: "POST", credentials: "same-origin", headers: headers, body: body,
                           signal: controller ? controller.signal : undefined })
      .then(function (response) {
        return response.text().then(function (html) {
          window.clearTimeout(timer);
          return { status: response.status, ok: response.ok, html: html, url: response.url };
        });
      }, function (error) { window.clearTimeout(timer); throw error; });
  }

  // The version a page answered with, for the form posting to ``action``: the next kept entry builds on it.
  function answeredField(html, action, name) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var form = doc.querySelector('form[action="' + action + '"]');
    var input = form && form.querySelector('[name="' + name + '"]');
    return input ? input.value : "";
  }
  function answeredVersion(html, action) { return answeredField(html, action, "version"); }

  // An entry was recorded (or found recorded): the entries kept after it build on the version the server
  // answered with, and so does the form.
  function recorded(entry, html) {
    drop(entry.key);
    var version = answeredVersion(html, entry.action);
    if (version) {
      var rest = load();
      rest.forEach(function (other) { if (other.action === entry.action && !other.refused) { other.version = version; } });
      save(rest);
      setVersion(document.querySelector('form[action="' + entry.action + '"]'), version);
    }
    render();
  }

  function refusal(status, html) {
    var doc = new DOMParser().parseFromString(html || "", "text/html");
    var message = doc.querySelector(".message-error, .field-error");
    var text = message ? message.textContent.trim() : "";
    if (status === 409) { return text || t("conflict", "someone else saved a change to this game first."); }
    return text || t("refused_by", "the scorekeeper refused it.");
  }

  // Refused (someone else saved first, or the entry is wrong): kept, marked, with the version the server
  // answered with, so "Send it anyway" builds on what is there now. The entries typed after it wait for it.
  function refused(entry, answer) {
    var current = answeredVersion(answer.html, entry.action);
    var asNext = answeredField(answer.html, entry.action, "as_next");
    update(entry.key, function (e) {
      e.refused = refusal(answer.status, answer.html);
      if (current) { e.version = current; }
      if (asNext) { e.asNext = asNext; }  // the scorepad's "save mine as the next deal"
    });
    render();
  }

  // Send the kept entries one at a time, in the order they were typed. An entry still on its way, or refused,
  // holds back the ones typed after it for the same form; a failure to reach the server stops the round.
  function flush() {
    if (sending) { return; }
    var keys = load().map(function (entry) { return entry.key; });
    if (!keys.length) { return; }
    sending = true;
    var sentHere = false;
    var held = {};
    var step = function (index) {
      if (index >= keys.length) { return finish(true); }
      var entry = find(keys[index]);  // read again: an earlier answer may have moved its version on
      if (!entry || held[entry.action]) { return step(index + 1); }
      if (entry.refused || flying[entry.key]) { held[entry.action] = true; return step(index + 1); }
      flying[entry.key] = true;
      return post(entry.action, headers(entry), bodyOf(entry)).then(function (answer) {
        delete flying[entry.key];
        setReachable(true);
        if (answer.ok) {
          recorded(entry, answer.html);
          if (document.querySelector('[data-unsent="' + entry.action + '"]')) { sentHere = true; }
          return step(index + 1);
        }
        if (answer.status >= 500) { return finish(false); }  // the server's trouble: try again later
        refused(entry, answer);
        held[entry.action] = true;
        return step(index + 1);
      }, function () { delete flying[entry.key]; setReachable(false); return finish(false); });
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

  // --- Saving ------------------------------------------------------------------------------------
  // Every save of a "keep" form is an entry of its own, written to the queue before it is sent. While earlier
  // entries for the same form wait, it is kept behind them; otherwise htmx sends it (or, for a plain form, this
  // script in the background, so a dropped connection never takes the page away to the browser's "no internet"
  // screen) and the entry is forgotten once the server has answered.
  var saving = {};  // the entry each form is sending, by the form's action

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.hasAttribute || !form.hasAttribute("data-offline")) { return; }
    if (form.getAttribute("data-offline") !== "keep") {
      if (!form.hasAttribute("hx-post")) { event.preventDefault(); submitInBackground(form); }
      return;
    }
    var action = form.getAttribute("action");
    if (saving[action]) {  // its save is still on the way (its button is disabled): not a second time
      event.preventDefault();
      event.stopImmediatePropagation();
      return;
    }
    var entry = snapshot(form);
    if (waiting(action)) {
      event.preventDefault();
      event.stopImmediatePropagation();
      if (kept(entry, form, t("queued", "The deal is kept on this phone and will be sent after the deals saved before it."))) { flush(); }
      return;
    }
    entry.flight = true;
    save(load().concat([entry]));  // if the phone cannot store it, it is still sent; only the safety net is missing
    saving[action] = entry;
    flying[entry.key] = true;
    var button = form.querySelector('[type="submit"]');
    if (button) { button.disabled = true; }
    if (form.hasAttribute("hx-post")) {  // htmx sends it; its outcome comes below
      watchStart(form, entry);
    } else {
      event.preventDefault();
      sendInBackground(entry, form);
    }
  }, true);

  // The save came to an end: forget that it is on the way and let the form save again.
  function ended(form, action) {
    var entry = saving[action];
    delete saving[action];
    if (entry) { delete flying[entry.key]; }
    var button = form && form.querySelector('[type="submit"]');
    if (button) { button.disabled = false; }
    return entry;
  }

  // No answer, or no way through: the entry is kept as it was saved, and sent again later.
  function notSent(form, action, words) {
    var entry = ended(form, action);
    setReachable(false);
    if (entry) { kept(entry, form, words); }
  }

  function sendInBackground(entry, form) {
    post(entry.action, { "Content-Type": "application/x-www-form-urlencoded" }, entry.body).then(function (answer) {
      setReachable(true);
      if (answer.ok) {
        ended(null, entry.action);
        drop(entry.key);
        // The page the server sent us to (Post/Redirect/Get), with the messages it showed.
        carryMessages(answer.html);
        window.location.replace(answer.url);
      } else if (answer.status >= 500) {
        notSent(form, entry.action, t("kept", "Can't reach the scorekeeper: the deal is kept on this phone and will be sent when the connection returns."));
      } else {
        ended(form, entry.action);
        drop(entry.key);
        form.submit();  // refused: send it the ordinary way to see why (same key: never saved twice)
      }
    }, function () {
      notSent(form, entry.action, t("kept", "Can't reach the scorekeeper: the deal is kept on this phone and will be sent when the connection returns."));
    });
  }

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
        return response.text().then(function (html) {
          carryMessages(html);
          window.location.replace(response.url);
        });
      } else {
        form.submit();  // refused: send it the ordinary way to see why
      }
    }, function () {
      if (button) { button.disabled = false; }
      setReachable(false);
      say(t("not_done", "Can't reach the scorekeeper, so that was not done. Try again once the phone is back on the Wi-Fi."), "error");
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

  // --- htmx's side of a save -------------------------------------------------------------------------
  // The outcome is read from the request itself (its `loadend`, after htmx has swapped the answer in): the form
  // that sent it is often no longer in the page by then, and events on it no longer reach the document.
  function keepForm(event) {
    var form = event.detail && event.detail.elt;
    return form && form.tagName === "FORM" && form.getAttribute("data-offline") === "keep" ? form : null;
  }
  function savingFrom(event) {
    var form = keepForm(event);
    return form ? saving[form.getAttribute("action")] : null;
  }

  var started = {};  // keys of the saves htmx has sent
  function watchStart(form, entry) {
    // htmx sends the form while the submit event runs; a save it did not send (a check of its own stopped it)
    // is not on the way, and the form can save again.
    window.setTimeout(function () {
      if (saving[entry.action] === entry && !started[entry.key]) { ended(form, entry.action); drop(entry.key); render(); }
    }, 0);
  }

  // The save is sent with its own key and given SAVE_TIMEOUT_MS to answer; the form forgets the key at once.
  document.addEventListener("htmx:configRequest", function (event) {
    var entry = savingFrom(event);
    if (!entry) { return; }
    event.detail.timeout = SAVE_TIMEOUT_MS;
    event.detail.parameters.client_key = entry.key;
    clearKey(event.detail.elt);
  });

  document.addEventListener("htmx:beforeSend", function (event) {
    var entry = savingFrom(event);
    var xhr = event.detail.xhr;
    if (!entry || !xhr || started[entry.key]) { return; }
    started[entry.key] = true;
    var form = event.detail.elt;
    var timedOut = false;
    xhr.addEventListener("timeout", function () { timedOut = true; });
    xhr.addEventListener("loadend", function () {
      delete started[entry.key];
      answered(form, entry, xhr, timedOut);
    });
  });

  function answered(form, entry, xhr, timedOut) {
    var action = entry.action;
    if (saving[action] !== entry) { return; }
    if (!xhr.status) {  // no answer: the network failed, or it took too long
      notSent(form, action, timedOut
        ? t("no_answer", "The scorekeeper did not answer in time: the deal is kept on this phone and will be sent again until it is recorded.")
        : t("kept", "Can't reach the scorekeeper: the deal is kept on this phone and will be sent when the connection returns."));
      return;
    }
    setReachable(true);
    if (xhr.status >= 500) {
      notSent(form, action, t("kept", "Can't reach the scorekeeper: the deal is kept on this phone and will be sent when the connection returns."));
      return;
    }
    ended(form, action);
    // Answered: recorded (2xx), or refused with the entry shown again next to its messages (409, 422).
    if (xhr.status >= 200 && xhr.status < 300) { recorded(entry, xhr.responseText); } else { drop(entry.key); render(); }
    flush();
  }

  // app.js would say "not saved" or "try again": the deal is kept instead, and said so above.
  function quiet(event) {
    if (savingFrom(event)) { event.stopImmediatePropagation(); }
  }
  ["htmx:sendError", "htmx:timeout", "htmx:sendAbort"].forEach(function (name) {
    document.addEventListener(name, quiet, true);
  });

  document.addEventListener("htmx:sendError", function () { setReachable(false); }, true);
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.xhr && event.detail.xhr.status) { setReachable(true); }
  });
  document.addEventListener("htmx:afterSwap", render);
  window.addEventListener("online", function () { setReachable(true); flush(); });
  window.addEventListener("offline", function () { setReachable(false); });
  window.addEventListener("storage", function (event) { if (event.key === STORE) { render(); } });

  document.addEventListener("DOMContentLoaded", function () {
    // An entry a page was sending when it was closed or reloaded never heard back: it is kept.
    var queue = load();
    if (queue.some(function (entry) { return entry.flight; })) {
      queue.forEach(function (entry) { delete entry.flight; });
      save(queue);
    }
    showCarried();
    render();
    if (navigator.onLine === false) { setReachable(false); }
    flush();
    window.setInterval(flush, RETRY_MS);
  });
})();
