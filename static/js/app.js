// Small progressive enhancements; every page works without this file.
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  // +/- steppers next to each card count: change the number and tell htmx (and the preview) about it.
  document.addEventListener("click", function (event) {
    const button = event.target.closest("button[data-step]");
    if (!button) return;
    const input = document.getElementById(button.dataset.for);
    if (!input) return;
    const current = parseInt(input.value, 10) || 0;
    const max = parseInt(input.max, 10) || 60;
    input.value = Math.min(max, Math.max(0, current + parseInt(button.dataset.step, 10)));
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });

  // Keep the screen awake while a game is on screen (Wake Lock API, where the browser has it).
  let lock = null;
  async function keepAwake() {
    const wants = document.querySelector("[data-keep-awake]");
    if (!wants) { if (lock) { lock.release(); lock = null; } return; }
    if (!("wakeLock" in navigator) || document.visibilityState !== "visible" || lock) return;
    try {
      lock = await navigator.wakeLock.request("screen");
      lock.addEventListener("release", function () { lock = null; });
    } catch (e) { lock = null; }
  }
  document.addEventListener("visibilitychange", keepAwake);
  document.addEventListener("htmx:afterSettle", keepAwake);
  document.addEventListener("DOMContentLoaded", keepAwake);
})();
