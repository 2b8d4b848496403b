// Play now: Enter in a player's name moves to the next empty name box, so the names can be typed
// in one go; Enter in the last one starts the game. A tapped name chip fills the first empty box
// here and now: sent to the server instead, a second tap or Start before the answer came back was
// made from the form as it stood and lost the first name. The form works without this file (each
// chip posts the form, and the server places the name); with every box full, it still does.
(function () {
  "use strict";
  if (window.playNowKeys) return;  // loaded again by a later visit in the same page
  window.playNowKeys = true;
  const boxes = function () { return Array.from(document.querySelectorAll("#play-now input[type=text]")); };
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" || !event.target.matches("#play-now input[type=text]")) return;
    const all = boxes();
    const next = all.slice(all.indexOf(event.target) + 1).find(function (box) { return !box.value; });
    if (next && event.target.value) {
      event.preventDefault();
      next.focus();
    }
  });
  // Capture phase: the chip's own htmx post is never started when the name goes in here.
  document.addEventListener("click", function (event) {
    const chip = event.target.closest && event.target.closest("#play-now button[name=chip]");
    if (!chip) return;
    const all = boxes();
    const typed = all.find(function (box) { return box.value.trim().toLowerCase() === chip.value.toLowerCase(); });
    const empty = typed || all.find(function (box) { return !box.value.trim(); });
    if (!empty) return;  // every box full: the server adds one
    event.preventDefault();
    event.stopPropagation();
    if (!typed) {
      empty.value = chip.value;
      empty.dispatchEvent(new Event("input", { bubbles: true }));
    }
    const group = chip.parentElement;
    const following = chip.nextElementSibling || chip.previousElementSibling;
    chip.hidden = true;
    // Keep the keyboard's place: focus moves to the next chip, or to the filled box.
    (following && !following.hidden ? following : empty).focus({ preventScroll: true });
    if (group && !group.querySelector("button:not([hidden])")) group.hidden = true;
  }, true);
})();
