// Everyone counts their own cards (ramo_keeper/drafts/). On a seated phone, each tap is sent to the
// scorer as a draft, a moment after the last tap; the phone shows the value and "Sent to the scorer".
// On the scorer's form, a player's block fills in from their draft at the 2 s poll (live.js), unless
// the scorer has touched that block: the scorer's own tap wins. Without this file every control is
// a plain form.
(function () {
  "use strict";
  if (window.ramoDraftsLoaded) return;  // a page loads it once (app.js); never bind its handlers twice
  window.ramoDraftsLoaded = true;
  const WAIT_MS = 400;
  const timers = new WeakMap();

  // The seated phone ---------------------------------------------------------------------------
  function countOf(pick) {
    const box = pick.querySelector(".pick-number");
    const picked = pick.querySelector(".pick-n input:checked");
    const count = parseInt(box && box.value !== "" ? box.value : (picked ? picked.value : "0"), 10);
    return count > 0 ? count : 0;
  }

  function showValue(form) {
    let value = 0;
    form.querySelectorAll(".pick[data-points]").forEach(function (pick) {
      value += countOf(pick) * (parseInt(pick.dataset.points, 10) || 0);
    });
    const output = form.querySelector("[data-draft-value]");
    if (output) output.textContent = String(value);
  }

  function emptyHand(form) {
    form.querySelectorAll(".pick").forEach(function (pick) {
      const zero = pick.querySelector('.pick-n input[value="0"]');
      if (zero) zero.checked = true;
      const box = pick.querySelector(".pick-number");
      if (box) box.value = "";
    });
  }

  function say(form, words) {
    const status = form.querySelector("[data-draft-status]");
    if (status) status.textContent = words;
  }

  function replacePanel(html) {
    const old = document.getElementById("seat-panel");
    const fresh = new DOMParser().parseFromString(html, "text/html").getElementById("seat-panel");
    if (old && fresh) {
      old.replaceWith(fresh);
      if (window.htmx) window.htmx.process(fresh);
      document.dispatchEvent(new CustomEvent("ramo:replaced", { detail: { element: fresh } }));
    }
  }

  async function send(form) {
    say(form, form.dataset.sending);
    try {
      const response = await fetch(form.action, { method: "POST", body: new FormData(form),
        headers: { "HX-Request": "true" }, credentials: "same-origin" });
      if (response.ok) { say(form, form.dataset.sent); return; }
      // Refused (the hand was recorded, the seat was freed, a count too large): the panel says why.
      replacePanel(await response.text());
    } catch (error) {
      say(form, form.dataset.unsent);
    }
  }

  function later(form) {
    clearTimeout(timers.get(form));
    timers.set(form, setTimeout(function () { send(form); }, WAIT_MS));
  }

  function tapped(event) {
    const form = event.target.closest && event.target.closest("form[data-draft-form]");
    if (!form) return;
    if (event.target.matches("[data-draft-out]") && event.target.checked && "outEmptiesHand" in form.dataset) {
      emptyHand(form);
    }
    showValue(form);
    later(form);
  }
  document.addEventListener("change", tapped);
  document.addEventListener("input", tapped);
  document.addEventListener("submit", function (event) {
    const form = event.target.closest("form[data-draft-form]");
    if (!form) return;
    event.preventDefault();
    clearTimeout(timers.get(form));
    send(form);
  });

  // A hand recorded (from any phone): the seat shows the result and a fresh entry for the next hand.
  // Any other change of the game (the scorer let the live link count, freed a seat) reaches a phone
  // that holds no seat; a seated phone is never disturbed while its hand is open.
  async function refreshPanel(nextHand, gameChanged) {
    const panel = document.getElementById("seat-panel");
    if (!panel || !nextHand) return;
    const newHand = panel.dataset.hand !== nextHand;
    if (!newHand && !(gameChanged && !("seated" in panel.dataset))) return;
    panel.dataset.hand = nextHand;
    try {
      const response = await fetch(panel.dataset.panelUrl, { headers: { "HX-Request": "true" },
        cache: "no-store", credentials: "same-origin" });
      if (response.ok) replacePanel(await response.text());
    } catch (error) {
      panel.dataset.hand = "";  // the next poll tries again
    }
  }

  // The scorer's form ---------------------------------------------------------------------------
  function scorerTapped(event) {
    const form = event.target.closest && event.target.closest("#hand-form");
    if (!form || !event.isTrusted) return;
    if (event.target.name === "went_out") { form.dataset.outTouched = "1"; return; }
    const block = event.target.closest(".player-block");
    if (block) block.dataset.scorerTouched = "1";
  }
  document.addEventListener("input", scorerTapped);
  document.addEventListener("change", scorerTapped);

  function mergeDrafts(form, freshForm) {
    let changed = false;
    freshForm.querySelectorAll(".player-block[data-draft]").forEach(function (fresh) {
      const old = form.querySelector("#" + fresh.id);
      if (!old || old.dataset.scorerTouched || old.dataset.draft === fresh.dataset.draft) return;
      if (form.dataset.outTouched) {
        const chosen = form.querySelector('input[name="went_out"]:checked');
        fresh.querySelectorAll('input[name="went_out"]').forEach(function (r) { r.checked = chosen ? r.value === chosen.value : false; });
      }
      old.replaceWith(fresh);
      changed = true;
    });
    const summary = form.querySelector("#counted-summary");
    const freshSummary = freshForm.querySelector("#counted-summary");
    if (summary && freshSummary) summary.replaceWith(freshSummary);
    if (changed) document.dispatchEvent(new CustomEvent("ramo:replaced", { detail: { element: form } }));
  }

  // live.js hands over each new play area before it decides what to replace.
  document.addEventListener("ramo:play-fresh", function (event) {
    const fresh = event.detail.fresh;
    const form = document.getElementById("hand-form");
    const freshForm = fresh.querySelector("#hand-form");
    if (form && form.dataset.typed && freshForm && fresh.dataset.nextHand === (form.elements.hand_number || {}).value) {
      mergeDrafts(form, freshForm);
    }
    refreshPanel(fresh.dataset.nextHand, fresh.dataset.version !== event.detail.play.dataset.version);
  });
  document.addEventListener("ramo:replaced", function (event) {
    const element = event.detail && event.detail.element;
    if (element && element.id === "live-board") refreshPanel(element.dataset.nextHand, true);
  });
  document.addEventListener("htmx:afterSettle", function () {
    const play = document.getElementById("play");
    if (play) refreshPanel(play.dataset.nextHand);
  });
})();
