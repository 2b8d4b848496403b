// The hand form's running values, worked out on the phone from the game's own data in the page: each
// category's points (data-points, data-face on a pips row) and how the game scores a hand (data-engine
// and its numbers on the form). No request per tap; the server stays the judge when the hand is recorded.
// The scoring itself is plain functions of that data (RamoHandScore below), so the parity test
// (tests/rules/test_preview_parity.py) runs this very file in node against the rules' engines.
(function (global) {
  "use strict";
  if (window.ramoHandScoreLoaded) return;  // a page loads it once (app.js); never bind its handlers twice
  window.ramoHandScoreLoaded = true;

  function countOf(pick) {
    const box = pick.querySelector(".pick-number");
    const picked = pick.querySelector(".pick-n input:checked");
    const raw = box && box.value !== "" ? box.value : (picked ? picked.value : "0");
    const count = parseInt(raw, 10);
    return count > 0 ? count : 0;
  }

  // The value of the cards held with its working, as the server writes it: "3×5 + 2×10 + 1×20 = 55".
  // rows: one per category in the page's order, { count, points (data-points), face (data-face given) }.
  function handValue(rows) {
    const terms = [];
    let value = 0;
    rows.forEach(function (row) {
      const count = row.count;
      if (!count) return;
      const each = parseInt(row.points, 10) || 0;
      value += count * each;
      terms.push(row.face ? String(count) : count + "×" + each);
    });
    let working = terms.join(" + ") + " = " + value;
    if (!terms.length) working = "0";
    else if (terms.length === 1 && terms[0] === String(value)) working = terms[0];
    return { value: value, working: working };
  }

  function cardsValue(block) {
    const rows = [];
    block.querySelectorAll(".pick[data-points]").forEach(function (pick) {
      rows.push({ count: countOf(pick), points: pick.dataset.points, face: "face" in pick.dataset });
    });
    return handValue(rows);
  }

  function outPlayer(form) {
    const radio = form.querySelector('input[name="went_out"]:checked');
    return radio && radio.dataset.outFor ? radio.dataset.outFor : null;
  }

  // What each player scores for the hand, by the game's engine (ramo_keeper/rules/engines/).
  // rules: the form's data attributes (its dataset); values: each player's hand value by id; out: the id
  // chosen as out (or null); rummy: whether the switch for the player out is on (Rummy's went rummy).
  function scoreHand(rules, values, out, rummy) {
    const d = rules;
    const result = {};
    const ids = Object.keys(values);
    if (d.engine === "levels") {
      ids.forEach(function (id) { result[id] = id === out ? parseInt(d.outScore, 10) : values[id]; });
    } else if (d.engine === "winner_takes") {
      let pot = ids.reduce(function (sum, id) { return sum + values[id]; }, 0);
      // The page names a factor only where the mark multiplies (rules/marks.py): none means ×1.
      if (rummy && d.rummyFactor) pot *= parseInt(d.rummyFactor, 10);
      ids.forEach(function (id) { result[id] = id === out ? pot : 0; });
    } else if (d.engine === "knock") {
      const low = Math.min.apply(null, ids.map(function (id) { return values[id]; }));
      let winners = ids.filter(function (id) { return values[id] === low; });
      if (out && winners.indexOf(out) >= 0 && winners.length > 1) winners = winners.filter(function (id) { return id !== out; });
      ids.forEach(function (id) {
        if (winners.indexOf(id) < 0) { result[id] = 0; return; }
        let gain = ids.reduce(function (sum, other) { return other === id ? sum : sum + values[other] - low; }, 0);
        if (out && id !== out) gain += parseInt(d.undercutBonus, 10) || 0;
        if (low === 0) gain += parseInt(d.allCardsBonus, 10) || 0;
        result[id] = gain;
      });
    }
    return result;
  }

  function scores(form, values) {
    const rummy = form.querySelector('input[name="went_rummy"]');
    return scoreHand(form.dataset, values, outPlayer(form), !!(rummy && rummy.checked));
  }

  function signed(n) { return n > 0 ? "+" + n : (n < 0 ? String(n) : "0"); }

  function update(form) {
    if (!form || !form.dataset.engine) return;
    const values = {};
    form.querySelectorAll(".player-block[data-player]").forEach(function (block) {
      const cards = cardsValue(block);
      values[block.dataset.player] = cards.value;
      const output = block.querySelector(".hand-value output");
      if (output) output.textContent = cards.working;
    });
    const scored = scores(form, values);
    form.querySelectorAll(".player-block[data-player]").forEach(function (block) {
      const shown = block.querySelector(".hand-score");
      const score = scored[block.dataset.player];
      // Kept with a hand saved offline (outbox.js): the waiting hand is listed with these scores.
      if (score !== undefined) block.dataset.score = String(score);
      if (shown && score !== undefined) shown.textContent = form.dataset.scoreWords.replace("%(points)s", signed(score));
    });
    summary(form, scored);
    recordLabel(form);
  }

  // The sticky line above Record: every player's score for the hand so far, "Sofia -50 · Bo +80".
  function summary(form, scored) {
    const line = form.querySelector(".running-summary");
    if (!line) return;
    const parts = [];
    form.querySelectorAll(".player-block[data-player]").forEach(function (block) {
      const name = block.querySelector(".player-name");
      if (name) parts.push(name.textContent.trim() + " " + signed(scored[block.dataset.player] || 0));
    });
    line.textContent = parts.join(" · ");
  }

  // The Record button says what it will record: "Record hand 3: Sofia out".
  function recordLabel(form) {
    const radio = form.querySelector('input[name="went_out"]:checked');
    const plain = form.querySelector(".record-plain");
    const named = form.querySelector(".record-named");
    if (!plain || !named) return;
    const who = radio ? radio.dataset.who : "";
    named.querySelector("[data-who]").textContent = who || "";
    named.hidden = !who;
    plain.hidden = !!who;
  }

  // After the mis-tap helper in app.js has run (it listens in the capture phase).
  ["input", "change"].forEach(function (type) {
    document.addEventListener(type, function (event) {
      if (event.target.closest) update(event.target.closest("#hand-form"));
    });
  });
  function all() { update(document.getElementById("hand-form")); }
  // Loaded by app.js after a boosted visit, the page is already there: work it out now.
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", all); else all();
  document.addEventListener("htmx:afterSettle", all);
  document.addEventListener("ramo:replaced", all);

  global.RamoHandScore = { handValue: handValue, scoreHand: scoreHand };
})(window);
