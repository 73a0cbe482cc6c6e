"""What the conformance checks visit in the demo app, found from the app itself.

- `map_links` reads the storyboard page `/_map`, where every screen of the tree has an example link.
- `EXTRA_PAGES` are the states the map does not draw: a 404, an alert (`?confirm=…`), stacked modals.
- `HTTPVisitor` is a cookie-keeping HTTP client (no browser) that signs in, posts forms the way a
  browser does (the form's hidden fields, CSRF token included) and crawls same-origin links
  breadth-first; the HTML checker reads the bytes it gets, exactly as the server sent them.
"""

import http.cookiejar
import urllib.error
import urllib.parse
import urllib.request
from collections import deque
from dataclasses import dataclass, field
from html.parser import HTMLParser

DEMO_USER = ("demo", "demo")
LOGIN = "/welcome/~login"
CHANGE_PASSWORD = "/messages/~settings/change-password"

# Pages no /_map link reaches: each kind of state the chrome draws differently.
EXTRA_PAGES = {
    "signed out": [
        "/no-such-page",                  # 404 page (no parse)
        "/feed/match/abc",                # 404 page (a context that doesn't decode)
    ],
    "signed in": [
        "/no-such-page",
        "/messages/~settings?confirm=sign-out",  # a confirmation dialog over a sheet
        "/search/~user/7/~share",                # two stacked modals
        "/search/~user/7/team/3/~share",         # stacked modals, the lower one a stack
    ],
}

# Forms that answer 422 with the form shown again, with their wrong values.
INVALID_FORMS = {
    "signed out": [(LOGIN, {"username": "demo", "password": "wrong"})],
    "signed in": [(CHANGE_PASSWORD, {"current_password": "wrong", "new_password": "x", "confirmation": "y"})],
}


class _LinkParser(HTMLParser):
    """Collects `<a href>` values and the forms (action, method, fields) of one page."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.links = []
        self.forms = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "a" and attributes.get("href"):
            self.links.append(attributes["href"])
        elif tag == "form":
            self.forms.append({"action": attributes.get("action") or "", "method": (attributes.get("method") or "get").lower(), "fields": {}})
        elif tag in ("input", "button") and self.forms and attributes.get("name"):
            kind = (attributes.get("type") or "text").lower()
            if tag == "input" and kind not in ("submit", "button"):
                self.forms[-1]["fields"].setdefault(attributes["name"], attributes.get("value") or "")


def parse(html):
    parser = _LinkParser()
    parser.feed(html)
    parser.close()
    return parser


def map_links(html):
    """The same-origin page links of the storyboard page, in document order, without repeats."""
    seen = []
    for href in parse(html).links:
        if href.startswith("/") and not href.startswith("//") and not href.startswith("/static/") and href not in seen:
            seen.append(href)
    return seen


@dataclass
class Fetched:
    url: str          # the requested path
    final: str        # the path (and query) after redirects
    status: int
    content_type: str
    body: str


@dataclass
class HTTPVisitor:
    base_url: str
    jar: http.cookiejar.CookieJar = field(default_factory=http.cookiejar.CookieJar)

    def __post_init__(self):
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def _path(self, url):
        parts = urllib.parse.urlsplit(url)
        return parts.path + (f"?{parts.query}" if parts.query else "")

    def fetch(self, path, data=None):
        request = urllib.request.Request(self.base_url + path, data=data)
        try:
            response = self.opener.open(request, timeout=30)
            status = response.status
        except urllib.error.HTTPError as error:
            response, status = error, error.code
        with response:
            body = response.read().decode("utf-8", "replace")
            return Fetched(path, self._path(response.geturl()), status, response.headers.get("Content-Type", ""), body)

    def submit(self, path, values):
        """Gets `path`, fills its first POST form (hidden fields kept) with `values` and posts it."""
        page = self.fetch(path)
        forms = [form for form in parse(page.body).forms if form["method"] == "post"]
        assert forms, f"no POST form on {path}"
        form = forms[0]
        fields = dict(form["fields"], **values)
        action = urllib.parse.urljoin(self.base_url + page.final, form["action"] or page.final)
        return self.fetch(self._path(action), urllib.parse.urlencode(fields).encode())

    def sign_in(self):
        page = self.submit(LOGIN, dict(zip(("username", "password"), DEMO_USER)))
        assert page.status == 200 and not page.final.startswith("/welcome"), f"sign-in failed: {page.status} {page.final}"

    def crawl(self, starts, limit, seen):
        """Breadth-first over same-origin HTML links from `starts`, at most `limit` new pages;
        `seen` (requested and final paths) is shared across calls so no page is fetched twice."""
        queue = deque(starts)
        pages = []
        while queue and len(pages) < limit:
            path = queue.popleft()
            if path in seen:
                continue
            seen.add(path)
            page = self.fetch(path)
            if page.final != path and page.final in seen:
                continue
            seen.add(page.final)
            if "text/html" not in page.content_type:
                continue
            pages.append(page)
            for href in parse(page.body).links:
                absolute = urllib.parse.urljoin(self.base_url + page.final, href)
                if not absolute.startswith(self.base_url + "/"):
                    continue
                target = self._path(urllib.parse.urldefrag(absolute)[0])
                if not target.startswith("/static/") and target not in seen:
                    queue.append(target)
        return pages
