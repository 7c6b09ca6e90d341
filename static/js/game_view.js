/* How the viewer looks at the game page: the map's zoom and pan (buttons, Ctrl+scroll or a
   trackpad pinch, two-finger pinch, drag when zoomed in) and whether the log is folded. The
   panel is replaced whenever anyone moves, so both live here and are laid on each new panel.
   Zoom narrows the SVG's viewBox: the map keeps its place in the page, only its picture grows. */
(function () {
  "use strict";

  var MAX_SCALE = 6;
  var STEP = 1.6;
  var DRAG_START_PX = 6;

  var view = null; // {x, y, w, h} in map units while zoomed in; null shows the whole map
  var logOpen = null; // null: as the page renders it

  function svgOf(frame) {
    return frame && frame.querySelector("svg");
  }

  function fullBox(svg) {
    if (!svg.dataset.fullBox) svg.dataset.fullBox = svg.getAttribute("viewBox");
    var n = svg.dataset.fullBox.split(/[\s,]+/).map(Number);
    return { x: n[0], y: n[1], w: n[2], h: n[3] };
  }

  function current(svg) {
    return view || fullBox(svg);
  }

  // Keep the view inside the board and between the whole map and MAX_SCALE.
  function clamp(svg, box) {
    var full = fullBox(svg);
    var w = Math.min(full.w, Math.max(full.w / MAX_SCALE, box.w));
    var h = w * full.h / full.w;
    var x = Math.min(full.x + full.w - w, Math.max(full.x, box.x));
    var y = Math.min(full.y + full.h - h, Math.max(full.y, box.y));
    return w >= full.w - 0.01 ? null : { x: x, y: y, w: w, h: h };
  }

  function apply(frame) {
    var svg = svgOf(frame);
    if (!svg) return;
    var full = fullBox(svg); // read before the first change of a freshly drawn map
    var box = view || full;
    svg.setAttribute("viewBox", [box.x, box.y, box.w, box.h].join(" "));
    frame.classList.toggle("is-zoomed", !!view);
    var scale = full.w / box.w;
    frame.dataset.scale = scale.toFixed(2);
    var tools = frame.parentNode.querySelector(".map-zoom-buttons");
    if (tools) {
      tools.querySelector('[data-zoom="in"]').disabled = scale >= MAX_SCALE - 0.01;
      tools.querySelector('[data-zoom="out"]').disabled = !view;
      tools.querySelector('[data-zoom="fit"]').disabled = !view;
    }
  }

  // Map units under a point of the screen.
  function toMap(svg, clientX, clientY) {
    var rect = svg.getBoundingClientRect();
    var box = current(svg);
    return {
      x: box.x + (clientX - rect.left) / rect.width * box.w,
      y: box.y + (clientY - rect.top) / rect.height * box.h
    };
  }

  // Zoom by `factor` keeping the map point `at` (default: the middle) where it is on screen.
  function zoom(frame, factor, at) {
    var svg = svgOf(frame);
    if (!svg) return;
    var box = current(svg);
    var point = at || { x: box.x + box.w / 2, y: box.y + box.h / 2 };
    var w = box.w / factor;
    var h = box.h / factor;
    view = clamp(svg, {
      x: point.x - (point.x - box.x) / box.w * w,
      y: point.y - (point.y - box.y) / box.h * h,
      w: w,
      h: h
    });
    apply(frame);
  }

  function pan(frame, dxPx, dyPx) {
    var svg = svgOf(frame);
    if (!svg || !view) return;
    var rect = svg.getBoundingClientRect();
    view = clamp(svg, {
      x: view.x - dxPx / rect.width * view.w,
      y: view.y - dyPx / rect.height * view.h,
      w: view.w,
      h: view.h
    });
    apply(frame);
  }

  function layOn(root) {
    root.querySelectorAll(".map-zoom").forEach(apply);
    var log = root.querySelector ? root.querySelector("#game-log") : null;
    if (log && logOpen !== null) log.open = logOpen;
  }

  document.addEventListener("DOMContentLoaded", function () { layOn(document); });
  document.addEventListener("htmx:afterSwap", function () { layOn(document); });

  document.addEventListener("toggle", function (event) {
    if (event.target.id === "game-log") logOpen = event.target.open;
  }, true);

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-zoom]");
    if (!button) return;
    var frame = button.closest(".game-board").querySelector(".map-zoom");
    var kind = button.dataset.zoom;
    if (kind === "fit") {
      view = null;
      apply(frame);
    } else {
      zoom(frame, kind === "in" ? STEP : 1 / STEP);
    }
  });

  // Ctrl+scroll, and a trackpad's pinch (which the browser sends as Ctrl+wheel).
  document.addEventListener("wheel", function (event) {
    var frame = event.target.closest && event.target.closest(".map-zoom");
    if (!frame || !event.ctrlKey) return;
    event.preventDefault();
    var svg = svgOf(frame);
    zoom(frame, Math.exp(-event.deltaY / 200), toMap(svg, event.clientX, event.clientY));
  }, { passive: false });

  // Pointers on the map: one drags the zoomed map, two pinch. A drag must not also click the
  // territory under the finger, so the click that ends it is swallowed.
  var pointers = {};
  var dragged = false;
  var pinchFrom = null;

  function distance() {
    var ids = Object.keys(pointers);
    var a = pointers[ids[0]], b = pointers[ids[1]];
    return Math.hypot(a.x - b.x, a.y - b.y);
  }

  document.addEventListener("pointerdown", function (event) {
    var frame = event.target.closest && event.target.closest(".map-zoom");
    if (!frame || event.button !== 0) return;
    pointers[event.pointerId] = { x: event.clientX, y: event.clientY, frame: frame };
    dragged = false;
    pinchFrom = Object.keys(pointers).length === 2 ? distance() : null;
  });

  document.addEventListener("pointermove", function (event) {
    var p = pointers[event.pointerId];
    if (!p) return;
    var frame = document.querySelector(".map-zoom"); // the panel may have been replaced
    var ids = Object.keys(pointers);
    if (ids.length === 2 && pinchFrom) {
      var before = pinchFrom;
      p.x = event.clientX;
      p.y = event.clientY;
      pinchFrom = distance();
      var a = pointers[ids[0]], b = pointers[ids[1]];
      var svg = svgOf(frame);
      if (svg && before > 0) zoom(frame, pinchFrom / before, toMap(svg, (a.x + b.x) / 2, (a.y + b.y) / 2));
      dragged = true;
      return;
    }
    var dx = event.clientX - p.x, dy = event.clientY - p.y;
    if (!dragged && Math.hypot(dx, dy) < DRAG_START_PX) return;
    if (!view) return; // the whole map shows: nothing to drag, let the page scroll
    dragged = true;
    p.x = event.clientX;
    p.y = event.clientY;
    pan(frame, dx, dy);
  });

  function release(event) {
    delete pointers[event.pointerId];
    if (Object.keys(pointers).length < 2) pinchFrom = null;
  }
  document.addEventListener("pointerup", release);
  document.addEventListener("pointercancel", release);

  window.addEventListener("click", function (event) {
    if (!dragged) return;
    if (event.target.closest && event.target.closest(".map-zoom")) {
      event.stopPropagation();
      event.preventDefault();
    }
    dragged = false;
  }, true);
})();
