"""Two homes behind NAT and a piece of internet, all on this machine (issue 47).

Online tables must connect browsers that sit behind NAT routers; loopback alone cannot
show that STUN finds a way through a NAT, or that only TURN gets through a NAT that
defeats it. This module builds that with Linux network namespaces (root only):

    public   10.99.0.1 (on its loopback): coturn (STUN + TURN) and whatever a test
             starts there with `net.public.popen(...)` (a Nostr relay); it routes
             between the two NATs' uplinks, 10.99.1.0/24 and 10.99.2.0/24, and
             drops what goes anywhere else, as the internet loses it
    nat1     uplink 10.99.1.2 (its public address), LAN side 192.168.1.1, masquerade,
             and a home router's firewall (nothing unsolicited gets in)
    lan1     192.168.1.2: Chromium, and a static server on the namespace's 127.0.0.1
    nat2     uplink 10.99.2.2, LAN side 192.168.2.1, the same
    lan2     192.168.2.2: Chromium, and its own static server

Nothing is linked to the machine's own network namespace, so no packet of these tests
can leave the machine; every address above exists only inside the namespaces (and each
namespace's DNS is its own 127.0.0.1, where nothing answers).

`nat="ordinary"` maps a flow to the same public port whatever its destination, so STUN
punches through. `nat="symmetric"` gives each new flow a random public port (masquerade
--random-fully): the port STUN reports is not the one a peer's packets would reach, so
hole punching fails and only TURN connects. `block_direct=True` also drops UDP between
the two NATs in the public namespace (a carrier that lets nothing through but the
relay), whatever the NAT does.

    with network(playwright, nat="symmetric") as net:
        url = net.lan1.serve(folder)           # http://127.0.0.1:P/ inside lan1: a secure context
        page = net.lan1.page(url)              # a page in lan1's Chromium (net.lan2 likewise)
        net.ice_servers(stun=True, turn=True)  # coturn as RTCPeerConnection's iceServers
        relay = net.public.popen(argv)         # any server, on net.public.address
        net.public.wait_port(port, relay)

Each network has its own random tag in every namespace's name, so pytest-xdist workers
never collide; every process, namespace and temporary file goes when the block ends,
whether the test passed or not.
"""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Literal

import pytest
from playwright.sync_api import Browser, Page, Playwright

try:  # run by pytest from e2e/ (rootdir conftest); `python e2e/netns.py` finds it the same way
    from conftest import CHROMIUM, CHROMIUM_ARGS, IGNORED_DEFAULT_ARGS
except ImportError:  # pragma: no cover - imported from elsewhere
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from conftest import CHROMIUM, CHROMIUM_ARGS, IGNORED_DEFAULT_ARGS

ROOT = Path(__file__).resolve().parent.parent
SERVE = ROOT / "build_scripts" / "serve.py"
ETC_NETNS = Path("/etc/netns")

Nat = Literal["ordinary", "symmetric"]
Firewall = Literal["iptables", "nft"]

PUBLIC_ADDRESS = "10.99.0.1"
TURN_PORT = 3478
TURN_USER = "skyline"
TURN_PASSWORD = "not-a-secret"
TURN_REALM = "skyline.test"
# Relay ports: a small range, so a test that leaks allocations runs out quickly and visibly.
TURN_RELAY_PORTS = (49160, 49259)
START_WAIT = 30.0  # s: a bound on a server's start-up, never a speed target

# Chromium hides a page's own addresses behind random mDNS names (name.local) unless it
# may use the camera. Across two NATs nobody resolves those names, so with them a peer
# without STUN never even sends a check (ICE stays "new"): a no-STUN test would show
# mDNS, not the NAT. With the real addresses the checks go out and the NATs drop them,
# and the SDP and getStats() say which LAN a host candidate is in. No outcome with STUN
# or TURN changes (those candidates carry public addresses either way). Playwright
# passes its own --disable-features list and Chromium keeps only the last such switch,
# so ours is appended to Playwright's (see _disabled_features).
EXTRA_DISABLED_FEATURES = ("WebRtcHideLocalIpsWithMdns",)


def _tool(name: str) -> str | None:
    return shutil.which(name) or next(
        (str(Path(d, name)) for d in ("/usr/sbin", "/sbin") if Path(d, name).exists()), None
    )


def _run(argv: Sequence[str], stdin: str | None = None) -> str:
    done = subprocess.run(list(argv), input=stdin, capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr.strip() or done.stdout.strip()}")
    return done.stdout


def unavailable(firewall: Firewall | None = None) -> str | None:
    """Why these networks cannot be built here, or None when they can."""
    if os.geteuid() != 0:
        return "network namespaces need root (run the NAT tests as root)"
    if not _tool("ip"):
        return "no `ip` command (apt-get install iproute2)"
    if _firewall(firewall) is None:
        return "neither iptables nor nft (apt-get install iptables)"
    if not _tool("turnserver"):
        return "no turnserver (apt-get install coturn)"
    if not Path(CHROMIUM).exists():
        return f"{CHROMIUM} not found (apt-get install chromium)"
    probe = f"skprobe{secrets.token_hex(3)}"
    done = subprocess.run(["ip", "netns", "add", probe], capture_output=True, text=True)
    if done.returncode:
        return f"`ip netns add` fails here: {done.stderr.strip()}"
    subprocess.run(["ip", "netns", "delete", probe], capture_output=True)
    return None


def _firewall(wanted: Firewall | None) -> Firewall | None:
    if wanted is not None:
        return wanted if _tool(wanted) else None
    if _tool("iptables"):
        return "iptables"
    if _tool("nft"):
        return "nft"
    return None


class Namespace:
    """One network namespace: its name, its main address, and processes started in it."""

    def __init__(self, name: str, address: str, workdir: Path) -> None:
        self.name, self.address, self.workdir = name, address, workdir
        self.processes: list[subprocess.Popen] = []
        self.logs: dict[int, Path] = {}  # pid -> where popen() sent its output

    def argv(self, argv: Sequence[str]) -> list[str]:
        """`argv` as a command that runs inside this namespace."""
        return ["ip", "netns", "exec", self.name, *argv]

    def run(self, argv: Sequence[str], stdin: str | None = None) -> str:
        """Run `argv` here to its end; its stdout, or RuntimeError with its stderr."""
        return _run(self.argv(argv), stdin)

    def popen(self, argv: Sequence[str], log: str | None = None, **kwargs: Any) -> subprocess.Popen:
        """Start `argv` here, for as long as the network lives (ended at teardown).

        Its stdout and stderr go to workdir/`log` (default: the program's name + .log)
        unless `kwargs` says otherwise; the rest of `kwargs` goes to subprocess.Popen."""
        out: IO[str] | None = None
        path = self.workdir / (log or f"{Path(argv[0]).name}.log")
        if "stdout" not in kwargs:
            out = path.open("a")
            kwargs.update(stdout=out, stderr=subprocess.STDOUT)
        try:
            process = subprocess.Popen(self.argv(argv), **kwargs)  # ip netns exec execs argv: same pid
        finally:
            if out is not None:
                out.close()
        self.processes.append(process)
        if out is not None:
            self.logs[process.pid] = path
        return process

    def wait_port(self, port: int, process: subprocess.Popen | None = None, udp: bool = False) -> None:
        """Wait until something in this namespace listens on `port` (TCP, or bound UDP).

        Reads the namespace's socket table through /proc/PID/net of a process inside it,
        so no probe connects (a probe would count as a client of a relay or of coturn)."""
        inside = process or (self.processes[-1] if self.processes else None)
        assert inside is not None, "wait_port needs a process running in the namespace"
        deadline = time.monotonic() + START_WAIT
        while time.monotonic() < deadline:
            if inside.poll() is not None:
                log = self.logs.get(inside.pid)
                said = log.read_text(errors="replace")[-2000:] if log else ""
                raise RuntimeError(f"{inside.args!r} exited ({inside.returncode}) before listening on {port}:\n{said}")
            if _inside(inside.pid, self.name) and _listening(inside.pid, port, udp):
                return
            time.sleep(0.05)
        raise RuntimeError(f"nothing listened on port {port} in {self.name} within {START_WAIT:.0f} s")


def _inside(pid: int, name: str) -> bool:
    """Whether `pid` has entered namespace `name` yet (`ip netns exec` starts outside)."""
    try:
        return os.stat(f"/proc/{pid}/ns/net").st_ino == os.stat(f"/run/netns/{name}").st_ino
    except OSError:
        return False


def _listening(pid: int, port: int, udp: bool) -> bool:
    tables = ("udp", "udp6") if udp else ("tcp", "tcp6")
    for table in tables:
        try:
            lines = Path(f"/proc/{pid}/net/{table}").read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            local, state = line.split()[1], line.split()[3]
            if int(local.rsplit(":", 1)[1], 16) == port and (udp or state == "0A"):  # 0A: LISTEN
                return True
    return False


@dataclass
class Turn:
    """coturn in the public namespace: STUN and TURN (long-term credentials) on one port."""

    host: str
    port: int
    username: str
    credential: str

    @property
    def stun_url(self) -> str:
        return f"stun:{self.host}:{self.port}"

    def url(self, transport: Literal["udp", "tcp"] = "udp") -> str:
        return f"turn:{self.host}:{self.port}?transport={transport}"

    def ice_server(self, transports: Sequence[Literal["udp", "tcp"]] = ("udp",)) -> dict[str, Any]:
        """An RTCIceServer for RTCPeerConnection's iceServers."""
        return {"urls": [self.url(t) for t in transports], "username": self.username, "credential": self.credential}


class Lan(Namespace):
    """A home network: Chromium and a static server here, behind the NAT router `nat`."""

    def __init__(self, name: str, address: str, workdir: Path, nat: Namespace, wrapper: Path) -> None:
        super().__init__(name, address, workdir)
        self.nat = nat
        self.public_address = nat.address  # where this LAN's packets seem to come from
        self.wrapper = wrapper  # Playwright's executable_path: Chromium inside this LAN
        self.url: str | None = None  # what serve() serves
        self.playwright: Playwright | None = None
        self._browser: Browser | None = None

    def serve(self, directory: str | Path) -> str:
        """Serve `directory` (build_scripts/serve.py) on this LAN's own 127.0.0.1, a
        secure context (Web Crypto, WebRTC) for this LAN's Chromium only; its URL."""
        process = self.popen(
            [sys.executable, str(SERVE), "--port", "0", "--dir", str(directory), "--quiet"],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        assert process.stdout is not None
        line = process.stdout.readline()
        if not line.startswith("Serving http://"):
            raise RuntimeError(f"serve.py in {self.name} did not start (said {line!r})")
        self.url = line.split()[1]
        return self.url

    @property
    def browser(self) -> Browser:
        """This LAN's Chromium (a playwright Browser), started on first use."""
        if self._browser is None:
            if self.playwright is None:
                raise RuntimeError("network() was given no playwright: it cannot start Chromium")
            self._browser = self.playwright.chromium.launch(**launch_args(self.wrapper))
        return self._browser

    def page(self, url: str | None = None, **context_args: Any) -> Page:
        """A page in a new context of this LAN's Chromium, at `url` (default: what
        serve() serves), with service workers blocked as in conftest."""
        context = self.browser.new_context(service_workers="block", **context_args)
        page = context.new_page()
        url = url or self.url
        if url:
            page.goto(url)
        return page


def launch_args(executable: str | Path) -> dict[str, Any]:
    """playwright's chromium.launch() arguments: conftest's, for the given executable."""
    return {
        "executable_path": str(executable),
        "headless": True,
        "args": [*CHROMIUM_ARGS, f"--disable-features={','.join(_disabled_features())}"],
        "ignore_default_args": IGNORED_DEFAULT_ARGS,
    }


def _disabled_features() -> list[str]:
    """Playwright's own --disable-features list (read from its driver: it must not be
    lost when we pass ours, see EXTRA_DISABLED_FEATURES), then ours."""
    import re

    import playwright

    bundle = Path(playwright.__file__).parent / "driver" / "package" / "lib" / "coreBundle.js"
    found: list[str] = []
    try:
        text = bundle.read_text()
        block = re.search(r"disabledFeatures = \[(.*?)\]\.filter", text, re.S)
        if block:
            found = re.findall(r'^\s*"([A-Za-z0-9_]+)"', block.group(1), re.M)
    except OSError:
        pass
    return [*found, *(f for f in EXTRA_DISABLED_FEATURES if f not in found)]


@dataclass
class Network:
    """The built topology: `public`, `lan1`, `lan2` (their routers as lan.nat), `turn`."""

    tag: str
    nat: Nat
    block_direct: bool
    workdir: Path
    public: Namespace
    lan1: Lan
    lan2: Lan
    turn: Turn
    routers: list[Namespace]

    @property
    def lans(self) -> tuple[Lan, Lan]:
        return (self.lan1, self.lan2)

    @property
    def namespaces(self) -> list[Namespace]:
        return [self.public, *self.routers, self.lan1, self.lan2]

    @property
    def stun_url(self) -> str:
        return self.turn.stun_url

    def log(self, name: str = "turnserver.log", tail: int = 4000) -> str:
        """The end of a log in workdir (coturn's by default, verbose: its sessions,
        permissions and why it closed them), for a failed test's message: the
        folder is gone once the network is."""
        try:
            return (self.workdir / name).read_text(errors="replace")[-tail:]
        except OSError as e:
            return f"({e})"

    def ice_servers(self, stun: bool = True, turn: bool = False) -> list[dict[str, Any]]:
        """iceServers for RTCPeerConnection: coturn as STUN, as TURN, both or neither."""
        servers: list[dict[str, Any]] = []
        if stun:
            servers.append({"urls": [self.turn.stun_url]})
        if turn:
            servers.append(self.turn.ice_server())
        return servers


def _turnserver_config(workdir: Path) -> Path:
    config = workdir / "turnserver.conf"
    config.write_text(
        "\n".join(
            [
                f"listening-ip={PUBLIC_ADDRESS}",
                f"relay-ip={PUBLIC_ADDRESS}",
                f"listening-port={TURN_PORT}",
                f"min-port={TURN_RELAY_PORTS[0]}",
                f"max-port={TURN_RELAY_PORTS[1]}",
                "lt-cred-mech",
                f"user={TURN_USER}:{TURN_PASSWORD}",
                f"realm={TURN_REALM}",
                "fingerprint",
                "no-tls",
                "no-dtls",
                "no-cli",
                "no-multicast-peers",
                "no-software-attribute",
                # its own database and pid file: never /var/lib/turn or /var/run, which a
                # parallel worker's coturn (or the system's) would share
                f"userdb={workdir / 'turndb'}",
                f"pidfile={workdir / 'turnserver.pid'}",
                "verbose",
                "log-file=stdout",
                "simple-log",
                "",
            ]
        )
    )
    return config


def _rules(firewall: Firewall, ns: Namespace, iptables: list[str], nft: str) -> None:
    if firewall == "iptables":
        for rule in iptables:
            ns.run(["iptables", "-w", *rule.split()])  # -w: iptables-legacy's lock is machine-wide
    else:
        ns.run(["nft", "-f", "-"], stdin=nft)


def _sysctl(ns: Namespace, values: dict[str, int]) -> None:
    ns.run(["sh", "-c", "; ".join(f"echo {v} > /proc/sys/{k}" for k, v in values.items())])


def _build(stack: ExitStack, tag: str, workdir: Path, nat: Nat, block_direct: bool, firewall: Firewall) -> Network:
    namespaces: list[Namespace] = []

    def add(ns: Namespace) -> Namespace:
        _run(["ip", "netns", "add", ns.name])
        namespaces.append(ns)
        # `ip netns exec` puts /etc/netns/NAME/resolv.conf over /etc/resolv.conf: a
        # Chromium inside asks its own loopback, where nothing answers, so its DNS
        # lookups stay inside the namespace instead of crossing the NAT.
        etc = ETC_NETNS / ns.name
        etc.mkdir(parents=True, exist_ok=True)
        (etc / "resolv.conf").write_text("nameserver 127.0.0.1\n")
        ns.run(["ip", "link", "set", "lo", "up"])
        # No IPv6: its link-local addresses would only add host candidates nobody reaches.
        if Path("/proc/sys/net/ipv6").exists():
            _sysctl(ns, {"net/ipv6/conf/all/disable_ipv6": 1, "net/ipv6/conf/default/disable_ipv6": 1})
        return ns

    stack.callback(_teardown, namespaces)

    public = add(Namespace(f"sk{tag}p", PUBLIC_ADDRESS, workdir))
    public.run(["ip", "addr", "add", f"{PUBLIC_ADDRESS}/32", "dev", "lo"])
    _sysctl(public, {"net/ipv4/ip_forward": 1})
    # The rest of the internet, where a packet to an address nobody here has (a peer's
    # LAN candidate) vanishes. Without a default route it would fail at once with
    # "network unreachable", and coturn closes an allocation whose relay socket gets
    # that error: TURN then failed now and then. Sent without ARP to the veth's other
    # end, which is not the frame's addressee, such a packet is dropped in silence.
    public.run(["ip", "link", "add", "void0", "type", "veth", "peer", "name", "void1"])
    public.run(["ip", "link", "set", "void0", "arp", "off", "up"])
    public.run(["ip", "link", "set", "void1", "up"])
    public.run(["ip", "route", "add", "default", "dev", "void0"])
    routers: list[Namespace] = []
    lans: list[Lan] = []
    for k in (1, 2):
        router = add(Namespace(f"sk{tag}n{k}", f"10.99.{k}.2", workdir))
        lan = Lan(f"sk{tag}l{k}", f"192.168.{k}.2", workdir, router, workdir / f"chromium-lan{k}")
        add(lan)
        # Created straight into their namespaces: interface names are then per
        # namespace, so they are short and the same in every parallel network.
        _run(
            [
                "ip",
                "-n",
                public.name,
                "link",
                "add",
                f"n{k}",
                "type",
                "veth",
                "peer",
                "name",
                "wan",
                "netns",
                router.name,
            ]
        )
        _run(["ip", "-n", router.name, "link", "add", "lan", "type", "veth", "peer", "name", "eth0", "netns", lan.name])
        public.run(["ip", "addr", "add", f"10.99.{k}.1/24", "dev", f"n{k}"])
        public.run(["ip", "link", "set", f"n{k}", "up"])
        router.run(["ip", "addr", "add", f"10.99.{k}.2/24", "dev", "wan"])
        router.run(["ip", "addr", "add", f"192.168.{k}.1/24", "dev", "lan"])
        router.run(["ip", "link", "set", "wan", "up"])
        router.run(["ip", "link", "set", "lan", "up"])
        router.run(["ip", "route", "add", "default", "via", f"10.99.{k}.1"])
        _sysctl(router, {"net/ipv4/ip_forward": 1})
        random = nat == "symmetric"
        # A home router's firewall: nothing from outside gets in unless it answers a flow
        # from inside. Hole punching needs it: without it the peer's first check, still
        # unanswered, is kept as a conntrack entry, and this router's own packets to that
        # peer then clash with it and leave from another port (symmetric by accident).
        # A dropped packet's entry is never confirmed.
        _rules(
            firewall,
            router,
            [
                "-t nat -A POSTROUTING -o wan -j MASQUERADE" + (" --random-fully" if random else ""),
                "-A INPUT -i wan -m conntrack ! --ctstate ESTABLISHED,RELATED -j DROP",
                "-A FORWARD -i wan -m conntrack ! --ctstate ESTABLISHED,RELATED -j DROP",
            ],
            "table ip nat {\n chain post {\n  type nat hook postrouting priority srcnat; policy accept;\n"
            f'  oifname "wan" masquerade{" fully-random" if random else ""}\n }}\n}}\n'
            "table ip filter {\n"
            " chain input {\n  type filter hook input priority filter; policy accept;\n"
            '  iifname "wan" ct state != { established, related } drop\n }\n'
            " chain forward {\n  type filter hook forward priority filter; policy accept;\n"
            '  iifname "wan" ct state != { established, related } drop\n }\n}\n',
        )
        lan.run(["ip", "addr", "add", f"192.168.{k}.2/24", "dev", "eth0"])
        lan.run(["ip", "link", "set", "eth0", "up"])
        lan.run(["ip", "route", "add", "default", "via", f"192.168.{k}.1"])
        lan.wrapper.write_text(f'#!/bin/sh\nexec ip netns exec {lan.name} {CHROMIUM} "$@"\n')
        lan.wrapper.chmod(0o755)
        routers.append(router)
        lans.append(lan)
    if block_direct:
        _rules(
            firewall,
            public,
            [
                "-A FORWARD -i n1 -o n2 -p udp -j DROP",
                "-A FORWARD -i n2 -o n1 -p udp -j DROP",
            ],
            "table ip filter {\n chain forward {\n  type filter hook forward priority filter; policy accept;\n"
            '  iifname "n1" oifname "n2" meta l4proto udp drop\n'
            '  iifname "n2" oifname "n1" meta l4proto udp drop\n }\n}\n',
        )

    turnserver = public.popen(["turnserver", "-c", str(_turnserver_config(workdir))], log="turnserver.log")
    public.wait_port(TURN_PORT, turnserver)
    turn = Turn(PUBLIC_ADDRESS, TURN_PORT, TURN_USER, TURN_PASSWORD)
    return Network(tag, nat, block_direct, workdir, public, lans[0], lans[1], turn, routers)


def _teardown(namespaces: list[Namespace]) -> None:
    """End every process started in these namespaces, then the namespaces (their veths
    go with them). Best effort throughout: a failed test must still leave nothing."""
    for ns in namespaces:
        if isinstance(ns, Lan) and ns._browser is not None:
            try:
                ns._browser.close()
            except Exception:  # the browser may be dead already; its pids are ended below
                pass
            ns._browser = None
    for ns in namespaces:
        for process in ns.processes:
            if process.poll() is None:
                process.terminate()
        for process in ns.processes:
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
            for stream in (process.stdout, process.stderr):
                if stream is not None:
                    stream.close()
    for ns in namespaces:
        # Whatever still runs inside (a renderer left by a crashed Chromium) was started
        # by this network: the namespace's name is unique to it.
        listed = subprocess.run(["ip", "netns", "pids", ns.name], capture_output=True, text=True).stdout
        for pid in (int(p) for p in listed.split()):
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        subprocess.run(["ip", "netns", "delete", ns.name], capture_output=True)
        shutil.rmtree(ETC_NETNS / ns.name, ignore_errors=True)


@contextmanager
def network(
    playwright: Playwright | None = None,
    *,
    nat: Nat = "ordinary",
    block_direct: bool = False,
    firewall: Firewall | None = None,
) -> Iterator[Network]:
    """Build the two-NAT topology with coturn running; tear it all down on exit.

    `playwright`: a sync Playwright (pytest-playwright's `playwright` fixture), for
    lan.browser and lan.page(); None when no browser is needed. `nat`: "ordinary"
    (port-preserving masquerade: STUN punches through) or "symmetric" (a random port
    per flow: only TURN connects). `block_direct`: also drop UDP between the two NATs.
    `firewall`: "iptables" or "nft" (default: iptables if present, else nft).
    Skips the test (pytest.skip) where namespaces cannot be built."""
    reason = unavailable(firewall)
    if reason:
        pytest.skip(reason)
    chosen = _firewall(firewall)
    assert chosen is not None
    tag = secrets.token_hex(3)
    with ExitStack() as stack:
        workdir = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix=f"skyline-netns-{tag}-")))
        net = _build(stack, tag, workdir, nat, block_direct, chosen)
        for lan in net.lans:
            lan.playwright = playwright
        yield net


NetworkFactory = Callable[..., Network]


def network_factory(playwright: Playwright | None = None) -> Iterator[NetworkFactory]:
    """For a fixture: `yield from network_factory(playwright)` gives tests a function
    taking network()'s options; every network it built is torn down after the test."""
    with ExitStack() as stack:
        yield lambda **options: stack.enter_context(network(playwright, **options))


def main(argv: list[str] | None = None) -> int:
    """Build a network and keep it until Ctrl+C, to look at it by hand."""
    import argparse

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--nat", choices=["ordinary", "symmetric"], default="ordinary")
    parser.add_argument("--block-direct", action="store_true")
    args = parser.parse_args(argv)
    reason = unavailable()
    if reason:
        print(f"netns.py: {reason}", file=sys.stderr)
        return 1
    try:
        with network(nat=args.nat, block_direct=args.block_direct) as net:
            for ns in net.namespaces:
                print(f"{ns.name:12} {ns.address}")
            print(f"STUN {net.stun_url}  TURN {net.turn.url()} {net.turn.username}:{net.turn.credential}")
            print(f"Chromium in LAN 1: {net.lan1.wrapper}; Ctrl+C tears it all down", flush=True)
            signal.pause()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
