/* On narrow screens the site's navigation folds behind a Menu button; without scripts it stays
   open (the stylesheet folds it only when the page has the "js" class). */
(function () {
  "use strict";

  function setOpen(button, open) {
    button.setAttribute("aria-expanded", open ? "true" : "false");
    button.closest(".site-header").classList.toggle("menu-open", open);
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".menu-button");
    if (button) setOpen(button, button.getAttribute("aria-expanded") !== "true");
  });

  // Escape folds the open menu and gives the focus back to its button.
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    var button = document.querySelector('.menu-button[aria-expanded="true"]');
    if (button) {
      setOpen(button, false);
      button.focus();
    }
  });
})();
