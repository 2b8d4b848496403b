// A hand on one screen (docs/DESIGN.md): the hand form's player blocks become ONE panel, the picked
// player's, under a strip of tabs (the template's .player-tabs). Each tab says the player's score for the
// hand so far, "out ✓" or "counted ✓"; Next moves to the next player not yet counted; going out (where it
// empties the hand) moves on by itself. Nothing here changes what the form posts: every block stays in
// the form, hidden, and without this file every block shows one under another.
(function () {
  "use strict";
  if (window.ramoHandTabsLoaded) return;  // a page loads it once (app.js); never bind its handlers twice
  window.ramoHandTabsLoaded = true;

  function blocksOf(form) { return Array.from(form.querySelectorAll(".player-block[data-player]")); }
  function tabOf(form, id) { return form.querySelector('.player-tab[data-tab-for="' + id + '"]'); }
  function outId(form) {
    const radio = form.querySelector('input[name="went_out"]:checked');
    return radio && radio.dataset.outFor ? radio.dataset.outFor : null;
  }

  // A player is counted once the scorer has left their panel, went out (where that empties the hand),
  // or sent their cards from their own phone.
  function counted(form, block) {
    return "visited" in block.dataset || "draft" in block.dataset
      || ("outEmptiesHand" in form.dataset && outId(form) === block.dataset.player);
  }

  function signed(n) { return n > 0 ? "+" + n : (n < 0 ? "\u2212" + (-n) : "0"); }

  function label(form) {
    form.querySelectorAll(".by-category").forEach(function (block) { pickCategory(block, null); });
    const strip = form.querySelector(".player-tabs");
    const out = outId(form);
    blocksOf(form).forEach(function (block) {
      const tab = tabOf(form, block.dataset.player);
      if (!tab) return;
      const shown = tab.querySelector(".tab-score");
      let text = "\u2014";
      if (out === block.dataset.player && "outEmptiesHand" in form.dataset) text = strip.dataset.outWords;
      else if ("draft" in block.dataset && !("scorerTouched" in block.dataset)) text = strip.dataset.countedWords;
      // A score shows once it is one: the player's panel was open, or their cards count already.
      else if (block.dataset.score !== undefined && (block.dataset.score !== "0" || "visited" in block.dataset
               || block.classList.contains("current") || out === block.dataset.player)) text = signed(parseInt(block.dataset.score, 10));
      shown.textContent = text;
      tab.classList.toggle("done", counted(form, block));
      tab.classList.toggle("has-error", block.classList.contains("has-error"));
    });
    const next = form.querySelector(".next-player");
    const target = nextOf(form);
    if (next) {
      next.hidden = !target;
      if (target) next.textContent = strip.dataset.nextWords.replace("%(name)s", target.querySelector("legend").textContent.trim());
    }
  }

  function current(form) { return form.querySelector(".player-block.current"); }

  // Count rows (Ramo, Phase 10): one category's keys at a time, 0–4 over 5–9 and the box for more, under a
  // strip of the categories, each with its count; a tap on a count moves on to the next category. Eleven
  // keys in a row would be under 44 px wide, and a category a row would not fit one screen.
  function countOf(pick) {
    const box = pick.querySelector(".pick-number");
    const picked = pick.querySelector(".pick-n input:checked");
    return box && box.value !== "" ? box.value : (picked ? picked.value : "0");
  }
  function pickCategory(block, pick) {
    block.querySelectorAll(".pick").forEach(function (p) {
      if (pick) p.classList.toggle("on", p === pick);
      const chip = block.querySelector('.pick-cat[aria-controls="' + p.id + '"]');
      if (!chip) return;
      chip.setAttribute("aria-pressed", p.classList.contains("on") ? "true" : "false");
      chip.lastChild.textContent = countOf(p);
    });
  }
  function addCategories(block) {
    const picks = Array.from(block.querySelectorAll(".pick"));
    if (block.classList.contains("keyed") || picks.length < 2 || block.querySelector(".pick-cats")) return;
    const strip = document.createElement("div");
    strip.className = "pick-cats";
    picks.forEach(function (pick) {
      const chip = document.createElement("button");
      chip.type = "button";
      chip.className = "pick-cat";
      chip.setAttribute("aria-controls", pick.id);
      chip.append(document.createElement("span"), " ", document.createElement("b"));
      const legend = pick.querySelector("legend");
      chip.firstChild.textContent = legend.textContent;
      legend.classList.add("visually-hidden");
      strip.appendChild(chip);
    });
    picks[0].before(strip);
    block.classList.add("by-category");
    pickCategory(block, block.querySelector(".pick.has-error") || picks[0]);
  }

  // The next player after the picked one, in seat order, not yet counted; none when all are.
  function nextOf(form) {
    const blocks = blocksOf(form);
    const at = Math.max(0, blocks.indexOf(current(form)));
    for (let step = 1; step < blocks.length; step++) {
      const block = blocks[(at + step) % blocks.length];
      if (!counted(form, block)) return block;
    }
    return null;
  }

  function show(form, block) { pickPanel(form, block); label(form); }
  function pickPanel(form, block) {
    const before = current(form);
    if (before && before !== block) before.dataset.visited = "";
    blocksOf(form).forEach(function (b) {
      b.classList.toggle("current", b === block);
      const tab = tabOf(form, b.dataset.player);
      if (tab) tab.setAttribute("aria-pressed", b === block ? "true" : "false");
    });
    // The out player's switches (Rummy's went rummy) sit in the panel, beside Went out.
    const flags = block.querySelector(".player-flags");
    form.querySelectorAll(".out-switch").forEach(function (sw) { if (flags) flags.appendChild(sw); });
  }

  function enhance(form) {
    if (!form || !form.querySelector(".player-tabs")) return;
    const blocks = blocksOf(form);
    if (!blocks.length) return;
    form.classList.add("tabbed");
    blocks.forEach(addCategories);
    if (current(form) && blocks.indexOf(current(form)) >= 0) { label(form); return; }
    // A block replaced by a player's draft (drafts.js) keeps its panel on show: its tab is still pressed.
    // A refused hand opens on the first player with a problem; a new one on the first not yet counted.
    const pressed = form.querySelector('.player-tab[aria-pressed="true"]');
    const kept = pressed && document.getElementById("player-" + pressed.dataset.tabFor);
    const start = (kept && blocks.indexOf(kept) >= 0 ? kept : null) || blocks.find(function (b) { return b.classList.contains("has-error"); })
      || blocks.find(function (b) { return !counted(form, b); }) || blocks[0];
    show(form, start);
  }

  // The scoreboard's level and who-deals line and the deal's facts are cut to one line: a tap shows them whole,
  // another cuts them again.
  document.addEventListener("click", function (event) {
    const whole = event.target.closest && event.target.closest(".scoreboard .requirement, .scoreboard .who-line, .table-summary");
    if (whole) whole.classList.toggle("whole");
  });

  document.addEventListener("click", function (event) {
    const form = event.target.closest && event.target.closest("#hand-form.tabbed");
    if (!form) return;
    const tab = event.target.closest(".player-tab");
    if (tab) { show(form, document.getElementById("player-" + tab.dataset.tabFor)); return; }
    const chip = event.target.closest(".pick-cat");
    if (chip) { pickCategory(chip.closest(".player-block"), document.getElementById(chip.getAttribute("aria-controls"))); return; }
    if (event.target.closest(".next-player")) {
      const target = nextOf(form);
      if (target) show(form, target);
    }
  });

  // Enter in a category's box moves on to the next category, whose box app.js then focuses (it runs after
  // this, in the bubbling phase): the next box is on show.
  document.addEventListener("keydown", function (event) {
    const box = event.target;
    const pick = event.key === "Enter" && box.closest && box.closest(".by-category .pick.on");
    const after = pick && pick.nextElementSibling;
    if (after && after.matches(".pick")) pickCategory(pick.parentNode, after);
  }, true);

  // A tapped count moves on to the next category, going out to the next player, at once: the next tap may
  // come before any timer. Only the tabs' words wait for hand-score.js to work out the scores (it listens to
  // the same events).
  function changed(event) {
    const form = event.target.closest && event.target.closest("#hand-form.tabbed");
    if (!form) return;
    const radio = event.target;
    const pick = radio.closest(".by-category .pick.on");
    const after = event.type === "change" && radio.type === "radio" && pick && pick.nextElementSibling;
    if (after && after.matches(".pick")) pickCategory(pick.parentNode, after);
    if (event.type === "change" && event.isTrusted && radio.name === "went_out" && radio.checked
        && "outEmptiesHand" in form.dataset && radio.closest(".player-block") === current(form)) {
      const target = nextOf(form);
      if (target) pickPanel(form, target);
    }
    setTimeout(function () { label(form); }, 0);
  }
  document.addEventListener("change", changed);
  document.addEventListener("input", changed);

  function all() { enhance(document.getElementById("hand-form")); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", all); else all();
  document.addEventListener("htmx:afterSettle", all);
  document.addEventListener("ramo:replaced", all);
  document.addEventListener("ramo:form-cleared", function (event) {
    const form = event.detail.form;
    blocksOf(form).forEach(function (b) {
      delete b.dataset.visited;
      b.classList.remove("current");
      if (b.classList.contains("by-category")) pickCategory(b, b.querySelector(".pick"));
    });
    enhance(form);
  });
})();
