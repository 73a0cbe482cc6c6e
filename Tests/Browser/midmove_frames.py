#!/usr/bin/env python3
"""Frames from the middle of the demo's moves, to look at (issue 32): headless Chromium at
1280 and 390 px, its animations slowed 20 times through the DevTools protocol
(`Animation.setPlaybackRate`), a push (a cross-document view transition), a Back (pop), and a
morph refresh (`WebRouter.refresh()` on the Feed after a goal of the live match), each saved as
PNG halfway through its animation, plus the page after it settled.

    python3 Tests/Browser/midmove_frames.py --binary .build/debug/webapp --out /tmp/frames

Needs Playwright's Python package (installed with the browser suites' requirements) and
/usr/bin/chromium. Not a test: the PNGs are for a person to look at.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../Benchmarks/http"))
import run  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

HALFWAY = """() => document.getAnimations().some(a => a.playState === 'running' &&
    /::view-transition-(old|new)\\((screen|sheet|root)\\)/.test(String(a.effect && a.effect.pseudoElement)) &&
    a.effect.getComputedTiming().progress >= 0.45)"""


def frames(page, cdp, out, width, port):
    base = f"http://127.0.0.1:{port}"
    page.goto(base + "/welcome/~login")
    page.fill("input[name=username]", "demo")
    page.fill("input[name=password]", "demo")
    page.click("form button[type=submit]")
    page.wait_for_url(lambda url: "~login" not in url)
    page.goto(base + "/dashboard")
    cdp.send("Animation.enable")

    def move(name, action, url):
        cdp.send("Animation.setPlaybackRate", {"playbackRate": 0.05})
        action()
        page.wait_for_url("**" + url, timeout=30000)
        try:
            page.wait_for_function(HALFWAY, timeout=30000, polling=20)
            page.screenshot(path=f"{out}/{name}-{width}-mid.png")
        except Exception as error:  # noqa: BLE001
            print(f"{name} at {width}: no running view transition ({error.__class__.__name__})")
        cdp.send("Animation.setPlaybackRate", {"playbackRate": 1})
        page.wait_for_function("() => !document.getAnimations().some(a => a.playState === 'running' && String(a.effect && a.effect.pseudoElement).includes('view-transition'))")
        page.screenshot(path=f"{out}/{name}-{width}-end.png")

    move("push", lambda: page.click('a[href="/dashboard/league/1"]'), "/dashboard/league/1")
    move("pop", lambda: page.go_back(wait_until="commit"), "/dashboard")
    # A morph refresh: the Feed's live score after a goal.
    page.goto(base + "/feed")
    page.wait_for_load_state("load")
    page.evaluate("window.scrollTo(0, 120)")
    page.screenshot(path=f"{out}/refresh-{width}-before.png")
    page.wait_for_function("() => (window.WebRouter && window.WebRouter.morphs) > 0", timeout=30000)
    page.screenshot(path=f"{out}/refresh-{width}-after.png")
    print(f"{width}: morphs {page.evaluate('window.WebRouter.morphs')}, scrollY {page.evaluate('scrollY')}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--out", default="/tmp/frames")
    parser.add_argument("--root", default=os.getcwd())
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="webrouter-frames-") as work:
        env = dict(os.environ, WEBROUTER_SECRET=run.SECRET, WEBAPP_DATABASE=os.path.join(work, "webapp.sqlite"))
        port = run.free_port()
        server = subprocess.Popen([args.binary, "--port", str(port), "--public", "Public", "--live-goal-interval", "1",
                                   "--no-access-log"], cwd=args.root, env=env, stderr=subprocess.DEVNULL)
        try:
            run.wait_for_port(port, server)
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", headless=False,
                                                     args=["--headless=new", "--no-sandbox"])
                for width, height in [(1280, 800), (390, 844)]:
                    context = browser.new_context(viewport={"width": width, "height": height}, reduced_motion="no-preference")
                    page = context.new_page()
                    cdp = context.new_cdp_session(page)
                    frames(page, cdp, args.out, width, port)
                    context.close()
                browser.close()
        finally:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
