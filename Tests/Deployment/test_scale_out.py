"""Scale-out: two `webapp` instances with one secret behind nginx (round-robin on loopback)
serve one signed-in visitor interchangeably, because all state lives in the URL and in signed
cookies. The test signs in through nginx, walks a deep link, submits a form, and checks that
both instances served part of it.

Run by `make deployment-test` (part of `make test`), which passes the binary in WEBAPP_BIN.
"""

import http.cookiejar
import os
import re
import shutil
import socket
import subprocess
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SECRET = "scale-out-secret-shared-by-both-instances-0123"
START_SECONDS = 30


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until_listening(process: subprocess.Popen, port: int, what: str) -> None:
    """Polls the port (bounded) until it accepts a connection; fails if the process exits."""
    for _ in range(int(START_SECONDS / 0.1)):
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited with {process.returncode} before listening")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            try:
                process.wait(timeout=0.1)
            except subprocess.TimeoutExpired:
                pass
    raise RuntimeError(f"{what} did not listen on port {port} within {START_SECONDS}s")


NGINX_CONF = """
worker_processes 1;
error_log {prefix}/error.log warn;
pid {prefix}/nginx.pid;
events {{ worker_connections 256; }}
http {{
    access_log {prefix}/access.log;
    client_body_temp_path {prefix}/body;
    proxy_temp_path {prefix}/proxy;
    fastcgi_temp_path {prefix}/fastcgi;
    uwsgi_temp_path {prefix}/uwsgi;
    scgi_temp_path {prefix}/scgi;
    upstream webapp {{
        server 127.0.0.1:{a};
        server 127.0.0.1:{b};
    }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://webapp;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        }}
    }}
}}
"""


@pytest.fixture
def cluster(tmp_path):
    binary = os.environ.get("WEBAPP_BIN")
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not binary or not os.access(binary, os.X_OK):
        pytest.exit("WEBAPP_BIN must name the built webapp binary (run `make deployment-test`)", returncode=2)
    processes, logs = [], []
    try:
        ports = []
        for name in ("a", "b"):
            port = free_port()
            log = tmp_path / f"webapp-{name}.log"
            with log.open("wb") as output:
                process = subprocess.Popen(
                    [binary, "--port", str(port), "--public", str(REPO / "Public"),
                     "--database", str(tmp_path / "webapp.sqlite")],
                    cwd=REPO, env=dict(os.environ, WEBROUTER_SECRET=SECRET), stdout=output, stderr=subprocess.STDOUT)
            processes.append(process)
            wait_until_listening(process, port, f"webapp {name}")
            ports.append(port)
            logs.append(log)
        port = free_port()
        prefix = tmp_path / "nginx"
        prefix.mkdir()
        conf = prefix / "nginx.conf"
        conf.write_text(NGINX_CONF.format(prefix=prefix, a=ports[0], b=ports[1], port=port))
        proxy = subprocess.Popen([nginx, "-c", str(conf), "-p", str(prefix), "-g", "daemon off;"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        processes.append(proxy)
        wait_until_listening(proxy, port, "nginx")
        yield f"http://127.0.0.1:{port}", logs
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()


def csrf_token(html: str) -> str:
    match = re.search(r'name="_csrf" value="([^"]+)"', html)
    assert match, "the page has a form with a CSRF token"
    return match.group(1)


def screen(html: str) -> str:
    match = re.search(r'<body data-screen="([^"]+)"', html)
    return match.group(1) if match else ""


def test_two_instances_serve_one_signed_in_visitor_interchangeably(cluster):
    base, logs = cluster
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))

    def get(path):
        with opener.open(base + path, timeout=10) as response:
            return response.geturl(), response.read().decode()

    def post(path, fields):
        data = urllib.parse.urlencode(fields).encode()
        with opener.open(urllib.request.Request(base + path, data=data, method="POST"), timeout=10) as response:
            return response.geturl(), response.read().decode()

    # Sign in: the form comes from one instance, the POST may land on the other.
    url, login = get("/welcome/~login?next=/feed/tournament/5/match/12")
    url, page = post("/welcome/~login?next=/feed/tournament/5/match/12",
                     {"_action": "sign-in", "_csrf": csrf_token(login), "username": "demo", "password": "demo"})
    assert url.endswith("/feed/tournament/5/match/12") and screen(page) == "Match"

    # A deep link and a walk through the tree, each request to whichever instance nginx picks.
    for path, expected in [("/search/~user/7/team/3", "Team"), ("/dashboard/league/2/tournament/5/match/12", "Match"),
                           ("/messages/~settings/change-password", "ChangePassword"), ("/feed", "Feed")]:
        url, page = get(path)
        assert screen(page) == expected, f"{path} showed {screen(page)} (signed out?)"

    # A form: the search filter's Apply closes the sheet with the filter in the URL.
    url, sheet = get("/search/~filter?q=united")
    url, page = post("/search/~filter?q=united", {"_action": "apply", "_csrf": csrf_token(sheet), "kind": "teams"})
    assert screen(page) == "Search" and "q=united" in url and "kind=teams" in url

    served = [sum(1 for line in log.read_text().splitlines() if " 200 " in line or " 303 " in line) for log in logs]
    assert all(count > 0 for count in served), f"requests per instance: {served}"
