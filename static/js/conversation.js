// The conversation page: tabs, scrolling to the turn a link asked for, and the keyboard.
// Everything here is a convenience: every link and form also works without it.
(function () {
  "use strict";

  var pendingScroll = false;
  var gotoDigits = null;
  var gotoBox = null;

  function turns() {
    return Array.prototype.slice.call(document.querySelectorAll("#transcript .turn"));
  }

  function showTurn(turn) {
    if (!turn) return;
    turns().forEach(function (t) { t.classList.remove("is-current"); });
    turn.classList.add("is-current");
    turn.focus({ preventScroll: true });
    turn.scrollIntoView({ block: "nearest" });
  }

  function scrollToTarget() {
    var target = document.querySelector("#transcript .turn.is-target") || document.querySelector("#transcript mark");
    if (!target) return;
    var turn = target.closest(".turn") || target;
    turn.scrollIntoView({ block: "center" });
    turn.focus({ preventScroll: true });
  }

  function selectTab(name, focusPanel) {
    var tab = document.getElementById("tab-" + name);
    if (!tab) return null;
    document.querySelectorAll(".tabs [role=tab]").forEach(function (t) {
      var selected = t === tab;
      t.setAttribute("aria-selected", selected ? "true" : "false");
      var panel = document.getElementById(t.getAttribute("aria-controls"));
      if (panel) panel.hidden = !selected;
    });
    var url = new URL(window.location.href);
    url.searchParams.set("tab", name);
    window.history.replaceState(window.history.state, "", url);
    var panel = document.getElementById("panel-" + name);
    if (focusPanel && panel) panel.scrollTop = 0;
    return panel;
  }

  function jumpTo(seq) {
    var turn = document.getElementById("turn-" + seq);
    if (turn) {
      showTurn(turn);
      turn.scrollIntoView({ block: "center" });
      return;
    }
    var form = document.querySelector("#transcript form.jump");
    if (!form) return;
    form.querySelector("input[name=jump]").value = seq;
    form.requestSubmit();
  }

  function setGotoBox(text) {
    if (text === null) {
      if (gotoBox) gotoBox.remove();
      gotoBox = null;
      return;
    }
    if (!gotoBox) {
      gotoBox = document.createElement("div");
      gotoBox.className = "goto";
      gotoBox.setAttribute("role", "status");
      document.body.appendChild(gotoBox);
    }
    gotoBox.textContent = "Go to turn " + text + "▌  (Enter to go, Esc to cancel)";
  }

  function typing(event) {
    var el = event.target;
    return el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || typing(event)) return;
    if (gotoDigits !== null) {
      if (/^[0-9]$/.test(event.key)) {
        gotoDigits += event.key;
        setGotoBox(gotoDigits);
      } else if (event.key === "Backspace") {
        gotoDigits = gotoDigits.slice(0, -1);
        setGotoBox(gotoDigits);
      } else {
        if (event.key === "Enter" && gotoDigits) jumpTo(parseInt(gotoDigits, 10));
        gotoDigits = null;
        setGotoBox(null);
      }
      event.preventDefault();
      return;
    }
    var all, current, index;
    switch (event.key) {
      case "/":
        var query = document.getElementById("query-q");
        if (query) {
          selectTab("index");
          query.focus();
          query.select();
        } else {
          document.getElementById("jump-seq").focus();
        }
        break;
      case "j":
      case "k":
        all = turns();
        if (!all.length) return;
        current = document.querySelector("#transcript .turn.is-current") ||
          document.querySelector("#transcript .turn.is-target");
        index = current ? all.indexOf(current) : -1;
        if (index < 0) {
          // Start from the first turn visible on screen.
          index = all.findIndex(function (t) { return t.getBoundingClientRect().bottom > 60; });
          showTurn(all[Math.max(0, index)]);
        } else {
          showTurn(all[Math.min(all.length - 1, Math.max(0, index + (event.key === "j" ? 1 : -1)))]);
        }
        break;
      case "g":
        gotoDigits = "";
        setGotoBox("");
        break;
      case "f":
        selectTab("facts", true);
        var card = document.querySelector("#facts-panel .fact-card");
        if (card) card.focus();
        break;
      default:
        return;
    }
    event.preventDefault();
  });

  document.addEventListener("click", function (event) {
    var tab = event.target.closest(".tabs [role=tab]");
    if (!tab || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    selectTab(tab.dataset.tab);
  });

  document.addEventListener("htmx:beforeRequest", function (event) {
    var target = event.detail.target;
    pendingScroll = !!(target && target.id === "transcript");
  });

  document.addEventListener("htmx:afterSettle", function () {
    if (pendingScroll) {
      pendingScroll = false;
      scrollToTarget();
    }
  });

  // After an inline fact action or more turns, focus moves to what changed (the response marks it
  // with data-focus-here) and the page's live region says what happened, for keyboard and
  // screen-reader users alike.
  function announce(text) {
    var region = document.getElementById("page-announcer");
    if (!region || !text) return;
    region.textContent = "";
    window.setTimeout(function () { region.textContent = text; }, 50);
  }

  document.addEventListener("htmx:afterSettle", function () {
    var changed = document.querySelector("[data-focus-here]");
    if (!changed) return;
    changed.removeAttribute("data-focus-here");
    if (changed.classList.contains("turn")) {
      showTurn(changed);
    } else {
      changed.focus({ preventScroll: true });
      changed.scrollIntoView({ block: "nearest" });
    }
    announce(changed.dataset.announce || changed.textContent.replace(/\s+/g, " ").trim());
  });

  document.addEventListener("DOMContentLoaded", function () {
    if (!window.location.hash) scrollToTarget();
  });
})();

// Pinning missed words: words selected in a turn fill the "Pin missed words" form (selection.js).
document.addEventListener("mouseup", function () {
  var box = document.getElementById("add-fact");
  var form = box && box.querySelector("form");
  if (!window.memadminSelection.fill(form)) return;
  box.open = true;
  form.elements.key.focus({ preventScroll: true });
});
