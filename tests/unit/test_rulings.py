"""docs/rulings.md and the code agree: every ruling the code names has its entry there, under its
id, and every entry there is named by the code."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULINGS = ROOT / "docs" / "rulings.md"
CODE = [ROOT / "index.html", ROOT / "service-worker.js"] + [
    path
    for folder in ("py", "assets", "tests", "build")
    for path in sorted((ROOT / folder).rglob("*"))
    if path.suffix in {".py", ".js", ".mjs", ".html", ".c"} and path.name != Path(__file__).name
]
ID = r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+"
GAP = r"[\s#*/]*"  # spaces, line ends, and the comment marks of a comment's next line
# "ruling X", "Ruling X:", "rulings X, Y and Z", a list broken over lines
CITED = re.compile(rf"\b[Rr]ulings?{GAP}({ID}(?:{GAP}(?:,|and|,\s*and){GAP}{ID})*)")
# A game module's summaries of its rulings: the constants after this line, to the first gap.
SUMMARIES = re.compile(r"^# --- Rulings .*\n((?:.+\n)+)", re.MULTILINE)
SUMMARY = re.compile(rf"^({ID}) = ", re.MULTILINE)


def cited_ids() -> dict[str, Path]:
    """Every ruling id the code names, with a file that names it."""
    cited: dict[str, Path] = {}
    for path in CODE:
        text = path.read_text(encoding="utf-8")
        for found in CITED.finditer(text):
            for ruling in re.findall(ID, found.group(1)):
                cited.setdefault(ruling, path)
        for block in SUMMARIES.findall(text):
            for ruling in SUMMARY.findall(block):
                cited.setdefault(ruling, path)
    return cited


def documented_ids() -> list[str]:
    """The ids of docs/rulings.md's entries: its third-level headings."""
    headings = re.findall(r"^### (.*)$", RULINGS.read_text(encoding="utf-8"), re.MULTILINE)
    assert headings, "docs/rulings.md has no entries"
    not_ids = [heading for heading in headings if not re.fullmatch(ID, heading)]
    assert not not_ids, f"every entry of docs/rulings.md is headed by its id alone: {not_ids}"
    return headings


def test_every_ruling_the_code_names_is_in_docs_rulings() -> None:
    missing = {
        ruling: str(path.relative_to(ROOT))
        for ruling, path in cited_ids().items()
        if ruling not in documented_ids()
    }
    assert not missing, f"named in the code, without an entry in docs/rulings.md: {missing}"


def test_every_entry_of_docs_rulings_is_named_by_the_code() -> None:
    unnamed = set(documented_ids()) - set(cited_ids())
    assert not unnamed, f"entries of docs/rulings.md that no code names: {sorted(unnamed)}"


def test_each_ruling_has_one_entry() -> None:
    ids = documented_ids()
    assert len(ids) == len(set(ids)), sorted(ruling for ruling in ids if ids.count(ruling) > 1)


def test_the_citations_are_read_as_written() -> None:
    """The forms the code writes, read as the ids they name (and only those)."""
    text = "# see rulings A_B, C_D\n    # and E_F; Ruling G_H: the ruling is, rulings in NOT_ONE"
    assert [m.group(1) for m in CITED.finditer(text)] == ["A_B, C_D\n    # and E_F", "G_H"]
    assert re.findall(ID, "A_B, C_D\n    # and E_F") == ["A_B", "C_D", "E_F"]
