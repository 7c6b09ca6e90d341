// The log form's reward targets: htmx fetches a reward's legal targets again whenever the
// reward changes. A territory picked meanwhile (the answer takes a moment) stays picked once
// the new list arrives, as long as the list holds it.
(function () {
  "use strict";

  function isTargetList(element) {
    return element && element.tagName === "SELECT" && /_target$/.test(element.name || "");
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    var list = event.detail.target;
    if (isTargetList(list)) list.dataset.picked = list.value;
  });

  document.addEventListener("htmx:afterSwap", function (event) {
    var list = event.detail.target;
    if (!isTargetList(list)) return;
    var picked = list.dataset.picked;
    delete list.dataset.picked;
    if (!picked) return;
    for (var i = 0; i < list.options.length; i += 1) {
      if (list.options[i].value === picked) {
        list.value = picked;
        return;
      }
    }
  });
})();
