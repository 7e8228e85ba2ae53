// Words selected in one turn fill a form with the turn, the character range and the exact text
// (the server checks all three against the turn). Used by the conversation page ("Pin missed
// words") and the labelling page.
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
    return true;
  }

  return { fill: fill };
})();
