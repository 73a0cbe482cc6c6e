#!/usr/bin/env python3
"""What WebRouter's service worker costs a first visit and saves a repeat visit, measured on
the server: the requests that reach it and the bytes of their bodies (the access log).

    .build/debug/webapp serve --port 8931 --public Public 2> serve.log &
    python3 Tests/Browser/worker_cost.py http://127.0.0.1:8931 serve.log

Two fresh browser profiles open the same pages: one with service workers blocked, one with
them allowed. A first visit opens /welcome (and waits until the worker has kept what it keeps);
a repeat visit, in the same profile, opens /welcome then /welcome/~login, then again once the
browser's HTTP cache is cleared (what the worker's own cache keeps).
"""
import asyncio
import re
import sys

from playwright.async_api import async_playwright

LINE = re.compile(r"(GET|POST|HEAD) (\S+) (\d{3}) (\d+)B")


def read_log(path, start):
    with open(path, encoding="utf-8", errors="replace") as handle:
        handle.seek(start)
        text = handle.read()
        end = handle.tell()
    return [(m.group(1), m.group(2), int(m.group(3)), int(m.group(4))) for m in LINE.finditer(text)], end


async def phase(browser, base, log, workers):
    context = await browser.new_context(service_workers="allow" if workers else "block", bypass_csp=True)
    position = open(log, "rb").seek(0, 2)
    page = await context.new_page()
    await page.goto(base + "/welcome", wait_until="networkidle")
    if workers:
        await page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60000)
        await page.wait_for_function("""caches.open('webrouter-pages').then(c => c.keys())
            .then(k => { window.__kept = k.length; }) && (window.__kept || 0) >= 3""", timeout=60000, polling=200)
        await page.wait_for_timeout(1000)
    first, position = read_log(log, position)
    await page.close()
    page = await context.new_page()
    await page.goto(base + "/welcome", wait_until="networkidle")
    await page.goto(base + "/welcome/~login", wait_until="networkidle")
    await page.wait_for_timeout(500)
    repeat, position = read_log(log, position)
    # The same, once the browser's HTTP cache is gone (evicted, or cleared), the worker's kept.
    await page.close()
    page = await context.new_page()
    cdp = await context.new_cdp_session(page)
    await cdp.send("Network.clearBrowserCache")
    await page.goto(base + "/welcome", wait_until="networkidle")
    await page.goto(base + "/welcome/~login", wait_until="networkidle")
    await page.wait_for_timeout(500)
    cleared, position = read_log(log, position)
    await context.close()
    return first, repeat, cleared


def summary(name, lines):
    return f"{name}: {len(lines)} requests, {sum(b for *_, b in lines)} body bytes\n" + "".join(
        f"    {m} {p} {s} {b}B\n" for m, p, s, b in lines)


async def main(base, log):
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        without_first, without_repeat, without_cleared = await phase(browser, base, log, workers=False)
        with_first, with_repeat, with_cleared = await phase(browser, base, log, workers=True)
        await browser.close()
    print(summary("first visit, no worker", without_first))
    print(summary("first visit, worker", with_first))
    print(summary("repeat visit, no worker", without_repeat))
    print(summary("repeat visit, worker", with_repeat))
    print(summary("repeat visit after the HTTP cache is cleared, no worker", without_cleared))
    print(summary("repeat visit after the HTTP cache is cleared, worker", with_cleared))
    added = sum(b for *_, b in with_first) - sum(b for *_, b in without_first)
    print(f"the worker adds {len(with_first) - len(without_first)} requests and {added} body bytes to a first visit")
    print(f"a repeat visit makes {len(without_repeat)} requests without the worker, {len(with_repeat)} with it;"
          f" with the HTTP cache cleared, {len(without_cleared)} without, {len(with_cleared)} with it")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
