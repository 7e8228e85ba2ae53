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

  // The transcript is one Tab stop, on a turn: wherever the focus goes among the turns (the arrow
  // keys, j/k, a jump, a click), the stop goes with it, and so do the Tab stops of that turn's tool
  // calls. The number links stay links (to copy or open) without being stops.
  function makeStop(turn) {
    document.querySelectorAll("#transcript .turn").forEach(function (t) {
      var here = t === turn;
      t.setAttribute("tabindex", here ? "0" : "-1");
      t.querySelectorAll(".tool-call > summary").forEach(function (s) {
        if (here) s.removeAttribute("tabindex"); else s.setAttribute("tabindex", "-1");
      });
    });
  }

  document.addEventListener("focusin", function (event) {
    var turn = event.target.closest && event.target.closest("#transcript .turn");
    if (turn && turn.getAttribute("tabindex") !== "0") makeStop(turn);
  });

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
      case "ArrowDown":
      case "ArrowUp":
      case "Home":
      case "End":
        // On a turn (the transcript's Tab stop) the arrows go from turn to turn; elsewhere they scroll.
        if (!event.target.matches || !event.target.matches("#transcript .turn")) return;
        all = turns();
        index = all.indexOf(event.target);
        if (event.key === "Home") index = 0;
        else if (event.key === "End") index = all.length - 1;
        else index = Math.min(all.length - 1, Math.max(0, index + (event.key === "ArrowDown" ? 1 : -1)));
        showTurn(all[index]);
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

  var focusAtRequest = null;

  document.addEventListener("htmx:beforeRequest", function (event) {
    var target = event.detail.target;
    pendingScroll = !!(target && target.id === "transcript");
    if (pendingScroll) focusAtRequest = document.activeElement;
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    if (pendingScroll) {
      pendingScroll = false;
      // A jump the server refused answers with the jump box alone: the cursor stays in it.
      if (!event.detail.elt || event.detail.elt.id !== "transcript") {
        focusAtRequest = null;
        return;
      }
      // The turns asked for take the focus, unless the person has since moved it elsewhere (a key
      // pressed while they loaded, such as f for the facts): then they are only scrolled to.
      var focused = document.activeElement;
      var movedOn = focused && focused !== document.body && focused !== focusAtRequest &&
        !focused.closest("#transcript");
      focusAtRequest = null;
      if (movedOn) {
        var target = document.querySelector("#transcript .turn.is-target");
        if (target) target.scrollIntoView({ block: "center" });
      } else {
        scrollToTarget();
      }
    }
  });

  // After an inline fact action or more turns, focus moves to what changed (the response marks it
  // with data-focus-here) and the page's live region says what happened, for keyboard and
  // screen-reader users alike.
  function announce(text) {
    window.memadminAnnounce("page-announcer", text);
  }

  document.addEventListener("htmx:afterSettle", function () {
    var changed = document.querySelector("[data-focus-here]");
    if (!changed) return;
    changed.removeAttribute("data-focus-here");
    // A fact pinned from the header lands in the facts panel: show its tab if another one is open.
    var panel = changed.closest("[role=tabpanel]");
    if (panel && panel.hidden) selectTab(panel.id.replace(/^panel-/, ""));
    if (changed.classList.contains("turn")) {
      showTurn(changed);
    } else {
      changed.focus({ preventScroll: true });
      changed.scrollIntoView({ block: "nearest" });
    }
    announce(changed.dataset.announce || changed.textContent.replace(/\s+/g, " ").trim());
  });

  // A filter or a page of a panel (the facts, the runs, the snapshots) replaces the very link that
  // was pressed: the focus goes to that link in the new panel (on the last page, to the pager's other
  // link) instead of the page, and the live region says what is shown now.
  var replaced = null;

  document.addEventListener("htmx:beforeRequest", function (event) {
    var link = event.detail.elt;
    var panel = event.detail.target;
    replaced = null;
    if (!link || link.tagName !== "A" || !panel || !/-panel$/.test(panel.id) || !panel.contains(link)) return;
    replaced = { panel: panel.id, words: link.textContent.replace(/\s+/g, " ").trim(), pager: !!link.closest(".pager") };
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    var panel = event.detail.elt;
    if (!replaced || !panel || panel.id !== replaced.panel) return;
    var was = replaced;
    replaced = null;
    var focused = document.activeElement;
    if (focused && focused !== document.body && document.contains(focused)) return;
    var links = Array.prototype.slice.call(panel.querySelectorAll(was.pager ? ".pager a" : "a[aria-current]"));
    var link = links.find(function (l) { return l.textContent.replace(/\s+/g, " ").trim() === was.words; }) || links[0];
    if (link) link.focus({ preventScroll: true });
    var where = panel.querySelector(".pager span");
    var chosen = panel.querySelector("a[aria-current]");
    announce(was.pager && where ? where.textContent : chosen ? "Showing: " + chosen.textContent.replace(/\s+/g, " ").trim() : "");
  });

  // After a re-summarise (or any change to the memory) the page reads the current watermarks
  // again (#transcript-watermarks) and redraws the rules across the turns shown, as the server
  // draws them: just above the first turn after the watermark, below the last turn when the
  // conversation ends there, or as a note at the top when the turn is outside the window.
  function redrawWatermarks(source) {
    var transcript = document.getElementById("transcript");
    var template = source.querySelector("template");
    var notes = transcript && transcript.querySelector(".watermark-notes");
    if (!transcript || !template || !notes) return;
    transcript.querySelectorAll(".watermark, .watermark-note").forEach(function (el) { el.remove(); });
    var shown = turns();
    var seqOf = function (turn) { return parseInt(turn.dataset.seq, 10); };
    var hasEarlier = !!document.getElementById("load-earlier");
    var hasLater = !!document.getElementById("load-later");
    var last = shown[shown.length - 1];
    var after = last;  // rules below the last turn keep their order
    template.content.querySelectorAll(".watermark").forEach(function (rule) {
      var upto = parseInt(rule.dataset.upto, 10);
      var next = shown.find(function (turn) { return seqOf(turn) > upto; });
      var copy = rule.cloneNode(true);
      if (next && (next !== shown[0] || !hasEarlier)) {
        next.before(copy);
      } else if (!next && last && !hasLater) {
        after.after(copy);
        after = copy;
      } else {
        var note = template.content.querySelector('.watermark-note[data-kind="' + rule.dataset.kind + '"]');
        if (!note) return;
        note = note.cloneNode(true);
        note.querySelector(".where").textContent = !shown.length || upto < seqOf(shown[0]) ? "earlier" : "later";
        notes.appendChild(note);
        if (window.htmx) window.htmx.process(note);
      }
    });
  }

  document.addEventListener("htmx:afterSettle", function (event) {
    var target = event.detail.elt;
    if (target && target.id === "transcript-watermarks") redrawWatermarks(target);
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

// Once the words are pinned (their card is in the facts list), the form is emptied and folded.
document.addEventListener("htmx:afterRequest", function (event) {
  var form = event.detail.elt;
  var box = form && form.closest && form.closest("#add-fact");
  if (!box || form.tagName !== "FORM" || !event.detail.xhr || event.detail.xhr.status !== 200) return;
  form.reset();
  box.open = false;
});
