// The lobby before Python: a first visit waits 5-30 s for Pyodide, and the player can
// choose a game meanwhile. dist/lobby/<lang>.json holds the lobby form of each game as
// Python draws it (build_scripts/prelobby.py runs skyweb.panels.lobby_html at build
// time), so when Python is up it takes the form over as the player left it
// (skyweb/lobby.py, adopt_lobby), Start included. For a start-a-game link (?game=...)
// the loading screen shows the game's name. index.html's inline script picked the
// language and started the fetch (window.skylinePre); this module only draws.
// Plain JS, no PyScript; once Python is up (body[data-ready]) it does nothing.
const pre = window.skylinePre;
const lobby = document.getElementById("lobby");
const root = document.documentElement;
let data = null; // the shown language's file

const pythonUp = () => document.body.hasAttribute("data-ready") || root.classList.contains("ready");

function useLanguage(file) {
  data = file;
  pre.lang = file.lang;
  pre.texts = file.texts;
  pre.redraw();
  root.lang = file.lang;
  // The top bar's static texts, as skyweb/ui.py translate_page does for the whole page.
  for (const node of document.querySelectorAll(".topbar [data-i18n]")) {
    node.textContent = pre.texts[node.dataset.i18n] || node.textContent;
  }
  for (const attr of ["title", "aria-label"]) {
    for (const node of document.querySelectorAll(`.topbar [data-i18n-${attr}]`)) {
      const text = pre.texts[node.getAttribute(`data-i18n-${attr}`)];
      if (text) node.setAttribute(attr, text);
    }
  }
  const menu = document.getElementById("lang");
  menu.replaceChildren(...Object.entries(file.languages).map(([code, name]) => new Option(name, code)));
  menu.value = file.lang;
}

// A game or language chosen here is one Python will need: web/boot.mjs lists what it
// starts downloading with Pyodide, and skyweb/parts.py fetches that list before the
// page is handed to Python (a choice made after that is fetched when Python needs it).
function needed(kind, name) {
  const parts = window.skylineParts;
  if (parts && parts[kind] && !parts[kind].includes(name) && !(kind === "langs" && name === "en")) {
    parts[kind].push(name);
  }
}

// One game's form, as Python's show_lobby draws it; the seed as skyweb.params.random_seed picks it.
function showForm(game, more) {
  lobby.innerHTML = data.forms[game];
  const form = lobby.querySelector("#lobby-form");
  needed("games", game);
  form.elements.namedItem("seed").value = String(1 + Math.floor(Math.random() * 999999));
  form.querySelector("details.more").open = more;
  lobby.dataset.prelobby = data.lang; // for Python: the lobby it finds is this one, in this language
  lobby.hidden = false;
  return form;
}

// Another player count: the rows and seat choices that depend on it. The same as
// skyweb/lobby.py lobby_change (keep the two in step).
function playersChanged(form) {
  const players = Number(form.elements.namedItem("players").value);
  for (const row of form.querySelectorAll("[data-seat]")) row.hidden = Number(row.dataset.seat) >= players;
  for (const row of form.querySelectorAll("[data-players]")) {
    const only = row.dataset.players.split(",").filter(Boolean).map(Number);
    row.hidden = only.length > 0 && !only.includes(players);
  }
  for (const choice of form.querySelectorAll("[data-seat-choice]")) {
    const gone = Number(choice.dataset.seatChoice) > players;
    choice.hidden = choice.disabled = gone;
    if (gone && choice.selected) choice.parentElement.value = "random";
  }
}

// Start before Python: the form stays, and Python starts the game when it is up.
function markPending(form) {
  form.dataset.startPending = "";
  const actions = form.querySelector(".actions");
  if (!actions.querySelector("[data-pending-note]")) {
    const note = document.createElement("span");
    note.className = "pending-note";
    note.setAttribute("role", "status");
    note.dataset.pendingNote = "";
    actions.prepend(note);
  }
  actions.querySelector("[data-pending-note]").textContent =
    pre.texts["The game starts as soon as the game engine is loaded."];
}

// Another language: the same game's form in it, with every choice made kept.
async function switchLanguage(lang) {
  const file = await pre.load(lang);
  const old = lobby.querySelector("#lobby-form");
  if (!file || !old || pythonUp()) return;
  try { localStorage.setItem("skyline.lang", lang); } catch (e) { /* storage off */ }
  const values = new Map();
  for (const field of old.elements) {
    if (field.name && field.type !== "radio" && field.type !== "file") {
      values.set(field.name, field.type === "checkbox" ? field.checked : field.value);
    }
  }
  useLanguage(file);
  needed("langs", lang);
  const form = showForm(old.elements.namedItem("game").value, old.querySelector("details.more").open);
  for (const [name, value] of values) {
    const field = form.elements.namedItem(name);
    if (!field) continue;
    if (field.type === "checkbox") field.checked = value; else field.value = value;
  }
  playersChanged(form);
  if (old.hasAttribute("data-start-pending")) markPending(form);
}

document.addEventListener("change", (event) => {
  const target = event.target;
  if (pythonUp() || !data) return;
  if (target.id === "lang") {
    switchLanguage(target.value);
  } else if (target.closest("#lobby-form") && target.name === "game") {
    // Another game's form; More options stays as it was.
    showForm(target.value, lobby.querySelector("#lobby-form details.more").open);
  } else if (target.closest("#lobby-form") && target.name === "players") {
    playersChanged(target.form);
  }
});

document.addEventListener("submit", (event) => {
  if (pythonUp() || event.target.id !== "lobby-form") return;
  event.preventDefault();
  markPending(event.target);
});

async function show() {
  const file = await pre.data;
  // Python may have been quicker (a returning visit): then its screen stays.
  if (!file || pythonUp()) return;
  useLanguage(file);
  if (pre.lobby && lobby.hidden && !lobby.childElementCount) {
    showForm(Object.keys(file.forms)[0], false);
    root.classList.add("prelobby");
  } else if (pre.game !== null && file.titles[pre.game]) {
    document.getElementById("loading-title").textContent = file.titles[pre.game];
  }
}

show();
