// Runs static/js/hand-score.js, as the browser gets it, in node and scores hands given on stdin with it,
// for tests/rules/test_preview_parity.py. The page part of the file only registers listeners, so a
// document that takes them is all it needs; its scoring is what the file exposes as RamoHandScore.
//
// stdin:  {"cases": [{"form": {dataset of #hand-form}, "picks": [{"points": "5", "face": false}, …],
//          "boxes": {"<player id>": {"<box name>": "<its data-mark>"}}, "switches": {"<name>": "<data-mark>"},
//          "hands": [{"counts": {"<player id>": [count per pick]}, "out": "<player id>" | null,
//          "boxes": {"<player id>": [names of the boxes ticked]}, "switches": [names of the switches on]}]}]}
// stdout: {"cases": [[{"<player id>": {"value": n, "working": "…", "score": n}}, …]]}
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import vm from "node:vm";

const source = readFileSync(fileURLToPath(new URL("../../static/js/hand-score.js", import.meta.url)), "utf8");
const page = { document: { addEventListener() {}, getElementById() { return null; } } };
page.window = page;
vm.createContext(page);
vm.runInContext(source, page, { filename: "hand-score.js" });
const { handValue, playerMarks, scoreHand } = page.RamoHandScore;

function scoreCase(entry) {
  // As the page does (hand-score.js, scores()): the engine's data from the form, each box's and switch's mark.
  const scoring = JSON.parse(entry.form.scoring);
  return entry.hands.map(function (hand) {
    const worked = {};
    const values = {};
    const marks = {};
    const switches = hand.switches.map(function (name) { return entry.switches[name]; });
    Object.entries(hand.counts).forEach(function ([id, counts]) {
      worked[id] = handValue(entry.picks.map(function (pick, i) {
        return { count: counts[i], points: pick.points, face: pick.face };
      }));
      values[id] = worked[id].value;
      const boxes = hand.boxes[id].map(function (name) { return entry.boxes[id][name]; });
      marks[id] = playerMarks(scoring, id, hand.out, boxes, switches);
    });
    const scores = scoreHand(scoring, values, marks);
    const result = {};
    Object.keys(worked).forEach(function (id) {
      result[id] = { value: worked[id].value, working: worked[id].working, score: scores[id] };
    });
    return result;
  });
}

const input = JSON.parse(readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify({ cases: input.cases.map(scoreCase) }));
