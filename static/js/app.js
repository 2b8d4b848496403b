// Small progressive enhancements; every page works without this file.
(function () {
  "use strict";
  // Keep the screen awake while a game is on screen (Wake Lock API, where the browser has it).
  let lock = null;
  async function keepAwake() {
    const wants = document.querySelector("[data-keep-awake]");
    if (!wants || !("wakeLock" in navigator) || document.visibilityState !== "visible") return;
    try { if (!lock) { lock = await navigator.wakeLock.request("screen"); lock.addEventListener("release", () => { lock = null; }); } }
    catch (e) { lock = null; }
  }
  document.addEventListener("visibilitychange", keepAwake);
  document.addEventListener("htmx:load", keepAwake);
  document.addEventListener("DOMContentLoaded", keepAwake);
})();
