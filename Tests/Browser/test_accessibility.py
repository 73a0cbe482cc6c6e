"""axe-core over every screen of the demo app, in light mode, dark mode and on a 390 px phone.

The screens come from the storyboard page `/_map` (every screen of the tree has an example
link there), visited signed out and signed in, plus the states the map does not draw: 404 pages,
422 form errors, an alert and stacked modals (`demo_site.py`). One browser does it all: each
page is loaded once, axe is injected once, and it runs once per mode (the colour scheme and the
viewport are switched with DevTools emulation, without reloading). Zero violations is the bar.

axe.min.js comes from PyPI's axe-playwright-python (Tests/Browser/requirements.txt), which ships
a current axe-core; only its script file is used, not Playwright.
"""

import importlib.resources
from collections import defaultdict

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions

from conftest import PHONE, WIDE
from demo_site import CHANGE_PASSWORD, DEMO_USER, EXTRA_PAGES, LOGIN, map_links
from test_browser import animations_done, arrive, click, path, wait

AXE_SOURCE = (importlib.resources.files("axe_playwright_python") / "axe.min.js").read_text(encoding="utf-8")

# (name, prefers-color-scheme, viewport)
MODES = [
    ("light", "light", WIDE),
    ("dark", "dark", WIDE),
    ("phone", "light", PHONE),
]

# Rules switched off, each with the reason. Empty: every rule of axe-core's default set runs
# (WCAG 2.0–2.2 A and AA and axe's best practices).
DISABLED_RULES: dict[str, str] = {}

RUN_AXE = """
const done = arguments[arguments.length - 1];
const rules = {};
for (const id of arguments[0]) rules[id] = {enabled: false};
// A switched colour scheme or viewport restyles the page, and under reduced motion every
// property still "transitions" for 0.01 ms: wait for frames until no transition runs, or axe
// reads half-switched colours.
const frame = () => new Promise(resolve => requestAnimationFrame(resolve));
const settled = async () => {
  await frame(); await frame();
  for (let i = 0; i < 20 && document.getAnimations().some(a => a.playState === 'running'); i++) await frame();
};
settled().then(() => axe.run(document, {resultTypes: ['violations'], rules}))
  .then(results => done(results.violations.map(v => ({
      id: v.id, impact: v.impact, help: v.help,
      targets: v.nodes.map(n => n.target.join(' ')),
      summaries: v.nodes.map(n => n.failureSummary)}))))
  .catch(error => done({error: String(error)}));
"""


# The elements (at most 8) whose right edge passes the viewport's, when the page is wider than it.
OVERFLOWING = """
const width = document.documentElement.clientWidth;
if (document.documentElement.scrollWidth <= width) return [];
const wide = [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > width + 1);
return wide.filter(e => !wide.includes(e.parentElement)).slice(0, 8).map(e =>
  e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className && typeof e.className === 'string' ? '.' + e.className.trim().split(/\\s+/).join('.') : ''));
"""


def emulate(driver, scheme, size):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": False})


class Audit:
    """The violations found so far, by page and mode, and which pages were audited."""

    def __init__(self, driver):
        self.driver = driver
        self.audited = set()
        self.pages = 0
        self.violations = []   # (page, mode, violation)

    def run(self, label):
        """Audits the page the browser shows now, once per mode, under `label` (its URL and state)."""
        self.pages += 1
        self.driver.execute_script(AXE_SOURCE)
        for mode, scheme, size in MODES:
            emulate(self.driver, scheme, size)
            found = self.driver.execute_async_script(RUN_AXE, sorted(DISABLED_RULES))
            assert not isinstance(found, dict), f"axe failed on {label} ({mode}): {found}"
            self.violations += [(label, mode, violation) for violation in found]
            # axe does not check reflow (WCAG 1.4.10): on the phone nothing may scroll sideways.
            wide = self.driver.execute_script(OVERFLOWING) if size == PHONE else []
            if wide:
                self.violations.append((label, mode, {
                    "id": "reflow (not axe)", "impact": "serious",
                    "help": f"Content wider than the {size[0]} px viewport scrolls sideways",
                    "targets": wide, "summaries": ["Fix: let long words and codes wrap (overflow-wrap)"]}))
        emulate(self.driver, "light", WIDE)

    def visit(self, base_url, url, state):
        """Loads `url` and audits where it lands, unless that page was audited already in this
        state (a signed-out visitor is sent to the same Welcome page from many URLs)."""
        self.driver.get(base_url + url)
        landed = path(self.driver)
        key = (state, landed.split("?next=")[0])
        if key in self.audited:
            return
        self.audited.add(key)
        self.run(f"{landed} ({state})" + (f" from {url}" if landed != url else ""))

    def report(self):
        """One paragraph per rule: impact, how many nodes, then each page and mode with its targets."""
        by_rule = defaultdict(list)
        for page, mode, violation in self.violations:
            by_rule[violation["id"]].append((page, mode, violation))
        lines = []
        for rule, hits in sorted(by_rule.items()):
            nodes = sum(len(violation["targets"]) for _, _, violation in hits)
            first = hits[0][2]
            lines.append(f"{rule} ({first['impact']}): {first['help']} — {nodes} nodes on "
                         f"{len({page for page, _, _ in hits})} pages")
            for mode, _, _ in MODES:
                in_mode = [(page, violation) for page, hit_mode, violation in hits if hit_mode == mode]
                if in_mode:
                    lines.append(f"  {mode}: {sum(len(v['targets']) for _, v in in_mode)} nodes on {len(in_mode)} pages")
            for page, mode, violation in hits:
                targets = ", ".join(violation["targets"][:8]) + (" …" if len(violation["targets"]) > 8 else "")
                lines.append(f"    {page} [{mode}]: {targets}")
                lines.append(f"        {violation['summaries'][0].splitlines()[-1].strip()}")
        return "\n".join(lines)


def worth_auditing(url):
    """Every map link but most of the universal Share card's: /_map lists it over each of
    the ~30 screens, and those pages differ from the screen beneath only by the same card.
    It is audited over every tab's and window's root and, from EXTRA_PAGES, over a modal
    and over a modal's stack; the HTML checker still crawls every one of them."""
    return not url.endswith("/~share") or url.count("/") <= 2


def fill_and_submit(driver, values):
    """Fills the open dialog's form once its sheet has settled (the script moves it into the
    top layer after load: a field found before that is not interactable yet) and submits it."""
    wait(driver).until(lambda d: "js-dialogs" in (d.find_element(By.TAG_NAME, "html").get_dom_attribute("class") or ""))
    animations_done(driver)
    for name, value in values.items():
        field = wait(driver).until(expected_conditions.element_to_be_clickable((By.ID, f"field-{name}")))
        field.clear()
        field.send_keys(value)
    click(driver, driver.find_element(By.CSS_SELECTOR, 'dialog[open] form button[type="submit"]'))


def test_axe_finds_no_violation_on_any_screen(new_browser, base_url):
    driver = new_browser(size=WIDE)
    driver.set_script_timeout(60)
    audit = Audit(driver)

    driver.get(base_url + "/_map")
    screens = [url for url in map_links(driver.page_source) if worth_auditing(url)]
    assert len(screens) >= 20, f"/_map lists only {screens}"

    # Signed out: the map's links land on the pages a stranger may see (or on Welcome).
    for url in ["/_map", *screens, *EXTRA_PAGES["signed out"]]:
        audit.visit(base_url, url, "signed out")

    # A 422: the sign-in form shown again with its error; then signing in from it.
    driver.get(base_url + LOGIN)
    fill_and_submit(driver, {"username": DEMO_USER[0], "password": "wrong"})
    wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "dialog[open] .form-errors, dialog[open] .field-error"))
    audit.run(f"{LOGIN} (422, wrong password)")
    fill_and_submit(driver, dict(zip(("username", "password"), DEMO_USER)))
    arrive(driver, "/feed", "Feed")

    for url in [*screens, *EXTRA_PAGES["signed in"]]:
        audit.visit(base_url, url, "signed in")

    driver.get(base_url + CHANGE_PASSWORD)
    fill_and_submit(driver, {"current_password": "wrong", "new_password": "x", "confirmation": "y"})
    wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "dialog[open] .form-errors, dialog[open] .field-error"))
    audit.run(f"{CHANGE_PASSWORD} (422, wrong current password)")

    print(f"\naxe-core audited {audit.pages} pages × {len(MODES)} modes")
    if audit.violations:
        pytest.fail(f"axe-core found violations:\n{audit.report()}")


def test_without_javascript_the_first_tab_goes_into_the_open_dialog(new_browser, base_url):
    """With JavaScript off nothing calls showModal(): the server marks the page beneath an open
    dialog inert, and the keyboard path must start in the topmost dialog, not at a skip link
    that points at the inert page."""
    driver = new_browser(javascript=False)
    for url in ["/welcome/~share", "/welcome/~registration", "/welcome/~registration/~share"]:
        driver.get(base_url + url)
        ActionChains(driver).send_keys(Keys.TAB).perform()
        focused = driver.switch_to.active_element
        top = driver.find_elements(By.CSS_SELECTOR, "dialog[open]")[-1]
        target = (focused.get_dom_attribute("href") or "").removeprefix("#")
        # Inside the dialog, or a skip link to it.
        inside = focused in top.find_elements(By.CSS_SELECTOR, "*") or (target and target == top.get_dom_attribute("id"))
        assert inside, (f"{url}: the first Tab focused {focused.get_attribute('outerHTML')[:160]}, "
                        f"outside the topmost open dialog ({top.get_dom_attribute('data-screen')})")
