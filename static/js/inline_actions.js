// Inline actions (a form that opens in place under its button: correct a fact, re-summarise, ...).
// Opened by its button, the cursor goes into the form's first field, so that the next key types
// there; Escape or the form's Cancel folds it and puts the focus back on the button that opened it.
// Without JavaScript the button still opens and folds the form.
(function () {
  "use strict";

  var ACTION = "details.fact-action, details.memory-action";

  function firstField(form) {
    var fields = form.querySelectorAll("input, select, textarea, button");
    for (var i = 0; i < fields.length; i++) {
      var field = fields[i];
      if (field.type === "hidden" || field.disabled || field.readOnly) continue;
      if (field.type === "radio" && !field.checked && form.querySelector('input[type=radio][name="' + field.name + '"]:checked')) continue;
      return field;
    }
    return null;
  }

  // Opened from its button (a click, or Enter or Space on it), the action moves the cursor at once,
  // so that a key pressed straight after it lands in the form. One opened by a form error the server
  // sent back is handled by the field in error.
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("summary");
    var box = button && button.parentElement;
    if (!box || !box.matches(ACTION) || box.querySelector(":scope > summary") !== button) return;
    event.preventDefault();
    box.open = !box.open;
    var form = box.open && box.querySelector("form");
    var field = form && firstField(form);
    if (!field) return;
    field.focus({ preventScroll: true });
    field.scrollIntoView({ block: "nearest" });
    // A value to correct is usually typed again whole: the first key replaces it.
    if (field.tagName === "INPUT" && field.type === "text" && field.value) field.select();
  });

  function fold(box) {
    box.open = false;
    var button = box.querySelector(":scope > summary");
    if (button) button.focus();
  }

  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    var box = event.target.closest && event.target.closest(ACTION);
    if (!box || !box.open) return;
    event.preventDefault();
    fold(box);
  });

  document.addEventListener("click", function (event) {
    var cancel = event.target.closest && event.target.closest("[data-cancel]");
    var box = cancel && cancel.closest(ACTION);
    if (!box) return;
    event.preventDefault();
    fold(box);
  });
})();
