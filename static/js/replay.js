/* Replay page of a digital game: the links and the slider already work without script (each
   loads the page at ?move=N). With it, a step is fetched alone (?part=step) and swapped in, the
   address follows (so a link to the move shown can be copied), the slider moves the board as it
   is dragged, and Play steps forward every second until the last move or Pause. */
(function () {
  "use strict";

  var STEP_MS = 1000;
  var timer = null;
  var asking = 0; // the newest fetch: a slow answer to an older one is dropped

  function root() {
    return document.getElementById("replay-step");
  }

  function address(move) {
    var node = root();
    var params = new URLSearchParams();
    if (move >= 0) params.set("move", String(move));
    if (node.dataset.seat) params.set("seat", node.dataset.seat);
    var query = params.toString();
    return node.dataset.url + (query ? "?" + query : "");
  }

  function show(move) {
    var node = root();
    var last = parseInt(node.dataset.last, 10);
    move = Math.max(-1, Math.min(move, last));
    var url = address(move);
    var mine = ++asking;
    var sep = url.indexOf("?") < 0 ? "?" : "&";
    return fetch(url + sep + "part=step", { credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.text();
      })
      .then(function (html) {
        if (mine !== asking) return;
        var playing = timer !== null;
        root().outerHTML = html;
        history.replaceState(null, "", url);
        wire(playing);
      })
      .catch(function () {
        stop();
        window.location.href = url; // the page itself says what went wrong
      });
  }

  function stop() {
    if (timer !== null) {
      window.clearInterval(timer);
      asking++; // a step Play asked for and not shown yet is dropped: paused, the board stays
    }
    timer = null;
    var button = root() && root().querySelector(".replay-play");
    if (button) button.textContent = button.dataset.play;
  }

  function play() {
    var button = root().querySelector(".replay-play");
    button.textContent = button.dataset.pause;
    timer = window.setInterval(function () {
      var node = root();
      var move = parseInt(node.dataset.move, 10);
      if (move >= parseInt(node.dataset.last, 10)) {
        stop();
        return;
      }
      show(move + 1);
    }, STEP_MS);
  }

  function wire(playing) {
    var node = root();
    if (!node) return;
    node.querySelectorAll("a[data-to]").forEach(function (link) {
      link.addEventListener("click", function (event) {
        event.preventDefault();
        stop();
        show(parseInt(link.dataset.to, 10));
      });
    });
    var slider = node.querySelector(".replay-slider");
    slider.addEventListener("change", function () {
      stop();
      show(parseInt(slider.value, 10));
    });
    var form = node.querySelector(".replay-jump");
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      stop();
      show(parseInt(slider.value, 10));
    });
    form.querySelector("button[type=submit]").hidden = true; // the slider moves by itself
    var button = node.querySelector(".replay-play");
    button.hidden = false;
    if (playing) button.textContent = button.dataset.pause;
    button.addEventListener("click", function () {
      if (timer !== null) stop();
      else play();
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    wire(false);
  });
})();
