"""What users write is shared: two `webapp` instances on one host, one SQLite file (WAL), one
secret, behind nginx. An account registered through one instance signs in through the other, a
profile edited through the second reads back through the first, both survive a restart of both,
and two simultaneous registrations of one name (one per instance) give exactly one account and
one "This username is taken." form error.

Run by `make deployment-test` (part of `make test`), which passes the binary in WEBAPP_BIN. Each
test's database lives under pytest's temporary directory.
"""

import http.cookiejar
import os
import shutil
import subprocess
import threading
import urllib.error
import urllib.parse
import urllib.request

import pytest

from test_scale_out import NGINX_CONF, REPO, SECRET, csrf_token, free_port, screen, wait_until_listening


class Instance:
    """One `webapp serve` on its own port, with the shared database; restartable."""

    def __init__(self, binary, name, database, tmp_path):
        self.binary, self.name, self.database, self.tmp_path = binary, name, database, tmp_path
        self.port = free_port()
        self.process = None
        self.starts = 0

    def start(self):
        self.starts += 1
        log = self.tmp_path / f"webapp-{self.name}-{self.starts}.log"
        with log.open("wb") as output:
            self.process = subprocess.Popen(
                [self.binary, "serve", "--port", str(self.port), "--public", str(REPO / "Public"),
                 "--database", str(self.database)],
                cwd=self.tmp_path, env=dict(os.environ, WEBROUTER_SECRET=SECRET),
                stdout=output, stderr=subprocess.STDOUT)
        wait_until_listening(self.process, self.port, f"webapp {self.name}")

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                assert self.process.wait(timeout=10) == 0, f"webapp {self.name} stopped with an error"
            except subprocess.TimeoutExpired:
                self.process.kill()
                raise

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"


class Visitor:
    """A browser: its own cookies (sent to any port of 127.0.0.1), forms with CSRF tokens."""

    def __init__(self):
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

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


@pytest.fixture
def shared(tmp_path):
    binary = os.environ.get("WEBAPP_BIN")
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not binary or not os.access(binary, os.X_OK):
        pytest.exit("WEBAPP_BIN must name the built webapp binary (run `make deployment-test`)", returncode=2)
    database = tmp_path / "data" / "webapp.sqlite"
    database.parent.mkdir()
    instances = [Instance(binary, name, database, tmp_path) for name in ("a", "b")]
    proxy = None
    try:
        for instance in instances:
            instance.start()
        port = free_port()
        prefix = tmp_path / "nginx"
        prefix.mkdir()
        conf = prefix / "nginx.conf"
        conf.write_text(NGINX_CONF.format(prefix=prefix, a=instances[0].port, b=instances[1].port, port=port))
        proxy = subprocess.Popen([nginx, "-c", str(conf), "-p", str(prefix), "-g", "daemon off;"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        wait_until_listening(proxy, port, "nginx")
        yield instances, f"http://127.0.0.1:{port}", database
    finally:
        if proxy is not None:
            proxy.terminate()
            proxy.wait(timeout=10)
        for instance in instances:
            instance.stop()


def test_accounts_and_edits_cross_instances_and_survive_restarts(shared):
    (a, b), proxy, database = shared

    status, url, page = Visitor().register(a.url, "ada", "engine", "Ada")
    assert screen(page) == "Feed", f"registration through A failed: {status} {url}"

    reader = Visitor()
    status, url, page = reader.sign_in(a.url, "ada", "engine")
    assert screen(page) == "Feed"

    editor = Visitor()
    status, url, page = editor.sign_in(b.url, "ada", "engine")
    assert screen(page) == "Feed", f"the account registered through A does not sign in through B: {status}"
    status, url, page = editor.submit(b.url, "/dashboard/~edit/name", "save-name", {"display_name": "Ada Lovelace"})
    team_path = urllib.parse.urlsplit(url)
    # The flow's draft travels in the session cookie, not the query.
    status, url, page = editor.submit(b.url, team_path.path, "save-team", {"favourite_team": "5"})
    confirm_path = urllib.parse.urlsplit(url)
    status, url, page = editor.submit(b.url, confirm_path.path, "save", {})
    assert screen(page) == "Dashboard" and "Ada Lovelace" in page, "the edit through B was not saved"

    status, url, page = reader.get(a.url + "/messages/~settings/account")
    assert screen(page) == "AccountInfo" and "Ada Lovelace" in page, "A does not show the edit made through B"

    for instance in (a, b):
        instance.stop()
    for instance in (a, b):
        instance.start()
    assert database.exists()

    again = Visitor()
    status, url, page = again.sign_in(proxy, "ada", "engine")
    assert screen(page) == "Feed", "the account did not survive a restart of both instances"
    status, url, page = again.get(proxy + "/dashboard")
    assert "Ada Lovelace" in page
    status, url, page = Visitor().sign_in(proxy, "demo", "demo")
    assert screen(page) == "Feed", "the seeded demo account is still there"


def test_one_name_registered_at_once_on_both_instances_gives_one_account(shared):
    (a, b), proxy, database = shared
    visitors = [Visitor(), Visitor()]
    forms = []
    for visitor, instance in zip(visitors, (a, b)):
        _, _, form = visitor.get(instance.url + "/welcome/~registration")
        forms.append(csrf_token(form))
    results = [None, None]
    start = threading.Barrier(2)

    def register(index, instance, password):
        start.wait()
        results[index] = visitors[index].post(instance.url + "/welcome/~registration", {
            "_action": "register", "_csrf": forms[index], "username": "race",
            "display_name": f"Racer {index}", "password": password})

    threads = [threading.Thread(target=register, args=(0, a, "first-pass")),
               threading.Thread(target=register, args=(1, b, "second-pass"))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert all(result is not None for result in results), "a registration did not answer"

    winners = [index for index, (status, url, page) in enumerate(results) if screen(page) == "Feed"]
    losers = [index for index, (status, url, page) in enumerate(results)
              if status == 422 and "This username is taken." in page]
    assert len(winners) == 1 and len(losers) == 1, f"answers: {[(s, screen(p)) for s, _, p in results]}"

    password = ["first-pass", "second-pass"][winners[0]]
    other = ["first-pass", "second-pass"][losers[0]]
    status, url, page = Visitor().sign_in(proxy, "race", password)
    assert screen(page) == "Feed", "the winner's account signs in"
    status, url, page = Visitor().sign_in(proxy, "race", other)
    assert status == 422 and "Wrong username or password." in page, "the loser's password was not stored"
