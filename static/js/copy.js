// "Copy the link" buttons: shown only where the browser can copy; without script the link
// stays selectable by hand.
(function () {
  if (!navigator.clipboard) return;
  document.querySelectorAll("button[data-copy]").forEach(function (button) {
    var source = document.getElementById(button.dataset.copy);
    if (!source) return;
    var label = button.textContent;
    button.hidden = false;
    button.addEventListener("click", function () {
      navigator.clipboard.writeText(source.textContent.trim()).then(
        function () { button.textContent = "Copied"; },
        function () { button.textContent = "Select the link to copy it"; }
      );
      setTimeout(function () { button.textContent = label; }, 2500);
    });
  });
})();
