// Every phone at the table stays live: an element with data-poll-url (the game page's play area,
// the share link's board) asks the server every 2 s, while the page is visible, whether the game
// changed. The request is conditional (If-None-Match), so an unchanged game costs a bodiless 304.
// A hand form someone has started typing is never replaced: when another phone records that hand
// first, the form says so at once and offers to load the new hand.
(function () {
  "use strict";
  if (window.ramoLiveLoaded) return;  // a page loads it once (app.js); never bind its handlers twice
  window.ramoLiveLoaded = true;
  const PERIOD_MS = 2000;
  let etag = null;
  let polledUrl = null;
  let busy = false;

  function poller() { return document.querySelector("[data-poll-url]"); }

  async function fetchBoard(element, conditional) {
    const url = element.dataset.pollUrl;
    if (url !== polledUrl) { etag = null; polledUrl = url; }
    const headers = { "HX-Request": "true" };
    if (conditional && etag) headers["If-None-Match"] = etag;
    // no-store: the browser cache must not answer for us, or a 304 would come back as an old 200.
    const response = await fetch(url, { headers: headers, cache: "no-store", credentials: "same-origin" });
    if (response.status !== 200) return null;
    etag = response.headers.get("ETag");
    const doc = new DOMParser().parseFromString(await response.text(), "text/html");
    return doc.getElementById(element.id);
  }

  async function poll() {
    const element = poller();
    if (!element || busy || document.visibilityState !== "visible") return;
    // A hand being sent swaps the play area itself; a poll now would only race it.
    if (element.classList.contains("htmx-request") || element.querySelector(".htmx-request")) return;
    busy = true;
    try {
      const fresh = await fetchBoard(element, true);
      // A scorer's board changes with the players' drafts too (data-drafts; static/js/drafts.js).
      if (fresh && element.isConnected && (fresh.dataset.version !== element.dataset.version ||
          fresh.dataset.drafts !== element.dataset.drafts)) {
        if (element.id === "play") updatePlay(element, fresh);
        else replace(element, fresh);
      }
    } catch (error) {
      // No connection: the next tick tries again.
    } finally {
      busy = false;
      // Said when a poll has been wholly handled (its body read, the page updated): the next tick
      // can poll again. The browser tests count polls by it.
      document.dispatchEvent(new CustomEvent("ramo:polled"));
    }
  }

  function replace(old, fresh) {
    // Keep open what the reader opened (the folded deal card and scoreboard, the share box).
    const opened = Array.from(old.querySelectorAll("details[open]")).map(function (d) { return d.id || d.className; });
    fresh.querySelectorAll("details").forEach(function (d) {
      if (opened.indexOf(d.id || d.className) >= 0) d.open = true;
    });
    old.replaceWith(fresh);
    if (window.htmx) window.htmx.process(fresh);
    document.dispatchEvent(new CustomEvent("ramo:replaced", { detail: { element: fresh } }));
  }

  function updatePlay(play, fresh) {
    document.dispatchEvent(new CustomEvent("ramo:play-fresh", { detail: { play: play, fresh: fresh } }));
    const form = play.querySelector("#hand-form");
    if (!form || !form.dataset.typed) {
      replace(play, fresh);
      return;
    }
    ["board-top", "board-bottom"].forEach(function (id) {
      const old = play.querySelector("#" + id);
      const next = fresh.querySelector("#" + id);
      if (old && next) replace(old, next);
    });
    play.dataset.version = fresh.dataset.version;
    if (fresh.dataset.drafts !== undefined) play.dataset.drafts = fresh.dataset.drafts;
    // The form was filled in for one hand number; if the game has moved past it, say so now.
    const number = form.elements.hand_number ? form.elements.hand_number.value : "";
    if (number && fresh.dataset.nextHand !== number && !behindByOwnHands(form, fresh.dataset.nextHand)) {
      const notice = form.querySelector(".taken-notice");
      if (notice) notice.hidden = false;
    }
  }

  // The server is still missing hands waiting on this phone (outbox.js numbers the form past them,
  // from data-waiting-from): that gap is this phone's own, not a hand someone else recorded.
  function behindByOwnHands(form, serverNext) {
    const from = parseInt(form.dataset.waitingFrom, 10);
    const next = parseInt(serverNext, 10);
    return from > 0 && next >= from && next < parseInt(form.elements.hand_number.value, 10);
  }

  // "Load the new hand": the typed form gives way to the current one.
  document.addEventListener("click", async function (event) {
    const button = event.target.closest("[data-load-new-hand]");
    if (!button) return;
    const play = document.getElementById("play");
    if (!play) return;
    try {
      const fresh = await fetchBoard(play, false);
      if (fresh) replace(play, fresh);
    } catch (error) {
      window.location.reload();
    }
  });

  setInterval(poll, PERIOD_MS);
  document.addEventListener("visibilitychange", poll);
  document.addEventListener("ramo:poll-now", poll);
})();
