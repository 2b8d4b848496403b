// No hand lost when the Wi-Fi drops. A hand submitted while offline, or whose request failed on the
// way, is kept on the phone in IndexedDB (it survives a reload and a sleeping screen), listed as
// "waiting to send", and sent in order, with its own idempotency key and hand number, as soon as the
// connection returns. The server's rules still apply: a refusal (409, 422, …) stays on the list with
// the server's words until the reader dismisses it; nothing is dropped silently.
(function () {
  "use strict";
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

  async function keep(form) {
    const body = Array.from(new FormData(form).entries());
    const field = function (name) { const f = form.elements[name]; return f ? f.value : ""; };
    await saved.put({
      gameId: form.dataset.gameId, url: form.action, body: body, state: "waiting", message: "",
      key: field("idempotency_key"), handNumber: parseInt(field("hand_number"), 10) || null,
      savedAt: Date.now(),
    });
  }

  // The form moves on to the next hand, as if the kept one had been recorded.
  function clearForNextHand(form, keptNumber) {
    form.querySelectorAll('.pick-n input[value="0"]').forEach(function (r) { r.checked = true; });
    form.querySelectorAll(".pick-number").forEach(function (box) { box.value = ""; });
    form.querySelectorAll('input[name="went_out"], input[type="checkbox"]').forEach(function (i) { i.checked = false; });
    form.querySelectorAll(".hand-value output").forEach(function (o) { o.textContent = "0"; });
    form.querySelectorAll(".send-problem").forEach(function (p) { p.remove(); });
    form.elements.idempotency_key.value = newKey();
    if (keptNumber) {
      form.elements.hand_number.value = String(keptNumber + 1);
      form.querySelectorAll("[data-hand-number]").forEach(function (s) { s.textContent = String(keptNumber + 1); });
    }
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

  function refusal(html) {
    const doc = new DOMParser().parseFromString(html, "text/html");
    const words = Array.from(doc.querySelectorAll(".notice, .form-error, .field-error"))
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
      list.appendChild(line);
    });
    box.hidden = items.length === 0;
    return waiting;
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
  document.addEventListener("DOMContentLoaded", start);
})();
