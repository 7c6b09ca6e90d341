// "Copy the link" buttons: shown only where the browser can copy; without script the link
// stays selectable by hand. The words of the answers come with the button (data-copied,
// data-copy-failed), in the reader's language.
(function () {
  if (!navigator.clipboard) return;
  document.querySelectorAll("button[data-copy]").forEach(function (button) {
    var source = document.getElementById(button.dataset.copy);
    if (!source) return;
    var label = button.textContent;
    button.hidden = false;
    button.addEventListener("click", function () {
      navigator.clipboard.writeText(source.textContent.trim()).then(
        function () { button.textContent = button.dataset.copied || "Copied"; },
        function () {
          button.textContent = button.dataset.copyFailed || "Select the link to copy it";
        }
      );
      setTimeout(function () { button.textContent = label; }, 2500);
    });
  });
})();
