"""Lighthouse's accessibility, best-practices and SEO scores of the built app, in Debian's Chromium.

    PYTHONPATH=py:.:tests/e2e .venv/bin/python tests/bench/lighthouse.py

Serves dist/ (built by build/serve or build/test; this script builds nothing) with build/serve.py's
BackgroundServer and runs Lighthouse 12.8 from node_modules/ (pinned in package.json; Lighthouse
13 needs a newer Node) on it, with Lighthouse's default mobile emulation. Prints the scores and
every failing audit, writes them to ``bench-results/lighthouse.json`` (``--out``), and exits 1
if a score is below its target. Lighthouse sees the page as it first loads: the game picker and
setup; the game screens are checked by tests/e2e/test_accessibility.py.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from appdriver import CHROMIUM, CHROMIUM_ARGS  # tests/e2e/appdriver.py
from build.serve import DIST, BackgroundServer

ROOT = Path(__file__).resolve().parents[2]
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
TARGETS = {"accessibility": 0.95, "best-practices": 0.95, "seo": 0.9}


def run_lighthouse(url: str, report: Path) -> dict[str, Any]:
    """Lighthouse's JSON report of ``url``."""
    flags = " ".join(["--headless=new", *CHROMIUM_ARGS])
    subprocess.run(
        [
            str(LIGHTHOUSE),
            url,
            f"--only-categories={','.join(TARGETS)}",
            "--output=json",
            f"--output-path={report}",
            f"--chrome-flags={flags}",
            "--quiet",
        ],
        check=True,
        env={**os.environ, "CHROME_PATH": CHROMIUM},
    )
    result: dict[str, Any] = json.loads(report.read_text())
    return result


def failing_audits(result: dict[str, Any], category: str) -> list[dict[str, Any]]:
    """The audits of ``category`` that count and do not pass, with the elements they name."""
    failing = []
    for ref in result["categories"][category]["auditRefs"]:
        audit = result["audits"][ref["id"]]
        if ref["weight"] == 0 or audit["score"] is None or audit["score"] >= 1:
            continue
        items = (audit.get("details") or {}).get("items", [])
        nodes = [item["node"].get("snippet", "") for item in items if "node" in item]
        failing.append(
            {"id": ref["id"], "title": audit["title"], "score": audit["score"], "nodes": nodes}
        )
    return failing


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--dist", type=Path, default=DIST, help="the built site (dist/)")
    parser.add_argument("--out", type=Path, default=Path("bench-results/lighthouse.json"))
    args = parser.parse_args()
    if not (args.dist / "index.html").is_file():
        sys.exit(f"{args.dist}/index.html is missing: build first (build/serve does)")
    with BackgroundServer(args.dist) as server, tempfile.TemporaryDirectory() as tmp:
        result = run_lighthouse(server.url, Path(tmp) / "report.json")
    summary = {
        "lighthouse": result["lighthouseVersion"],
        "browser": result["environment"]["hostUserAgent"],
        "scores": {c: result["categories"][c]["score"] for c in TARGETS},
        "targets": TARGETS,
        "failing": {c: failing_audits(result, c) for c in TARGETS},
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(summary, indent=1) + "\n")
    print(f"Lighthouse {summary['lighthouse']}:")
    below = []
    for category, target in TARGETS.items():
        score = summary["scores"][category]
        print(f"  {category:15} {score:.2f} (target {target:.2f})")
        for audit in summary["failing"][category]:
            print(f"    fails: {audit['id']} ({audit['score']}): {audit['title']}")
            for node in audit["nodes"][:5]:
                print(f"      {node}")
        if score < target:
            below.append(category)
    print(f"Written to {args.out}")
    if below:
        sys.exit(f"below target: {', '.join(below)}")


if __name__ == "__main__":
    main()
