"""A browser for the deployment suite: its own cookies, forms posted with their CSRF token, and
which screen a page shows."""

import http.cookiejar
import re
import threading
import urllib.error
import urllib.parse
import urllib.request


def csrf_token(html: str) -> str:
    match = re.search(r'name="_csrf" value="([^"]+)"', html)
    assert match, "the page has a form with a CSRF token"
    return match.group(1)


def screen(html: str) -> str:
    match = re.search(r'<body data-screen="([^"]+)"', html)
    return match.group(1) if match else ""


class Visitor:
    """A browser: its own cookies (sent to any port of 127.0.0.1), forms with CSRF tokens."""

    def __init__(self):
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def copy(self):
        """Another browser holding a copy of this one's cookies as they are now (a second
        device, or a cookie someone copied)."""
        other = Visitor()
        for cookie in self.jar:
            other.jar.set_cookie(cookie)
        return other

    def get(self, url):
        with self.opener.open(url, timeout=30) as response:
            return response.status, response.geturl(), response.read().decode()

    def post(self, url, fields):
        """Posts a form; answers (status, final URL, page), a 422 included."""
        data = urllib.parse.urlencode(fields).encode()
        try:
            with self.opener.open(urllib.request.Request(url, data=data, method="POST"), timeout=30) as response:
                return response.status, response.geturl(), response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, url, error.read().decode()

    def submit(self, base, path, action, fields):
        _, _, form = self.get(base + path)
        return self.post(base + path, dict(fields, _action=action, _csrf=csrf_token(form)))

    def register(self, base, username, password, display_name="Someone"):
        return self.submit(base, "/welcome/~registration", "register",
                           {"username": username, "display_name": display_name, "password": password})

    def sign_in(self, base, username, password):
        return self.submit(base, "/welcome/~login", "sign-in", {"username": username, "password": password})

    def sign_out(self, base):
        """Settings' Sign out, confirmed in its dialog."""
        return self.submit(base, "/messages/~settings?confirm=sign-out", "sign-out", {})

    def is_signed_in(self, base):
        """Whether `base` shows this browser its Dashboard (signed out, it shows Welcome)."""
        status, url, page = self.get(base + "/dashboard")
        assert screen(page) in ("Dashboard", "Welcome"), f"{base}/dashboard answered {status} {screen(page)}"
        return screen(page) == "Dashboard"


def register_at_once(bases, username, passwords):
    """One name registered at the same moment through each of `bases` (one browser each, the
    forms fetched first, the posts released together by a barrier), with `passwords[i]` through
    `bases[i]`. Asserts that exactly one registration succeeded (the feed) and every other was
    told "This username is taken." (422); answers the index of the one that succeeded."""
    visitors = [Visitor() for _ in bases]
    tokens = [csrf_token(visitor.get(base + "/welcome/~registration")[2]) for visitor, base in zip(visitors, bases)]
    results = [None] * len(bases)
    start = threading.Barrier(len(bases))

    def register(index):
        start.wait()
        results[index] = visitors[index].post(bases[index] + "/welcome/~registration", {
            "_action": "register", "_csrf": tokens[index], "username": username,
            "display_name": f"Racer {index}", "password": passwords[index]})

    threads = [threading.Thread(target=register, args=(index,)) for index in range(len(bases))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert all(result is not None for result in results), "a registration did not answer"
    winners = [index for index, (_, _, page) in enumerate(results) if screen(page) == "Feed"]
    losers = [index for index, (status, _, page) in enumerate(results)
              if status == 422 and "This username is taken." in page]
    assert len(winners) == 1 and len(losers) == len(bases) - 1, \
        f"answers: {[(status, screen(page)) for status, _, page in results]}"
    return winners[0]
