// The labelling page: words selected in a turn fill the label form (selection.js). Without
// JavaScript the form can be filled by hand. In one column (a phone) a bar at the foot of the
// screen shows the words and jumps to the form, then back to the turn they came from.
(function () {
  "use strict";

  function showSelected(form) {
    var words = document.getElementById("label-bar-words");
    var back = document.getElementById("label-bar-back");
    if (!words || !form) return;
    var seq = form.elements.source_seq.value;
    words.textContent = "";
    var quote = document.createElement("q");
    quote.textContent = form.elements.value.value;
    words.append("Turn " + seq + ": ", quote);
    back.href = "#turn-" + seq;
    back.textContent = "↑ turn " + seq;
    back.hidden = false;
  }

  function fillFromSelection() {
    var form = document.getElementById("label-form");
    if (!window.memadminSelection.fill(form)) return false;
    showSelected(form);
    return true;
  }

  // The cursor goes to the first field still to fill: the type until one is chosen, then the key.
  document.addEventListener("mouseup", function () {
    if (!fillFromSelection()) return;
    var fields = document.getElementById("label-form").elements;
    (fields.type.value ? fields.key : fields.type).focus({ preventScroll: true });
  });
  // A touch screen selects with handles and no mouseup: follow the selection as it changes.
  document.addEventListener("selectionchange", fillFromSelection);

  // A label added (or refused) redraws the form: the bar forgets the words, keeps the way back.
  document.addEventListener("htmx:afterSwap", function (event) {
    var words = document.getElementById("label-bar-words");
    var form = document.getElementById("label-form");
    if (words && event.detail.target.id === "labels-panel" && form && !form.elements.value.value) {
      words.textContent = "Select the words of a fact in a turn.";
    }
  });

  // What a label or question action did is said, and the keyboard is never left on the page: after
  // a label, the cursor is back in the form's first field for the next one; where the button
  // pressed is gone (a label removed), it goes to what was done.
  function announce(text) {
    window.memadminAnnounce("label-announcer", text);
  }

  var sentBy = null;  // the form whose request the panel now answers
  // Pressing the mouse in the page starts a new gesture (selecting the next words, most often): an
  // answer that arrives after it leaves the focus alone, since moving it into the form would undo
  // the selection under the person's mouse.
  var gestures = 0;
  var gesturesAtRequest = 0;
  document.addEventListener("mousedown", function () { gestures += 1; });
  document.addEventListener("htmx:beforeRequest", function (event) {
    sentBy = event.detail.elt;
    gesturesAtRequest = gestures;
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    var panel = event.detail.elt;
    if (!panel || (panel.id !== "labels-panel" && panel.id !== "queries-panel")) return;
    var said = panel.querySelector(".action-done, .action-error");
    if (!said) return;
    announce(said.textContent.replace(/\s+/g, " ").trim());
    if (gestures !== gesturesAtRequest) return;
    var focused = document.activeElement;
    var form = document.getElementById("label-form");
    if (said.classList.contains("action-done") && form && sentBy && sentBy.id === "label-form") {
      form.elements.source_seq.focus();
    } else if (!focused || focused === document.body || !document.contains(focused)) {
      said.focus();
    }
  });

  document.addEventListener("DOMContentLoaded", function () {
    var target = document.querySelector(".turn.is-target");
    if (target && !window.location.hash) target.scrollIntoView({ block: "center" });
  });
})();
