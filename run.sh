#!/usr/bin/env bash
# Skyline's two commands. Each sets up what it needs on a fresh machine and skips
# what is already done, so a second run starts in seconds.
#
#   ./run.sh serve         build dist/ and serve it on http://127.0.0.1:${PORT:-8000}/
#   ./run.sh test [ARGS]   build dist/ and run pytest (default: ruff, mypy, then -n auto tests e2e;
#                          ARGS replace that)
#   ./run.sh bench [ARGS]  build dist/ and run the benchmark (build_scripts/bench.py; --docs
#                          rewrites docs/performance.md)
#
# Setup needs npm/PyPI/Debian registries; the app itself never touches the network.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

PYTHON=${PYTHON:-python3}   # the host Python (>= 3.11) that makes .venv and runs the build
VENV=.venv
export SKYLINE_CHROMIUM=${SKYLINE_CHROMIUM:-/usr/bin/chromium}   # e2e launches this, never `playwright install`
export PIP_DISABLE_PIP_VERSION_CHECK=1

log() { printf '==> %s\n' "$*" >&2; }
die() { printf 'run.sh: %s\n' "$*" >&2; exit 1; }
digest() { cat "$@" | sha256sum | cut -d' ' -f1; }

# npm ci only when node_modules was not installed from this exact lock file
# (npm ci wipes node_modules, so the stamp inside it goes too).
setup_node() {
    command -v node >/dev/null && command -v npm >/dev/null || die "node and npm are required (node >= 18)"
    local stamp=node_modules/.skyline-stamp want
    want=$(digest package.json package-lock.json)
    if [[ -f $stamp && $(<"$stamp") == "$want" ]]; then return; fi
    log "npm ci"
    npm ci --no-audit --no-fund
    echo "$want" >"$stamp"
}

# .venv with the test extras of pyproject.toml, constrained by requirements-dev.txt.
# The project itself is not installed: pytest puts the checkout on sys.path.
setup_venv() {
    local stamp=$VENV/.skyline-stamp want
    if ! "$VENV/bin/python" -c '' 2>/dev/null; then
        log "creating $VENV"
        rm -rf "$VENV"
        "$PYTHON" -m venv "$VENV"
    fi
    want=$(digest pyproject.toml requirements-dev.txt)
    if [[ -f $stamp && $(<"$stamp") == "$want" ]]; then return; fi
    local reqs
    mapfile -t reqs < <("$VENV/bin/python" -c '
import tomllib
print("\n".join(tomllib.load(open("pyproject.toml", "rb"))["project"]["optional-dependencies"]["test"]))')
    log "pip install ${reqs[*]}"
    "$VENV/bin/python" -m pip install --quiet -c requirements-dev.txt "${reqs[@]}"
    echo "$want" >"$stamp"
}

# Playwright drives the Debian package; its own browser download is unavailable here.
setup_chromium() {
    [[ -x $SKYLINE_CHROMIUM ]] && return
    [[ $SKYLINE_CHROMIUM == /usr/bin/chromium ]] || die "$SKYLINE_CHROMIUM not found"
    local sudo=()
    [[ $(id -u) -eq 0 ]] || sudo=(sudo -n)
    log "apt-get install chromium"
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium
}

# e2e/test_nat.py builds NATs in network namespaces: coturn (STUN and TURN) in the
# "public" one, iptables for the routers. Namespaces need root, and the tests skip
# without it, so a developer who is not root is not asked for sudo here.
setup_netns_tools() {
    [[ $(id -u) -eq 0 ]] || return 0
    [[ -x /usr/bin/turnserver && -x /usr/sbin/iptables ]] && return
    log "apt-get install coturn iptables"
    env DEBIAN_FRONTEND=noninteractive apt-get update -q
    env DEBIAN_FRONTEND=noninteractive apt-get install -y -q coturn iptables
    # /etc/default/coturn's TURNSERVER_ENABLED only guards the sysvinit script; Debian
    # enables coturn.service, which under systemd would serve STUN/TURN on every
    # address of the machine. The tests start their own turnserver inside a namespace.
    if [[ -d /run/systemd/system ]]; then
        systemctl disable --now coturn.service || true
    fi
}

case "${1:-}" in
serve)
    setup_node
    "$PYTHON" build_scripts/build.py
    exec "$PYTHON" build_scripts/serve.py --port "${PORT:-8000}" --dir dist
    ;;
test)
    shift
    setup_node
    setup_venv
    setup_chromium
    setup_netns_tools
    # --check boots dist/ in node and imports every engine module: a broken bundle
    # fails here with a traceback instead of as a browser-test timeout.
    "$PYTHON" build_scripts/build.py --check
    # The whole run (no ARGS, as CI) starts with the code's own checks, in seconds:
    # ruff's lint and format check, and mypy on pyengine/ (configured in pyproject.toml).
    if ((!$#)); then
        log "ruff check, ruff format --check, mypy"
        "$VENV/bin/ruff" check --quiet .
        "$VENV/bin/ruff" format --check --quiet .
        # --no-incremental: a stale local cache once passed what a clean clone failed.
        "$VENV/bin/mypy" --no-incremental
    fi
    # One pytest worker per core (pytest-xdist): engine and browser tests share the machine.
    (($#)) || set -- -n auto tests e2e
    exec "$VENV/bin/python" -m pytest "$@"
    ;;
bench)
    shift
    setup_node
    setup_venv
    setup_chromium
    "$PYTHON" build_scripts/build.py
    exec "$VENV/bin/python" -m build_scripts.bench "$@"
    ;;
*)
    die "usage: ./run.sh serve | ./run.sh test [pytest args] | ./run.sh bench [--docs]"
    ;;
esac
