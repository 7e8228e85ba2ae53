// The labelling page: words selected in a turn fill the label form with the turn, the character
// range and the exact text (the server checks all three against the turn). Without JavaScript the
// form can be filled by hand.
(function () {
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

  document.addEventListener("mouseup", function () {
    var form = document.getElementById("label-form");
    var selection = window.getSelection();
    if (!form || !selection || selection.isCollapsed || !selection.rangeCount) return;
    var range = selection.getRangeAt(0);
    var content = contentOf(range.startContainer);
    if (!content || content !== contentOf(range.endContainer)) return;
    var text = range.toString();
    var start = offsetIn(content, range.startContainer, range.startOffset);
    var lead = text.length - text.replace(/^\s+/, "").length;
    var value = text.trim();
    if (!value) return;
    form.elements.source_seq.value = content.closest(".turn").dataset.seq;
    form.elements.span_start.value = start + lead;
    form.elements.span_end.value = start + lead + value.length;
    form.elements.value.value = value;
    form.elements.key.focus({ preventScroll: true });
  });

  document.addEventListener("DOMContentLoaded", function () {
    var target = document.querySelector(".turn.is-target");
    if (target && !window.location.hash) target.scrollIntoView({ block: "center" });
  });
})();
