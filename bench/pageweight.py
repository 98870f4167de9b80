"""Benchmark of what a phone downloads: first-load bytes of the home page, a scorepad and a referee page, and the
requests a repeat load makes.

The real app runs under waitress on 127.0.0.1 (a fresh database, CSRF on) and Debian's Chromium opens each page
on a 390x844 phone screen, in a fresh browser profile (first load), then opens it again in the same profile
(repeat load). Counted:
- first load: every response the server sent for the page (the page itself, its CSS, scripts, icons), with
  the bytes on the wire as Chromium reports them (``transferSize``: compressed body plus headers) and the
  compressed bodies alone (``encodedBodySize``). Chromium offers Brotli only to secure origins, which
  127.0.0.1 is but a laptop's address on the club's Wi-Fi is not: a phone there gets gzip. So the same
  responses are also asked of the server directly with only Brotli and with only gzip accepted.
- repeat load: the requests the server saw, and how many were for static files.
The scorepad is a game of 10 deals; the referee page is the meld question. Each page is measured RUNS times;
the figures are medians (they hardly vary: the bytes do not depend on the machine's load).

Writes bench/results/pageweight.json and prints a summary. Run with `make bench` or
`.venv/bin/python bench/pageweight.py` (about half a minute).
"""

from __future__ import annotations

import json
import logging
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from scorepad import DEAL, Phone, open_game  # noqa: E402

from scorekeeper import create_app  # noqa: E402
from tests.recording import Recorder  # noqa: E402

logging.getLogger("waitress.queue").setLevel(logging.ERROR)

RUNS = 3
AIM_SCOREPAD_BYTES = 35 * 1024
RESULTS = ROOT / "bench" / "results" / "pageweight.json"
CHROMIUM = "/usr/bin/chromium-headless-shell"  # as the tests (tests/conftest.py)


def scorepad_of_ten_deals(base: str) -> str:
    phone = Phone(base)
    game, token, version = open_game(phone)
    for _ in range(10):
        status, html, _ = phone.call(f"{game}/deals", {**DEAL, "csrf_token": token, "version": version},
                                     {"HX-Request": "true", "X-CSRFToken": token})
        assert status == 200, status
        import re

        version = re.search(r'name="version" type="hidden" value="(\d+)"', html).group(1)
    return game


RESOURCES = """() => {
  const entries = [performance.getEntriesByType('navigation')[0], ...performance.getEntriesByType('resource')];
  return entries.map(e => ({url: e.name, transfer: e.transferSize, encoded: e.encodedBodySize,
                            decoded: e.decodedBodySize}));
}"""


def body_bytes(urls: list[str], encoding: str) -> int:
    """What the same responses weigh when the client accepts only ``encoding``, asked of the server directly
    (without the browser's cookie: the pages are fresh copies of the same size, give or take a token)."""
    total = 0
    for url in urls:
        request = urllib.request.Request(url, headers={"Accept-Encoding": encoding})
        with urllib.request.urlopen(request, timeout=30) as response:
            total += len(response.read())
    return total


def measure_page(browser, base: str, path: str, recorder: Recorder) -> dict:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    encodings = {}
    page.on("response", lambda r: encodings.__setitem__(r.url.removeprefix(base),
                                                        r.headers.get("content-encoding", "identity")))
    recorder.paths.clear()
    page.goto(base + path)
    page.wait_for_load_state("networkidle")
    entries = page.evaluate(RESOURCES)
    first_requests = len(recorder.paths)
    urls = [e["url"] for e in entries]
    first = {
        "requests": first_requests,
        "transfer_bytes": sum(e["transfer"] for e in entries),
        "compressed_body_bytes": sum(e["encoded"] for e in entries),
        "uncompressed_body_bytes": sum(e["decoded"] for e in entries),
        "brotli_body_bytes": body_bytes(urls, "br"),
        "gzip_body_bytes": body_bytes(urls, "gzip"),
        "files": {e["url"].removeprefix(base): [e["encoded"], encodings.get(e["url"].removeprefix(base))]
                  for e in entries},
    }
    recorder.paths.clear()
    page.goto(base + path)
    page.wait_for_load_state("networkidle")
    repeat = {"requests": len(recorder.paths),
              "static_requests": len(recorder.static()),
              "paths": list(recorder.paths)}
    context.close()
    return {"first_load": first, "repeat_load": repeat}


def median_of(runs: list[dict]) -> dict:
    keys = ("requests", "transfer_bytes", "compressed_body_bytes", "uncompressed_body_bytes", "brotli_body_bytes",
            "gzip_body_bytes")
    first = {key: statistics.median(run["first_load"][key] for run in runs) for key in keys}
    first["files"] = runs[-1]["first_load"]["files"]
    repeat = {key: statistics.median(run["repeat_load"][key] for run in runs)
              for key in ("requests", "static_requests")}
    repeat["paths"] = runs[-1]["repeat_load"]["paths"]
    return {"first_load": first, "repeat_load": repeat}


def main() -> None:
    from playwright.sync_api import sync_playwright
    from waitress.server import create_server

    began = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"DATABASE": str(Path(tmp) / "weight.sqlite"), "SECRET_KEY": "bench"})
        recorder = Recorder(app)
        server = create_server(app, host="127.0.0.1", port=0, threads=4)
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        base = f"http://127.0.0.1:{server.effective_port}"
        try:
            pages = {"home": "/", "scorepad (10 deals)": scorepad_of_ten_deals(base), "referee (meld)": "/referee/meld"}
            results = {}
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM,
                                            args=["--no-sandbox", "--disable-gpu", "--no-first-run"])
                for name, path in pages.items():
                    results[name] = median_of([measure_page(browser, base, path, recorder) for _ in range(RUNS)])
                browser.close()
        finally:
            server.close()
            thread.join(timeout=5)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps({
        "benchmark": "page weight: first load in a fresh Chromium profile, then a repeat load",
        "how": __doc__.split("\n\n")[1].strip(),
        "runs": RUNS,
        "aims": {"scorepad_first_load_gzip_bytes": AIM_SCOREPAD_BYTES, "repeat_load_static_requests": 0},
        "pages": results,
        "seconds": round(time.perf_counter() - began, 1),
    }, indent=2) + "\n")
    print("first load (bytes; 'chromium' is what Chromium received, headers included) and repeat load (requests):")
    print(f"  {'page':<22} {'requests':>8} {'chromium':>9} {'brotli':>9} {'gzip':>9} {'raw':>9} {'repeat':>7} "
          f"{'static':>7}")
    for name, row in results.items():
        first, repeat = row["first_load"], row["repeat_load"]
        print(f"  {name:<22} {first['requests']:>8} {first['transfer_bytes']:>9} {first['brotli_body_bytes']:>9} "
              f"{first['gzip_body_bytes']:>9} {first['uncompressed_body_bytes']:>9} {repeat['requests']:>7} "
              f"{repeat['static_requests']:>7}")
    print(f"written {RESULTS} in {time.perf_counter() - began:.0f} s")


if __name__ == "__main__":
    main()
