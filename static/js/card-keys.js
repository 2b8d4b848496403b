// No mental arithmetic: in a game that counts the 2–9 cards by their face value (a "face" category),
// each card held is one tap on its rank (2…9, then one key per other category: 10/J/Q/K, A, joker).
// The cards tapped are shown; a tap on one removes it. The keys write the same fields the count rows
// post (the pips box gets the sum), so the server and the API see nothing new. Without this file the
// count rows stay as they are.
(function () {
  "use strict";
  if (window.ramoCardKeysLoaded) return;  // a page loads it once (app.js); never bind its handlers twice
  window.ramoCardKeysLoaded = true;
  const held = new WeakMap();   // player block -> [{key, rank, label}]

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // A card is {key, rank, label}: a face category counts the sum of its ranks, any other its cards.
  // A count that came with the block (a player's draft) is one card of that sum, shown as its number.
  function write(block) {
    const cards = held.get(block) || [];
    keepCardList(block, cards);
    block.querySelectorAll(".pick[data-key]").forEach(function (pick) {
      const mine = cards.filter(function (c) { return c.key === pick.dataset.key; });
      const n = "face" in pick.dataset ? mine.reduce(function (s, c) { return s + c.rank; }, 0) : mine.length;
      pick.querySelectorAll(".pick-n input").forEach(function (r) { r.checked = false; });
      const box = pick.querySelector(".pick-number");
      if (box) box.value = String(n);
    });
    const list = block.querySelector(".tapped-cards");
    list.textContent = "";
    const form = block.closest("form");
    cards.forEach(function (card, index) {
      const chip = el("button", "card-chip", card.label);
      chip.type = "button";
      chip.setAttribute("aria-label", form.dataset.removeWords.replace("%(card)s", card.label));
      chip.addEventListener("click", function () { cards.splice(index, 1); changed(block); });
      list.appendChild(chip);
    });
  }

  function countOf(pick) {
    const box = pick.querySelector(".pick-number");
    const picked = pick.querySelector(".pick-n input:checked");
    const count = parseInt(box && box.value !== "" ? box.value : (picked ? picked.value : "0"), 10);
    return count > 0 ? count : 0;
  }

  // The cards a block already holds when its keys are made: a face count as one chip of its sum (a past
  // hand's 23, a player's own count), any other count as that many cards.
  function cardsIn(block) {
    const cards = [];
    block.querySelectorAll(".pick[data-key]").forEach(function (pick) {
      const count = countOf(pick);
      if (!count) return;
      if ("face" in pick.dataset) cards.push({ key: pick.dataset.key, rank: count, label: String(count), sum: true });
      else for (let i = 0; i < count; i++) cards.push({ key: pick.dataset.key, rank: 0, label: pick.dataset.short });
    });
    return cards;
  }

  function countFrom(pick, cards) {
    const mine = cards.filter(function (c) { return c.key === pick.dataset.key; });
    return "face" in pick.dataset ? mine.reduce(function (s, c) { return s + c.rank; }, 0) : mine.length;
  }

  // Drafts keep their cards (docs/API.md, card_list): a player's block on the scorer's form
  // (data-draft-cards) and the seated phone's own form (its card_list field) start with the cards the
  // player tapped, as chips, as if tapped here, while they add up to the counts beside them.
  function draftCards(block) {
    const field = block.querySelector('input[name="card_list"]');
    let list = null;
    try { list = JSON.parse(block.dataset.draftCards || (field && field.value) || "null"); } catch (error) { return null; }
    if (!Array.isArray(list)) return null;
    const picks = Array.from(block.querySelectorAll(".pick[data-key]"));
    const cards = [];
    for (const card of list) {
      const pick = picks.find(function (p) { return p.dataset.key === card.category; });
      if (!pick) return null;
      const face = "face" in pick.dataset;
      cards.push({ key: card.category, rank: face ? card.rank : 0, label: face ? String(card.rank) : pick.dataset.short });
    }
    return picks.every(function (p) { return countFrom(p, cards) === countOf(p); }) ? cards : null;
  }

  // The seated phone sends its cards one by one beside the counts; a count that came without them (a
  // sum chip) leaves the field empty, and the draft is its counts.
  function keepCardList(block, cards) {
    const field = block.querySelector('input[name="card_list"]');
    if (!field) return;
    field.value = cards.some(function (c) { return c.sum; }) ? "" : JSON.stringify(cards.map(function (c) {
      return c.rank ? { category: c.key, rank: c.rank } : { category: c.key };
    }));
  }

  function changed(block) {
    write(block);
    const form = block.closest("form");
    if (form) form.dataset.typed = "1";
    // A key or chip tapped is the scorer's own tap: a later draft of that player does not undo it (drafts.js).
    block.dataset.scorerTouched = "1";
    block.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function keyFor(block, pick, rank, label) {
    const key = el("button", "card-key", label);
    key.type = "button";
    key.addEventListener("click", function () {
      // No more of a kind than a hand can hold (4 aces in Rummy): the tap past it changes nothing.
      const box = pick.querySelector(".pick-number");
      const most = box ? parseInt(box.dataset.max, 10) : NaN;
      const cards = held.get(block).filter(function (c) { return c.key === pick.dataset.key; });
      if (!("face" in pick.dataset) && cards.length >= most) return;
      held.get(block).push({ key: pick.dataset.key, rank: rank, label: label });
      changed(block);
    });
    return key;
  }

  function addKeys(block) {
    held.set(block, draftCards(block) || cardsIn(block));
    const pad = el("div", "card-keys");
    block.querySelectorAll(".pick[data-key]").forEach(function (pick) {
      if ("face" in pick.dataset) {
        for (let rank = 2; rank <= 9; rank++) pad.appendChild(keyFor(block, pick, rank, String(rank)));
      } else {
        // A key named by a word; one longer than a short word ("10 J Q K") takes two columns (app.css).
        const key = keyFor(block, pick, 0, pick.dataset.short);
        key.classList.add("named");
        if (pick.dataset.short.length > 5) key.classList.add("wide");
        pad.appendChild(key);
      }
    });
    const list = el("p", "tapped-cards");
    list.setAttribute("aria-live", "polite");
    const anchor = block.querySelector(".pick");
    anchor.parentNode.insertBefore(pad, anchor);
    anchor.parentNode.insertBefore(list, anchor);
    block.classList.add("keyed");
    if (held.get(block).length) write(block);
  }

  function enhance(form) {
    if (!form) return;
    const blocks = Array.from(form.querySelectorAll(".player-block:not(.keyed)")).filter(function (b) { return b.querySelector(".pick[data-face]"); });
    if (!blocks.length) return;
    // A hand with counts in it already (a correction, a hand sent back with an error, a player's own phone)
    // gets its keys too, its counts standing as cards (cardsIn): one form, new or past (issue 35).
    blocks.forEach(addKeys);
  }

  // The seated phone (drafts/_seat_panel.html): its one player's form is the block.
  function enhanceSeat(form) {
    if (form && !form.classList.contains("keyed") && form.querySelector(".pick[data-face]")) addKeys(form);
  }

  // Going out empties a hand (app.js): its keys and cards are put away, and come back as they were
  // when the choice moves to someone else (app.js restores the counts).
  document.addEventListener("change", function (event) {
    const form = event.target.closest && event.target.closest("#hand-form");
    if (!form || !("outEmptiesHand" in form.dataset)) return;
    const out = form.querySelector('input[name="went_out"]:checked');
    form.querySelectorAll(".player-block.keyed").forEach(function (block) {
      block.classList.toggle("emptied", !!out && out.dataset.outFor === block.dataset.player);
    });
  });

  // The outbox kept a hand and cleared the form for the next one: the cards tapped go too.
  document.addEventListener("ramo:form-cleared", function (event) {
    event.detail.form.querySelectorAll(".player-block.keyed").forEach(function (block) {
      held.set(block, []);
      write(block);
    });
  });

  // Going out on the seated phone empties its hand (drafts.js): the cards tapped go, the keys are put away.
  document.addEventListener("change", function (event) {
    const box = event.target;
    const form = box.closest && box.closest("form[data-draft-form].keyed");
    if (!form || !box.matches("[data-draft-out]") || !("outEmptiesHand" in form.dataset)) return;
    if (box.checked) held.set(form, []);
    form.classList.toggle("emptied", box.checked);
    write(form);
  }, true);

  // Back to a page htmx kept (a member's) brings its HTML back: keys without their handlers. So, as the page is
  // left, its keys are put away and each block says its cards as a draft does (data-draft-cards), which the
  // keys made again on the way back show as they were (the counts under them are kept by app.js).
  document.addEventListener("htmx:beforeHistorySave", function () {
    document.querySelectorAll("#hand-form .player-block.keyed").forEach(function (block) {
      const cards = held.get(block) || [];
      if (!cards.some(function (c) { return c.sum; })) {
        block.dataset.draftCards = JSON.stringify(cards.map(function (c) {
          return c.rank ? { category: c.key, rank: c.rank } : { category: c.key };
        }));
      }
      block.querySelectorAll(".card-keys, .tapped-cards").forEach(function (made) { made.remove(); });
      block.classList.remove("keyed", "emptied");
    });
  });

  function all() {
    enhance(document.getElementById("hand-form"));
    enhanceSeat(document.querySelector("form[data-draft-form]"));
  }
  // Loaded by app.js after a boosted visit, the page is already there: set it up now.
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", all); else all();
  document.addEventListener("htmx:afterSettle", all);
  document.addEventListener("ramo:replaced", all);
})();
