"""The proxy set-up the Deployment article documents, used verbatim (issue 44): its nginx block in front of
one `webapp serve --trusted-proxy 127.0.0.1`. Through it, the app keys a client by the address
nginx saw, whatever `X-Forwarded-For` the client sends itself, so one machine's failed sign-ins
are throttled however it forges the header; and nginx, the trusted proxy, is exempt from the
per-client connection limit, so concurrent visitors never get nginx's 502.

Run by `make deployment-test` (part of `make test`), which passes the binary in WEBAPP_BIN.
"""

import re
import shutil
import subprocess
import threading
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from processes import Webapp, end, free_port, wait_until_listening
from visitor import Visitor, csrf_token

REPO = Path(__file__).resolve().parents[2]


DEPLOYMENT = REPO / "Sources" / "WebRouter" / "WebRouter.docc" / "Deployment.md"


def documented_block() -> str:
    """The Deployment article's first nginx block (instances behind a proxy), as written."""
    text = DEPLOYMENT.read_text()
    blocks = re.findall(r"```nginx\n(.*?)```", text, re.S)
    assert blocks, "the Deployment article documents an nginx block"
    return blocks[0]


class DocumentedProxy:
    """nginx running the Deployment article's block, its upstream pointed at `instance` and its `listen`
    at a free loopback port: the only changes to the block."""

    def __init__(self, tmp_path, instance):
        self.prefix = tmp_path / "nginx-documented"
        self.port = free_port()
        block = documented_block()
        block = re.sub(r"upstream (\w+) \{.*?\}", lambda m: f"upstream {m.group(1)} {{\n    server {instance.host}:{instance.port};\n}}",
                       block, count=1, flags=re.S)
        block = re.sub(r"listen \d+;", f"listen 127.0.0.1:{self.port};", block)
        self.conf = f"""
worker_processes 1;
error_log {self.prefix}/error.log warn;
pid {self.prefix}/nginx.pid;
events {{ worker_connections 512; }}
http {{
    access_log {self.prefix}/access.log;
    client_body_temp_path {self.prefix}/body;
    proxy_temp_path {self.prefix}/proxy;
    fastcgi_temp_path {self.prefix}/fastcgi;
    uwsgi_temp_path {self.prefix}/uwsgi;
    scgi_temp_path {self.prefix}/scgi;
{block}
}}
"""
        self.process = None

    def start(self):
        self.prefix.mkdir()
        (self.prefix / "nginx.conf").write_text(self.conf)
        nginx = shutil.which("nginx") or "/usr/sbin/nginx"
        self.process = subprocess.Popen([nginx, "-c", str(self.prefix / "nginx.conf"), "-p", str(self.prefix),
                                         "-g", "daemon off;"], stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        wait_until_listening(self.process, self.port, "nginx")

    def stop(self):
        end(self.process)

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"


@pytest.fixture
def behind_documented_proxy(tmp_path, webapp_binary):
    if not (shutil.which("nginx") or Path("/usr/sbin/nginx").exists()):
        pytest.skip("nginx is not installed (make deployment-deps installs it)")
    database = tmp_path / "data" / "webapp.sqlite"
    database.parent.mkdir()
    instance = Webapp(webapp_binary, "documented", database, tmp_path,
                      arguments=["--trusted-proxy", "127.0.0.1", "--connections-per-client", "4"])
    proxy = DocumentedProxy(tmp_path, instance)
    try:
        instance.start()
        proxy.start()
        yield instance, proxy
    finally:
        proxy.stop()
        instance.stop()


def test_a_forged_x_forwarded_for_does_not_escape_the_sign_in_throttle(behind_documented_proxy):
    instance, proxy = behind_documented_proxy
    visitor = Visitor()
    statuses = []
    for attempt in range(30):
        _, _, form = visitor.get(proxy.url + "/welcome/~login")
        # Each attempt claims another address, and names another account (5 failures lock one).
        data = urllib.parse.urlencode({"_action": "sign-in", "_csrf": csrf_token(form), "username": f"nobody{attempt}",
                                       "password": "not the password at all"}).encode()
        request = urllib.request.Request(proxy.url + "/welcome/~login", data=data, method="POST",
                                         headers={"X-Forwarded-For": f"203.0.113.{attempt}"})
        try:
            with visitor.opener.open(request, timeout=30) as response:
                statuses.append(response.status)
        except urllib.error.HTTPError as error:
            statuses.append(error.code)
        if statuses[-1] == 429:
            break
    assert statuses[-1] == 429, f"never throttled: {statuses}"
    assert "has no X-Forwarded-For" not in instance.log.read_text(), "nginx passed the header"


def test_the_trusted_proxy_is_exempt_from_the_per_client_connection_limit(behind_documented_proxy):
    instance, proxy = behind_documented_proxy
    statuses = []
    lock = threading.Lock()
    start = threading.Barrier(24)

    def visit():
        start.wait()
        try:
            with urllib.request.urlopen(proxy.url + "/welcome", timeout=30) as response:
                status = response.status
        except urllib.error.HTTPError as error:
            status = error.code
        with lock:
            statuses.append(status)

    threads = [threading.Thread(target=visit) for _ in range(24)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert statuses == [200] * 24, f"through nginx, with 4 connections per client: {sorted(statuses)}"
