// Small progressive enhancements; every page works without this file.
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  // Quick picks: a count is either a picked number or a typed one, never both at once.
  // Capture phase, so the form holds its final values before htmx asks for the hand value.
  document.addEventListener("change", function (event) {
    const input = event.target;
    if (input.matches(".pick-n input")) {
      const box = input.closest(".pick").querySelector(".pick-number");
      if (box) box.value = "";
    } else if (input.matches('input[name="went_out"]') && input.checked) {
      wentOut(input);
    }
  }, true);
  document.addEventListener("input", function (event) {
    const box = event.target;
    if (box.matches(".pick-number") && box.value !== "") {
      box.closest(".pick").querySelectorAll(".pick-n input").forEach(function (radio) { radio.checked = false; });
    }
  }, true);

  // Enter in a count box never sends the hand while other players are still at 0: it moves on to
  // the next box, as Tab does. The Record button stays the one way to record.
  document.addEventListener("keydown", function (event) {
    const box = event.target;
    if (event.key !== "Enter" || !box.matches || !box.matches("#hand-form input:not([type=radio]):not([type=checkbox])")) return;
    event.preventDefault();
    const boxes = Array.from(box.form.querySelectorAll(".pick-number:not([type=hidden])"));
    const next = boxes[boxes.indexOf(box) + 1];
    if (next) next.focus(); else box.form.querySelector("button[type=submit]").focus();
  });

  // What going out changed on a player's block, kept so that changing who went out puts it back.
  const beforeOut = new WeakMap();

  function read(el) { return el.type === "radio" || el.type === "checkbox" ? el.checked : el.value; }
  function write(el, value) { if (el.type === "radio" || el.type === "checkbox") el.checked = value; else el.value = value; }

  // Each change is kept as [element, value before, value set]: a restore puts back only what the
  // scorer has not touched since, so a count typed after the tap is never lost. Every value before is
  // read first: checking one radio of a row unchecks the others on its own.
  function apply(targets) {
    const changes = targets.map(function (target) { return [target[0], read(target[0]), target[1]]; });
    changes.forEach(function (entry) { write(entry[0], entry[2]); });
    return changes;
  }

  function restore(form) {
    const saved = beforeOut.get(form);
    if (!saved) return;
    beforeOut.delete(form);
    // A count row (its radios and its box share one name) is put back whole, or not at all when the
    // scorer has changed any part of it since.
    const touched = new Set();
    saved.changes.forEach(function (entry) { if (read(entry[0]) !== entry[2]) touched.add(entry[0].name); });
    saved.changes.forEach(function (entry) { if (!touched.has(entry[0].name) && entry[1] !== true) write(entry[0], entry[1]); });
    saved.changes.forEach(function (entry) { if (!touched.has(entry[0].name) && entry[1] === true) write(entry[0], entry[1]); });
    // The restored block's running value is worked out again (hand-score.js listens for change).
    saved.block.dispatchEvent(new Event("change", { bubbles: true }));
  }

  // A form that arrives with someone out already (the edit form of a recorded hand, a hand sent back
  // with an error) is treated as if that choice had been tapped here: the marks going out ticked for
  // that player are what moving the choice away puts back (unticked), exactly as in a new hand.
  // Counts are left alone: what the player held before going out is not known.
  function remember(form, radio) {
    if (beforeOut.has(form) || "outSeen" in form.dataset) return;
    form.dataset.outSeen = "";
    const first = Array.from(form.querySelectorAll('input[name="went_out"]')).find(function (r) { return r.defaultChecked; });
    if (!first || first === radio || !first.dataset.outFor || !("outLaysDown" in form.dataset)) return;
    const block = document.getElementById("player-" + first.dataset.outFor);
    if (!block) return;
    const changes = Array.from(block.querySelectorAll("input[data-out-ticks]:checked")).map(function (box) { return [box, false, true]; });
    beforeOut.set(form, { block: block, changes: changes });
  }

  // Going out empties the hand (unless the game's out mark is a knock) and ticks the player's boxes for
  // the marks going out implies (laying down): the template says which apply, from the game's marks.
  // A mis-tap corrected, or arrow keys passing through the radio group, leave every other player
  // exactly as they were: the previous choice's block is restored before the new one is changed.
  function wentOut(radio) {
    const form = radio.form;
    if (!form) return;
    remember(form, radio);
    restore(form);
    const block = radio.dataset.outFor ? document.getElementById("player-" + radio.dataset.outFor) : null;
    if (!block) return;
    const targets = [];
    if ("outEmptiesHand" in form.dataset) {
      block.querySelectorAll(".pick").forEach(function (pick) {
        // Unchecked first, the 0 last, so that writing them in order leaves the 0 checked.
        pick.querySelectorAll('.pick-n input:not([value="0"])').forEach(function (n) { targets.push([n, false]); });
        const zero = pick.querySelector('.pick-n input[value="0"]');
        if (zero) targets.push([zero, true]);
        const box = pick.querySelector(".pick-number");
        if (box) targets.push([box, ""]);
      });
    }
    if ("outLaysDown" in form.dataset) {
      block.querySelectorAll("input[data-out-ticks]").forEach(function (box) { targets.push([box, true]); });
    }
    beforeOut.set(form, { block: block, changes: apply(targets) });
  }

  // A form someone has started typing in is theirs: the live updates (live.js) leave it alone.
  function markTyped(event) {
    const form = event.target.closest && event.target.closest("#hand-form");
    if (form && event.isTrusted) form.dataset.typed = "1";
  }
  document.addEventListener("input", markTyped);
  document.addEventListener("change", markTyped);

  // A request that never arrived (flaky Wi-Fi) or failed on the server leaves the form as typed:
  // say so next to the form, so the table knows to tap again. The retry carries the same
  // idempotency key, so it can never record the hand twice.
  function showSendProblem(event, text) {
    const form = event.target.closest("form") || event.target;
    // The hand form keeps a failed hand on the phone and sends it again by itself (outbox.js).
    if (form.matches("[data-queue-offline]")) return;
    let note = form.querySelector(".send-problem");
    if (!note) {
      note = document.createElement("p");
      note.className = "send-problem form-error";
      note.setAttribute("role", "alert");
      form.prepend(note);
    }
    note.textContent = text;
  }
  document.addEventListener("htmx:sendError", function (event) {
    // A link (boosted) that could not load: load it as a plain page, which the service worker
    // answers from its copy (rules) or with the offline page.
    if (event.detail.boosted && event.detail.requestConfig && event.detail.requestConfig.verb === "get") {
      window.location.assign(event.detail.pathInfo.requestPath);
      return;
    }
    showSendProblem(event, document.body.dataset.messageDropped);
  });
  document.addEventListener("htmx:responseError", function (event) {
    if (event.detail.xhr.status >= 500) {
      showSendProblem(event, document.body.dataset.messageServerError);
    }
  });

  // Each page loads only the scripts it uses, as one file its head names (page_scripts.py), with their
  // names in data-scripts. A page reached by a boosted link or form, or by HX-Location, arrives by htmx:
  // its body is swapped in and its head is dropped (htmx runs no script tag: allowScriptTags is off). So
  // the scripts that head names and this document has not loaded are fetched here, as one file, each
  // once; each starts on the page it finds.
  function loadedScripts() {
    const names = new Set();
    document.querySelectorAll("script[data-scripts]").forEach(function (script) {
      script.dataset.scripts.split(" ").forEach(function (name) { names.add(name); });
    });
    return names;
  }
  function loadScriptsOf(html) {
    if (typeof html !== "string" || html.indexOf("data-scripts") < 0) return;
    const wanted = new DOMParser().parseFromString(html, "text/html").head.querySelector("script[data-scripts]");
    if (!wanted) return;
    const loaded = loadedScripts();
    const missing = wanted.dataset.scripts.split(" ").filter(function (name) { return !loaded.has(name); });
    if (!missing.length) return;
    const src = wanted.getAttribute("src");
    const script = document.createElement("script");
    script.src = src.slice(0, src.lastIndexOf("/") + 1) + missing.join("+") + ".js";
    script.dataset.scripts = missing.join(" ");
    document.head.appendChild(script);
  }
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.xhr) loadScriptsOf(event.detail.xhr.responseText);
  });
  // Back to a page htmx did not keep (a guest's pages): it asks the server and swaps the body in.
  document.addEventListener("htmx:historyCacheMissLoad", function (event) {
    if (event.detail.xhr) loadScriptsOf(event.detail.xhr.responseText);
  });
  // Back to a page htmx kept (a member's): it kept the page's HTML, where what was tapped in the hand form is not
  // (a tap sets an input's state, not its attribute). The copy would bring back the card chips and tabs that
  // show the taps over inputs that hold none, and Record would send the hand untapped. So the inputs' attributes
  // say their state just before the copy is taken; the page is swapped out right after.
  document.addEventListener("htmx:beforeHistorySave", function () {
    document.querySelectorAll("#hand-form input").forEach(function (input) {
      if (input.type === "radio" || input.type === "checkbox") input.toggleAttribute("checked", input.checked);
      else if (input.type !== "hidden") input.setAttribute("value", input.value);
    });
  });

  // Keep the screen awake while a game is on screen (Wake Lock API, where the browser has it).
  let lock = null;
  async function keepAwake() {
    const wants = document.querySelector("[data-keep-awake]");
    if (!wants) { if (lock) { lock.release(); lock = null; } return; }
    if (!("wakeLock" in navigator) || document.visibilityState !== "visible" || lock) return;
    try {
      lock = await navigator.wakeLock.request("screen");
      lock.addEventListener("release", function () { lock = null; });
    } catch (e) { lock = null; }
  }
  document.addEventListener("visibilitychange", keepAwake);
  document.addEventListener("htmx:afterSettle", keepAwake);
  document.addEventListener("DOMContentLoaded", keepAwake);
})();
