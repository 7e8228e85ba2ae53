// The labelling page: words selected in a turn fill the label form (selection.js). Without
// JavaScript the form can be filled by hand.
(function () {
  "use strict";

  document.addEventListener("mouseup", function () {
    var form = document.getElementById("label-form");
    if (window.memadminSelection.fill(form)) form.elements.key.focus({ preventScroll: true });
  });

  document.addEventListener("DOMContentLoaded", function () {
    var target = document.querySelector(".turn.is-target");
    if (target && !window.location.hash) target.scrollIntoView({ block: "center" });
  });
})();
