// Runs static/js/hand-score.js and static/js/house-rule-editor.js, as the editor page gets them, in node and
// writes the worked example each given editor form shows, for tests/house_rules/test_worked_example_parity.py.
//
// stdin:  {"forms": [{"dataset": {dataset of #house-rule-editor}, "categories": [{"key": "low", "points": "5"}, …],
//          "outScore": "<the out score field's text>" | null, "options": {"<option key>": {"value": "…", "checked": true}}}]}
// stdout: {"examples": ["Sofia goes out: −50; Bo holds …", …]}
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import vm from "node:vm";

const page = { document: { addEventListener() {}, getElementById() { return null; }, readyState: "complete" } };
page.window = page;
vm.createContext(page);
for (const name of ["hand-score.js", "house-rule-editor.js"]) {
  const source = readFileSync(fileURLToPath(new URL(`../../static/js/${name}`, import.meta.url)), "utf8");
  vm.runInContext(source, page, { filename: name });
}

function field(value, checked) { return { value: value, checked: !!checked }; }

// Just what house-rule-editor.js asks of the page: the output, the category rows, the out score and option fields.
function editorForm(given) {
  const output = { textContent: "" };
  const rows = given.categories.map(function (category) {
    const parts = { "[data-category-key]": field(category.key), "[data-category-label]": field(category.label),
      "[data-category-points]": field(category.points) };
    return { querySelector(selector) { return parts[selector] || null; } };
  });
  return {
    dataset: given.dataset,
    output: output,
    querySelector(selector) {
      if (selector === "#worked-example") return output;
      if (selector === "[data-out-score]") return given.outScore === null ? null : field(given.outScore);
      const option = /^\[name="opt-(\w+)"\]$/.exec(selector);
      const known = option && given.options[option[1]];
      if (known) return field(known.value, known.checked);
      return null;
    },
    querySelectorAll(selector) { return selector === "[data-category]" ? rows : []; },
  };
}

const forms = JSON.parse(readFileSync(0, "utf8")).forms;
const examples = forms.map(function (given) {
  const form = editorForm(given);
  page.RamoHouseRuleEditor.update(form);
  return form.output.textContent;
});
process.stdout.write(JSON.stringify({ examples: examples }));
