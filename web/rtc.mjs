// Peer-to-peer links between pages (issue 28): one WebRTC data channel per guest.
// The host's page holds the game; each guest's page links to it. Only the first
// handshake travels outside WebRTC, as a code a person copies (or a link, or a QR
// code): the host's "offer" code goes to a guest, the guest's "answer" code comes
// back. There is no server to trickle ICE candidates through, so each side waits for
// its candidates before making its code. docs/webrtc.md has the format and the numbers.
//
//   const table = await host();            // table.code: the offer code, for one guest
//   const link = await table.accept(answerCode);
//   const seat = await join(offerCode);    // seat.code: the answer code, back to the host
//   const link = await seat.link;
//   link.onmessage((text) => ...); link.send("..."); link.onclose(() => ...); link.close();
//
// No dependency, no build step: the page imports this file as it is, and the pure
// functions below (minimizeSdp, rebuildSdp, pack, unpack) also run under node.

export const VERSION = 1;
const KINDS = {offer: "o", answer: "a"};
const GATHER_MS = 5000;    // a STUN server that never answers must not hold the code forever
const CONNECT_MS = 30000;  // ICE checks between two reachable pages take well under a second
// A guest's answer waits this long for the host to paste it: people copy codes through a
// chat, and pasting takes minutes, not the seconds ICE needs once both sides are there.
export const ANSWER_MS = 10 * 60_000;

// ---------------------------------------------------------------------------------
// Errors: one line for a person, and a `reason` the page can translate.

export class CodeError extends Error {
  constructor(reason, message) {
    super(message);
    this.name = "CodeError";
    this.reason = reason;
  }
}

const NAMES = {offer: "a host's code (an offer)", answer: "a guest's code (an answer)"};

// ---------------------------------------------------------------------------------
// SDP: a data channel needs only the ICE credentials, the DTLS fingerprint and role,
// and the candidates. The rest is the same for every Chromium or Firefox data-channel
// session, so the code leaves it out and rebuildSdp writes it back.

export function minimizeSdp(sdp) {
  const lines = String(sdp).split(/\r?\n/);
  const value = (name) => {
    const line = lines.find((l) => l.startsWith(`a=${name}:`));
    return line === undefined ? undefined : line.slice(name.length + 3).trim();
  };
  const ufrag = value("ice-ufrag");
  const pwd = value("ice-pwd");
  const fingerprint = value("fingerprint");
  const setup = value("setup");
  if (!ufrag || !pwd || !fingerprint || !setup) {
    throw new CodeError("sdp", "this session description has no ICE credentials or DTLS fingerprint");
  }
  const [alg, hex] = fingerprint.split(/\s+/);
  const candidates = lines.filter((l) => l.startsWith("a=candidate:")).map(parseCandidate).filter(Boolean);
  return {setup, ufrag, pwd, fingerprint: {alg: alg.toLowerCase(), hex: hex.toUpperCase()}, candidates};
}

// a=candidate:<foundation> <component> <transport> <priority> <address> <port> typ <type> [name value]...
function parseCandidate(line) {
  const f = line.slice("a=candidate:".length).trim().split(/\s+/);
  if (f.length < 8 || f[6] !== "typ" || f[1] !== "1") return null;  // bundled and muxed: component 1 only
  const extra = {};
  for (let i = 8; i + 1 < f.length; i += 2) extra[f[i]] = f[i + 1];
  const candidate = {protocol: f[2].toLowerCase(), priority: Number(f[3]), address: f[4], port: Number(f[5]),
                     type: f[7]};
  if (extra.tcptype) candidate.tcptype = extra.tcptype;
  return candidate;
}

export function rebuildSdp(min, type) {
  const {alg, hex} = min.fingerprint;
  const candidates = min.candidates.map((c, i) => `a=candidate:${i + 1} 1 ${c.protocol} ${c.priority} ${c.address}`
    + ` ${c.port} typ ${c.type}${c.tcptype ? ` tcptype ${c.tcptype}` : ""} generation 0`);
  // The o= line's session id only has to stay the same within one session.
  return [
    "v=0", `o=- ${type === "offer" ? 1 : 2} 2 IN IP4 127.0.0.1`, "s=-", "t=0 0", "a=group:BUNDLE 0",
    "a=msid-semantic: WMS", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
    ...candidates, "a=end-of-candidates",
    `a=ice-ufrag:${min.ufrag}`, `a=ice-pwd:${min.pwd}`, `a=fingerprint:${alg} ${hex}`, `a=setup:${min.setup}`,
    "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144", "",
  ].join("\r\n");
}

// ---------------------------------------------------------------------------------
// Bytes: the minimized description packed field by field, so that the random parts
// (password, fingerprint, mDNS name) cost their entropy and not their spelling: the
// fingerprint is 32 bytes, not 95 hex characters, and an mDNS name 16, not 42.

const SETUPS = ["actpass", "active", "passive", "holdconn"];
const TYPES = ["host", "srflx", "prflx", "relay"];
const TCPTYPES = [undefined, "active", "passive", "so"];
const HASHES = ["sha-256", "sha-384", "sha-512", "sha-1"];  // 255: the name follows as text
const ADDR_IPV4 = 0, ADDR_MDNS = 1, ADDR_TEXT = 2;
const MDNS = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const ICE_CHARS = /^[A-Za-z0-9+/]+$/;  // ice-char (RFC 8839): the base64 alphabet, so 6 bits each

class Writer {
  constructor() { this.bytes = []; }
  byte(n) { this.bytes.push(n & 255); }
  uint(n, size) { for (let i = size - 1; i >= 0; i--) this.byte(Math.floor(n / 256 ** i)); }
  raw(bytes) { if (bytes.length > 255) throw new CodeError("sdp", "a field of the session description is too long"); this.byte(bytes.length); this.bytes.push(...bytes); }
  text(s) { this.raw([...new TextEncoder().encode(s)]); }
  // ICE credentials are base64 characters: stored 6 bits each, their count first.
  ice(s) {
    if (!ICE_CHARS.test(s)) { this.byte(0); this.text(s); return; }
    this.byte(s.length);
    this.raw(base64ToBytes(s + "A".repeat(-s.length & 3), false));
  }
}

class Reader {
  constructor(bytes) { this.bytes = bytes; this.at = 0; }
  byte() {
    if (this.at >= this.bytes.length) throw new CodeError("damaged", "the code is damaged or cut short");
    return this.bytes[this.at++];
  }
  uint(size) { let n = 0; for (let i = 0; i < size; i++) n = n * 256 + this.byte(); return n; }
  raw() { const n = this.byte(); const out = []; for (let i = 0; i < n; i++) out.push(this.byte()); return out; }
  text() { return new TextDecoder().decode(new Uint8Array(this.raw())); }
  ice() { const n = this.byte(); if (n === 0) return this.text(); return bytesToBase64(this.raw(), false).slice(0, n); }
}

function toBytes(min) {
  const w = new Writer();
  const setup = SETUPS.indexOf(min.setup);
  if (setup < 0) throw new CodeError("sdp", `unknown DTLS role ${min.setup}`);
  w.byte(setup);
  w.ice(min.ufrag);
  w.ice(min.pwd);
  const hash = HASHES.indexOf(min.fingerprint.alg);
  w.byte(hash < 0 ? 255 : hash);
  if (hash < 0) w.text(min.fingerprint.alg);
  w.raw(min.fingerprint.hex.split(":").map((h) => parseInt(h, 16)));
  const candidates = min.candidates.filter((c) => TYPES.includes(c.type) && ["udp", "tcp"].includes(c.protocol)
                                                  && TCPTYPES.includes(c.tcptype)).slice(0, 255);
  w.byte(candidates.length);
  for (const c of candidates) {
    const mdns = MDNS.exec(c.address), ipv4 = IPV4.exec(c.address);
    const addr = mdns ? ADDR_MDNS : ipv4 && ipv4.slice(1).every((n) => Number(n) < 256) ? ADDR_IPV4 : ADDR_TEXT;
    // type (2 bits) | protocol (1) | tcptype (2) | address kind (2)
    w.byte(TYPES.indexOf(c.type) | (c.protocol === "tcp") << 2 | TCPTYPES.indexOf(c.tcptype) << 3 | addr << 5);
    if (addr === ADDR_MDNS) w.bytes.push(...hexToBytes(mdns.slice(1).join("")));
    else if (addr === ADDR_IPV4) w.bytes.push(...ipv4.slice(1).map(Number));
    else w.text(c.address);
    w.uint(c.port, 2);
    w.uint(c.priority, 4);
  }
  return new Uint8Array(w.bytes);
}

function fromBytes(bytes) {
  const r = new Reader(bytes);
  const setup = SETUPS[r.byte()];
  const ufrag = r.ice(), pwd = r.ice();
  const hash = r.byte();
  const alg = hash === 255 ? r.text() : HASHES[hash];
  const hex = r.raw().map((b) => b.toString(16).toUpperCase().padStart(2, "0")).join(":");
  const candidates = [];
  for (let n = r.byte(); n > 0; n--) {
    const flags = r.byte();
    const addr = flags >> 5;
    let address;
    if (addr === ADDR_MDNS) {
      const h = bytesToHex(Array.from({length: 16}, () => r.byte()));
      address = `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}.local`;
    } else if (addr === ADDR_IPV4) {
      address = Array.from({length: 4}, () => r.byte()).join(".");
    } else {
      address = r.text();
    }
    const c = {protocol: flags & 4 ? "tcp" : "udp", priority: 0, address, port: r.uint(2), type: TYPES[flags & 3]};
    c.priority = r.uint(4);
    const tcptype = TCPTYPES[(flags >> 3) & 3];
    if (tcptype) c.tcptype = tcptype;
    candidates.push(c);
  }
  if (!setup || !alg || r.at !== bytes.length) throw new CodeError("damaged", "the code is damaged");
  return {setup, ufrag, pwd, fingerprint: {alg, hex}, candidates};
}

// ---------------------------------------------------------------------------------
// Codes: sky<version><o|a>.<base64url(zlib(bytes))>, like the share links' 1.<...>.
// zlib rather than raw deflate: its Adler-32 tells a damaged or cut code from a good one.

const CODE = /sky(\d{1,6})([a-z])\.([A-Za-z0-9_-]*)/;
const MAX_PASTE = 100_000;  // as protocol.py's MAX_CODE_CHARS for the invitation around a code
const MAX_UNPACKED = 65_536;

export async function pack(kind, min) {
  if (!(kind in KINDS)) throw new TypeError(`kind must be "offer" or "answer", not ${kind}`);
  return `sky${VERSION}${KINDS[kind]}.${bytesToBase64(await zlib(toBytes(min), "compress"), true)}`;
}

// Whatever surrounds the code (whitespace and line breaks a chat inserted, a sentence,
// a link's address) is dropped; `kind` is what the caller expects.
export async function unpack(text, kind) {
  text = String(text);
  // A code is under 200 characters and unpacks to under 300 bytes (tests/test_rtc_codes.py):
  // a paste of 100,000 characters is no code, and a payload that would inflate past
  // 64 kB is refused as it inflates (a stranger's zip bomb never fills the memory).
  if (text.length > MAX_PASTE) throw new CodeError("not-skyline", "this is not a Skyline table code");
  const m = CODE.exec(text.replace(/\s+/g, ""));
  if (!m) throw new CodeError("not-skyline", "this is not a Skyline table code");
  if (Number(m[1]) !== VERSION) {
    throw new CodeError("version", `this code comes from another version of Skyline (code version ${m[1]}, `
                        + `this page reads ${VERSION}): both pages must be reloaded`);
  }
  const theirs = Object.keys(KINDS).find((k) => KINDS[k] === m[2]);
  if (!theirs) throw new CodeError("not-skyline", "this is not a Skyline table code");
  if (kind && theirs !== kind) {
    throw new CodeError("wrong-kind", `this is ${NAMES[theirs]}, but ${NAMES[kind]} is needed here`);
  }
  let bytes;
  try {
    bytes = await inflate(base64ToBytes(m[3], true), MAX_UNPACKED);
  } catch (e) {
    if (e instanceof CodeError) throw e;
    throw new CodeError("damaged", "the code is damaged or cut short: copy all of it again");
  }
  try {
    return fromBytes(bytes);
  } catch {
    throw new CodeError("damaged", "the code is damaged: copy all of it again");
  }
}

export async function encodeDescription(description) {
  return pack(description.type, minimizeSdp(description.sdp));
}

export async function decodeDescription(code, kind) {
  return {type: kind, sdp: rebuildSdp(await unpack(code, kind), kind)};
}

// Inflates at most `limit` bytes, then gives up (throws) without reading the rest.
async function inflate(bytes, limit) {
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate")).getReader();
  const chunks = [];
  let size = 0;
  for (let r = await reader.read(); !r.done; r = await reader.read()) {
    size += r.value.length;
    if (size > limit) {
      reader.cancel().catch(() => {});
      throw new CodeError("damaged", "this code unpacks to more than a table code ever holds");
    }
    chunks.push(r.value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) { out.set(c, at); at += c.length; }
  return out;
}

async function zlib(bytes, how) {
  const stream = new Blob([bytes]).stream()
    .pipeThrough(how === "compress" ? new CompressionStream("deflate") : new DecompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function bytesToBase64(bytes, url) {
  const b64 = btoa(String.fromCharCode(...bytes));
  return url ? b64.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "") : b64;
}

function base64ToBytes(text, url) {
  const b64 = url ? text.replace(/-/g, "+").replace(/_/g, "/") : text;
  if (url && b64.length % 4 === 1) throw new CodeError("damaged", "the code is cut short");
  return Uint8Array.from(atob(b64 + "=".repeat(-b64.length & 3)), (c) => c.charCodeAt(0));
}

const hexToBytes = (hex) => hex.match(/../g).map((h) => parseInt(h, 16));
const bytesToHex = (bytes) => bytes.map((b) => b.toString(16).padStart(2, "0")).join("");

// ---------------------------------------------------------------------------------
// Connections. One RTCPeerConnection per guest; the channel is negotiated (id 0) so
// both sides have it at once and neither waits for a "datachannel" event.

export function connection(iceServers, iceTransportPolicy = "all") {
  const pc = new RTCPeerConnection({iceServers, iceTransportPolicy});
  const channel = pc.createDataChannel("skyline", {negotiated: true, id: 0, ordered: true});
  return {pc, channel};
}

// No trickle: the code must hold every candidate, so wait for gathering to end
// (bounded: an unreachable STUN server would hold it for many seconds).
export function gathered(pc, ms = GATHER_MS) {
  return new Promise((resolve) => {
    const done = () => { if (pc.iceGatheringState === "complete") finish(); };
    const timer = setTimeout(() => finish(), ms);
    function finish() {
      clearTimeout(timer);
      pc.removeEventListener("icegatheringstatechange", done);
      resolve();
    }
    pc.addEventListener("icegatheringstatechange", done);
    done();
  });
}

// Rejects with an Error whose `reason` the page translates: "timeout" (the other page
// never came: it was closed, or the answer arrived after CONNECT_MS) or "ice" (ICE
// tried every path it had and none worked: the networks need STUN, or TURN).
export function opened(pc, channel, ms = CONNECT_MS) {
  return new Promise((resolve, reject) => {
    const fail = (reason, why) => {
      clearTimeout(timer);
      pc.close();
      reject(Object.assign(new Error(`could not connect: ${why}`), {reason}));
    };
    const timer = setTimeout(() => fail("timeout", "the other page did not connect in time"), ms);
    pc.addEventListener("connectionstatechange", () => {
      if (pc.connectionState === "failed") fail("ice", "no network path between the two devices worked");
    });
    const open = () => { clearTimeout(timer); resolve(new Link(pc, channel)); };
    if (channel.readyState === "open") open();
    else channel.addEventListener("open", open, {once: true});
  });
}

class Link {
  #pc; #channel; #inbox = []; #listeners = []; #closers = []; #closed = false;

  constructor(pc, channel) {
    this.#pc = pc;
    this.#channel = channel;
    // Messages that arrive before anyone listens wait in the inbox: the page may add
    // its listener a moment after the link opens, and the host may speak at once.
    channel.addEventListener("message", (e) => {
      if (this.#listeners.length) for (const cb of this.#listeners) cb(String(e.data));
      else this.#inbox.push(String(e.data));
    });
    channel.addEventListener("close", () => this.#ended());
    pc.addEventListener("connectionstatechange", () => {
      if (["failed", "closed"].includes(pc.connectionState)) this.#ended();
    });
  }

  get open() { return !this.#closed && this.#channel.readyState === "open"; }

  // "direct", or "turn" when either end of the chosen path is a TURN relay; null
  // before the connection has chosen one.
  async via() {
    const stats = await this.#pc.getStats();
    let pair = null;
    stats.forEach((s) => {
      if (s.type === "transport" && s.selectedCandidatePairId) pair = stats.get(s.selectedCandidatePairId);
    });
    if (!pair) stats.forEach((s) => { if (s.type === "candidate-pair" && s.nominated && s.state === "succeeded") pair = s; });
    if (!pair) return null;
    const types = [stats.get(pair.localCandidateId), stats.get(pair.remoteCandidateId)].map((c) => c?.candidateType);
    return types.includes("relay") ? "turn" : "direct";
  }

  send(text) {
    if (!this.open) throw new Error("the link is closed");
    this.#channel.send(String(text));
  }

  onmessage(cb) {
    this.#listeners.push(cb);
    for (const text of this.#inbox.splice(0)) cb(text);
  }

  onclose(cb) {
    if (this.#closed) queueMicrotask(cb);
    else this.#closers.push(cb);
  }

  close() {
    this.#channel.close();
    // Closing the connection at once would drop the channel's close before it
    // reaches the other side; give it a moment.
    setTimeout(() => this.#pc.close(), 500);
    this.#ended();
  }

  #ended() {
    if (this.#closed) return;
    this.#closed = true;
    for (const cb of this.#closers.splice(0)) cb();
  }
}

// ---------------------------------------------------------------------------------
// The API. host() makes one offer for one guest: call it once per seat.

export async function host({iceServers = []} = {}) {
  const {pc, channel} = connection(iceServers);
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  const code = await encodeDescription(pc.localDescription);
  let accepted = null;
  return {
    code,
    accept(answerCode) {
      accepted ??= (async () => {
        try {
          await pc.setRemoteDescription(await decodeDescription(answerCode, "answer"));
        } catch (e) {
          accepted = null;  // a wrong paste can be followed by the right one
          throw e;
        }
        return opened(pc, channel);
      })();
      return accepted;
    },
    close() { pc.close(); },
  };
}

export async function join(offerCode, {iceServers = [], waitMs = ANSWER_MS} = {}) {
  const offer = await decodeDescription(offerCode, "offer");
  const {pc, channel} = connection(iceServers);
  await pc.setRemoteDescription(offer);
  await pc.setLocalDescription(await pc.createAnswer());
  await gathered(pc);
  const code = await encodeDescription(pc.localDescription);
  const link = opened(pc, channel, waitMs);
  link.catch(() => {});  // the caller may never wait on it (the host never answered)
  return {code, link, close() { pc.close(); }};
}
