"""What only a real browser shows about the demo app: the enhancement script, history, focus,
reloads and fresh sessions, and the same flows with JavaScript off.

Run with `make browser-test` (it builds webapp and sets WEBAPP_BIN).
"""

from urllib.parse import unquote, urlsplit

import pytest
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import WAIT_SECONDS, WIDE

# Real links of the demo app (seeded sample data): Dashboard › Albion Premier League ›
# Albion Premier League 2026/27 › Westmoor Town v Stonehaven City.
LEAGUE = "/dashboard/league/1"
TOURNAMENT = "/dashboard/league/1/tournament/2"
MATCH = "/dashboard/league/1/tournament/2/match/235"
DEEP_LINK = "/search/~user/7/team/3"


# ---------- helpers ----------

def wait(driver, timeout=WAIT_SECONDS):
    return WebDriverWait(driver, timeout, ignored_exceptions=(NoSuchElementException, StaleElementReferenceException))


def path(driver):
    """The path and query of the current URL, percent-decoded (`?next=%2Ffeed` reads `?next=/feed`)."""
    url = urlsplit(driver.current_url)
    return unquote(url.path + (f"?{url.query}" if url.query else ""))


def screen(driver):
    return driver.find_element(By.TAG_NAME, "body").get_dom_attribute("data-screen")


def arrive(driver, expected_path, expected_screen):
    """Waits until the browser shows `expected_path` with `<body data-screen>` = `expected_screen`."""
    try:
        wait(driver).until(lambda d: path(d) == expected_path and screen(d) == expected_screen)
    except Exception as error:
        raise AssertionError(
            f"expected {expected_path} showing {expected_screen}, "
            f"got {path(driver)} showing {screen(driver)!r}") from error


def click(driver, element):
    """Scrolls `element` to the middle of the viewport (as a thumb would; WebDriver's own scrolling
    stops at the bottom edge, under the fixed tab bar) and clicks it."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'center'})", element)
    element.click()


def link(scope, href):
    """The link whose href attribute is exactly `href`, inside `scope` (a driver or an element)."""
    return scope.find_element(By.CSS_SELECTOR, f'a[href="{href}"]')


def open_dialogs(driver):
    return driver.find_elements(By.CSS_SELECTOR, "dialog[open]")


def crumbs(scope):
    """The labels of the breadcrumb directly inside `scope` (the page's main, or a dialog)."""
    items = scope.find_elements(By.CSS_SELECTOR, 'nav[aria-label="Breadcrumb"] li')
    # textContent, not .text: on a phone only the parent and the current crumb are visible.
    return [item.get_property("textContent").strip() for item in items]


def selected_tab(driver):
    return driver.find_element(By.CSS_SELECTOR, 'nav[aria-label="Tabs"] a[aria-current="page"]').get_dom_attribute("href")


def animations_done(driver):
    """Waits for entry animations (sheets sliding up) to end, so screenshots show the rest state."""
    wait(driver).until(lambda d: d.execute_script(
        "return document.getAnimations().every(a => a.playState !== 'running')"))


def sign_in(driver, base_url, wanted="/feed", wanted_screen="Feed"):
    """Signs in as demo/demo the way a person does: the wanted page sends a stranger to Welcome,
    the Sign in link opens the sheet, the form is filled and submitted."""
    driver.get(base_url + wanted)
    arrive(driver, f"/welcome?next={wanted}", "Welcome")
    click(driver, driver.find_element(By.CSS_SELECTOR, "main a.button-primary"))
    arrive(driver, f"/welcome/~login?next={wanted}", "Login")
    driver.find_element(By.ID, "field-username").send_keys("demo")
    driver.find_element(By.ID, "field-password").send_keys("demo")
    click(driver, driver.find_element(By.CSS_SELECTOR, 'dialog[open] form button[type="submit"]'))
    arrive(driver, wanted, wanted_screen)


# ---------- with JavaScript ----------

def test_sign_in_form_lands_on_the_wanted_page(browser, base_url, screenshots):
    browser.get(base_url + "/messages")
    arrive(browser, "/welcome?next=/messages", "Welcome")
    click(browser, browser.find_element(By.CSS_SELECTOR, "main a.button-primary"))
    arrive(browser, "/welcome/~login?next=/messages", "Login")
    dialog = browser.find_element(By.CSS_SELECTOR, 'dialog[open][data-screen="Login"]')
    # The enhancement script moved the sheet into the top layer and focus into the form.
    assert browser.execute_script("return arguments[0].matches(':modal')", dialog)
    wait(browser).until(lambda d: d.switch_to.active_element.get_dom_attribute("id") == "field-username")
    animations_done(browser)
    browser.save_screenshot(str(screenshots / "login.png"))

    browser.switch_to.active_element.send_keys("demo")
    browser.find_element(By.ID, "field-password").send_keys("wrong")
    browser.find_element(By.ID, "field-password").send_keys(Keys.ENTER)
    wait(browser).until(lambda d: "Wrong username or password." in d.find_element(By.CSS_SELECTOR, "dialog[open]").text)
    assert path(browser) == "/welcome/~login?next=/messages"

    password = browser.find_element(By.ID, "field-password")
    password.clear()
    password.send_keys("demo", Keys.ENTER)
    arrive(browser, "/messages", "Messages")
    assert selected_tab(browser) == "/messages"
    assert open_dialogs(browser) == []


def test_clicking_a_tab_and_a_breadcrumb(browser, base_url, screenshots):
    sign_in(browser, base_url)
    animations_done(browser)
    browser.save_screenshot(str(screenshots / "feed.png"))

    click(browser, browser.find_element(By.CSS_SELECTOR, 'nav[aria-label="Tabs"] a[href="/dashboard"]'))
    arrive(browser, "/dashboard", "Dashboard")
    assert selected_tab(browser) == "/dashboard"

    # On a phone the breadcrumb shows the parent as a back button beside the current title.
    browser.get(base_url + MATCH)
    arrive(browser, MATCH, "Match")
    main = browser.find_element(By.TAG_NAME, "main")
    assert crumbs(main)[:3] == ["Dashboard", "Albion Premier League", "Albion Premier League 2026/27"]
    parent = main.find_element(By.CSS_SELECTOR, f'nav[aria-label="Breadcrumb"] a[href="{TOURNAMENT}"]')
    assert parent.is_displayed()
    click(browser, parent)
    arrive(browser, TOURNAMENT, "Tournament")
    assert crumbs(browser.find_element(By.TAG_NAME, "main")) == [
        "Dashboard", "Albion Premier League", "Albion Premier League 2026/27"]
    assert selected_tab(browser) == "/dashboard"


def test_wide_breadcrumb_jumps_to_the_root(new_browser, base_url):
    browser = new_browser(size=WIDE)
    sign_in(browser, base_url, MATCH, "Match")
    root = browser.find_element(By.CSS_SELECTOR, 'main nav[aria-label="Breadcrumb"] a[href="/dashboard"]')
    assert root.is_displayed()
    click(browser, root)
    arrive(browser, "/dashboard", "Dashboard")
    assert crumbs(browser.find_element(By.TAG_NAME, "main")) == ["Dashboard"]
    assert selected_tab(browser) == "/dashboard"


def test_push_three_levels_then_back_three_times(new_browser, base_url, screenshots):
    browser = new_browser()
    sign_in(browser, base_url, "/dashboard", "Dashboard")

    click(browser, link(browser.find_element(By.TAG_NAME, "main"), LEAGUE))
    arrive(browser, LEAGUE, "League")
    click(browser, link(browser.find_element(By.TAG_NAME, "main"), TOURNAMENT))
    arrive(browser, TOURNAMENT, "Tournament")
    click(browser, link(browser.find_element(By.TAG_NAME, "main"), MATCH))
    arrive(browser, MATCH, "Match")
    assert len(crumbs(browser.find_element(By.TAG_NAME, "main"))) == 4
    animations_done(browser)
    browser.save_screenshot(str(screenshots / "match.png"))

    browser.back()
    arrive(browser, TOURNAMENT, "Tournament")
    browser.back()
    arrive(browser, LEAGUE, "League")
    browser.back()
    arrive(browser, "/dashboard", "Dashboard")
    assert crumbs(browser.find_element(By.TAG_NAME, "main")) == ["Dashboard"]


def test_modal_survives_reload_and_escape_returns_focus_to_its_opener(browser, base_url):
    sign_in(browser, base_url, "/messages", "Messages")
    click(browser, link(browser, "/messages/~settings"))
    arrive(browser, "/messages/~settings", "Settings")

    browser.refresh()
    arrive(browser, "/messages/~settings", "Settings")
    dialog = browser.find_element(By.CSS_SELECTOR, 'dialog[open][data-screen="Settings"]')
    assert browser.execute_script("return arguments[0].matches(':modal')", dialog)
    # showModal() moved focus into the sheet, so Escape reaches the dialog.
    wait(browser).until(lambda d: d.execute_script("return !!document.activeElement.closest('dialog[open]')"))

    ActionChains(browser).send_keys(Keys.ESCAPE).perform()
    arrive(browser, "/messages", "Messages")
    assert open_dialogs(browser) == []
    opener = link(browser, "/messages/~settings")
    wait(browser).until(lambda d: d.switch_to.active_element == opener)


def test_deep_link_in_a_fresh_browser_shows_the_whole_stack_and_modal(new_browser, base_url, screenshots):
    browser = new_browser()
    sign_in(browser, base_url)
    browser.get(base_url + DEEP_LINK)
    arrive(browser, DEEP_LINK, "Team")

    assert selected_tab(browser) == "/search"
    assert crumbs(browser.find_element(By.TAG_NAME, "main")) == ["Search"]
    dialogs = open_dialogs(browser)
    assert [d.get_dom_attribute("data-screen") for d in dialogs] == ["Team"]
    assert crumbs(dialogs[0]) == ["Takumi Morita", "Kingsbridge United"]
    assert link(dialogs[0], "/search/~user/7").text == "Takumi Morita"
    assert dialogs[0].find_element(By.CSS_SELECTOR, 'a[rel~="dismiss"]').get_dom_attribute("href") == "/search"
    assert browser.title.startswith("Kingsbridge United")
    animations_done(browser)
    browser.save_screenshot(str(screenshots / "modal.png"))

    # Back inside the sheet's own stack: the breadcrumb pops to the player.
    click(browser, link(dialogs[0], "/search/~user/7"))
    arrive(browser, "/search/~user/7", "Player")
    assert crumbs(browser.find_element(By.CSS_SELECTOR, "dialog[open]")) == ["Takumi Morita"]


# ---------- with JavaScript off ----------

@pytest.fixture
def no_js_browser(new_browser):
    return new_browser(javascript=False)


def test_without_javascript_links_and_forms_do_everything(no_js_browser, base_url):
    browser = no_js_browser
    sign_in(browser, base_url, "/messages", "Messages")
    assert open_dialogs(browser) == []

    click(browser, link(browser, "/messages/~settings"))
    arrive(browser, "/messages/~settings", "Settings")
    dialog = browser.find_element(By.CSS_SELECTOR, 'dialog[open][data-screen="Settings"]')
    # The script never ran: the server-rendered open dialog is all there is.
    html_class = browser.find_element(By.TAG_NAME, "html").get_dom_attribute("class") or ""
    assert "js-dialogs" not in html_class.split()
    click(browser, dialog.find_element(By.CSS_SELECTOR, 'a[rel~="dismiss"]'))
    arrive(browser, "/messages", "Messages")
    assert open_dialogs(browser) == []

    click(browser, browser.find_element(By.CSS_SELECTOR, 'nav[aria-label="Tabs"] a[href="/dashboard"]'))
    arrive(browser, "/dashboard", "Dashboard")
    click(browser, link(browser.find_element(By.TAG_NAME, "main"), LEAGUE))
    arrive(browser, LEAGUE, "League")
    click(browser, browser.find_element(By.CSS_SELECTOR, 'main nav[aria-label="Breadcrumb"] a[href="/dashboard"]'))
    arrive(browser, "/dashboard", "Dashboard")
    browser.back()
    arrive(browser, LEAGUE, "League")
