"""Just enough Markdown for the games' RULES.md: headings, paragraphs, bullet and numbered lists,
tables, **bold**, *italic* and `code`. A library would be a download for one page."""

from __future__ import annotations

import re
from html import escape


def _inline(text: str) -> str:
    out = escape(text, quote=False)
    out = re.sub(r"`([^`]+)`", r"<code>\1</code>", out)
    out = re.sub(r"\*\*([^*]+)\*\*", r"<strong>\1</strong>", out)
    return re.sub(r"(?<![*\w])\*([^*]+)\*(?![*\w])", r"<em>\1</em>", out)


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def markdown_html(text: str) -> str:
    html: list[str] = []
    block: list[str] = []  # lines of the paragraph, list or table being read
    kind = ""

    def flush() -> None:
        nonlocal kind
        if kind == "p":
            html.append(f"<p>{_inline(' '.join(block))}</p>")
        elif kind in ("ul", "ol"):
            items = "".join(f"<li>{_inline(item)}</li>" for item in block)
            html.append(f"<{kind}>{items}</{kind}>")
        elif kind == "table":
            rows = [r for r in block if not re.fullmatch(r"\|?[\s:|-]+\|?", r)]
            head, *body = [_cells(r) for r in rows]
            html.append(
                "<table><thead><tr>"
                + "".join(f"<th>{_inline(c)}</th>" for c in head)
                + "</tr></thead><tbody>"
                + "".join("<tr>" + "".join(f"<td>{_inline(c)}</td>" for c in r) + "</tr>" for r in body)
                + "</tbody></table>"
            )
        block.clear()
        kind = ""

    for line in text.splitlines():
        stripped = line.strip()
        heading = re.match(r"(#{1,6})\s+(.*)", stripped)
        if not stripped or heading:
            flush()
            if heading:
                level = min(len(heading.group(1)) + 1, 6)  # the dialog title is the h1
                html.append(f"<h{level}>{_inline(heading.group(2))}</h{level}>")
            continue
        if stripped.startswith("|"):
            if kind != "table":
                flush()
                kind = "table"
            block.append(stripped)
        elif stripped.startswith("- ") or re.match(r"\d+\.\s", stripped):
            new_kind = "ul" if stripped.startswith("- ") else "ol"
            if kind != new_kind:
                flush()
                kind = new_kind
            block.append(stripped.split(None, 1)[1])
        elif kind in ("ul", "ol") and line.startswith("  "):
            block[-1] += " " + stripped  # continuation of a list item
        else:
            if kind not in ("", "p"):
                flush()
            kind = "p"
            block.append(stripped)
    flush()
    return "\n".join(html)
