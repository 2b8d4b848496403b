// Installable app: register the service worker (served at the root so that it covers every page).
(function () {
  "use strict";
  const script = document.currentScript;
  if (!("serviceWorker" in navigator) || !script || !script.dataset.serviceWorker) return;
  window.addEventListener("load", function () {
    navigator.serviceWorker.register(script.dataset.serviceWorker, { scope: script.dataset.scope || "/" }).catch(function () {
      // Plain http on a LAN address has no service workers; the app works without one.
    });
  });
})();
