/* Choosing territories by tapping the board map (log form, setup coins). The form's own
   selects and number inputs stay the real fields: a tap only changes them, so the page works
   without this script and the server checks the same values. One field at a time receives the
   taps (the "target"): the first empty one, or the one whose "On the map" button or list was
   used last. A single choice moves on to the next empty field of the same kind (the next seat's
   start); a multiple choice toggles. On the setup page a tap adds a coin to that territory's card,
   back to 0 past the most a card may get before game 1. */
(function () {
  "use strict";

  var section, form, hint, target = null;

  // The words, in the reader's language (words.js).
  function say(key, values) {
    return window.siteWords.say(key, values);
  }

  function kind(field) {
    return field.name.replace(/\d+/g, "#");
  }

  function onMap(key) {
    return !!section.querySelector('.territory[data-territory="' + key + '"]');
  }

  function pickable() {
    return Array.prototype.filter.call(form.querySelectorAll("select, input.coin-input"), function (f) {
      if (f.tagName === "INPUT") return onMap(f.name);
      return Array.prototype.some.call(f.options, function (o) { return o.value && onMap(o.value); });
    });
  }

  function labelOf(field) {
    var label = field.labels && field.labels[0] ? field.labels[0].textContent.trim() : field.name;
    var row = field.closest("tr");
    var seat = row && row.querySelector(".seat-number");
    return seat ? seat.textContent.trim() + ": " + label : label;
  }

  function chosen(field) {
    if (field.tagName === "INPUT") return Number(field.value) > 0 ? [field.name] : [];
    return Array.prototype.filter.call(field.options, function (o) {
      return o.selected && o.value && onMap(o.value);
    }).map(function (o) { return o.value; });
  }

  function nameOf(key) {
    var g = section.querySelector('.territory[data-territory="' + key + '"]');
    var title = g && g.getAttribute("data-name");
    return title || key;
  }

  function setTarget(field) {
    if (target) target.closest(".field, td, .coin-field, label")?.classList.remove("is-map-target");
    target = field;
    if (!field) {
      hint.textContent = say("mapPickNoTarget");
    } else {
      (field.closest(".field, td, .coin-field, label") || field).classList.add("is-map-target");
      hint.textContent = say("mapPickTarget", { field: labelOf(field) });
    }
    paint();
  }

  function paint() {
    var mine = target ? chosen(target) : [];
    var all = {};
    pickable().forEach(function (f) { chosen(f).forEach(function (k) { all[k] = true; }); });
    section.querySelectorAll(".territory[data-territory]").forEach(function (g) {
      var key = g.dataset.territory;
      g.classList.toggle("selected", mine.indexOf(key) >= 0);
      g.classList.toggle("picked", !!all[key] && mine.indexOf(key) < 0);
    });
  }

  function chips(field) {
    var box = field.parentNode.querySelector('.map-chips[data-for="' + field.name + '"]');
    if (!box) {
      box = document.createElement("span");
      box.className = "map-chips";
      box.dataset.for = field.name;
      field.insertAdjacentElement("afterend", box);
    }
    box.innerHTML = "";
    chosen(field).forEach(function (key) {
      var chip = document.createElement("button");
      chip.type = "button";
      chip.className = "chip";
      chip.dataset.remove = key;
      var count = field.tagName === "INPUT" && Number(field.value) > 0 ? " +" + field.value : "";
      chip.textContent = nameOf(key) + count + " ✕";
      chip.setAttribute("aria-label", say("mapPickRemove", { name: nameOf(key) }));
      box.appendChild(chip);
    });
    if (field.dataset.start && onMap(field.dataset.start)) {
      var same = document.createElement("button");
      same.type = "button";
      same.className = "chip chip--action";
      same.dataset.sameStart = "1";
      same.textContent = say("mapPickOnlyStart", { name: nameOf(field.dataset.start) });
      box.appendChild(same);
    }
    if (field.tagName !== "INPUT") {
      var aim = document.createElement("button");
      aim.type = "button";
      aim.className = "chip chip--aim";
      aim.dataset.aim = "1";
      aim.textContent = say("mapPickOnTheMap");
      aim.setAttribute("aria-label", say("mapPickChooseOnMap", { field: labelOf(field) }));
      box.appendChild(aim);
    }
  }

  function refresh() {
    pickable().forEach(chips);
    paint();
  }

  function changed(field) {
    field.dispatchEvent(new Event("change", { bubbles: true }));
    refresh();
  }

  function tap(key) {
    var coin = form.querySelector('input.coin-input[name="' + key + '"]');
    if (coin) {
      var cap = Number(section.dataset.coinCap || coin.max || 12);
      var more = (Number(coin.value) || 0) + 1;
      coin.value = more > cap ? 0 : more;
      changed(coin);
      return;
    }
    if (!target) setTarget(pickable().find(function (f) { return f.tagName === "SELECT"; }) || null);
    if (!target) return;
    var field = target;
    var option = Array.prototype.find.call(field.options, function (o) { return o.value === key; });
    if (!option) {
      hint.textContent = say("mapPickNotAChoice", { name: nameOf(key), field: labelOf(field) });
      return;
    }
    if (field.multiple) {
      option.selected = !option.selected;
      changed(field);
      return;
    }
    field.value = key;
    changed(field);
    var fields = pickable();
    var after = fields.slice(fields.indexOf(field) + 1).find(function (f) {
      var row = f.closest("tr");
      var person = row && row.querySelector("select[name$=_person]");
      return kind(f) === kind(field) && !f.value && !(person && !person.value);
    });
    if (after) setTarget(after);
  }

  function sameAsStart(field) {
    Array.prototype.forEach.call(field.options, function (o) {
      o.selected = o.value === field.dataset.start;
    });
    changed(field);
  }

  function init() {
    section = document.querySelector("[data-map-pick]");
    if (!section) return;
    form = section.closest("form") || document.querySelector(section.dataset.mapPick);
    if (!form) return;
    hint = section.querySelector(".map-pick-hint");
    section.querySelectorAll(".territory[data-territory]").forEach(function (g) {
      var title = g.querySelector("title");
      if (title) g.setAttribute("data-name", title.textContent.split(" (")[0].split(".")[0]);
    });
    var all = section.querySelector("[data-all-starts]");
    var withStart = pickable().filter(function (f) { return f.dataset.start; });
    if (all && withStart.length) all.hidden = false;
    var first = pickable().find(function (f) { return f.tagName === "SELECT" && chosen(f).length === 0; });
    setTarget(first || null);
    if (!first && form.querySelector("input.coin-input")) {
      hint.textContent = say("mapPickCoins");
    }
    refresh();

    section.addEventListener("click", function (event) {
      var g = event.target.closest && event.target.closest(".territory[data-territory]");
      if (g) tap(g.dataset.territory);
      if (event.target.closest && event.target.closest("[data-all-starts]")) {
        withStart.forEach(function (f) {
          var troops = form.querySelector('input[type=checkbox][name="' + f.name.replace(/^h_/, "t_") + '"]');
          if (!troops || troops.checked) sameAsStart(f);
        });
      }
    });
    section.addEventListener("keydown", function (event) {
      var g = event.target.closest && event.target.closest(".territory[data-territory]");
      if (g && (event.key === "Enter" || event.key === " ")) {
        event.preventDefault();
        tap(g.dataset.territory);
      }
    });
    form.addEventListener("click", function (event) {
      var chip = event.target.closest && event.target.closest(".map-chips button");
      if (!chip) return;
      var field = form.querySelector('[name="' + chip.parentNode.dataset.for + '"]');
      if (chip.dataset.aim) return setTarget(field);
      if (chip.dataset.sameStart) return sameAsStart(field);
      if (field.tagName === "INPUT") field.value = 0;
      else Array.prototype.forEach.call(field.options, function (o) {
        if (o.value === chip.dataset.remove) o.selected = false;
      });
      if (field.tagName === "SELECT" && !field.multiple && !field.value) field.selectedIndex = 0;
      changed(field);
    });
    form.addEventListener("focusin", function (event) {
      if (pickable().indexOf(event.target) >= 0) setTarget(event.target);
    });
    form.addEventListener("change", function (event) {
      if (pickable().indexOf(event.target) >= 0) refresh();
    });
    document.addEventListener("htmx:afterSwap", refresh);
  }

  document.addEventListener("DOMContentLoaded", init);
})();
