// The board for the room (RULES.md §9): it never scrolls. When a night's tables or standings do not fit
// the screen at a readable size, they are cut into pages that take turns every PAGE_MS; tables and
// standings turn together, so one cycle of the pages shows every table and every standings row once.
// live.js replaces the board when the night changes; the page shown stays, and a round newly seated
// is announced for ANNOUNCE_MS ("Round 3 seated: find your table").
(function () {
  "use strict";
  if (window.ramoNightBoardLoaded) return;
  window.ramoNightBoardLoaded = true;
  const PAGE_MS = 10000;
  const ANNOUNCE_MS = 20000;
  let page = 0;
  let shownRound = null;
  let announceUntil = 0;

  function board() { return document.getElementById("night-board"); }

  // Items (in reading order) cut into pages: an item goes on the current page while its bottom, moved up
  // by where the page starts, stays inside the box; else it starts the next page.
  function pagesOf(items, box) {
    if (!items.length || !box) return [items];
    const limit = box.getBoundingClientRect().bottom;
    const first = items[0].getBoundingClientRect().top;
    const pages = [[]];
    let shift = 0;
    items.forEach(function (item) {
      const rect = item.getBoundingClientRect();
      if (rect.bottom - shift > limit && pages[pages.length - 1].length) {
        pages.push([]);
        shift = rect.top - first;
      }
      pages[pages.length - 1].push(item);
    });
    return pages;
  }

  function show(pages, index) {
    pages.forEach(function (items, i) {
      items.forEach(function (item) { item.hidden = i !== index; });
    });
  }

  function layout() {
    const element = board();
    if (!element) return;
    const tables = Array.from(element.querySelectorAll(".board-table"));
    const rows = Array.from(element.querySelectorAll(".board-ranking li"));
    tables.concat(rows).forEach(function (item) { item.hidden = false; });
    const tablePages = pagesOf(tables, element.querySelector(".board-tables"));
    const rowPages = pagesOf(rows, element.querySelector(".board-standings"));
    const count = Math.max(tablePages.length, rowPages.length);
    page = page % count;
    show(tablePages, page % tablePages.length);
    show(rowPages, page % rowPages.length);
    element.dataset.pages = String(count);
    element.dataset.page = String(page + 1);
    const indicator = element.querySelector(".board-page");
    if (indicator) {
      indicator.hidden = count < 2;
      indicator.textContent = (element.dataset.pageLabel || "{page}/{pages}")
        .replace("{page}", String(page + 1)).replace("{pages}", String(count));
    }
    const round = element.dataset.round;
    if (shownRound !== null && round !== shownRound) announceUntil = Date.now() + ANNOUNCE_MS;
    shownRound = round;
    const announce = element.querySelector(".board-announce");
    if (announce) announce.hidden = Date.now() >= announceUntil;
  }

  function turn() {
    const element = board();
    if (!element) return;
    page += 1;
    layout();
  }

  document.addEventListener("ramo:replaced", function (event) {
    if (event.detail && event.detail.element && event.detail.element.id === "night-board") layout();
  });
  document.addEventListener("ramo:board-turn", turn);  // the next page now, without waiting
  window.addEventListener("resize", layout);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", layout);
  else layout();
  setInterval(turn, PAGE_MS);
  setInterval(function () {
    const announce = document.querySelector("#night-board .board-announce");
    if (announce && !announce.hidden && Date.now() >= announceUntil) announce.hidden = true;
  }, 1000);
})();
