// Words selected in one turn fill a form with the turn, the character range and the exact text
// (the server checks all three against the turn). Used by the conversation page ("Pin missed
// words") and the labelling page. Without a mouse, the turn and the words are typed instead, and
// the characters are found where the turn, as the page shows it, says them.
window.memadminSelection = (function () {
  "use strict";

  function offsetIn(container, node, offset) {
    var range = document.createRange();
    range.selectNodeContents(container);
    range.setEnd(node, offset);
    return range.toString().length;
  }

  function contentOf(node) {
    var element = node.nodeType === 1 ? node : node.parentElement;
    return element ? element.closest(".turn .content") : null;
  }

  // Fill form's source_seq, span_start, span_end and value from the selection; true if it did.
  function fill(form) {
    var selection = window.getSelection();
    if (!form || !selection || selection.isCollapsed || !selection.rangeCount) return false;
    var range = selection.getRangeAt(0);
    var content = contentOf(range.startContainer);
    if (!content || content !== contentOf(range.endContainer)) return false;
    var text = range.toString();
    var start = offsetIn(content, range.startContainer, range.startOffset);
    var lead = text.length - text.replace(/^\s+/, "").length;
    var value = text.trim();
    if (!value) return false;
    form.elements.source_seq.value = content.closest(".turn").dataset.seq;
    form.elements.span_start.value = start + lead;
    form.elements.span_end.value = start + lead + value.length;
    form.elements.value.value = value;
    say(form, "");
    return true;
  }

  function say(form, text) {
    var status = form.querySelector("[data-located]");
    if (status) status.textContent = text;
  }

  // Typed instead of selected: find the words in the turn named and fill the characters; say what
  // was found, or why nothing was. True if it found them.
  function locate(form) {
    if (!form) return false;
    var seq = form.elements.source_seq.value.trim();
    var value = form.elements.value.value.trim();
    if (!seq || !value) {
      say(form, "");
      return false;
    }
    var turn = document.getElementById("turn-" + seq);
    var content = turn && turn.querySelector(".content");
    if (!content) {
      say(form, "Turn " + seq + " is not on this page: open it, or give the characters.");
      return false;
    }
    var start = content.textContent.indexOf(value);
    if (start < 0) {
      say(form, "Turn " + seq + " does not say “" + value + "”: type the words as the turn has them.");
      return false;
    }
    form.elements.span_start.value = start;
    form.elements.span_end.value = start + value.length;
    var again = content.textContent.indexOf(value, start + 1) >= 0 ? " (the first of several)" : "";
    say(form, "Found in turn " + seq + ", characters " + start + "–" + (start + value.length) + again + ".");
    return true;
  }

  // Whenever the turn or the words are typed, the characters follow.
  document.addEventListener("input", function (event) {
    var field = event.target;
    if (!field.form || !field.form.querySelector("[data-located]")) return;
    if (field.name === "source_seq" || field.name === "value") locate(field.form);
  });

  return { fill: fill, locate: locate };
})();
