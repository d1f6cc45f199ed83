"""PyScript's own Python package, compiled by build.py into the stdlib zip
(pyscript-core/) instead of compiled from source in the page on every start, and the
modulepreload of PyScript's hashed core chunk named in each page."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from build_scripts import build

DIST = Path(__file__).resolve().parents[1] / "dist"


def test_the_package_is_the_one_the_bundle_writes() -> None:
    files = build.pyscript_sources()
    assert "pyscript/__init__.py" in files and "pyscript/context.py" in files
    bundle = "".join(f.read_text(encoding="utf-8") for f in build.PYSCRIPT_DIST.glob("*.js"))
    for source in files.values():
        assert json.dumps(source, ensure_ascii=False) in bundle


def test_a_bundle_that_writes_other_sources_fails_the_build(tmp_path: Path, monkeypatch) -> None:
    # The artifact says one thing and the shipped bundle another: compiled code of the
    # artifact would replace what PyScript means to run.
    (tmp_path / "src" / "stdlib").mkdir(parents=True)
    (tmp_path / "dist").mkdir()
    tree = {"pyscript": {"__init__.py": "from pyscript.a import b\n", "a.py": "b = 1\n"}}
    (tmp_path / "src" / "stdlib" / "pyscript.js").write_text("// artifact\nexport default " + json.dumps(tree) + ";\n")
    (tmp_path / "dist" / "core-x.js").write_text(
        'const s={"__init__.py":' + json.dumps(tree["pyscript"]["__init__.py"]) + "}"
    )
    monkeypatch.setattr(build, "PYSCRIPT_STDLIB", tmp_path / "src" / "stdlib" / "pyscript.js")
    monkeypatch.setattr(build, "PYSCRIPT_DIST", tmp_path / "dist")
    with pytest.raises(SystemExit, match="does not carry pyscript/a.py"):
        build.pyscript_sources()
    (tmp_path / "dist" / "core-x.js").write_text(json.dumps(tree["pyscript"]))
    assert build.pyscript_sources() == {
        "pyscript/__init__.py": "from pyscript.a import b\n",
        "pyscript/a.py": "b = 1\n",
    }


def test_the_built_stdlib_holds_every_module_of_the_package_compiled() -> None:
    if not (DIST / "pyodide" / build.STDLIB).exists():
        pytest.skip("no dist/ (./run.sh test builds it first)")
    with zipfile.ZipFile(DIST / "pyodide" / build.STDLIB) as z:
        names = set(z.namelist())
    for name in build.pyscript_sources():
        assert f"{build.PYSCRIPT_IN_STDLIB}/{name[:-3]}.pyc" in names
    assert not any(n.startswith(build.PYSCRIPT_IN_STDLIB) and n.endswith(".py") for n in names)


def test_each_page_preloads_the_chunk_core_js_imports(tmp_path: Path) -> None:
    (tmp_path / "pyscript").mkdir()
    (tmp_path / "pyscript" / "core.js").write_text('export{a as b}from"./core-Ab1_x.js";\n')
    (tmp_path / "a.html").write_text('<link rel="modulepreload" href="./pyscript/__PYSCRIPT_CORE_CHUNK__">\n')
    (tmp_path / "b.html").write_text("<p>no PyScript</p>\n")
    build.name_pyscript_chunk(tmp_path)
    assert (tmp_path / "a.html").read_text() == '<link rel="modulepreload" href="./pyscript/core-Ab1_x.js">\n'
    assert (tmp_path / "b.html").read_text() == "<p>no PyScript</p>\n"
    (tmp_path / "pyscript" / "core.js").write_text("export const x = 1;\n")
    with pytest.raises(SystemExit, match="no longer imports one core-"):
        build.name_pyscript_chunk(tmp_path)


def test_the_built_pages_name_the_real_chunk() -> None:
    if not (DIST / "index.html").exists():
        pytest.skip("no dist/ (./run.sh test builds it first)")
    for page in ("index.html", "embed.html", "learn.html"):
        text = (DIST / page).read_text(encoding="utf-8")
        assert "__PYSCRIPT_CORE_CHUNK__" not in text
        chunk = text.split('href="./pyscript/core-')[1].split('"')[0]
        assert (DIST / "pyscript" / f"core-{chunk}").exists()
