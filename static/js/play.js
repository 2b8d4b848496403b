// Play now: Enter in a player's name moves to the next empty name box, so the names can be typed
// in one go; Enter in the last one starts the game. The form works without this file.
(function () {
  "use strict";
  if (window.playNowKeys) return;  // loaded again by a later visit in the same page
  window.playNowKeys = true;
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" || !event.target.matches("#play-now input[type=text]")) return;
    const boxes = Array.from(document.querySelectorAll("#play-now input[type=text]"));
    const next = boxes.slice(boxes.indexOf(event.target) + 1).find(function (box) { return !box.value; });
    if (next && event.target.value) {
      event.preventDefault();
      next.focus();
    }
  });
})();
