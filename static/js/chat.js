/* The chat beside a game or on a campaign. Without this script its forms post and lead back
   to the page. With it, they are sent in the background and answered with the fresh messages
   (a refusal shown among them, the typed text kept); the messages are fetched again whenever
   the server says the chat changed: over the campaign page's own socket, or the game page's
   (game_live.js passes its news on as a "chat-changed" event). The server renders every
   message escaped: the answer replaces the list as it is. */
(function () {
  "use strict";

  var FRAGMENT = { "X-Chat-Fragment": "1" };
  var FIRST_RETRY_MS = 1000;
  var LONGEST_RETRY_MS = 60000;
  var failures = 0;

  function section() {
    return document.getElementById("chat");
  }

  function list() {
    return document.getElementById("chat-messages");
  }

  function show(html) {
    var old = list();
    if (!old) return;
    old.outerHTML = html;
    var fresh = list();
    var items = fresh && fresh.querySelector(".chat-list");
    if (items) items.scrollTop = items.scrollHeight;
  }

  function refresh() {
    var node = list();
    if (!node) return;
    fetch(node.dataset.url, { credentials: "same-origin", headers: FRAGMENT })
      .then(function (response) {
        return response.ok ? response.text() : null;
      })
      .then(function (html) {
        if (html) show(html);
      })
      .catch(function () {});
  }

  function send(form) {
    var button = form.querySelector("button[type=submit]");
    if (button) button.disabled = true;
    fetch(form.action, {
      method: "POST",
      body: new FormData(form),
      credentials: "same-origin",
      headers: FRAGMENT,
    })
      .then(function (response) {
        return response.text().then(function (html) {
          show(html);
          if (response.ok && form.classList.contains("chat-form")) form.reset();
        });
      })
      .catch(function () {
        form.submit(); // the background send failed: send it the plain way
      })
      .then(function () {
        if (button) button.disabled = false;
      });
  }

  function listen(path) {
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    var socket;
    try {
      socket = new WebSocket(scheme + window.location.host + path);
    } catch (error) {
      return;
    }
    socket.onopen = function () {
      failures = 0;
    };
    socket.onmessage = function (event) {
      if (JSON.parse(event.data).chat !== undefined) refresh();
    };
    socket.onclose = function () {
      var wait = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * Math.pow(2, failures++));
      setTimeout(function () {
        refresh(); // what was said while the socket was down
        listen(path);
      }, wait * (0.75 + Math.random() / 2));
    };
  }

  document.addEventListener("chat-changed", refresh);

  document.addEventListener("DOMContentLoaded", function () {
    var chat = section();
    if (!chat || !window.fetch || !window.FormData) return;
    chat.addEventListener("submit", function (event) {
      if (!event.target.closest(".chat-form, .chat-remove")) return;
      event.preventDefault();
      send(event.target);
    });
    chat.addEventListener("keydown", function (event) {
      // Enter sends, Shift+Enter starts a new line.
      if (event.key === "Enter" && !event.shiftKey && event.target.id === "chat-text") {
        event.preventDefault();
        if (event.target.form.reportValidity()) send(event.target.form);
      }
    });
    var items = chat.querySelector(".chat-list");
    if (items) items.scrollTop = items.scrollHeight;
    if (chat.dataset.socket && window.WebSocket) listen(chat.dataset.socket);
  });
})();
