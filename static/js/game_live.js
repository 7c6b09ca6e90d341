/* Digital game page, live: the server says over a websocket when the game's version changes,
   and only then does the page fetch its panel (one GET, for the seats this browser holds); a
   spectator's page is sent what changed with the news (territories, header, side column, new
   log lines: see campaign/panel_parts.py), or the whole panel when more changed; news of the
   game's chat is passed on to chat.js. Nothing is requested while nothing happens. While the
   socket is down the page says so, looks every 20 s instead, and reconnects with a growing
   wait. */
(function () {
  "use strict";

  var SLOW_POLL_MS = 20000;
  var FIRST_RETRY_MS = 1000;
  var LONGEST_RETRY_MS = 60000;
  var note = null;
  var announced = 0; // the newest version the server told of
  var failures = 0;
  var slowPoll = null;
  var askedAtTimeUp = {}; // deadline -> true once the page asked for the default to be taken

  function panel() {
    return document.getElementById("game-panel");
  }

  function shown() {
    var node = panel();
    return node ? parseInt(node.dataset.version, 10) || 0 : 0;
  }

  // The panel's hx-get answers 204 while nothing changed, else the fresh panel. A finished
  // game's panel has no hx-get: there is nothing left to fetch.
  function refresh() {
    var node = panel();
    if (node && node.hasAttribute("hx-get") && window.htmx) window.htmx.trigger(node, "game-changed");
  }

  function catchUp() {
    if (announced > shown()) refresh();
  }

  // The changes from the version this page shows to the next: each part replaced (by id), the
  // log's new lines put first and its oldest taken away, the panel's own attributes (its
  // version, and the fetch's address that names it) set. False, with nothing changed, when the
  // page shows another version or lacks a part: it then fetches the whole panel.
  function applyChanges(message) {
    var node = panel();
    var lines = document.getElementById("game-log-lines");
    var keys = Object.keys(message.parts);
    if (!node || message.source !== shown()) return false;
    if ((message.log.add || message.log.drop) && !lines) return false;
    if (!keys.every(function (key) { return document.getElementById(key); })) return false;
    keys.forEach(function (key) { document.getElementById(key).outerHTML = message.parts[key]; });
    if (lines) {
      for (var n = 0; n < message.log.drop && lines.lastElementChild; n++) {
        lines.removeChild(lines.lastElementChild);
      }
      lines.insertAdjacentHTML("afterbegin", message.log.add);
    }
    var holder = document.createElement("template");
    holder.innerHTML = message.root + "</div>";
    var root = holder.content.firstElementChild;
    Array.prototype.slice.call(node.attributes).forEach(function (attribute) {
      if (!root.hasAttribute(attribute.name)) node.removeAttribute(attribute.name);
    });
    Array.prototype.forEach.call(root.attributes, function (attribute) {
      node.setAttribute(attribute.name, attribute.value);
    });
    if (window.htmx) window.htmx.process(node); // the fetch's address changed with the version
    return true;
  }

  function setLive(on) {
    note.hidden = on;
    note.dataset.state = on ? "live" : "slow";
    if (on && slowPoll) {
      clearInterval(slowPoll);
      slowPoll = null;
    } else if (!on && !slowPoll) {
      slowPoll = setInterval(refresh, SLOW_POLL_MS);
    }
  }

  function connect() {
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    var socket;
    try {
      socket = new WebSocket(scheme + window.location.host + note.dataset.socket);
    } catch (error) {
      lost();
      return;
    }
    socket.onopen = function () {
      // Back after a loss: the chat may have moved on meanwhile.
      if (failures) document.dispatchEvent(new CustomEvent("chat-changed"));
      failures = 0;
      setLive(true);
    };
    socket.onmessage = function (event) {
      var message = JSON.parse(event.data);
      // The game's chat changed: chat.js fetches its messages.
      if (message.chat !== undefined) {
        document.dispatchEvent(new CustomEvent("chat-changed"));
        return;
      }
      // A waiting game's seats changed, or its play began: fetch the panel anew.
      if (message.seats) return refresh();
      if (typeof message.version !== "number") return;
      announced = Math.max(announced, message.version);
      // A spectator's page is sent what changed, or the panel itself: nothing to fetch.
      if (message.parts && message.version > shown()) {
        var applied = false;
        try {
          applied = applyChanges(message);
        } catch (error) {
          applied = false; // the fetch below brings the whole panel, whatever was changed
        }
        if (!applied) refresh();
      } else if (message.panel && message.version > shown() && panel() && window.htmx) {
        window.htmx.swap(panel(), message.panel, { swapStyle: "outerHTML" });
      } else {
        catchUp();
      }
    };
    socket.onclose = lost;
  }

  // 1 s, 2 s, 4 s ... up to a minute, spread a little so pages do not all return at once.
  function lost() {
    setLive(false);
    var wait = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * Math.pow(2, failures++));
    setTimeout(connect, wait * (0.75 + Math.random() / 2));
  }

  // A move's own answer, or a fetch that came back while newer news arrived, may leave the
  // page behind what the socket said: fetch again.
  document.addEventListener("htmx:afterSwap", catchUp);

  // A decision's or a turn's deadline passed: one fetch, which takes the default (or plays the
  // turn) if nobody has yet (the embedded default has no worker that waits for the deadline).
  setInterval(function () {
    document.querySelectorAll(".deadline[data-deadline]").forEach(function (node) {
      var deadline = node.dataset.deadline;
      if (askedAtTimeUp[deadline] || Date.parse(deadline) + 1000 > Date.now()) return;
      askedAtTimeUp[deadline] = true;
      refresh();
    });
  }, 1000);

  document.addEventListener("DOMContentLoaded", function () {
    note = document.getElementById("game-live");
    if (!note) return; // a finished game: nothing will change
    if (!window.WebSocket) {
      setLive(false);
      return;
    }
    connect();
  });
})();
