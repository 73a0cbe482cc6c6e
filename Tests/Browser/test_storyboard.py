"""The storyboard page `/_map` in a real browser: the drawing pans inside its own region instead
of widening the page, its miniatures load (same-origin framing is allowed there) without taking
focus, and it is saved as docs/screenshots/storyboard.png (1280 px) and storyboard-phone.png (390 px).

Run with `make browser-test` (it builds webapp and sets WEBAPP_BIN), or alone:
`WEBAPP_BIN=$(swift build --show-bin-path)/webapp python3 -m pytest Tests/Browser/test_storyboard.py`.
"""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import PHONE, WIDE
from test_browser import sign_in, wait

# Every miniature in the visible part of the region has loaded its page (lazy frames further
# away have not been asked to yet).
VISIBLE_FRAMES_LOADED = """
const canvas = document.querySelector('.sb-canvas').getBoundingClientRect();
return [...document.querySelectorAll('.sb-mini iframe')].filter(f => {
  const r = f.getBoundingClientRect();
  return r.right > canvas.left && r.left < canvas.right && r.bottom > 0 && r.top < innerHeight;
}).every(f => f.contentDocument && f.contentDocument.readyState === 'complete'
              && f.contentDocument.body && f.contentDocument.body.dataset.screen);
"""


def open_map(driver, base_url):
    sign_in(driver, base_url)   # the miniatures then show the signed-in screens
    driver.get(base_url + "/_map")
    wait(driver).until(lambda d: d.find_element(By.TAG_NAME, "body").get_dom_attribute("data-screen") == "Storyboard")
    wait(driver, 30).until(lambda d: d.execute_script(VISIBLE_FRAMES_LOADED))


def test_the_storyboard_pans_in_its_region_and_frames_its_own_pages(new_browser, base_url, screenshots):
    for size, name in ((WIDE, "storyboard.png"), (PHONE, "storyboard-phone.png")):
        browser = new_browser(size=(size[0], 1500 if size == WIDE else size[1]))
        open_map(browser, base_url)
        # The page itself never scrolls sideways; the drawing does, inside its region.
        assert browser.execute_script(
            "return document.documentElement.scrollWidth <= document.documentElement.clientWidth"), \
            f"the page is wider than {size[0]} px"
        canvas = browser.find_element(By.CSS_SELECTOR, '.sb-canvas[role="region"][tabindex="0"]')
        assert browser.execute_script("return arguments[0].scrollWidth > arguments[0].clientWidth", canvas)
        # Every card is there, with a miniature that rendered its screen, and nothing in a
        # miniature took the focus.
        cards = browser.find_elements(By.CSS_SELECTOR, ".sb-card")
        assert len(cards) > 20
        first = browser.find_element(By.CSS_SELECTOR, ".sb-mini iframe")
        assert browser.execute_script("return arguments[0].contentDocument.body.dataset.screen", first) == "Launch"
        assert browser.execute_script("return document.activeElement === document.body")
        browser.save_screenshot(str(screenshots / name))
        # Keyboard users pan it: focus the region, then the arrow keys scroll it.
        browser.execute_script("arguments[0].focus()", canvas)
        canvas.send_keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
        wait(browser).until(lambda d: d.execute_script("return arguments[0].scrollLeft > 0", canvas))


def test_every_card_links_to_its_screen(new_browser, base_url):
    browser = new_browser(size=WIDE)
    open_map(browser, base_url)
    link = browser.find_element(By.CSS_SELECTOR, '.sb-branch[data-route="/search/~user/{Int}/team/{Int}"] .sb-link')
    href = link.get_dom_attribute("href")
    # A click anywhere on the card (here: on its miniature) follows its link.
    mini = browser.find_element(By.CSS_SELECTOR, '.sb-branch[data-route="/search/~user/{Int}/team/{Int}"] > .sb-card .sb-mini')
    browser.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'center'})", mini)
    ActionChains(browser).move_to_element(mini).click().perform()   # the pointer, as a person clicks
    wait(browser).until(lambda d: d.current_url == base_url + href)
    assert browser.find_element(By.TAG_NAME, "body").get_dom_attribute("data-screen") == "Team"
