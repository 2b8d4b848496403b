// The house-rule editor's worked example, recomputed from the form's own values as they are typed:
// "Sofia goes out: −30; Bo holds 2 × Cards 1–9, 1 × Cards 10–13, 1 × Special cards: 63", each category
// named by its label as typed, scored by the hand form's scorer (hand-score.js, run before this file). No
// request per keystroke; the server writes the same sentence, scored by the game's engine, for a page without
// JavaScript (house_rules/editor.py: worked_example).
(function () {
  "use strict";
  if (window.ramoHouseRuleEditorLoaded) return;  // a page loads it once (app.js); never bind its handlers twice
  window.ramoHouseRuleEditorLoaded = true;
  var COUNTS = [2, 1]; // Bo holds 2 of the first category, 1 of the second and 1 of the last

  function whole(text) {
    var clean = String(text).trim().replace("\u2212", "-");
    return /^-?\d{1,9}$/.test(clean) ? parseInt(clean, 10) : null;
  }

  function minus(value) {
    return value < 0 ? "\u2212" + String(-value) : String(value);
  }

  function fill(pattern, values) {
    return pattern.replace(/\{(\w+)\}/g, function (_, name) { return values[name]; });
  }

  function optionField(form, key) { return form.querySelector('[name="opt-' + key + '"]'); }

  // The example's hand scored by the hand form's own scorer (hand-score.js, RamoHandScore): Sofia goes out
  // holding nothing, Bo holds the example's cards; the game's data (data-scoring, from Variant.preview) with
  // the numbers typed so far: the out score, and each option the engine's preview reads (fromOptions).
  function update(form) {
    var output = form.querySelector("#worked-example");
    var scorer = window.RamoHandScore;
    if (!output || !scorer) return;
    var scoring = JSON.parse(form.dataset.scoring || "{}");
    var rows = Array.prototype.filter.call(form.querySelectorAll("[data-category]"), function (row) {
      var remove = row.querySelector("[data-remove]");
      var key = row.querySelector("[data-category-key]");
      return !(remove && remove.checked) && key && key.value.trim();
    });
    var held = [], cards = [], numbers = !!scoring.engine;
    rows.forEach(function (row, i) {
      var count = i < COUNTS.length ? COUNTS[i] : (i === rows.length - 1 ? 1 : 0);
      if (!count) return;
      var key = row.querySelector("[data-category-key]").value.trim();
      var points = whole(row.querySelector("[data-category-points]").value);
      var switchField = (scoring.offUnless || {})[key] && optionField(form, scoring.offUnless[key]);
      var pointsField = (scoring.pointsFromOptions || {})[key] && optionField(form, scoring.pointsFromOptions[key]);
      if (pointsField) points = whole(pointsField.value);
      if (switchField && !switchField.checked) points = 0;
      if (points === null) { numbers = false; return; }
      cards.push({ count: count, points: points, face: false });
      var label = row.querySelector("[data-category-label]").value.trim();
      held.push(count + " \u00d7 " + (label || key));
    });
    var outField = form.querySelector("[data-out-score]");
    if (outField && "outScore" in scoring) scoring.outScore = whole(outField.value);
    Object.keys(scoring.fromOptions || {}).forEach(function (name) {
      var field = optionField(form, scoring.fromOptions[name]);
      if (field) scoring[name] = whole(field.value);
    });
    Object.keys(scoring).forEach(function (name) { if (scoring[name] === null) numbers = false; });
    if (!numbers) { output.textContent = form.dataset.notNumbers; return; }
    var value = scorer.handValue(cards).value;
    var scores = scorer.scoreHand(scoring, { sofia: 0, bo: value },
      { sofia: scorer.playerMarks(scoring, "sofia", "sofia", [], []), bo: [] });
    output.textContent = fill(form.dataset.sentence, {out: minus(scores.sofia), cards: held.join(form.dataset.comma || ", "), value: minus(value)});
  }

  // A category's key made from its label ("Wild cards" -> "wild_cards"), while the key is empty or
  // still the one made last: a key typed by hand is never overwritten. A label in another script
  // ("조커 카드") gives "category_N", N the row counted from 1 (house_rules/starting.py: key_from).
  function keyFrom(label, number) {
    var key = label.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "").slice(0, 20).replace(/_+$/, "");
    return key || (label.trim() ? "category_" + number : "");
  }

  function fillKey(labelBox) {
    var row = labelBox.closest("[data-category]");
    var key = row && row.querySelector("[data-category-key]");
    if (!key || (key.value && key.value !== key.dataset.madeFromLabel)) return;
    var rows = Array.prototype.slice.call(row.parentNode.querySelectorAll("[data-category]"));
    key.value = keyFrom(labelBox.value, rows.indexOf(row) + 1);
    key.dataset.madeFromLabel = key.value;
  }

  function fromEvent(event) {
    var form = event.target && event.target.closest && event.target.closest("#house-rule-editor");
    if (!form) return;
    if (event.type === "input" && event.target.matches("[data-category-label]")) fillKey(event.target);
    update(form);
  }

  document.addEventListener("input", fromEvent);
  document.addEventListener("change", fromEvent);
  // Loaded after a boosted swap, this file may run after the first keystrokes: the example catches up at once.
  var open = document.getElementById("house-rule-editor");
  if (open) update(open);
  // For tests/house_rules/test_worked_example_parity.py, which runs this file in node beside hand-score.js.
  window.RamoHouseRuleEditor = { update: update };
})();
