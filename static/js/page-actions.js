// Behaviour that used to sit in inline handlers (onsubmit=, onclick=, onchange=), which the
// Content-Security-Policy forbids. Every page still works without this file.
(function () {
  "use strict";

  // <form data-confirm="Remove Bo from the league?">: ask before sending. Capture phase, so a
  // "no" stops the submit before htmx (hx-boost) sees it.
  document.addEventListener("submit", function (event) {
    const form = event.target.closest("form[data-confirm]");
    if (form && !window.confirm(form.dataset.confirm)) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }, true);

  // <input data-select-all>: a tap selects the whole link, ready to copy.
  document.addEventListener("click", function (event) {
    const input = event.target.closest("input[data-select-all]");
    if (input) input.select();
  });

  // <select data-autosubmit>, <input type=checkbox data-autosubmit>: choosing sends the form (the form
  // keeps its own submit button for no-JS; class="no-js" hides it once this file runs).
  document.addEventListener("change", function (event) {
    const select = event.target.closest("select[data-autosubmit], input[data-autosubmit]");
    if (!select || !select.form) return;
    if (select.form.requestSubmit) select.form.requestSubmit(); else select.form.submit();
  });

  // A link that looks like a button answers Space as a button does (Enter already follows it).
  document.addEventListener("keydown", function (event) {
    const link = event.key === " " && event.target.closest && event.target.closest('a[role="button"]');
    if (!link) return;
    event.preventDefault();
    link.click();
  });

  // <button data-print>: open the print dialog.
  document.addEventListener("click", function (event) {
    if (event.target.closest("button[data-print]")) window.print();
  });

  // Logging out clears the games kept on this phone for no signal (static/js/sw.js), and the copies of
  // pages htmx keeps in sessionStorage for Back (a game among them). So does logging in: the games kept
  // then were a Play-now guest's, not the account's.
  document.addEventListener("submit", function (event) {
    if (!/\/(login|logout(-everywhere)?)(\?|$)/.test(event.target.getAttribute("action") || "")) return;
    // The service worker forgets them too, with any copy it is still fetching (static/js/sw.js).
    const worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (worker) worker.postMessage({ type: "forget-games", language: document.documentElement.lang });
    if (window.caches) window.caches.delete("ramo-games");
    try { sessionStorage.removeItem("htmx-history-cache"); } catch (e) { /* storage switched off: nothing kept */ }
  }, true);

  // The copy of the game kept for no signal (static/js/sw.js) follows the game: the page asks the worker
  // for a fresh copy whenever it shows a version of the game the worker has not kept. The worker keeps
  // the pages it loads itself; it never saw this one when it was the phone's very first page (the
  // worker was not installed yet, or finished installing only while the page loaded), or when a link
  // (htmx's boost) brought it, and it has no copy of a hand recorded or undone here, sent from the
  // outbox, or recorded by another phone.
  let keptVersion = null;
  function shownVersion(play) {
    // data-keep-offline: a page the server lets the worker keep (a game this phone records).
    const keepable = document.querySelector("#outbox[data-keep-offline]") && /^\/games\/\d+$/.test(location.pathname);
    return play && keepable ? location.pathname + "@" + play.dataset.version : null;
  }
  function keepFresh(play) {
    const version = shownVersion(play);
    if (!version || version === keptVersion || !navigator.serviceWorker || !navigator.onLine) return;
    keptVersion = version;
    const path = location.pathname;
    // ready: on the very first page the worker is still installing.
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.active) registration.active.postMessage({ type: "keep-game", path: path });
    });
  }
  // Did the worker fetch this page itself (and so keep it)? Not "does a worker control the page now": a worker
  // that finished installing while the page loaded takes it over (clients.claim) without having fetched it.
  function fetchedByTheWorker() {
    const navigation = window.performance && performance.getEntriesByType && performance.getEntriesByType("navigation")[0];
    return Boolean(navigation && navigation.workerStart > 0 && navigator.serviceWorker.controller);
  }
  document.addEventListener("DOMContentLoaded", function () {
    const play = document.getElementById("play");
    if (navigator.serviceWorker && fetchedByTheWorker()) keptVersion = shownVersion(play);
    else keepFresh(play);
  });
  document.addEventListener("htmx:afterSettle", function () { keepFresh(document.getElementById("play")); });
  document.addEventListener("ramo:replaced", function () { keepFresh(document.getElementById("play")); });
  // A hand recorded elsewhere while a hand is typed here: the form stays, the game's version moves on.
  document.addEventListener("ramo:play-fresh", function (event) { keepFresh(event.detail.fresh); });

  // <button data-share-url>: the phone's share sheet (Web Share API), else the link is copied.
  document.addEventListener("click", async function (event) {
    const button = event.target.closest("button[data-share-url]");
    if (!button) return;
    const url = button.dataset.shareUrl;
    const status = button.parentElement.querySelector(".share-status");
    if (navigator.share) {
      try { await navigator.share({ title: button.dataset.shareTitle, url: url }); return; } catch (e) {
        if (e && e.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
    } catch (e) {
      // No clipboard either (plain HTTP on the LAN): the link box below is selected, ready to copy.
      const box = document.querySelector("input[data-select-all]");
      if (box) { box.scrollIntoView({ block: "center" }); box.select(); }
      return;
    }
    if (status) status.textContent = button.dataset.copied;
  });
})();
