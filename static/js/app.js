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

  // A request that never arrived (flaky Wi-Fi) or failed on the server leaves the form as typed:
  // say so next to the form, so the table knows to tap again. The retry carries the same
  // idempotency key, so it can never record the hand twice.
  function showSendProblem(event, text) {
    const form = event.target.closest("form") || event.target;
    let note = form.querySelector(".send-problem");
    if (!note) {
      note = document.createElement("p");
      note.className = "send-problem form-error";
      note.setAttribute("role", "alert");
      form.prepend(note);
    }
    note.textContent = text;
  }
  document.addEventListener("htmx:sendError", function (event) {
    showSendProblem(event, "Not sent: the connection dropped. Nothing is lost — tap the button again.");
  });
  document.addEventListener("htmx:responseError", function (event) {
    if (event.detail.xhr.status >= 500) {
      showSendProblem(event, "The server had a problem and saved nothing. Tap the button again in a moment.");
    }
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
