/* The lobby's form: only the chosen rule set's options are shown (without script, every rule
   set's options show, each under its name, and only the chosen one's are read). */
(function () {
  "use strict";

  document.addEventListener("DOMContentLoaded", function () {
    var select = document.getElementById("id_rule_set");
    if (!select) return;
    function show() {
      document.querySelectorAll(".lobby-options[data-rule-set]").forEach(function (fieldset) {
        fieldset.hidden = fieldset.dataset.ruleSet !== select.value;
      });
    }
    select.addEventListener("change", show);
    show();
  });
})();
