"""Fixtures for the browser suite: the demo app on a free loopback port and headless Chromium.

The suite builds nothing: `make browser-test` builds `webapp` and passes its path in WEBAPP_BIN.
"""

import os
import socket
import subprocess
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

REPO = Path(__file__).resolve().parents[2]
SCREENSHOTS = REPO / "docs" / "screenshots"
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
PHONE = (390, 844)
WIDE = (1280, 900)
WAIT_SECONDS = 15
START_SECONDS = 30


def free_port() -> int:
    """A loopback port nobody listens on right now: the kernel picks it for a socket bound to port 0."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until_listening(process: subprocess.Popen, port: int, log: Path) -> None:
    """Polls the port until the server accepts a connection; fails if it exits or takes too long."""
    attempts = int(START_SECONDS / 0.1)
    for _ in range(attempts):
        if process.poll() is not None:
            raise RuntimeError(f"webapp exited with {process.returncode} before listening:\n{log.read_text()}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            try:
                process.wait(timeout=0.1)  # also notices an early exit without spinning
            except subprocess.TimeoutExpired:
                pass
    raise RuntimeError(f"webapp did not listen on port {port} within {START_SECONDS}s:\n{log.read_text()}")


@pytest.fixture(scope="session")
def base_url(tmp_path_factory):
    """Starts the demo app (WEBAPP_BIN) on a free loopback port and stops it after the session."""
    binary = os.environ.get("WEBAPP_BIN")
    if not binary or not os.access(binary, os.X_OK):
        pytest.exit("WEBAPP_BIN must name the built webapp binary (run `make browser-test`)", returncode=2)
    port = free_port()
    directory = tmp_path_factory.mktemp("webapp")
    log = directory / "webapp.log"
    # The suite's accounts live in its own database, never in the repository's webapp.sqlite.
    env = dict(os.environ, WEBROUTER_SECRET="browser-tests-secret-of-at-least-32-characters",
               WEBAPP_DATABASE=str(directory / "webapp.sqlite"))
    with log.open("wb") as output:
        process = subprocess.Popen(
            [binary, "serve", "--host", "127.0.0.1", "--port", str(port), "--public", str(REPO / "Public")],
            cwd=REPO, env=env, stdout=output, stderr=subprocess.STDOUT)
    try:
        wait_until_listening(process, port, log)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def chromium_options(size, javascript: bool, reduced_motion: bool = True) -> webdriver.ChromeOptions:
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--hide-scrollbars", "--force-device-scale-factor=1", f"--window-size={size[0]},{size[1]}"):
        options.add_argument(argument)
    if reduced_motion:
        # Still screenshots: no entry animations or view transitions mid-way.
        options.add_argument("--force-prefers-reduced-motion")
    if not javascript:
        options.add_argument("--blink-settings=scriptEnabled=false")
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    return options


@pytest.fixture
def new_browser():
    """Makes fresh browsers (own cookies, own sessionStorage):
    `new_browser(size=PHONE, javascript=True, reduced_motion=True)`."""
    drivers = []

    def make(size=PHONE, javascript=True, reduced_motion=True):
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=chromium_options(size, javascript, reduced_motion))
        # --window-size counts the window, not the page: pin the viewport to the exact size.
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": False})
        driver.set_page_load_timeout(WAIT_SECONDS)
        drivers.append(driver)
        return driver

    yield make
    for driver in drivers:
        driver.quit()


@pytest.fixture
def browser(new_browser):
    """One phone-sized browser with JavaScript on."""
    return new_browser()


@pytest.fixture(scope="session")
def screenshots():
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
