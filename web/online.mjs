// Online tables (issue 47): a guest anywhere opens one link and is seated, with no
// code sent back and no server of ours. The two pages meet through public Nostr
// relays (NIP-01 over WebSockets, through the kept library nostr-tools); the WebRTC
// offer and answer travel there sealed, then the data channel of rtc.mjs carries
// the game as before. docs/webrtc.md, "Online tables", has the format and why.
//
//   const station = await host({table, secret, relays, iceServers, seats, onLink, onNews});
//   station.seats(newSeats); station.close();
//   const seat = join({table, secret, seat, token, relays, onLink, onNews});
//   seat.close();
//
// The link's fragment (#online=1&table=…&secret=…&seat=…&token=…) holds the table id
// and the secret; no server ever receives a fragment. What a relay sees: an event of
// kind KIND, tagged with a hash of the table id, whose content it cannot read.

import {connection, gathered, opened} from "./rtc.mjs";

export const KIND = 25050;  // NIP-01's ephemeral range (20000-29999): relays pass it on, store nothing
export const VERSION = 1;
const HELLO_MS = 3000;      // a guest asks again this often until an offer comes (the host may be reloading)
const OFFER_MS = 45000;     // an offer nobody answers is let go
// A sealed message dated further than this from now is a replay, or a clock far off; the
// relays are asked for events this far back too, or a page whose clock is behind would
// post events the other page's subscription filters out. Not more: a relay that keeps
// ephemeral events would hand a newly opened host every hello of that span.
const STALE_MS = 60000;
const MAX_CONTENT = 16384;  // an offer with every candidate is ~2 kB sealed: anything bigger is not ours
const MAX_SDP = 8192;
const RELAY_WAIT_MS = 6000; // how long a relay may take to open before it counts as unreachable

const enc = new TextEncoder();
const dec = new TextDecoder();

// ---------------------------------------------------------------------------------
// Sealing. Each seat has its own key, from the table's secret and the seat's token
// (HKDF-SHA-256), so a guest holding seat 2's link cannot read seat 3's offers, and
// the token never travels, not even sealed. AES-GCM with a fresh 12-byte nonce per
// message; the table's tag is the additional data, so a message sealed for one table
// does not open at another even under the same key.

export function randomId(bytes = 16) {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

export async function tableTag(table) {
  return toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", enc.encode(`skyline-table/${VERSION}/${table}`))));
}

export async function seatKey(secret, tag, seat, token) {
  const base = await crypto.subtle.importKey("raw", fromBase64Url(secret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    {name: "HKDF", hash: "SHA-256", salt: enc.encode(tag), info: enc.encode(`seat/${seat}/${token}`)},
    base, {name: "AES-GCM", length: 256}, false, ["encrypt", "decrypt"]);
}

export async function seal(key, tag, message) {
  const nonce = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await crypto.subtle.encrypt(
    {name: "AES-GCM", iv: nonce, additionalData: enc.encode(tag)}, key, enc.encode(JSON.stringify(message))));
  const out = new Uint8Array(12 + sealed.length);
  out.set(nonce);
  out.set(sealed, 12);
  return toBase64Url(out);
}

// The message, or null: anything that does not open (another table's, a stranger's,
// damaged, huge) is dropped without a word, as the issue asks.
export async function unseal(key, tag, content) {
  if (typeof content !== "string" || content.length > MAX_CONTENT || !/^[A-Za-z0-9_-]{40,}$/.test(content)) return null;
  try {
    const bytes = fromBase64Url(content);
    const plain = await crypto.subtle.decrypt(
      {name: "AES-GCM", iv: bytes.slice(0, 12), additionalData: enc.encode(tag)}, key, bytes.slice(12));
    return checked(JSON.parse(dec.decode(plain)));
  } catch {
    return null;
  }
}

// Only the three messages of the handshake, with fields of the right kinds.
function checked(m) {
  if (!m || typeof m !== "object" || Array.isArray(m)) return null;
  const id = (v) => typeof v === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(v);
  if (!["hello", "offer", "answer"].includes(m.t) || !id(m.from) || !id(m.n)) return null;
  if (typeof m.at !== "number" || Math.abs(Date.now() - m.at) > STALE_MS) return null;
  if (m.t !== "hello" && !(id(m.to) && typeof m.sdp === "string" && m.sdp.length <= MAX_SDP)) return null;
  if (m.t === "offer" && !(Array.isArray(m.ice) && m.ice.length <= 8 && m.ice.every(iceServer))) return null;
  return m;
}

function iceServer(s) {
  const text = (v, n = 512) => typeof v === "string" && v.length <= n;
  return s && typeof s === "object" && text(s.urls) && /^(stun|turns?):/.test(s.urls)
    && (s.username === undefined || text(s.username, 256)) && (s.credential === undefined || text(s.credential, 256));
}

// ---------------------------------------------------------------------------------
// The relays. nostr-tools is 250 kB, so it loads only when an online table opens:
// a classic script that defines the global NostrTools (its browser bundle).

let tools = null;
export function nostrTools() {
  tools ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = new URL("./vendor/nostr.js", import.meta.url).href;
    script.onload = () => resolve(globalThis.NostrTools);
    script.onerror = () => { tools = null; reject(new Error("the relay library did not load")); };
    document.head.append(script);
  });
  return tools;
}

// One page's line to the relays: it publishes sealed messages under the table's tag
// and hears those of others. `keys(m)` gives the keys to try on an event's content.
class Line {
  #pool; #sub; #secretKey; #seen = new Set(); #tools;
  up = new Set();     // relays this line reached
  down = new Set();   // relays it could not reach, or that closed

  constructor(tools, relays, tag, keys, onMessage, onRelays) {
    this.#tools = tools;
    this.relays = relays;
    this.tag = tag;
    this.keys = keys;
    // A fresh Nostr identity per page: events must be signed, and nobody should be
    // able to tie two tables (or two visits) to one person.
    this.#secretKey = tools.generateSecretKey();
    this.#pool = new tools.SimplePool({enableReconnect: true, maxWaitForConnection: RELAY_WAIT_MS,
      onRelayConnectionSuccess: (url) => { this.up.add(url); this.down.delete(url); onRelays(); },
      onRelayConnectionFailure: (url) => { this.down.add(url); onRelays(); }});
    this.onMessage = onMessage;
    if (!relays.length) return;
    this.#sub = this.#pool.subscribe(relays, {kinds: [KIND], "#t": [tag], since: Math.floor((Date.now() - STALE_MS) / 1000)}, {
      onevent: (event) => this.#heard(event),
      onclose: (reasons) => { for (const {url} of reasons) { this.up.delete(url); this.down.add(url); } onRelays(); },
    });
  }

  async #heard(event) {
    if (!event || event.kind !== KIND || this.#seen.size > 5000) return;  // a flood: the page stops listening to more
    for (const [key, context] of this.keys()) {
      const m = await unseal(key, this.tag, event.content);
      if (!m) continue;
      if (this.#seen.has(m.n)) return;  // the same message again, from a second relay or a replay
      this.#seen.add(m.n);
      this.onMessage(m, context);
      return;
    }
  }

  async send(key, message) {
    const m = {...message, at: Date.now(), n: randomId(12)};
    this.#seen.add(m.n);  // our own, echoed back by the relays
    const event = this.#tools.finalizeEvent({
      kind: KIND, created_at: Math.floor(Date.now() / 1000), tags: [["t", this.tag]],
      content: await seal(key, this.tag, m),
    }, this.#secretKey);
    const results = await Promise.allSettled(this.#pool.publish(this.relays, event));
    return results.filter((r) => r.status === "fulfilled").length;
  }

  // The subscription's CLOSE goes out before the sockets shut: sent on a closing
  // socket, the browser logs an error.
  async close() {
    try { await this.#sub?.close(); } catch { /* the relay went first */ }
    this.#pool.close(this.relays);
  }
}

// What the page shows: how many relays answer, and how each seat stands.
function relayNews(line) {
  const reached = line.up.size, tried = line.relays.length;
  return {relays: tried, reached, unreachable: [...line.down].filter((u) => !line.up.has(u)),
          allDown: tried === 0 || line.down.size >= tried && reached === 0};
}

// ---------------------------------------------------------------------------------
// The host: it listens under its table's tag for as long as the table is open; each
// guest's hello gets a fresh connection's offer; the answer opens it.
//   seats: {seat: token} of the seats played from other devices (changes: station.seats())
//   onLink(link, seat, via): a connection opened; the table's join then takes the seat
//   onNews({relays, reached, allDown, seat?, problem?}): for the Table dialog

export async function host({table, secret, relays, iceServers = [], iceTransportPolicy = "all", seats, onLink,
                            onNews = () => {}}) {
  const nt = await nostrTools();
  const tag = await tableTag(table);
  const me = randomId(9);
  let keys = new Map();  // seat -> its key
  const setSeats = async (given) => {
    const made = new Map();
    for (const [seat, token] of Object.entries(given)) made.set(Number(seat), await seatKey(secret, tag, seat, token));
    keys = made;
  };
  await setSeats(seats);
  const pending = new Map();  // the guest page's id -> {pc, channel, seat, key, answered}
  let line;
  const news = (more = {}) => onNews({...relayNews(line), ...more});

  async function hello(m, seat, key) {
    if (pending.has(m.from)) return;  // asked again while its offer is on its way
    const {pc, channel} = connection(iceServers, iceTransportPolicy);
    const entry = {pc, channel, seat, key, answered: false};
    pending.set(m.from, entry);
    setTimeout(() => {
      if (pending.get(m.from) === entry && !entry.answered) { pending.delete(m.from); pc.close(); }
    }, OFFER_MS);
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc);
    await line.send(key, {t: "offer", from: me, to: m.from, sdp: pc.localDescription.sdp, ice: iceServers});
  }

  async function answer(m, seat) {
    const entry = pending.get(m.from);
    if (!entry || entry.answered || entry.seat !== seat) return;
    entry.answered = true;
    try {
      await entry.pc.setRemoteDescription({type: "answer", sdp: m.sdp});
      const link = await opened(entry.pc, entry.channel);
      onLink(link, seat, await link.via());
    } catch (e) {
      news({seat, problem: pathProblem(e)});
    } finally {
      if (pending.get(m.from) === entry) pending.delete(m.from);
    }
  }

  line = new Line(nt, relays, tag, () => [...keys].map(([seat, key]) => [key, seat]), (m, seat) => {
    if (m.to !== undefined && m.to !== me) return;
    if (m.t === "hello") hello(m, seat, keys.get(seat)).catch(() => news({seat, problem: "sdp"}));
    else if (m.t === "answer") answer(m, seat);
  }, () => news());
  return {
    tag,
    seats: (given) => setSeats(given),
    news: () => relayNews(line),
    close() {
      line.close();
      for (const {pc} of pending.values()) pc.close();
      pending.clear();
    },
  };
}

// ---------------------------------------------------------------------------------
// The guest: hello every HELLO_MS until the host's offer comes; answer it; once the
// channel opens, onLink(link, via). A connection that fails starts over with hellos
// (the host may be reloading), and onNews says why in the meantime:
//   {stage: "relays"}  no relay reachable      {stage: "waiting"}  no host answered yet
//   {stage: "connecting"}                      {stage: "failed", problem: "ice"|"timeout"}

export function join({table, secret, seat, token, relays, onLink, onNews = () => {}}) {
  let closed = false, line = null, timer = null, attempt = null;
  const me = randomId(9);
  const stop = () => { clearInterval(timer); timer = null; };
  (async () => {
    const nt = await nostrTools();
    const tag = await tableTag(table);
    const key = await seatKey(secret, tag, seat, token);
    if (closed) return;
    let stage = "waiting", problem = null;
    const news = () => {
      const r = relayNews(line);
      onNews({...r, stage: r.allDown ? "relays" : stage, problem});
    };
    const hello = () => line.send(key, {t: "hello", from: me}).then(news);
    line = new Line(nt, relays, tag, () => [[key, seat]], async (m) => {
      if (m.t !== "offer" || m.to !== me || attempt) return;
      stop();
      stage = "connecting";
      news();
      const {pc, channel} = connection(m.ice);
      attempt = pc;
      try {
        await pc.setRemoteDescription({type: "offer", sdp: m.sdp});
        await pc.setLocalDescription(await pc.createAnswer());
        await gathered(pc);
        await line.send(key, {t: "answer", from: me, to: m.from, sdp: pc.localDescription.sdp});
        const link = await opened(pc, channel);
        if (closed) { link.close(); return; }
        stage = "connected";
        problem = null;
        news();
        onLink(link, await link.via());
      } catch (e) {
        if (closed) return;
        stage = "failed";
        problem = pathProblem(e);
        news();
        attempt = null;
        timer = setInterval(hello, HELLO_MS);  // try again: the host may have reloaded meanwhile
        return;
      }
      attempt = null;
      line.close();  // seated: the relays are needed again only if the link drops
    }, () => news());
    news();
    hello();
    timer = setInterval(hello, HELLO_MS);
  })().catch((e) => onNews({stage: "failed", problem: "library", detail: String(e?.message || e)}));
  return {
    close() {
      closed = true;
      stop();
      line?.close();
      attempt?.close();
    },
  };
}

// Here the other page is known to be alive (its offer or answer came through the
// relays), so a connection that times out found no network path, as one ICE gave up on.
function pathProblem(e) {
  return e?.reason === "timeout" || e?.reason === "ice" ? "ice" : "sdp";
}

// ---------------------------------------------------------------------------------

function toBase64Url(bytes) {
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(b64 + "=".repeat(-b64.length & 3)), (c) => c.charCodeAt(0));
}

const toHex = (bytes) => [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
