// The page's chrome that needs no Python: the narrow-screen menu, the bottom sheet of
// scores and moves, and the board's zoom. Plain JS so it works while Python is still
// loading, and so a finger's gestures are answered without a trip through Pyodide.
import { attachZoom } from "./board-zoom.mjs";

const menuButton = document.getElementById("menu-button");
const game = document.getElementById("game");

function setMenu(open) {
  document.body.classList.toggle("menu-open", open);
  menuButton.setAttribute("aria-expanded", String(open));
}

function setSheet(id) {
  // One sheet at a time; the tab of the open one closes it again.
  const open = game.dataset.openSheet === id ? "" : id;
  if (open) game.dataset.openSheet = open; else delete game.dataset.openSheet;
  for (const tab of document.querySelectorAll("[data-sheet]")) {
    tab.setAttribute("aria-expanded", String(tab.dataset.sheet === open));
  }
  // The moves open at the newest (the bots' last moves are what a player looks for), or
  // at the move on show while looking back; once the sheet has its layout.
  if (open === "moves-card") {
    requestAnimationFrame(() => {
      const log = document.getElementById("log");
      const line = log.querySelector("li.current") ?? log.lastElementChild;
      if (line) line.scrollIntoView({block: "end"});
    });
  }
}

document.addEventListener("click", (event) => {
  const target = event.target.closest ? event.target : null;
  if (!target) return;
  if (target.closest("#menu-button")) {
    setMenu(!document.body.classList.contains("menu-open"));
    return;
  }
  // Any choice in the menu (or a tap outside it) folds it away again.
  if (document.body.classList.contains("menu-open") && !target.closest("#menu select")) setMenu(false);
  // A click anywhere on a line of the moves is a click on its number (which the keyboard
  // reaches): the board as it was after that move.
  const line = target.closest("#log li");
  if (line && !target.closest(".jump")) line.querySelector(".jump")?.click();
  const tab = target.closest("[data-sheet]");
  if (tab) setSheet(tab.dataset.sheet);
  else if (game.dataset.openSheet && target.closest("#board-frame")) setSheet(game.dataset.openSheet);
});

document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape") return;
  if (document.body.classList.contains("menu-open")) setMenu(false);
  if (game.dataset.openSheet) setSheet(game.dataset.openSheet);
});

window.skylineZoom = attachZoom(document.getElementById("board-frame"), document.getElementById("board"));
