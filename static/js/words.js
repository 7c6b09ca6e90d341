/* The words the scripts put on the page, in the reader's language: base.html renders them as
   a JSON block (accounts/templatetags/script_words.py). `siteWords.say(key, {name: value})`
   fills the "%(name)s" places; `siteWords.count(key, n, values)` takes the form for n. */
(function () {
  "use strict";

  var words = null;

  function all() {
    if (!words) {
      var node = document.getElementById("script-words");
      words = node ? JSON.parse(node.textContent) : {};
    }
    return words;
  }

  function fill(text, values) {
    return String(text).replace(/%\((\w+)\)s/g, function (whole, name) {
      return values && Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole;
    });
  }

  window.siteWords = {
    say: function (key, values) {
      var text = all()[key];
      return typeof text === "string" ? fill(text, values) : key;
    },
    count: function (key, n, values) {
      var forms = all()[key] || {};
      var text = n === 1 ? forms.one : forms.other;
      if (typeof text !== "string") return key;
      var filled = { count: n };
      for (var name in values || {}) filled[name] = values[name];
      return fill(text, filled);
    }
  };
})();
