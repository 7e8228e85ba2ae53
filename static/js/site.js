// Every page: say so when a part of the page could not be loaded or an action was not done,
// instead of leaving the page as it was. A form error (422) or a stale form (409) is shown in
// place by the page itself; this covers refusals (403), missing things (404), a database out
// of reach (503), server errors and a server that cannot be reached. A session that has ended
// sends the whole page to the sign-in form, not the form into a corner of the page.
// A live region of the page says the text: emptied first, so that the same words said twice are heard twice.
window.memadminAnnounce = function (regionId, text) {
  var region = document.getElementById(regionId);
  if (!region || !text) return;
  region.textContent = "";
  window.setTimeout(function () { region.textContent = text; }, 50);
};

(function () {
  "use strict";

  function banner(text) {
    var box = document.getElementById("request-problem");
    if (!box) return;
    box.querySelector("[data-message]").textContent = text;
    box.hidden = false;
    box.focus();
  }

  // The first paragraph of the error page the server sent, which says what happened.
  function serverWords(xhr) {
    var type = xhr.getResponseHeader("Content-Type") || "";
    if (type.indexOf("text/html") !== 0 || !xhr.responseText) return "";
    var doc = new DOMParser().parseFromString(xhr.responseText, "text/html");
    var said = doc.querySelector(".refused p");
    return said ? said.textContent.trim() : "";
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    var xhr = event.detail.xhr;
    if (xhr.responseURL && new URL(xhr.responseURL).pathname === "/login/") {
      event.detail.shouldSwap = false;
      window.location.assign("/login/?next=" + encodeURIComponent(location.pathname + location.search));
    }
  });

  document.addEventListener("htmx:responseError", function (event) {
    var xhr = event.detail.xhr;
    var said = serverWords(xhr);
    var what;
    if (xhr.status === 403) {
      // Without the dashboard's own refusal (which names the role), it is the form's security
      // check: the page is older than the sign-in it was made under.
      what = said ? said + " Nothing was changed." :
        "The server refused this form, so nothing was changed. Reload the page (signing in again if asked) and try again.";
    } else if (xhr.status === 404) {
      what = (said || "It is no longer there.") + " Reload the page to see what is there now.";
    } else if (xhr.status === 503) {
      what = "The database is out of reach, so nothing was changed. Try again in a few seconds.";
    } else if (xhr.status === 429) {
      what = "Too many requests at once. Wait a moment, then try again.";
    } else {
      what = "The server failed to answer (" + xhr.status + "). Reload the page and try again; if it " +
        "happens again, tell an administrator the time (" + new Date().toISOString().slice(11, 19) + " UTC).";
    }
    banner(what);
  });

  // A form sent back with a problem (422): it shows, and the cursor goes to the first field in
  // error, whose description (aria-describedby) says what to fix, instead of being lost with the
  // old form.
  document.addEventListener("htmx:afterSettle", function (event) {
    var swapped = event.detail.elt;
    if (!swapped || !swapped.querySelector || !document.contains(swapped)) return;
    var field = swapped.matches('[aria-invalid="true"]') ? swapped : swapped.querySelector('[aria-invalid="true"]');
    if (!field) return;
    // Its form came back open, but the browser folds a disclosure inserted while another of its
    // group (the old form, not yet removed) is open: open it again, now that it is the only one.
    for (var box = field.closest("details"); box; box = box.parentElement.closest("details")) box.open = true;
    field.focus({ preventScroll: true });
    field.scrollIntoView({ block: "nearest" });
  });

  // A link in a list of what to fix puts the cursor in its field, not only the page at it.
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest(".error-summary a[href^='#'], .action-error a[href^='#']");
    var field = link && document.getElementById(link.getAttribute("href").slice(1));
    if (!field) return;
    event.preventDefault();
    field.focus({ preventScroll: true });
    field.scrollIntoView({ block: "center" });
  });

  document.addEventListener("htmx:sendError", function () {
    banner("The server could not be reached, so nothing was sent. Check the connection and try again.");
  });

  document.addEventListener("click", function (event) {
    if (event.target.closest("#request-problem [data-dismiss]")) {
      document.getElementById("request-problem").hidden = true;
    }
  });
})();
