/* The count of what waits for the reader, in the site's menu, kept current over a socket while
   the page is open; without scripts or sockets the count shown when the page loaded stays. */
(function () {
  "use strict";

  var link = document.getElementById("notices-link");
  if (!link || !window.WebSocket) return;
  var count = link.querySelector(".notices-count");
  var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
  var wait = 1000;

  function show(n) {
    count.textContent = String(n);
    count.hidden = n === 0;
  }

  function connect() {
    var socket = new WebSocket(scheme + window.location.host + link.dataset.socket);
    socket.onopen = function () {
      wait = 1000;
      link.dataset.live = "1";
    };
    socket.onmessage = function (event) {
      var data = JSON.parse(event.data);
      if (typeof data.notices === "number") show(data.notices);
    };
    socket.onclose = function () {
      delete link.dataset.live;
      wait = Math.min(wait * 2, 60000);
      window.setTimeout(connect, wait);
    };
  }
  connect();
})();
