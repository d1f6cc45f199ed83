"""WebRTC across two NATs, all on this machine (issue 47): e2e/netns.py's topology,
proved with plain RTCPeerConnections before the game's own pages use it.

Two Chromiums, one in each LAN namespace, each on a blank page of its own LAN's
127.0.0.1 (a secure context). The test carries the offer and the answer between them,
as a signalling channel would; what the ICE agents then find is the subject:

- no STUN server: each side knows only its LAN address, which the other cannot reach;
- STUN through ordinary NATs: each learns its NAT's public address and port, and
  the two punch through directly;
- NATs that give every flow a new random port (symmetric), or a network that drops
  UDP between the two homes: STUN's answer is useless, only coturn's relay connects
  (also with iceTransportPolicy "relay").

Connection times are printed (run with -s), never asserted.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import netns
import pytest
from playwright.sync_api import Page, Playwright

# How long ICE may try. A pair that connects does so in well under a second here; one
# that cannot never says "failed" in Chromium (it stays "disconnected", still waiting
# for candidates the SDP did not close with; watched for 90 s), so the wait is bounded.
ICE_WAIT = 20_000  # ms
PEER_JS = """
window.peer = {
    start({iceServers, iceTransportPolicy}) {
        const pc = new RTCPeerConnection({iceServers, iceTransportPolicy});
        const channel = pc.createDataChannel("t", {negotiated: true, id: 0});
        const inbox = [];
        channel.onmessage = (e) => inbox.push(e.data);
        const opened = new Promise((resolve) => { channel.onopen = () => resolve("open"); });
        const failed = new Promise((resolve) => pc.addEventListener("iceconnectionstatechange",
            () => pc.iceConnectionState === "failed" && resolve("failed")));
        Object.assign(peer, {pc, channel, inbox, opened, failed, states: []});
        pc.addEventListener("iceconnectionstatechange", () => peer.states.push(pc.iceConnectionState));
    },
    async gathered() {
        const pc = peer.pc;
        while (pc.iceGatheringState !== "complete") {
            await new Promise((r) => pc.addEventListener("icegatheringstatechange", r, {once: true}));
        }
        return pc.localDescription.toJSON();
    },
    async offer() {
        await peer.pc.setLocalDescription(await peer.pc.createOffer());
        return peer.gathered();
    },
    async answer(offer) {
        await peer.pc.setRemoteDescription(offer);
        peer.t0 = performance.now();
        await peer.pc.setLocalDescription(await peer.pc.createAnswer());
        return peer.gathered();
    },
    async accept(answer) {
        peer.t0 = performance.now();
        await peer.pc.setRemoteDescription(answer);
    },
    async outcome(ms) {
        const timeout = new Promise((r) => setTimeout(() => r("no outcome"), ms));
        const how = await Promise.race([peer.opened, peer.failed, timeout]);
        return {how, ms: performance.now() - peer.t0, states: peer.states};
    },
    async pair() {
        const stats = [...(await peer.pc.getStats()).values()];
        const byId = Object.fromEntries(stats.map((s) => [s.id, s]));
        const transport = stats.find((s) => s.type === "transport");
        const pair = byId[transport?.selectedCandidatePairId];
        const side = (c) => c && {type: c.candidateType, address: c.address, port: c.port,
                                  protocol: c.protocol, relayProtocol: c.relayProtocol};
        return pair && {local: side(byId[pair.localCandidateId]), remote: side(byId[pair.remoteCandidateId])};
    },
};
"""


@pytest.fixture
def make_network(playwright: Playwright) -> Iterator[netns.NetworkFactory]:
    yield from netns.network_factory(playwright)


@pytest.fixture
def blank(tmp_path: Path) -> Path:
    (tmp_path / "index.html").write_text("<!doctype html><html lang=en><meta charset=utf-8><title>peer</title></html>")
    return tmp_path


def two_peers(net: netns.Network, blank: Path, errors: list[str]) -> tuple[Page, Page]:
    pages = []
    for lan in net.lans:
        page = lan.page(lan.serve(blank))
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.evaluate(PEER_JS)
        pages.append(page)
    return pages[0], pages[1]


def connect(net: netns.Network, blank: Path, config: dict[str, Any]) -> dict[str, Any]:
    """Offer from LAN 1, answer from LAN 2, carried by the test; then what ICE did,
    and when the channel opened, a message each way and each side's selected pair."""
    errors: list[str] = []
    one, two = two_peers(net, blank, errors)
    for page in (one, two):
        page.evaluate("(config) => peer.start(config)", config)
    offer = one.evaluate("peer.offer()")
    answer = two.evaluate("(offer) => peer.answer(offer)", offer)
    one.evaluate("(answer) => peer.accept(answer)", answer)
    for page in (one, two):  # both wait at once, so the bound holds for the pair
        page.evaluate("(ms) => { peer.result = peer.outcome(ms); }", ICE_WAIT)
    outcomes = [page.evaluate("peer.result") for page in (one, two)]
    result: dict[str, Any] = {"offer": offer["sdp"], "answer": answer["sdp"], "outcomes": outcomes, "net": net}
    if all(o["how"] == "open" for o in outcomes):
        one.evaluate("peer.channel.send('from LAN 1')")
        two.evaluate("peer.channel.send('from LAN 2')")
        result["inbox"] = [
            page.wait_for_function("peer.inbox.length > 0 && peer.inbox", timeout=ICE_WAIT).json_value()
            for page in (one, two)
        ]
        result["pairs"] = [page.evaluate("peer.pair()") for page in (one, two)]
    assert not errors, errors
    return result


def report(title: str, result: dict[str, Any]) -> None:
    times = ", ".join(f"{o['how']} after {o['ms']:.0f} ms" for o in result["outcomes"])
    pairs = "; ".join(
        f"{p['local']['type']} {p['local']['address']} -> {p['remote']['type']} {p['remote']['address']}"
        for p in result.get("pairs", [])
    )
    print(f"\n{title}: {times}{'; ' + pairs if pairs else ''}")


def candidates(sdp: str) -> set[str]:
    return {line.split(" typ ")[1].split()[0] for line in sdp.splitlines() if line.startswith("a=candidate")}


def assert_talked(result: dict[str, Any]) -> None:
    hows = [o["how"] for o in result["outcomes"]]
    assert hows == ["open", "open"], f"{result['outcomes']}\ncoturn's log:\n{result['net'].log()}"
    assert result["inbox"] == [["from LAN 2"], ["from LAN 1"]]


def test_without_stun_two_nats_do_not_connect(make_network: netns.NetworkFactory, blank: Path) -> None:
    net = make_network(nat="ordinary")
    result = connect(net, blank, {"iceServers": []})
    report("no STUN", result)
    # Each side offered only its LAN address; ICE tried them (the checks went out and
    # the NATs dropped them), and no check was ever answered.
    assert candidates(result["offer"]) == candidates(result["answer"]) == {"host"}
    assert "192.168.1.2" in result["offer"] and "192.168.2.2" in result["answer"]
    for outcome in result["outcomes"]:
        assert outcome["how"] != "open" and "checking" in outcome["states"], outcome
        assert "connected" not in outcome["states"], outcome


@pytest.mark.parametrize("firewall", ["iptables", "nft"])
def test_stun_through_ordinary_nats_connects_directly(
    make_network: netns.NetworkFactory, blank: Path, firewall: netns.Firewall
) -> None:
    net = make_network(nat="ordinary", firewall=firewall)
    result = connect(net, blank, {"iceServers": net.ice_servers(stun=True)})
    report(f"STUN, ordinary NAT ({firewall})", result)
    assert "srflx" in candidates(result["offer"]) and "srflx" in candidates(result["answer"])
    assert_talked(result)
    for pair, other in zip(result["pairs"], (net.lan2, net.lan1)):
        assert "relay" not in (pair["local"]["type"], pair["remote"]["type"]), pair
        # The peer is reached at its NAT's public address, as STUN told it (srflx) or
        # as its first check showed (prflx), never at its LAN address.
        assert pair["remote"]["type"] in ("srflx", "prflx"), pair
        assert pair["remote"]["address"] in (other.public_address, ""), pair  # Chromium hides a prflx's address


@pytest.mark.parametrize("firewall", ["iptables", "nft"])
def test_symmetric_nats_defeat_stun(make_network: netns.NetworkFactory, blank: Path, firewall: netns.Firewall) -> None:
    net = make_network(nat="symmetric", firewall=firewall)
    result = connect(net, blank, {"iceServers": net.ice_servers(stun=True)})
    report(f"STUN, symmetric NAT ({firewall})", result)
    # STUN answered (each side knows a public address and port), but the port a peer's
    # packets would need is not the one the NAT gives the flow towards that peer.
    assert "srflx" in candidates(result["offer"]) and "srflx" in candidates(result["answer"])
    for outcome in result["outcomes"]:
        assert outcome["how"] != "open" and "checking" in outcome["states"], outcome
        assert "connected" not in outcome["states"], outcome


@pytest.mark.parametrize(
    "nat, block_direct, policy, firewall",
    [
        ("symmetric", False, "all", "iptables"),
        ("symmetric", False, "relay", "iptables"),
        ("ordinary", True, "all", "nft"),  # a carrier that drops UDP between customers
    ],
)
def test_turn_connects_where_stun_cannot(
    make_network: netns.NetworkFactory,
    blank: Path,
    nat: netns.Nat,
    block_direct: bool,
    policy: str,
    firewall: netns.Firewall,
) -> None:
    net = make_network(nat=nat, block_direct=block_direct, firewall=firewall)
    config = {"iceServers": net.ice_servers(stun=True, turn=True), "iceTransportPolicy": policy}
    result = connect(net, blank, config)
    report(f"TURN, {nat} NAT{', direct UDP blocked' if block_direct else ''}, policy {policy}", result)
    assert "relay" in candidates(result["offer"]) and "relay" in candidates(result["answer"])
    if policy == "relay":
        assert candidates(result["offer"]) == candidates(result["answer"]) == {"relay"}
    assert_talked(result)
    for pair in result["pairs"]:
        assert "relay" in (pair["local"]["type"], pair["remote"]["type"]), pair
        relayed = pair["local"] if pair["local"]["type"] == "relay" else pair["remote"]
        assert relayed["address"] == net.turn.host, pair


def test_a_server_in_the_public_namespace_is_reached_from_both_lans(
    make_network: netns.NetworkFactory, blank: Path, tmp_path: Path
) -> None:
    """The way the online-table tests start their Nostr relay: a process in the public
    namespace, on its address, that pages in both LANs reach through their NATs."""
    from relay import free_port, relay_argv

    net = make_network(nat="symmetric", block_direct=True)
    port = free_port()  # any port: the public namespace has nothing else on it
    process = net.public.popen(relay_argv(tmp_path / "relay", net.public.address, port), log="relay.log")
    net.public.wait_port(port, process)
    url = f"ws://{net.public.address}:{port}"
    for lan in net.lans:
        page = lan.page(lan.serve(blank))
        said = page.evaluate(
            """(url) => new Promise((resolve, reject) => {
                const ws = new WebSocket(url);
                ws.onopen = () => ws.send(JSON.stringify(["REQ", "probe", {kinds: [1], limit: 1}]));
                ws.onmessage = (e) => { ws.close(); resolve(JSON.parse(e.data)); };
                ws.onerror = () => reject(new Error("no connection to " + url));
            })""",
            url,
        )
        assert said == ["EOSE", "probe"]


def test_everything_is_gone_after_the_block(playwright: Playwright, blank: Path) -> None:
    with netns.network(playwright, nat="symmetric", block_direct=True) as net:
        names = [ns.name for ns in net.namespaces]
        workdir = net.workdir
        page = net.lan1.page(net.lan1.serve(blank))
        assert page.evaluate("window.isSecureContext")
        pids = [p.pid for ns in net.namespaces for p in ns.processes]
    listed = subprocess.run(["ip", "netns", "list"], capture_output=True, text=True).stdout
    assert not [n for n in names if n in listed.split()], listed
    assert not workdir.exists()
    assert not [pid for pid in pids if Path(f"/proc/{pid}").exists()]
