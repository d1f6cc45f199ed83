// Checks of web/online.mjs's sealing under node (tests/test_online_seal.py runs it): the
// page's own JavaScript, with node's Web Crypto, not a Python copy of it. Prints one
// JSON report; exits 1 if a check fails.
//
//   node tests/online_seal_check.mjs

import {deepStrictEqual, notStrictEqual, ok, strictEqual} from "node:assert/strict";
import {randomId, seal, seatKey, tableTag, unseal} from "../web/online.mjs";

const report = {checks: 0, failed: []};
const table = randomId(18), secret = randomId(32);
const tag = await tableTag(table);
const key = await seatKey(secret, tag, 1, "token-1");
const hello = () => ({t: "hello", from: "guestpage1", at: Date.now(), n: randomId(12)});
const offer = () => ({t: "offer", from: "hostpage1", to: "guestpage1", at: Date.now(), n: randomId(12),
                      sdp: "v=0\r\n", ice: [{urls: "stun:127.0.0.1:3478"}, {urls: "turn:10.0.0.1:3478", username: "u", credential: "p"}]});

const checks = {
  "a sealed message opens with its seat's key and tag, and reads back as it was": async () => {
    const m = offer();
    deepStrictEqual(await unseal(key, tag, await seal(key, tag, m)), m);
    strictEqual(tag.length, 64);
    strictEqual(tag, await tableTag(table));  // the same table: the same tag on both pages
  },
  "two seals of one message differ (a fresh nonce each)": async () => {
    const m = hello();
    notStrictEqual(await seal(key, tag, m), await seal(key, tag, m));
  },
  "another seat, another token, another secret or another table's tag: nothing opens": async () => {
    const sealed = await seal(key, tag, hello());
    const otherTag = await tableTag(randomId(18));
    for (const [name, k, t] of [
      ["seat", await seatKey(secret, tag, 2, "token-1"), tag],
      ["token", await seatKey(secret, tag, 1, "token-2"), tag],
      ["secret", await seatKey(randomId(32), tag, 1, "token-1"), tag],
      ["tag", key, otherTag],
    ]) strictEqual(await unseal(k, t, sealed), null, `another ${name} opened it`);
  },
  "a damaged, cut, huge or non-text content is dropped": async () => {
    const sealed = await seal(key, tag, hello());
    const flip = sealed.slice(0, 30) + (sealed[30] === "A" ? "B" : "A") + sealed.slice(31);
    for (const bad of [flip, sealed.slice(0, -2), "A".repeat(20000), "", "not base64!", 42, null, {a: 1}])
      strictEqual(await unseal(key, tag, bad), null, `kept ${String(bad).slice(0, 20)}`);
  },
  "what opens but is not one of the three messages, with fields of their kinds, is dropped": async () => {
    const bads = [
      {...hello(), t: "move"},
      {...hello(), from: "x".repeat(65)},
      {...hello(), from: "<script>"},
      {...hello(), n: undefined},
      {...hello(), at: "now"},
      {...hello(), at: Date.now() - 61000},  // a replay from over a minute ago
      {...hello(), at: Date.now() + 61000},
      {...offer(), sdp: "x".repeat(9000)},
      {...offer(), to: undefined},
      {...offer(), ice: [{urls: "http://evil.example"}]},
      {...offer(), ice: [{urls: "stun:a", credential: 5}]},
      {...offer(), ice: Array(9).fill({urls: "stun:a"})},
      [1, 2, 3],
      "hello",
    ];
    for (const bad of bads) strictEqual(await unseal(key, tag, await seal(key, tag, bad)), null, JSON.stringify(bad).slice(0, 80));
  },
  "ids are URL-safe and of the asked length": async () => {
    const id = randomId(18);
    ok(/^[A-Za-z0-9_-]{24}$/.test(id), id);
    strictEqual(randomId(32).length, 43);
  },
};

for (const [name, fn] of Object.entries(checks)) {
  try {
    await fn();
    report.checks++;
  } catch (e) {
    report.failed.push(`${name}: ${e.message}`);
  }
}
console.log(JSON.stringify(report));
process.exit(report.failed.length ? 1 : 0);
