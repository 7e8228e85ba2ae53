// The conversation list: "/" puts the cursor in the search box, as on the conversation page,
// unless the person is already typing somewhere.
(function () {
  "use strict";
  document.addEventListener("keydown", function (event) {
    var el = event.target;
    if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
    if (el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName))) return;
    var search = document.getElementById("search-q");
    if (!search) return;
    event.preventDefault();
    search.focus();
    search.select();
  });
})();
