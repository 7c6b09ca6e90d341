/* Digital game page: map clicks fill the move forms, dependent choices are narrowed to the
   legal moves the server listed, refusals (400/403/409) swap in like any other answer. */
(function () {
  "use strict";

  var pendingOrigin = null;

  // The server answers a refused move with the fresh panel and the reason: show it.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var status = event.detail.xhr.status;
    if (status === 400 || status === 403 || status === 409) {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
  });

  // While a move is in flight, a panel fetch's answer (game_live.js asks for it) must not
  // replace the panel the move's answer is aimed at (it would land on a detached element).
  var inFlight = 0;
  // htmx fires these on the target (the panel) for both, so tell them apart by the verb:
  // the panel fetch is the only GET, moves and rewards are POSTs.
  function isPoll(detail) {
    return !!(detail.requestConfig && detail.requestConfig.verb === "get");
  }
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (isPoll(event.detail)) {
      if (inFlight) event.preventDefault();
    } else {
      inFlight++;
    }
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (!isPoll(event.detail) && inFlight) inFlight--;
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (isPoll(event.detail) && inFlight) event.detail.shouldSwap = false;
  });

  // A panel fetched because the game moved on elsewhere (another seat, another tab) must not
  // undo what the person was choosing: what they changed in a form that is still offered is
  // put back where it is still a legal choice, with the territory picked first on the map.
  var kept = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    kept = isPoll(event.detail) && event.detail.shouldSwap ? choices() : null;
  });

  document.addEventListener("htmx:afterSwap", function () {
    var origin = pendingOrigin;
    pendingOrigin = null;
    initForms(document);
    if (kept) restore(kept, origin);
    kept = null;
  });
  document.addEventListener("DOMContentLoaded", function () {
    initForms(document);
  });

  function optionsOf(form) {
    var node = form.querySelector('script[type="application/json"]');
    if (!node) return [];
    if (!node._parsed) node._parsed = JSON.parse(node.textContent);
    return node._parsed;
  }

  function fieldsOf(form) {
    return Array.prototype.slice.call(form.querySelectorAll("select[data-field]"));
  }

  // Options still possible given the values chosen in the selects before `upto`.
  function matching(form, upto) {
    var selects = fieldsOf(form);
    return optionsOf(form).filter(function (option) {
      for (var i = 0; i < selects.length && i < upto; i++) {
        var select = selects[i];
        if (select.value && String(option[select.dataset.field]) !== select.value) return false;
      }
      return true;
    });
  }

  function upstreamChosen(form, upto) {
    return fieldsOf(form).slice(0, upto).every(function (select) { return !!select.value; });
  }

  function narrow(form) {
    var selects = fieldsOf(form);
    selects.forEach(function (select, i) {
      if (i === 0) return;
      var allowed = {};
      matching(form, i).forEach(function (option) {
        allowed[String(option[select.dataset.field])] = true;
      });
      Array.prototype.forEach.call(select.options, function (opt) {
        if (!opt.value) return;
        opt.disabled = !allowed[opt.value];
        opt.hidden = opt.disabled;
      });
      if (select.value && !allowed[select.value]) select.value = "";
      if (!select.value) {
        var open = Array.prototype.filter.call(select.options, function (o) {
          return o.value && !o.disabled;
        });
        // One choice left: take it. Dice: most players roll the most they may.
        if (open.length === 1) select.value = open[0].value;
        else if (select.dataset.field === "dice" && open.length && upstreamChosen(form, i)) {
          select.value = open[open.length - 1].value;
        }
      }
    });
    var count = form.querySelector("input[data-count]");
    if (count) {
      var options = matching(form, selects.length);
      if (options.length) {
        var min = Math.min.apply(null, options.map(function (o) { return o.min_count; }));
        var max = Math.max.apply(null, options.map(function (o) { return o.max_count; }));
        count.min = min;
        count.max = max;
        var value = parseInt(count.value, 10);
        if (isNaN(value) || value < min || value > max) count.value = max;
        var hint = form.querySelector(".count-range");
        if (hint) hint.textContent = min === max ? "(" + min + ")" : "(" + min + "–" + max + ")";
      }
    }
  }

  // Ticked cards: show their coins (and the troops a trade-in gives, T-11).
  function cardTotal(picker) {
    var coins = 0, ticked = 0;
    picker.querySelectorAll("input[type=checkbox]:checked").forEach(function (box) {
      coins += parseInt(box.dataset.coins, 10) || 0;
      ticked++;
    });
    var chart = JSON.parse(picker.dataset.chart || "{}");
    var words = window.siteWords; // in the reader's language (words.js)
    var total = words.say("gameCardsAndCoins", {
      cards: words.count("gameCards", ticked),
      coins: words.count("gameCoins", coins)
    });
    if (picker.dataset.maxCoins && ticked) {
      total += " " + (chart[coins]
        ? words.say("gameTradeInTroops", { troops: chart[coins] })
        : words.say("gameTradeInRange", { min: picker.dataset.minCoins, max: picker.dataset.maxCoins }));
    }
    picker.querySelector(".card-total").textContent = total;
  }

  function initForms(root) {
    root.querySelectorAll("fieldset.card-picker").forEach(function (picker) {
      picker.addEventListener("change", function () { cardTotal(picker); });
    });
    root.querySelectorAll("form.move-form").forEach(function (form) {
      if (form._ready) return;
      form._ready = true;
      fieldsOf(form).forEach(function (select) {
        select.addEventListener("change", function () { narrow(form); });
      });
      narrow(form);
    });
    tapPlacesChoice(root);
    markSelectable(null);
  }

  function forms() {
    return Array.prototype.slice.call(document.querySelectorAll("form.move-form"));
  }

  function isBox(field) {
    return field.type === "checkbox" || field.type === "radio";
  }

  // What the person changed in each form, by the form's move type: [name, value, checked].
  function choices() {
    var found = {};
    forms().forEach(function (form) {
      var changed = [];
      form.querySelectorAll("select[name]:not([multiple]), input[name]").forEach(function (field) {
        if (isBox(field)) {
          if (field.checked !== field.defaultChecked) changed.push([field.name, field.value, field.checked]);
        } else if (field.tagName === "SELECT") {
          var first = Array.prototype.find.call(field.options, function (o) { return o.defaultSelected; })
            || field.options[0];
          if (field.value !== (first ? first.value : "")) changed.push([field.name, field.value]);
        } else if (field.type !== "hidden" && field.value !== field.defaultValue) {
          changed.push([field.name, field.value]);
        }
      });
      if (changed.length) found[form.dataset.type] = { fields: changed, active: form.classList.contains("is-active") };
    });
    return found;
  }

  function restore(found, origin) {
    forms().forEach(function (form) {
      var before = found[form.dataset.type];
      if (!before) return;
      before.fields.forEach(function (change) {
        form.querySelectorAll('[name="' + change[0] + '"]').forEach(function (field) {
          if (isBox(field)) {
            if (field.value === change[1] && !field.disabled) field.checked = change[2];
          } else if (field.tagName === "SELECT") {
            var open = Array.prototype.some.call(field.options, function (o) {
              return o.value === change[1] && !o.disabled;
            });
            if (open) field.value = change[1];
            if (open && field.dataset.field) narrow(form);
          } else {
            field.value = change[1];
          }
        });
      });
      narrow(form); // a count put back beyond what is now allowed is brought within it
      var picker = form.querySelector("fieldset.card-picker");
      if (picker) cardTotal(picker);
      if (before.active) form.classList.add("is-active");
    });
    var stillOrigin = origin && forms().some(function (form) {
      return optionsOf(form).some(function (o) { return o.origin === origin; });
    });
    pendingOrigin = stillOrigin ? origin : null;
    markSelectable(pendingOrigin);
  }

  function hasField(form, name) {
    return !!form.querySelector('select[data-field="' + name + '"]');
  }

  function choose(form, values) {
    fieldsOf(form).forEach(function (select) {
      if (values[select.dataset.field] !== undefined) {
        select.value = values[select.dataset.field];
        narrow(form);
      }
    });
    forms().forEach(function (f) { f.classList.remove("is-active"); });
    form.classList.add("is-active");
    var hint = document.getElementById("map-hint");
    if (hint) hint.textContent = window.siteWords.say("gameCheckForm");
    var focusable = form.querySelector("input[data-count]") || form.querySelector("button");
    if (focusable) focusable.focus({ preventScroll: true });
    form.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }

  function markSelectable(origin) {
    var svg = document.querySelector("#game-board svg");
    if (!svg) return;
    svg.querySelectorAll(".territory").forEach(function (g) {
      g.classList.remove("selected", "targetable");
    });
    if (!origin) return;
    var own = svg.querySelector('.territory[data-territory="' + origin + '"]');
    if (own) own.classList.add("selected");
    forms().forEach(function (form) {
      optionsOf(form).forEach(function (option) {
        if (option.origin === origin && option.target) {
          var g = svg.querySelector('.territory[data-territory="' + option.target + '"]');
          if (g) g.classList.add("targetable");
        }
      });
    });
  }

  // Placing troops (T-13): with its box ticked, a tap on the map places every troop left
  // there at once, through the form as a click on its button would; a take-back undoes it.
  var TAP_PLACES = "gameTapPlacesAll";

  function placeAll(form) {
    var box = form.querySelector("input[data-tap-places]");
    var count = form.querySelector("input[data-count]");
    if (!box || !box.checked || !count) return;
    count.value = count.max;
    form.requestSubmit();
  }

  document.addEventListener("change", function (event) {
    if (!event.target.matches || !event.target.matches("input[data-tap-places]")) return;
    try {
      localStorage.setItem(TAP_PLACES, event.target.checked ? "on" : "off");
    } catch (e) { /* storage blocked: the choice lasts until the panel is redrawn */ }
  });

  function tapPlacesChoice(root) {
    var off = false;
    try { off = localStorage.getItem(TAP_PLACES) === "off"; } catch (e) { off = false; }
    root.querySelectorAll("input[data-tap-places]").forEach(function (box) {
      box.checked = !off;
    });
  }

  // A click on the map starts the move that fits: a second click picks the target of a move
  // from the territory clicked first; otherwise a one-territory move, or a new origin.
  function onTerritory(key) {
    var all = forms();
    if (pendingOrigin) {
      var origin = pendingOrigin;
      for (var i = 0; i < all.length; i++) {
        var hit = optionsOf(all[i]).some(function (o) {
          return o.origin === origin && o.target === key;
        });
        if (hit) {
          pendingOrigin = null;
          markSelectable(null);
          choose(all[i], { origin: origin, target: key });
          return;
        }
      }
    }
    // One-territory moves: place, join the war, choose a start, or a scar card's target.
    for (var j = 0; j < all.length; j++) {
      var single = hasField(all[j], "territory") ? "territory"
        : (hasField(all[j], "target") && !hasField(all[j], "origin")) ? "target" : null;
      if (!single) continue;
      if (optionsOf(all[j]).some(function (o) { return o[single] === key; })) {
        var values = {};
        values[single] = key;
        pendingOrigin = null;
        markSelectable(null);
        choose(all[j], values);
        placeAll(all[j]);
        return;
      }
    }
    var fromHere = all.some(function (form) {
      return optionsOf(form).some(function (o) { return o.origin === key; });
    });
    pendingOrigin = fromHere ? key : null;
    markSelectable(pendingOrigin);
    var hint = document.getElementById("map-hint");
    if (hint) {
      hint.textContent = fromHere
        ? window.siteWords.say("gamePickTarget")
        : window.siteWords.say("gameNoMoveFromHere");
    }
  }

  document.addEventListener("click", function (event) {
    var g = event.target.closest && event.target.closest("#game-board .territory");
    if (g) onTerritory(g.dataset.territory);
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" && event.key !== " ") return;
    var g = event.target.closest && event.target.closest("#game-board .territory");
    if (g) {
      event.preventDefault();
      onTerritory(g.dataset.territory);
    }
  });

  // Time left in words: seconds for a decision's window, hours and days for a turn clock.
  function timeLeftWords(left) {
    var words = window.siteWords;
    if (left <= 0) return words.say("gameTimeIsUp");
    var days = Math.floor(left / 86400);
    var hours = Math.floor((left % 86400) / 3600);
    var minutes = Math.floor((left % 3600) / 60);
    if (days) return words.say("gameDaysLeft", { days: days, hours: hours });
    if (hours) return words.say("gameHoursLeft", { hours: hours, minutes: minutes });
    if (minutes) return words.say("gameMinutesLeft", { minutes: minutes, seconds: left % 60 });
    return words.say("gameSecondsLeft", { seconds: left });
  }

  // A deadline (a decision's or a turn's) counts down in words; the server takes the default
  // or plays the turn when it passes. The absolute time stays on the page without script.
  setInterval(function () {
    document.querySelectorAll(".deadline[data-deadline]").forEach(function (node) {
      var left = Math.round((Date.parse(node.dataset.deadline) - Date.now()) / 1000);
      var clock = node.querySelector(".deadline-left");
      if (!clock) {
        clock = document.createElement("strong");
        clock.className = "deadline-left";
        node.prepend(clock);
      }
      clock.textContent = timeLeftWords(left) + " ";
    });
  }, 500);
})();
