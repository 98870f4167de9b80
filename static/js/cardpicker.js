// Card picker (templates/_card_picker.html): buttons that edit a plain text field of card notation.
// The field stays the source of truth: with JavaScript off it is typed in; with it on, taps edit it.
// A picker either has its own keypad, or shares one with the other pickers of its group
// (data-cardpicker-group): the shared keypad types into the group's active picker, the one last tapped.
(function () {
  "use strict";
  // Loaded by whichever part of a page needs it, maybe more than once (an htmx swap brings its tag again):
  // its listeners are set up once.
  if (window.cardPickerStarted) { return; }
  window.cardPickerStarted = true;

  // The page's own words for scripts, in its language (templates/base.html, meta page-words), by their English text.
  var WORDS = JSON.parse((document.querySelector('meta[name="page-words"]') || {}).content || "{}");
  function word(text) { return WORDS[text] || text; }
  function counted(key, n) { return (WORDS[key + (n === 1 ? ".one" : ".other")] || ("{n} " + key)).replace("{n}", n); }

  var NAMES = {
    A: "Ace", K: "King", Q: "Queen", J: "Jack", "10": "Ten", "9": "Nine", "8": "Eight", "7": "Seven",
    "6": "Six", "5": "Five", "4": "Four", "2": "Two", JK: "Joker"
  };
  var SUITS = {
    S: { symbol: "♠", name: "Spades" }, H: { symbol: "♥", name: "Hearts", red: true },
    D: { symbol: "♦", name: "Diamonds", red: true }, C: { symbol: "♣", name: "Clubs" }
  };
  SUITS["♠"] = SUITS.S; SUITS["♥"] = SUITS.H; SUITS["♦"] = SUITS.D; SUITS["♣"] = SUITS.C;
  var lastActive = {};  // group -> id of its active field, so a picker swapped in by htmx stays chosen

  function tokens(text) {
    return (text || "").split(/[\s,;]+/).filter(function (t) { return t.length > 0; });
  }

  function fieldOf(picker) { return picker.querySelector(".card-picker-input"); }
  function isLines(picker) { return fieldOf(picker).hasAttribute("data-lines"); }

  // The field's cards as lines of tokens: one line for a plain field, one per meld for a textarea.
  // A textarea that ends with a new line keeps an empty last line: the next meld has been started.
  function read(picker) {
    var value = fieldOf(picker).value || "";
    if (!isLines(picker)) { return [tokens(value)]; }
    var lines = value.split(/\r?\n/).map(tokens).filter(function (line) { return line.length > 0; });
    if (/\n\s*$/.test(value) && lines.length > 0) { lines.push([]); }
    return lines;
  }

  // How a token is shown on a chip: "3H" -> "3♥", "JK" -> "Joker"; anything else as typed, upper case.
  function face(token) {
    var t = token.toUpperCase();
    if (t === "JK" || t === "JOKER") { return { text: word("Joker"), kind: "wild", name: "Joker" }; }
    if (t === "2") { return { text: "2", kind: "wild", name: "Two" }; }
    if (t === "3H" || t === "3D" || t === "3♥" || t === "3♦") {
      return { text: t.indexOf("D") >= 0 || t.indexOf("♦") >= 0 ? "3♦" : "3♥", kind: "red", name: "Red three" };
    }
    if (t === "3S" || t === "3C" || t === "3♠" || t === "3♣") {
      return { text: t.indexOf("S") >= 0 || t.indexOf("♠") >= 0 ? "3♠" : "3♣", kind: "black", name: "Black three" };
    }
    var rank = t === "T" ? "10" : t.replace(/[SHDC♠♥♦♣]$/, "");
    var suit = SUITS[t.charAt(t.length - 1)];
    if (suit && rank && rank !== "JK") {  // a card with its suit (rules with sequences): "7H" -> "7♥"
      return { text: rank + suit.symbol, kind: suit.red ? "natural card-chip-red-suit" : "natural",
               name: NAMES[rank] || t, suit: suit.name };
    }
    return { text: rank || t, kind: "natural", name: NAMES[rank] || t };
  }

  function chip(token, line, index) {
    var f = face(token);
    var button = document.createElement("button");
    button.type = "button";
    button.className = "card-chip card-chip-" + f.kind;
    button.setAttribute("data-line", String(line));
    button.setAttribute("data-index", String(index));
    button.setAttribute("aria-label", (WORDS.remove || "Remove {card}").replace("{card}",
      word(f.name) + (f.suit ? " " + word(f.suit) : "")));
    button.textContent = f.text;
    return button;
  }

  function note(className, text) {
    var span = document.createElement("span");
    span.className = className + " muted";
    span.textContent = text;
    return span;
  }

  function render(picker) {
    var chosen = picker.querySelector(".card-picker-chosen");
    var lines = read(picker);
    var count = lines.reduce(function (n, line) { return n + line.length; }, 0);
    chosen.textContent = "";
    if (count === 0) {
      chosen.appendChild(note("card-picker-none", picker.hasAttribute("data-cardpicker-group")
        ? word("No cards yet: tap here, then tap cards") : word("No cards chosen yet")));
      return;
    }
    if (isLines(picker)) {
      lines.forEach(function (line, l) {
        var meld = document.createElement("span");
        meld.className = "card-picker-meld";
        if (line.length === 0) { meld.appendChild(note("card-picker-none", word("Next meld: tap its cards"))); }
        line.forEach(function (token, i) { meld.appendChild(chip(token, l, i)); });
        chosen.appendChild(meld);
      });
    } else {
      lines[0].forEach(function (token, i) { chosen.appendChild(chip(token, 0, i)); });
    }
    var melds = lines.filter(function (line) { return line.length > 0; }).length;
    chosen.appendChild(note("card-picker-count",
      (isLines(picker) ? counted("meld", melds) : "") + counted("card", count)));
  }

  function write(picker, lines) {
    var field = fieldOf(picker);
    field.value = lines.map(function (line) { return line.join(" "); }).join("\n");
    field.dispatchEvent(new Event("input", { bubbles: true }));
    field.dispatchEvent(new Event("change", { bubbles: true }));
    render(picker);
  }

  // The suit chosen on a keypad with suits (rules with sequences), written after each natural card: "" for none.
  function chosenSuit(key) {
    var keys = key.closest(".card-picker-keys");
    var on = keys && keys.querySelector("[data-suit][aria-pressed='true']");
    return on ? on.getAttribute("data-suit") : "";
  }

  function chooseSuit(key) {
    key.closest(".card-picker-keys").querySelectorAll("[data-suit]").forEach(function (other) {
      other.setAttribute("aria-pressed", other === key ? "true" : "false");
    });
  }

  // A key of a keypad (its own or the shared one) changes the picker's field.
  function press(picker, key) {
    var lines = read(picker);
    if (lines.length === 0) { lines = [[]]; }
    var last = lines[lines.length - 1];
    if (key.hasAttribute("data-card")) {
      var token = key.getAttribute("data-card");
      if (key.classList.contains("card-key-natural")) { token += chosenSuit(key); }
      if (picker.getAttribute("data-max") === "1") { lines = [[token]]; }
      else { last.push(token); }
    } else if (key.hasAttribute("data-clear")) {
      lines = [];
    } else if (key.hasAttribute("data-back")) {
      if (last.length === 0 && lines.length > 1) { lines.pop(); last = lines[lines.length - 1]; }
      last.pop();
    } else if (key.hasAttribute("data-next-line")) {
      if (!isLines(picker) || last.length === 0) { return; }
      lines.push([]);
    } else {
      return;
    }
    write(picker, lines);
  }

  // --- Groups: one keypad shared by several pickers ------------------------------------------
  function groupSelector(kind, group) {
    return "[" + kind + "][data-cardpicker-group=\"" + group.replace(/["\\]/g, "\\$&") + "\"]";
  }
  function members(group) {
    return Array.prototype.slice.call(document.querySelectorAll(groupSelector("data-card-picker", group)));
  }
  function keypadOf(group) { return document.querySelector(groupSelector("data-card-keypad", group)); }
  function shown(el) { return el.checkVisibility ? el.checkVisibility() : el.getClientRects().length > 0; }

  function activate(picker) {
    var group = picker.getAttribute("data-cardpicker-group");
    members(group).forEach(function (p) {
      var on = p === picker;
      p.classList.toggle("is-active", on);
      if (on) { p.setAttribute("data-active", ""); } else { p.removeAttribute("data-active"); }
    });
    lastActive[group] = fieldOf(picker).id;
    var keypad = keypadOf(group);
    if (!keypad) { return; }
    var target = keypad.querySelector("[data-keypad-target]");
    if (target) {
      target.textContent = picker.getAttribute("data-cardpicker-label") ||
        picker.querySelector("label").textContent.trim();
    }
    var next = keypad.querySelector("[data-next-line]");
    if (next) { next.disabled = !isLines(picker); }
  }

  // The picker the group's keypad types into: the active one; else the one chosen before an htmx swap;
  // else the first one on view.
  function activeOf(group) {
    var list = members(group);
    var found = list.filter(function (p) { return p.hasAttribute("data-active"); })[0] ||
      list.filter(function (p) { return fieldOf(p).id === lastActive[group]; })[0] ||
      list.filter(shown)[0] || list[0];
    if (found && !found.hasAttribute("data-active")) { activate(found); }
    return found || null;
  }

  // --- Starting -----------------------------------------------------------------------------
  function start(picker) {
    if (picker.hasAttribute("data-card-picker-ready")) { return; }
    picker.setAttribute("data-card-picker-ready", "");
    picker.querySelector(".card-picker-chosen").hidden = false;
    var keys = picker.querySelector(".card-picker-keys");
    if (keys) { keys.hidden = false; }
    var field = fieldOf(picker);
    field.addEventListener("input", function () { render(picker); });
    field.addEventListener("change", function () { render(picker); });
    render(picker);
  }

  function startAll(root) {
    var scope = root && root.querySelectorAll ? root : document;
    if (scope.matches && scope.matches("[data-card-picker]")) { start(scope); }
    scope.querySelectorAll("[data-card-picker]").forEach(start);
    document.querySelectorAll("[data-card-keypad]").forEach(function (keypad) {
      var group = keypad.getAttribute("data-cardpicker-group");
      keypad.hidden = members(group).length === 0;
      activeOf(group);
    });
  }

  document.addEventListener("click", function (event) {
    var target = event.target;
    if (!target.closest) { return; }
    var keys = target.closest(".card-picker-keys");
    var key = target.closest("button");
    if (keys && key && key.hasAttribute("data-suit")) {
      chooseSuit(key);
      return;
    }
    if (keys && key) {
      var owner = keys.hasAttribute("data-card-keypad")
        ? activeOf(keys.getAttribute("data-cardpicker-group")) : keys.closest("[data-card-picker]");
      if (owner) {
        press(owner, key);
        if (owner !== keys.closest("[data-card-picker]")) { owner.scrollIntoView({ block: "nearest" }); }
      }
      return;
    }
    var picker = target.closest("[data-card-picker-ready]");
    if (!picker) { return; }
    var removed = target.closest(".card-chip");
    if (removed) {
      var lines = read(picker);
      lines[parseInt(removed.getAttribute("data-line"), 10)].splice(parseInt(removed.getAttribute("data-index"), 10), 1);
      write(picker, lines.filter(function (line, i) { return line.length > 0 || i === lines.length - 1; }));
    }
    if (picker.hasAttribute("data-cardpicker-group")) { activate(picker); }
  });

  document.addEventListener("focusin", function (event) {
    var picker = event.target.closest && event.target.closest("[data-card-picker-ready][data-cardpicker-group]");
    if (picker && event.target === fieldOf(picker)) { activate(picker); }
  });

  document.addEventListener("DOMContentLoaded", function () { startAll(document); });
  document.addEventListener("htmx:load", function (event) { startAll(event.target); });
  if (document.readyState !== "loading") { startAll(document); }
})();
