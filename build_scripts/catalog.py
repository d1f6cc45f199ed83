"""Edit the translation catalogs (pyengine/i18n/<lang>.json) from the command line,
keeping them as the tests want them: sorted keys, one key a line.

    python3 build_scripts/catalog.py get KEY
    python3 build_scripts/catalog.py set LANG KEY VALUE
    python3 build_scripts/catalog.py copy OLD NEW      # every language: NEW gets OLD's text
    python3 build_scripts/catalog.py drop KEY          # every language

Several editors may run at once (one per game while the glossaries were written): each
change takes a lock, reads, writes and lets go, so none is lost.
"""

from __future__ import annotations

import fcntl
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

FOLDER = Path(__file__).resolve().parent.parent / "pyengine" / "i18n"
LANGS = ("fr", "zh-Hans", "zh-Hant")


@contextmanager
def locked() -> Iterator[None]:
    with open(FOLDER / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def load(lang: str) -> dict[str, str]:
    return json.loads((FOLDER / f"{lang}.json").read_text(encoding="utf-8"))


def save(lang: str, texts: dict[str, str]) -> None:
    body = json.dumps(dict(sorted(texts.items())), ensure_ascii=False, indent=1)
    (FOLDER / f"{lang}.json").write_text(body + "\n", encoding="utf-8")


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    command, args = argv[0], argv[1:]
    with locked():
        if command == "get" and len(args) == 1:
            for lang in LANGS:
                print(f"{lang}: {load(lang).get(args[0])}")
            return 0
        if command == "set" and len(args) == 3 and args[0] in LANGS:
            texts = load(args[0])
            texts[args[1]] = args[2]
            save(args[0], texts)
            return 0
        if command == "copy" and len(args) == 2:
            for lang in LANGS:
                texts = load(lang)
                texts[args[1]] = texts[args[0]]
                save(lang, texts)
            return 0
        if command == "drop" and len(args) == 1:
            for lang in LANGS:
                texts = load(lang)
                texts.pop(args[0], None)
                save(lang, texts)
            return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
