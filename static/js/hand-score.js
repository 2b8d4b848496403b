// The hand form's running values, worked out on the phone from the game's own data in the page: each
// category's points (data-points, data-face on a pips row), how the game's engine scores a hand (the
// form's data-scoring, from Variant.preview) and the mark each box and switch gives (data-mark). No
// request per tap; the server stays the judge when the hand is recorded.
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

  function has(marks, key) { return marks.indexOf(key) >= 0; }

  // The marks a player carries: those given and every mark they imply, step by step (rules/marks.py, carried).
  function carried(scoring, marks) {
    const found = marks.slice();
    for (let i = 0; i < found.length; i += 1) {
      (scoring.implies[found[i]] || []).forEach(function (mark) { if (!has(found, mark)) found.push(mark); });
    }
    return found;
  }

  // Whether a player carries a mark, itself or through marks that imply it (Variant.marked).
  function marked(scoring, marks, key) { return has(carried(scoring, marks), key); }

  // What a player's hand score is multiplied by: the factor of every mark they carry (rules/marks.py, factor).
  function factor(scoring, marks) {
    return carried(scoring, marks).reduce(function (product, mark) { return product * (scoring.factors[mark] || 1); }, 1);
  }

  // The marks one player's part of the form gives them, as the server reads it (games/hand_inputs.py):
  // the boxes ticked in their block, and for the player chosen out the out mark and the switches on.
  // scoring: the engine's data (Variant.preview); boxes, switches: the mark keys of the ones ticked.
  function playerMarks(scoring, id, out, boxes, switches) {
    const marks = boxes.slice();
    if (id === out) marks.push.apply(marks, [scoring.outChoice].concat(switches));
    return marks;
  }

  function ticked(root, selector) {
    return Array.prototype.map.call(root.querySelectorAll(selector), function (box) { return box.dataset.mark; });
  }

  // One formula per engine (ramo_keeper/rules/engines/), driven by the data its engine hands the page.
  // values: each player's hand value by id; marks: the mark keys each player carries by id. Each sets a
  // player's score before the factors of their marks (Variant.scored multiplies) and returns the marks
  // the engine reads into each line where they differ from those given (the knock's).
  const FORMULAS = {
    // Penalty points: the player marked out scores the out score, the others what they hold.
    levels: function (s, values, marks, ids, result) {
      ids.forEach(function (id) { result[id] = has(marks[id], s.outMark) ? s.outScore : values[id]; });
      return marks;
    },
    // The player marked out takes everyone's cards (times the factor of each mark they carry).
    winner_takes: function (s, values, marks, ids, result) {
      const out = ids.find(function (id) { return has(marks[id], s.outMark); });
      const pot = ids.reduce(function (sum, id) { return sum + values[id]; }, 0);
      ids.forEach(function (id) { result[id] = id === out ? pot : 0; });
      return marks;
    },
    // The lowest hand scores the differences (a tied knocker gives way), plus the undercut and all-cards bonuses.
    // Only the knocker carries the knock, and going out only when holding nothing.
    knock: function (s, values, marks, ids, result) {
      const knocker = ids.find(function (id) { return marked(s, marks[id], s.knockMark); });
      const low = Math.min.apply(null, ids.map(function (id) { return values[id]; }));
      let winners = ids.filter(function (id) { return values[id] === low; });
      if (knocker !== undefined && winners.indexOf(knocker) >= 0 && winners.length > 1) {
        winners = winners.filter(function (id) { return id !== knocker; });
      }
      const lines = {};
      ids.forEach(function (id) {
        lines[id] = marks[id].filter(function (mark) { return mark !== s.knockMark && mark !== "went_out"; });
        if (id === knocker) lines[id].push.apply(lines[id], values[id] === 0 ? [s.knockMark, "went_out"] : [s.knockMark]);
        if (winners.indexOf(id) < 0) { result[id] = 0; return; }
        let gain = ids.reduce(function (sum, other) { return other === id ? sum : sum + values[other] - low; }, 0);
        if (knocker !== undefined && id !== knocker) gain += s.undercutBonus;
        if (low === 0) gain += s.allCardsBonus;
        result[id] = gain;
      });
      return lines;
    },
  };

  // What each player scores for the hand: scoring is the engine's data, values and marks by player id.
  // The engine's score, times the factor of each mark the line carries (docs/RULES.md §8).
  function scoreHand(scoring, values, marks) {
    const result = {};
    const formula = FORMULAS[scoring.engine];
    if (!formula) return result;
    const lines = formula(scoring, values, marks, Object.keys(values), result);
    Object.keys(result).forEach(function (id) { result[id] *= factor(scoring, lines[id] || []); });
    return result;
  }

  function scores(form, scoring, values) {
    const out = outPlayer(form);
    const switches = ticked(form, 'input[role="switch"][data-mark]:checked');
    const marks = {};
    form.querySelectorAll(".player-block[data-player]").forEach(function (block) {
      const id = block.dataset.player;
      // The out player's switches ride in the picked player's panel (hand-tabs.js): they are not that
      // player's own boxes, and count once, for the player out.
      marks[id] = playerMarks(scoring, id, out,
        ticked(block, 'input[type="checkbox"][data-mark]:not([role="switch"]):checked'), switches);
    });
    return scoreHand(scoring, values, marks);
  }

  function signed(n) { return n > 0 ? "+" + n : (n < 0 ? String(n) : "0"); }

  function update(form) {
    if (!form || !form.dataset.scoring) return;
    const scoring = JSON.parse(form.dataset.scoring);
    const values = {};
    form.querySelectorAll(".player-block[data-player]").forEach(function (block) {
      const cards = cardsValue(block);
      values[block.dataset.player] = cards.value;
      const output = block.querySelector(".hand-value output");
      if (output) output.textContent = cards.working;
    });
    // Nothing tapped yet (no cards, nobody out): no score to preview. A knock game would otherwise show
    // everyone tied at 0 and scoring the all-cards bonus (issue 35).
    const blank = !form.querySelector('input[name="went_out"]:checked')
      && Object.keys(values).every(function (id) { return values[id] === 0; });
    const scored = blank ? {} : scores(form, scoring, values);
    form.classList.toggle("blank-hand", blank);
    form.querySelectorAll(".player-block[data-player]").forEach(function (block) {
      const shown = block.querySelector(".hand-score");
      const score = scored[block.dataset.player];
      if (blank) { delete block.dataset.score; if (shown) shown.textContent = ""; return; }
      // Kept with a hand saved offline (outbox.js): the waiting hand is listed with these scores.
      if (score !== undefined) block.dataset.score = String(score);
      if (shown && score !== undefined) shown.textContent = form.dataset.scoreWords.replace("%(points)s", signed(score));
    });
    recordLabel(form);
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

  global.RamoHandScore = { handValue: handValue, playerMarks: playerMarks, scoreHand: scoreHand };
})(window);
