// A night's round timer (RULES.md §9; templates/nights/_timer.html): counts down from the seconds the
// server said were left when it made the page, and at zero calls "last hand". It never ends a game. A
// page replaced by live.js brings its own count, so each second reads every timer on the page afresh.
(function () {
  "use strict";
  if (window.ramoNightTimerLoaded) return;
  window.ramoNightTimerLoaded = true;
  const TICK_MS = 1000;

  function text(seconds) {
    const minutes = Math.floor(seconds / 60);
    const rest = seconds % 60;
    return minutes + ":" + (rest < 10 ? "0" : "") + rest;
  }

  function update(timer) {
    if (!timer.dataset.deadline) {
      timer.dataset.deadline = String(Date.now() + 1000 * Number(timer.dataset.secondsLeft || 0));
    }
    const left = Math.max(0, Math.ceil((Number(timer.dataset.deadline) - Date.now()) / 1000));
    const shown = timer.querySelector(".night-timer-left");
    if (shown) shown.textContent = text(left);
    if (left === 0 && !timer.classList.contains("is-over")) {
      timer.classList.add("is-over");
      const call = timer.querySelector(".night-timer-call");
      const words = timer.querySelector("template.night-timer-text");
      if (call && words) call.textContent = words.content.textContent;
    }
  }

  function tick() {
    document.querySelectorAll(".night-timer[data-seconds-left]").forEach(update);
  }

  document.addEventListener("ramo:replaced", tick);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", tick);
  else tick();
  setInterval(tick, TICK_MS);
})();
