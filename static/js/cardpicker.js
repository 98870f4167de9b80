// Card picker (templates/_card_picker.html): buttons that edit a plain text input of card notation.
// The input stays the source of truth: with JavaScript off it is typed in; with it on, taps edit it.
(function () {
  "use strict";

  var NAMES = {
    A: "Ace", K: "King", Q: "Queen", J: "Jack", "10": "Ten", "9": "Nine", "8": "Eight", "7": "Seven",
    "6": "Six", "5": "Five", "4": "Four", "2": "Two", JK: "Joker"
  };

  function tokens(text) {
    return (text || "").split(/[\s,;]+/).filter(function (t) { return t.length > 0; });
  }

  // How a token is shown on a chip: "3H" -> "3♥", "JK" -> "Joker"; anything else as typed, upper case.
  function face(token) {
    var t = token.toUpperCase();
    if (t === "JK" || t === "JOKER") { return { text: "Joker", kind: "wild", name: "Joker" }; }
    if (t === "2") { return { text: "2", kind: "wild", name: "Two" }; }
    if (t === "3H" || t === "3D" || t === "3♥" || t === "3♦") {
      return { text: t.indexOf("D") >= 0 || t.indexOf("♦") >= 0 ? "3♦" : "3♥", kind: "red", name: "Red three" };
    }
    if (t === "3S" || t === "3C" || t === "3♠" || t === "3♣") {
      return { text: t.indexOf("S") >= 0 || t.indexOf("♠") >= 0 ? "3♠" : "3♣", kind: "black", name: "Black three" };
    }
    var rank = t === "T" ? "10" : t.replace(/[SHDC♠♥♦♣]$/, "");
    return { text: rank || t, kind: "natural", name: NAMES[rank] || t };
  }

  function render(picker) {
    var input = picker.querySelector(".card-picker-input");
    var chosen = picker.querySelector(".card-picker-chosen");
    var list = tokens(input.value);
    chosen.textContent = "";
    if (list.length === 0) {
      var none = document.createElement("span");
      none.className = "card-picker-none muted";
      none.textContent = "No cards chosen yet";
      chosen.appendChild(none);
      return;
    }
    list.forEach(function (token, index) {
      var f = face(token);
      var chip = document.createElement("button");
      chip.type = "button";
      chip.className = "card-chip card-chip-" + f.kind;
      chip.setAttribute("data-index", String(index));
      chip.setAttribute("aria-label", "Remove " + f.name);
      chip.textContent = f.text;
      chosen.appendChild(chip);
    });
    var total = document.createElement("span");
    total.className = "card-picker-count muted";
    total.textContent = list.length === 1 ? "1 card" : list.length + " cards";
    chosen.appendChild(total);
  }

  function setValue(picker, list) {
    var input = picker.querySelector(".card-picker-input");
    input.value = list.join(" ");
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
    render(picker);
  }

  function start(picker) {
    if (picker.hasAttribute("data-card-picker-ready")) { return; }
    picker.setAttribute("data-card-picker-ready", "");
    var input = picker.querySelector(".card-picker-input");
    var max = parseInt(picker.getAttribute("data-max") || "0", 10);
    picker.querySelector(".card-picker-chosen").hidden = false;
    picker.querySelector(".card-picker-keys").hidden = false;
    picker.addEventListener("click", function (event) {
      var key = event.target.closest("[data-card]");
      var chip = event.target.closest(".card-chip");
      var clear = event.target.closest("[data-clear]");
      if (key) {
        var list = tokens(input.value);
        if (max === 1) { list = [key.getAttribute("data-card")]; } else { list.push(key.getAttribute("data-card")); }
        setValue(picker, list);
      } else if (chip) {
        var rest = tokens(input.value);
        rest.splice(parseInt(chip.getAttribute("data-index"), 10), 1);
        setValue(picker, rest);
      } else if (clear) {
        setValue(picker, []);
      }
    });
    input.addEventListener("input", function () { render(picker); });
    render(picker);
  }

  function startAll(root) {
    var scope = root && root.querySelectorAll ? root : document;
    if (scope.matches && scope.matches("[data-card-picker]")) { start(scope); }
    scope.querySelectorAll("[data-card-picker]").forEach(start);
  }

  document.addEventListener("DOMContentLoaded", function () { startAll(document); });
  document.addEventListener("htmx:load", function (event) { startAll(event.target); });
  if (document.readyState !== "loading") { startAll(document); }
})();
