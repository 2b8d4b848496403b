// Runs static/js/hand-score.js, as the browser gets it, in node and scores hands given on stdin with it,
// for tests/rules/test_preview_parity.py. The page part of the file only registers listeners, so a
// document that takes them is all it needs; its scoring is what the file exposes as RamoHandScore.
//
// stdin:  {"cases": [{"form": {dataset of #hand-form}, "picks": [{"points": "5", "face": false}, …],
//          "hands": [{"counts": {"<player id>": [count per pick]}, "out": "<player id>" | null,
//          "switches": [names of the switches for the player out that are on]}]}]}
// stdout: {"cases": [[{"<player id>": {"value": n, "working": "…", "score": n}}, …]]}
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import vm from "node:vm";

const source = readFileSync(fileURLToPath(new URL("../../static/js/hand-score.js", import.meta.url)), "utf8");
const page = { document: { addEventListener() {}, getElementById() { return null; } } };
page.window = page;
vm.createContext(page);
vm.runInContext(source, page, { filename: "hand-score.js" });
const { handValue, scoreHand } = page.RamoHandScore;

function scoreCase(entry) {
  return entry.hands.map(function (hand) {
    const worked = {};
    const values = {};
    Object.entries(hand.counts).forEach(function ([id, counts]) {
      worked[id] = handValue(entry.picks.map(function (pick, i) {
        return { count: counts[i], points: pick.points, face: pick.face };
      }));
      values[id] = worked[id].value;
    });
    // As the page does: the one switch it reads is the went-rummy one (hand-score.js, scores()).
    const scores = scoreHand(entry.form, values, hand.out, hand.switches.indexOf("went_rummy") >= 0);
    const result = {};
    Object.keys(worked).forEach(function (id) {
      result[id] = { value: worked[id].value, working: worked[id].working, score: scores[id] };
    });
    return result;
  });
}

const input = JSON.parse(readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify({ cases: input.cases.map(scoreCase) }));
