// No hand lost when the Wi-Fi drops. A hand submitted while offline, or whose request failed on the
// way, is kept on the phone in IndexedDB (it survives a reload and a sleeping screen), listed as
// "waiting to send", and sent in order, with its own idempotency key and hand number, as soon as the
// connection returns. The server's rules still apply: a refusal (409, 422, …) stays on the list with
// the server's words until the reader dismisses it; nothing is dropped silently.
(function () {
  "use strict";
  if (window.ramoOutboxLoaded) return;  // a page loads it once (app.js); never bind its handlers twice
  window.ramoOutboxLoaded = true;
  const DB_NAME = "ramo-keeper";
  const STORE = "outbox";
  const RETRY_MS = 5000;
  const RELOAD_MS = 3000;
  let flushing = false;

  function openDb() {
    return new Promise(function (resolve, reject) {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = function () {
        request.result.createObjectStore(STORE, { keyPath: "id", autoIncrement: true });
      };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
  }

  async function withStore(mode, work) {
    const db = await openDb();
    return new Promise(function (resolve, reject) {
      const tx = db.transaction(STORE, mode);
      const result = work(tx.objectStore(STORE));
      tx.oncomplete = function () { db.close(); resolve(result && "result" in result ? result.result : undefined); };
      tx.onerror = function () { db.close(); reject(tx.error); };
    });
  }

  const saved = {
    all: function () { return withStore("readonly", function (s) { return s.getAll(); }); },
    put: function (item) { return withStore("readwrite", function (s) { return s.put(item); }); },
    remove: function (id) { return withStore("readwrite", function (s) { return s.delete(id); }); },
  };

  function pageToken() {
    try { return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || null; }
    catch (error) { return null; }
  }

  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID().replace(/-/g, "");
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return Array.from(bytes, function (b) { return b.toString(16).padStart(2, "0"); }).join("");
  }

  // Each player's score for the hand as the form showed it (hand-score.js), to list the hand while it waits.
  function scoresShown(form) {
    return Array.from(form.querySelectorAll(".player-block[data-player][data-score]")).map(function (block) {
      const name = block.querySelector(".player-name");
      return { player: block.dataset.player, name: name ? name.textContent.trim() : "", score: parseInt(block.dataset.score, 10) || 0 };
    });
  }

  async function keep(form) {
    const body = Array.from(new FormData(form).entries());
    const field = function (name) { const f = form.elements[name]; return f ? f.value : ""; };
    await saved.put({
      gameId: form.dataset.gameId, url: form.action, body: body, state: "waiting", message: "",
      key: field("idempotency_key"), handNumber: parseInt(field("hand_number"), 10) || null,
      scores: scoresShown(form), savedAt: Date.now(),
    });
  }

  function setHandNumber(form, number) {
    form.elements.hand_number.value = String(number);
    form.querySelectorAll("[data-hand-number]").forEach(function (s) { s.textContent = String(number); });
  }

  // The form moves on to the next hand, as if the kept one had been recorded.
  function clearForNextHand(form, keptNumber) {
    form.querySelectorAll('.pick-n input[value="0"]').forEach(function (r) { r.checked = true; });
    form.querySelectorAll(".pick-number").forEach(function (box) { box.value = ""; });
    form.querySelectorAll('input[name="went_out"], input[type="checkbox"]').forEach(function (i) { i.checked = false; });
    form.querySelectorAll(".hand-value output").forEach(function (o) { o.textContent = "0"; });
    form.querySelectorAll(".send-problem").forEach(function (p) { p.remove(); });
    form.elements.idempotency_key.value = newKey();
    if (keptNumber) setHandNumber(form, keptNumber + 1);
    delete form.dataset.typed;
    const notice = form.querySelector(".queued-notice");
    if (notice) {
      notice.querySelector("[data-queued-number]").textContent = String(keptNumber || "");
      notice.hidden = false;
    }
    // The cards tapped (card-keys.js), the running values and the Record button's words start again.
    document.dispatchEvent(new CustomEvent("ramo:form-cleared", { detail: { form: form } }));
    form.dispatchEvent(new Event("change", { bubbles: true }));
  }

  async function keepAndClear(form) {
    const number = parseInt(form.elements.hand_number.value, 10) || null;
    await keep(form);
    clearForNextHand(form, number);
    await show();
    schedule();
  }

  // Offline: the hand never leaves the phone until the connection is back. Capture phase, so htmx
  // (listening on the form itself) never starts a request that cannot arrive.
  document.addEventListener("submit", function (event) {
    const form = event.target;
    if (!form.matches("form[data-queue-offline]") || navigator.onLine) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    keepAndClear(form);
  }, true);

  // Online, but the request did not arrive or the server failed: keep it and send it again later.
  function keepFailed(event) {
    const form = event.detail.elt;
    if (!form || !form.matches || !form.matches("form[data-queue-offline]")) return;
    if (event.type === "htmx:responseError" && event.detail.xhr.status < 500) return;
    keepAndClear(form);
  }
  document.addEventListener("htmx:sendError", keepFailed);
  document.addEventListener("htmx:responseError", keepFailed);

  // The server's reason, as its answer shows it: the notice or the errors it shows, never the page's
  // hidden notices (the form's "Someone else recorded this hand first", kept for live.js).
  function refusal(html) {
    const doc = new DOMParser().parseFromString(html, "text/html");
    const words = Array.from(doc.querySelectorAll(".notice, .form-error, .field-error"))
      .filter(function (e) { return !e.closest("[hidden]"); })
      .map(function (e) { return e.textContent.trim(); }).filter(Boolean);
    if (words.length) return words.join(" ");
    const main = doc.querySelector("main");
    return main ? main.textContent.trim().replace(/\s+/g, " ").slice(0, 300) : "";
  }

  async function send(item) {
    const body = new URLSearchParams(item.body);
    const token = pageToken();
    if (token) body.set("csrf_token", token);
    const response = await fetch(item.url, {
      method: "POST", body: body, credentials: "same-origin", cache: "no-store", redirect: "manual",
      headers: { "HX-Request": "true", "X-CSRFToken": token || body.get("csrf_token") || "" },
    });
    return response;
  }

  async function flush() {
    const box = document.getElementById("outbox");
    // The offline page only lists the hands: it reloads into the real page, which sends them.
    if (flushing || !navigator.onLine || (box && "hold" in box.dataset)) return;
    flushing = true;
    const blocked = new Set();
    try {
      const items = (await saved.all()).sort(function (a, b) { return a.id - b.id; });
      for (const item of items) {
        if (item.state !== "waiting" || blocked.has(item.gameId)) {
          if (item.state !== "waiting") blocked.add(item.gameId);
          continue;
        }
        let response;
        try {
          response = await send(item);
        } catch (error) {
          break; // still no connection: keep the order, try again later
        }
        if (response.type === "opaqueredirect" || response.status >= 500) break; // logged out or server trouble: later
        const html = await response.text();
        if (response.ok) {
          await saved.remove(item.id);
          sent(item, html);
        } else {
          // Later hands of this game were typed after this one: they wait until it is dismissed.
          item.state = "refused";
          item.message = refusal(html);
          await saved.put(item);
          blocked.add(item.gameId);
        }
      }
    } finally {
      flushing = false;
      if (await show()) schedule();
    }
  }

  // The play area of this game's page shows the recorded hand (unless a new hand is being typed).
  function sent(item, html) {
    const play = document.getElementById("play");
    const form = document.getElementById("hand-form");
    if (!play || !form || form.dataset.gameId !== item.gameId) return;
    if (form.dataset.typed) { document.dispatchEvent(new Event("ramo:poll-now")); return; }
    const fresh = new DOMParser().parseFromString(html, "text/html").getElementById("play");
    if (!fresh) return;
    play.replaceWith(fresh);
    if (window.htmx) window.htmx.process(fresh);
    document.dispatchEvent(new CustomEvent("ramo:replaced", { detail: { element: fresh } }));
  }

  async function show() {
    let items = [];
    try { items = await saved.all(); } catch (error) { return 0; }
    const waiting = items.filter(function (i) { return i.state === "waiting"; }).length;
    const box = document.getElementById("outbox");
    if (!box) return waiting;
    const only = box.dataset.gameId;
    items = items.filter(function (i) { return !only || i.gameId === only; }).sort(function (a, b) { return a.id - b.id; });
    const list = box.querySelector("ul");
    list.replaceChildren();
    items.forEach(function (item) {
      const line = box.querySelector("template." + item.state).content.firstElementChild.cloneNode(true);
      line.querySelectorAll("[data-hand-number]").forEach(function (s) { s.textContent = item.handNumber || "?"; });
      line.querySelectorAll("[data-game-id]").forEach(function (s) { s.textContent = item.gameId; });
      line.querySelectorAll("[data-message]").forEach(function (s) { s.textContent = item.message; });
      line.querySelectorAll("[data-dismiss]").forEach(function (b) { b.dataset.dismiss = String(item.id); });
      line.querySelectorAll("[data-scores]").forEach(function (s) { writeScores(s, item.scores, signed); });
      list.appendChild(line);
    });
    box.hidden = items.length === 0;
    if (only) followQueue(box, items.filter(function (i) { return i.state === "waiting"; }));
    return waiting;
  }

  function signed(n) { return n > 0 ? "+" + n : String(n); }
  function plain(n) { return String(n); }

  // "Sofia -50 · Bo +15 · Cy +20", as the player tabs show a hand; a name and its
  // number never part at the end of a line.
  function writeScores(element, scores, format) {
    element.replaceChildren();
    (scores || []).forEach(function (s, index) {
      if (index) element.append(" · ");
      const one = document.createElement("span");
      one.textContent = s.name + " " + format(s.score);
      element.append(one);
    });
  }

  // The game page follows the hands waiting on this phone, as if they were recorded: the form is for
  // the hand after them (with a key of its own), the deal of a hand already played gives way to the
  // next hand's number, and the totals with the waiting hands are shown beside them. A copy of the
  // page kept from before they were typed (a reload with no signal) thus goes on where the table is.
  function followQueue(box, waiting) {
    const play = document.getElementById("play");
    const form = document.getElementById("hand-form");
    if (!play || !form || !form.matches("[data-queue-offline]") || form.dataset.gameId !== box.dataset.gameId) return;
    const serverNext = parseInt(play.dataset.nextHand, 10) || 1;
    const numbers = waiting.map(function (i) { return i.handNumber || 0; });
    const next = Math.max.apply(null, [serverNext].concat(numbers.map(function (n) { return n + 1; })));
    if ((parseInt(form.elements.hand_number.value, 10) || 0) < next) setHandNumber(form, next);
    if (waiting.some(function (i) { return i.key === form.elements.idempotency_key.value; })) {
      form.elements.idempotency_key.value = newKey();
    }
    // live.js: the server being behind by this phone's own waiting hands is no one else's hand.
    if (waiting.length) form.dataset.waitingFrom = String(Math.min.apply(null, numbers));
    else delete form.dataset.waitingFrom;
    showNextDeal(box, play, next > serverNext ? next : null);
    // A waiting hand the server already has (its answer was lost on the way) is on the scoreboard already.
    showTotals(box, waiting.filter(function (i) { return !i.handNumber || i.handNumber >= serverNext; }));
  }

  function showNextDeal(box, play, number) {
    const deal = play.querySelector(".table-summary:not([data-waiting-deal])");
    let line = play.querySelector("[data-waiting-deal]");
    if (deal) deal.hidden = number !== null;
    play.classList.toggle("deal-waiting", number !== null);  // the scoreboard's dealer badges too (app.css)
    if (number === null || !deal) { if (line) line.remove(); return; }
    if (!line) {
      line = box.querySelector("template.next-deal").content.firstElementChild.cloneNode(true);
      deal.before(line);
    }
    line.querySelectorAll("[data-hand-number]").forEach(function (s) { s.textContent = String(number); });
  }

  // Each player's total on the scoreboard (what the server has) plus their scores in the waiting hands.
  function showTotals(box, waiting) {
    const line = box.querySelector(".outbox-totals");
    if (!line) return;
    const scored = waiting.filter(function (i) { return i.scores && i.scores.length; });
    const totals = [];
    document.querySelectorAll(".scoreboard tr[data-player]").forEach(function (row) {
      const cell = row.querySelector(".total");
      let total = cell ? parseInt(cell.textContent, 10) || 0 : 0;
      let name = null;
      scored.forEach(function (item) {
        item.scores.forEach(function (s) { if (s.player === row.dataset.player) { total += s.score; name = s.name; } });
      });
      if (name !== null) totals.push({ name: name, score: total });
    });
    writeScores(line.querySelector("[data-totals]"), totals, plain);
    line.hidden = totals.length === 0;
  }

  document.addEventListener("click", async function (event) {
    const button = event.target.closest("[data-dismiss]");
    if (!button || !document.getElementById("outbox").contains(button)) return;
    await saved.remove(parseInt(button.dataset.dismiss, 10));
    await show();
    flush();
  });

  let timer = null;
  function schedule() {
    if (timer) return;
    timer = setTimeout(function () { timer = null; flush(); }, RETRY_MS);
  }

  function start() {
    const box = document.getElementById("outbox");
    // The offline page shown although the phone says it is online: the server (or the network
    // behind the Wi-Fi) is away. Look again every few seconds.
    if (box && "reloadWhenOnline" in box.dataset && navigator.onLine) {
      setTimeout(function () { window.location.reload(); }, RELOAD_MS);
    }
    if (!window.indexedDB) return;
    show().then(flush);
  }
  window.addEventListener("online", function () {
    const box = document.getElementById("outbox");
    if (box && "reloadWhenOnline" in box.dataset) window.location.reload();
    else flush();
  });
  document.addEventListener("htmx:afterSettle", show);
  // A fresh play area (live.js, a hand sent from here) shows the server's next hand: the waiting ones follow.
  document.addEventListener("ramo:replaced", show);
  // Loaded by app.js after a boosted visit, the page is already there: start now.
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
})();
