// Checks of web/rtc.mjs's pure functions under node (tests/test_rtc_codes.py runs it):
// the handshake codes round-trip real Chromium session descriptions, survive whitespace,
// and every broken code fails with the right one-line reason. Prints one JSON report;
// exits 1 if a check fails.
//
//   node tests/rtc_codes_check.mjs

import {deepStrictEqual, ok, strictEqual} from "node:assert/strict";
import {CodeError, VERSION, decodeDescription, encodeDescription, minimizeSdp, pack, rebuildSdp, unpack}
  from "../web/rtc.mjs";

// Captured from headless Chromium 156 (Debian), one context each: a data-channel offer
// and its answer with the default mDNS host candidates, and the same with
// --disable-features=WebRtcHideLocalIpsWithMdns (the real addresses).
const CHROMIUM = {
  mdns: {offer: "v=0\r\no=- 6745207850720994628 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\na=extmap-allow-mixed\r\na=msid-semantic: WMS\r\nm=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\na=candidate:3810835338 1 udp 2113937151 713913c9-46d4-4014-a7a9-5a26a36d9fb4.local 40225 typ host generation 0 network-cost 999\r\na=candidate:3830896442 1 udp 2113942271 a3032289-7a3a-4491-89b7-2bf26b3bb06d.local 44248 typ host generation 0 network-cost 999\r\na=ice-ufrag:57O8\r\na=ice-pwd:KUieY8dWEk7odAznLniqLMuT\r\na=ice-options:trickle\r\na=fingerprint:sha-256 6B:42:F1:BF:F9:BF:A9:DE:FE:D3:55:5B:7C:8C:19:D2:BE:B9:6C:03:FA:55:C1:0F:06:CA:62:51:2C:3B:91:29\r\na=setup:actpass\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n",
         answer: "v=0\r\no=- 8334223236070202343 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\na=extmap-allow-mixed\r\na=msid-semantic: WMS\r\nm=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\na=candidate:1995719460 1 udp 2113937151 713913c9-46d4-4014-a7a9-5a26a36d9fb4.local 56446 typ host generation 0 network-cost 999\r\na=candidate:3180495556 1 udp 2113942271 a3032289-7a3a-4491-89b7-2bf26b3bb06d.local 34009 typ host generation 0 network-cost 999\r\na=ice-ufrag:T/Th\r\na=ice-pwd:L/W3WPVBUJ1RJnoB1lBCyZ1r\r\na=ice-options:trickle\r\na=fingerprint:sha-256 AF:4E:FC:17:6F:38:C1:10:21:C4:2B:80:BE:36:39:61:55:49:D1:2D:86:76:2F:15:EA:F6:6F:D7:BE:B7:D8:9C\r\na=setup:active\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n"},
  ip: {offer: "v=0\r\no=- 3886497126776339646 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\na=extmap-allow-mixed\r\na=msid-semantic: WMS\r\nm=application 45140 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 192.0.2.2\r\na=candidate:2019288293 1 udp 2113937151 192.0.2.2 45140 typ host generation 0 network-cost 999\r\na=candidate:2133428309 1 udp 2113942271 fd00::2 53965 typ host generation 0 network-cost 999\r\na=ice-ufrag:qJSL\r\na=ice-pwd:NgGHJWp9gEolQF0BPDxJwhKL\r\na=ice-options:trickle\r\na=fingerprint:sha-256 67:BB:B7:C9:DA:C9:5E:8D:4A:8B:C3:0A:C9:2C:D8:E9:A4:7B:E8:BA:1A:D4:35:F9:D9:2A:09:11:BD:84:F9:BE\r\na=setup:actpass\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n",
       answer: "v=0\r\no=- 8998826473628366241 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\na=extmap-allow-mixed\r\na=msid-semantic: WMS\r\nm=application 57384 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 192.0.2.2\r\na=candidate:2103374484 1 udp 2113937151 192.0.2.2 57384 typ host generation 0 network-cost 999\r\na=candidate:2049744420 1 udp 2113942271 fd00::2 56624 typ host generation 0 network-cost 999\r\na=ice-ufrag:EDqP\r\na=ice-pwd:wAN9srWeCvwBd4Jfys2OCTC6\r\na=ice-options:trickle\r\na=fingerprint:sha-256 77:94:4C:75:C3:D9:1E:17:9B:4C:BD:E9:C3:F7:12:48:B0:37:A3:30:D0:2B:EA:11:D4:7B:06:ED:29:4F:B5:CE\r\na=setup:active\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n"},
};

// What Chromium does not write here but a STUN/TURN server or another browser may:
// server-reflexive and relay candidates, TCP, IPv6, longer ICE credentials, sha-384.
const WIDER = [
  "v=0", "o=mozilla...THIS_IS_SDPARTA-99.0 1 0 IN IP4 0.0.0.0", "s=-", "t=0 0",
  "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
  "a=candidate:0 1 UDP 2122252543 192.168.1.20 51000 typ host",
  "a=candidate:1 1 TCP 2105524479 192.168.1.20 9 typ host tcptype active",
  "a=candidate:2 1 tcp 1518280447 2001:db8::1:2 443 typ host tcptype passive",
  "a=candidate:3 1 udp 1686052607 203.0.113.7 62000 typ srflx raddr 192.168.1.20 rport 51000",
  "a=candidate:4 1 udp 41885439 198.51.100.9 3478 typ relay raddr 203.0.113.7 rport 62000",
  "a=candidate:5 2 udp 2122252542 192.168.1.20 51001 typ host",
  "a=ice-ufrag:a1b2c3d4e", "a=ice-pwd:0123456789abcdefABCDEF+/xyz", "a=setup:passive",
  "a=fingerprint:sha-384 " + Array.from({length: 48}, (_, i) => (i * 37 % 256).toString(16).padStart(2, "0").toUpperCase()).join(":"),
  "a=mid:0", "",
].join("\r\n");

const report = {checks: 0, sizes: {}};
const check = (name, fn) => ({name, fn});

async function expectError(reason, promise, text) {
  try {
    await promise;
  } catch (e) {
    ok(e instanceof CodeError, `${text}: ${e}`);
    strictEqual(e.reason, reason, `${text}: ${e.message}`);
    ok(e.message && !e.message.includes("\n"), `${text}: not one line: ${e.message}`);
    return e.message;
  }
  throw new Error(`${text}: no error`);
}

const checks = [
  check("chromium descriptions round-trip", async () => {
    for (const [flavour, pair] of Object.entries(CHROMIUM)) {
      for (const kind of ["offer", "answer"]) {
        const min = minimizeSdp(pair[kind]);
        const code = await encodeDescription({type: kind, sdp: pair[kind]});
        ok(code.startsWith(`sky${VERSION}${kind[0]}.`), code);
        ok(/^[a-z0-9]+\.[A-Za-z0-9_-]+$/.test(code), `not URL-safe: ${code}`);
        deepStrictEqual(await unpack(code, kind), min);
        const rebuilt = (await decodeDescription(code, kind)).sdp;
        deepStrictEqual(minimizeSdp(rebuilt), min);
        for (const line of ["m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "a=mid:0", "a=sctp-port:5000",
                            `a=ice-ufrag:${min.ufrag}`, `a=fingerprint:sha-256 ${min.fingerprint.hex}`]) {
          ok(rebuilt.includes(`${line}\r\n`), `${line} missing from the rebuilt ${kind}`);
        }
        strictEqual(min.candidates.length, 2);
        report.sizes[`${flavour} ${kind}`] = code.length;
      }
    }
  }),
  check("the kept fields are the ones ICE and DTLS need", async () => {
    const min = minimizeSdp(CHROMIUM.mdns.offer);
    strictEqual(min.setup, "actpass");
    strictEqual(minimizeSdp(CHROMIUM.mdns.answer).setup, "active");
    ok(min.candidates.every((c) => /^[0-9a-f-]{36}\.local$/.test(c.address) && c.protocol === "udp" && c.type === "host"));
    strictEqual(min.fingerprint.hex.split(":").length, 32);
  }),
  check("other candidates and credentials round-trip", async () => {
    const min = minimizeSdp(WIDER);
    strictEqual(min.candidates.length, 5, "component 2 is dropped");
    deepStrictEqual(min.candidates.map((c) => [c.protocol, c.type, c.tcptype]),
                    [["udp", "host", undefined], ["tcp", "host", "active"], ["tcp", "host", "passive"],
                     ["udp", "srflx", undefined], ["udp", "relay", undefined]]);
    const back = await unpack(await pack("answer", min), "answer");
    deepStrictEqual(back, min);
    deepStrictEqual(minimizeSdp(rebuildSdp(back, "answer")), min);
    const odd = {...min, fingerprint: {alg: "md5", hex: "01:02"}, ufrag: "with space-ish_chars"};
    deepStrictEqual(await unpack(await pack("offer", odd), "offer"), odd);
  }),
  check("whitespace and line breaks anywhere are ignored", async () => {
    const code = await encodeDescription({type: "offer", sdp: CHROMIUM.mdns.offer});
    const want = minimizeSdp(CHROMIUM.mdns.offer);
    for (let i = 0; i <= code.length; i++) {
      const ws = [" ", "\n", "\r\n", "\t", "  \n  ", "\u00a0"][i % 6];
      deepStrictEqual(await unpack(code.slice(0, i) + ws + code.slice(i), "offer"), want, `whitespace at ${i}`);
    }
    const wrapped = code.match(/.{1,20}/g).join("\n");
    deepStrictEqual(await unpack(`\n  ${wrapped}  \n`, "offer"), want);
    // Pasted with what surrounded it: a sentence, or a link that carries it.
    deepStrictEqual(await unpack(`Join my table: ${code}`, "offer"), want);
    deepStrictEqual(await unpack(`https://example.org/skyline/index.html#join=${code}`, "offer"), want);
  }),
  check("an offer where an answer is expected, and the reverse", async () => {
    const offer = await encodeDescription({type: "offer", sdp: CHROMIUM.mdns.offer});
    const answer = await encodeDescription({type: "answer", sdp: CHROMIUM.mdns.answer});
    report.wrongKind = await expectError("wrong-kind", unpack(offer, "answer"), "offer as answer");
    ok(/offer/.test(report.wrongKind) && /answer/.test(report.wrongKind));
    await expectError("wrong-kind", unpack(answer, "offer"), "answer as offer");
    // No kind asked for: either is read.
    deepStrictEqual(await unpack(answer), minimizeSdp(CHROMIUM.mdns.answer));
  }),
  check("another version", async () => {
    const code = await encodeDescription({type: "offer", sdp: CHROMIUM.mdns.offer});
    report.version = await expectError("version", unpack(code.replace(`sky${VERSION}o`, `sky${VERSION + 1}o`), "offer"),
                                       "next version");
    ok(report.version.includes(String(VERSION + 1)));
  }),
  check("cut short anywhere", async () => {
    const code = await encodeDescription({type: "answer", sdp: CHROMIUM.mdns.answer});
    const start = code.indexOf(".") + 1;
    for (let n = start; n < code.length; n++) {
      await expectError("damaged", unpack(code.slice(0, n), "answer"), `cut to ${n} of ${code.length}`);
    }
    report.cut = await expectError("damaged", unpack(code.slice(0, -10), "answer"), "cut");
  }),
  check("changed characters", async () => {
    const code = await encodeDescription({type: "offer", sdp: CHROMIUM.ip.offer});
    const want = minimizeSdp(CHROMIUM.ip.offer);
    let caught = 0, harmless = 0;
    for (let i = code.indexOf(".") + 1; i < code.length; i++) {
      const other = code[i] === "A" ? "B" : "A";
      try {
        // The last character's low bits are padding: changing them changes nothing.
        deepStrictEqual(await unpack(code.slice(0, i) + other + code.slice(i + 1), "offer"), want);
        harmless += 1;
      } catch (e) {
        ok(e instanceof CodeError && e.reason === "damaged", `change at ${i}: ${e}`);
        caught += 1;
      }
    }
    ok(harmless <= 1, `${harmless} changes went unnoticed`);
    report.changed = {caught, harmless};
  }),
  check("not a code at all", async () => {
    for (const text of ["", "   ", "hello", "1.eJyrVkrLz1eyUkpKLFKqBQAdegQ0",
                        "sky1x.eJyrVkrLz1eyUkpKLFKqBQAdegQ0", "v=0\r\no=- 1 2 IN IP4 127.0.0.1"]) {
      report.garbage = await expectError("not-skyline", unpack(text, "offer"), JSON.stringify(text));
    }
    await expectError("damaged", unpack("sky1o.", "offer"), "empty payload");
    await expectError("damaged", unpack("sky1o.!!!!", "offer"), "not base64");
    await expectError("damaged", unpack("sky1o.eJyrVkrLz1eyUkpKLFKqBQAdegQ0", "offer"), "zlib but not a description");
  }),
  check("hostile sizes: a long paste, a zip bomb", async () => {
    await expectError("not-skyline", unpack("sky1a." + "A".repeat(200_000), "answer"), "a 200 kB paste");
    // 16 MB of zeros deflate to about 16 kB: a short code that would fill the memory.
    const zeros = new Uint8Array(16 << 20);
    const bomb = new Uint8Array(await new Response(
      new Blob([zeros]).stream().pipeThrough(new CompressionStream("deflate"))).arrayBuffer());
    let b64 = "";
    for (let i = 0; i < bomb.length; i += 8192) b64 += String.fromCharCode(...bomb.subarray(i, i + 8192));
    const code = `sky${VERSION}a.` + btoa(b64).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    ok(code.length < 100_000, `the bomb's code is ${code.length} characters`);
    report.bomb = {chars: code.length, unpacked: zeros.length};
    report.bomb.error = await expectError("damaged", unpack(code, "answer"), "a zip bomb");
  }),
];

const failed = [];
for (const {name, fn} of checks) {
  try {
    await fn();
    report.checks += 1;
  } catch (e) {
    failed.push(`${name}: ${e.message ?? e}`);
  }
}
report.failed = failed;
console.log(JSON.stringify(report));
process.exit(failed.length ? 1 : 0);
