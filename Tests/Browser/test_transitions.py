"""Animated moves: every navigation between two pages of the app runs a cross-document view
transition named after what the move is (push, pop, present, dismiss, tab), which the
enhancement script reads from the two URLs and shows as <html data-move="…">."""

from test_browser import arrive, path, sign_in, wait

LEAGUE = "/dashboard/league/1"
PLAYER = "/search/~user/7"


def go(driver, url):
    """Navigates the way a link does (the page starts it, not the address bar)."""
    driver.execute_script("location.assign(arguments[0])", url)


def move(driver):
    return driver.execute_script("return document.documentElement.getAttribute('data-move')")


def moves_to(driver, url, screen, expected):
    go(driver, url)
    arrive(driver, url, screen)
    wait(driver).until(lambda d: move(d) is not None)
    assert move(driver) == expected, f"{url}: expected a {expected!r} transition, got {move(driver)!r}"


def test_each_kind_of_move_runs_its_own_transition(new_browser, base_url):
    driver = new_browser(reduced_motion=False)
    sign_in(driver, base_url, "/dashboard", "Dashboard")
    moves_to(driver, LEAGUE, "League", "push")
    driver.back()                                   # history Back plays the reverse
    arrive(driver, "/dashboard", "Dashboard")
    wait(driver).until(lambda d: move(d) is not None)
    assert move(driver) == "pop"
    driver.forward()
    arrive(driver, LEAGUE, "League")
    wait(driver).until(lambda d: move(d) == "push")
    moves_to(driver, "/dashboard", "Dashboard", "pop")
    moves_to(driver, "/search", "Search", "tab")
    moves_to(driver, PLAYER, "Player", "present present-sheet")
    moves_to(driver, "/search", "Search", "dismiss dismiss-sheet")


def test_reduced_motion_runs_no_transition(new_browser, base_url):
    driver = new_browser(reduced_motion=True)
    sign_in(driver, base_url, "/dashboard", "Dashboard")
    go(driver, LEAGUE)
    arrive(driver, LEAGUE, "League")
    assert move(driver) is None
    assert path(driver) == LEAGUE


def frame(driver, url, screen, name, screenshots):
    """Starts a move with animations slowed down 20 times and saves a frame from its middle."""
    driver.execute_cdp_cmd("Animation.enable", {})
    driver.execute_cdp_cmd("Animation.setPlaybackRate", {"playbackRate": 0.05})
    go(driver, url)
    arrive(driver, url, screen)
    # Halfway through the move's own animation (not the default cross-fade of the root).
    halfway = ("return document.getAnimations().some(a => a.playState === 'running' && "
               "/::view-transition-(old|new)\\((screen|sheet)\\)/.test(String(a.effect && a.effect.pseudoElement)) && "
               "a.effect.getComputedTiming().progress >= 0.45)")
    wait(driver, timeout=30).until(lambda d: d.execute_script(halfway))
    running = driver.execute_script(halfway)
    driver.save_screenshot(str(screenshots / name))
    driver.execute_cdp_cmd("Animation.setPlaybackRate", {"playbackRate": 1})
    wait(driver).until(lambda d: d.execute_script(
        "return !document.getAnimations().some(a => a.playState === 'running')"))
    return running


def test_frames_of_a_push_a_present_and_a_dismiss(new_browser, base_url, screenshots):
    """The README's frames: each taken while its view transition is running."""
    driver = new_browser(reduced_motion=False)
    sign_in(driver, base_url, "/dashboard", "Dashboard")
    assert frame(driver, LEAGUE, "League", "move-push.png", screenshots)
    go(driver, "/search")
    arrive(driver, "/search", "Search")
    assert frame(driver, PLAYER, "Player", "move-present.png", screenshots)
    assert frame(driver, "/search", "Search", "move-dismiss.png", screenshots)
