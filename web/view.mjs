// view.html: a baked study (pyengine/core/bake.py) paged with embed.html's controls and
// no Python. `view.html?study=studies/NAME&lang=fr&step=K` reads studies/NAME.fr.json
// (NAME.en.json when that language was not baked). The study must come from this
// page's own origin: its drawings go into the page as markup, so one from anywhere
// else could put script on our origin.
import { attachZoom } from "./board-zoom.mjs";

const LANGS = ["en", "fr", "zh-Hans", "zh-Hant"];

// window.skylineLive of a frame of this page on this site (an embed.html whose Python is
// up), or null. Frames of other sites, the page itself among them, cannot be read.
function liveSibling() {
  for (let i = 0; i < parent.frames.length; i++) {
    try {
      const other = parent.frames[i];
      if (other !== window && typeof other.skylineLive === "function") return other.skylineLive;
    } catch { /* another site's frame */ }
  }
  return null;
}
const $ = (id) => document.getElementById(id);

function fail(words) {
  $("embed-board").textContent = words;
  document.body.setAttribute("data-failed", "");
  document.body.setAttribute("data-ready", "");
}

async function load(query) {
  const where = query.get("study");
  if (!where) throw new Error("give the study as ?study=<path of a baked study, without .LANG.json>");
  const lang = LANGS.includes(query.get("lang")) ? query.get("lang") : pickLanguage();
  for (const tried of lang === "en" ? ["en"] : [lang, "en"]) {
    const url = new URL(`${where}.${tried}.json`, location.href);
    if (url.origin !== location.origin) throw new Error("a study is read from this site only");
    const response = await fetch(url);
    if (response.ok) return response.json();
    if (response.status !== 404) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  }
  throw new Error(`${where}: no baked study there (python3 -m pyengine scenario bake)`);
}

function pickLanguage() {
  for (const tag of navigator.languages || [navigator.language]) {
    const t = String(tag);
    if (/^zh-(Hant|TW|HK|MO)/i.test(t)) return "zh-Hant";
    if (/^zh/i.test(t)) return "zh-Hans";
    if (/^fr/i.test(t)) return "fr";
    if (/^en/i.test(t)) return "en";
  }
  return "en";
}

// The portrait drawing in a page taller than wide, as embed.html chooses (study.py's
// drawing_args): the page's shape, which the words under the board do not change.
const upright = () => innerHeight > innerWidth * 1.1;

function show(study) {
  const steps = study.steps;
  const words = study.words;
  let k = 0;
  document.documentElement.lang = study.lang;
  if (study.title) document.title = study.title;
  for (const [action, key] of [["first", "first"], ["back", "back"], ["forward", "forward"], ["last", "last"]]) {
    const button = document.querySelector(`[data-embed=${action}]`);
    button.setAttribute("aria-label", words[key]);
    button.title = words[key];
  }
  const slider = $("embed-slider");
  slider.max = String(steps.length - 1);
  slider.setAttribute("aria-label", words.slider);
  const tryLink = $("view-try-link");
  tryLink.textContent = words.try;
  $("embed-note").append($("view-try")); // under the question it answers
  // Once a frame beside this one runs the engine (embed.html), it answers this frame's
  // task too, here, instead of a second Python in this frame: the board and its
  // controls become that engine's (embed.py's lend), and this script stands aside.
  let lent = false;
  tryLink.addEventListener("click", async (event) => {
    const live = liveSibling();
    if (!live) return;  // the link turns this frame into embed.html, the page's engine
    event.preventDefault();
    try {
      await live(document, study.scenario, study.lang, k + 1);
      lent = true;
      $("view-try").hidden = true;
      document.body.dataset.live = "borrowed";
    } catch (e) {
      console.warn(`view: the engine beside this frame refused the task (${e}); starting one here`);
      location.href = tryLink.href;
    }
  });

  function draw() {
    if (lent) return;
    const step = steps[k];
    $("embed-board").innerHTML = upright() && step.portrait ? step.portrait : step.svg;
    $("embed-caption").textContent = step.caption;
    $("embed-caption").hidden = !step.caption;
    const ask = step.ask || "";
    $("embed-ask").textContent = ask;
    $("embed-ask").hidden = !ask;
    $("embed-note").hidden = !step.caption && !ask;
    // A task is answered where the engine can check it: embed.html, at this step.
    $("view-try").hidden = !ask;
    const live = new URL("embed.html", location.href);
    live.search = new URLSearchParams({scenario: study.scenario, lang: study.lang, step: String(k + 1)}).toString();
    tryLink.href = live.href;
    $("embed-pos").textContent = words.position.replace("{k}", k + 1).replace("{n}", steps.length);
    slider.value = String(k);
    const last = steps.length - 1;
    for (const [action, off] of [["first", k === 0], ["back", k === 0], ["forward", k === last], ["last", k === last]]) {
      document.querySelector(`[data-embed=${action}]`).disabled = off;
    }
    document.body.setAttribute("data-position", String(step.at));
    document.body.setAttribute("data-scenario-step", String(k + 1));
  }

  function go(to) {
    k = Math.max(0, Math.min(steps.length - 1, to));
    draw();
  }

  $("embed-controls").addEventListener("click", (event) => {
    if (lent) return;
    const button = event.target.closest("[data-embed]");
    if (button) go({first: 0, back: k - 1, forward: k + 1, last: steps.length}[button.dataset.embed]);
  });
  slider.addEventListener("input", () => lent || go(Number(slider.value)));
  document.addEventListener("keydown", (event) => {
    if (lent || event.target.closest("input")) return;
    const to = {ArrowLeft: k - 1, ArrowRight: k + 1, Home: 0, End: steps.length}[event.key];
    if (to !== undefined) go(to);
  });
  let wasUpright = upright();
  addEventListener("resize", () => {
    if (upright() !== wasUpright) { wasUpright = upright(); draw(); }
  });
  const asked = Number(new URLSearchParams(location.search).get("step"));
  go(Number.isInteger(asked) && asked > 0 ? asked - 1 : 0);
}

attachZoom($("embed-frame"), $("embed-board"));
try {
  show(await load(new URLSearchParams(location.search)));
  document.body.setAttribute("data-ready", "");
} catch (e) {
  console.error(`view: ${e}`);
  fail(`Cannot show the study: ${e.message}`);
}
