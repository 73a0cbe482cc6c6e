"""Several hosts (issue 35): three `webapp` instances, each in a network namespace of its own
(a veth pair on one bridge, its own address 10.77.N.11–13), sharing one PostgreSQL server and one
secret, behind nginx in the root namespace. An account registered on host 1 signs in on host 2, a
profile edited on host 3 reads back everywhere, and all of it survives a restart of all three.
Page refreshes cross hosts too (issue 32): an event stream open on host 2 receives the refresh
that host 1's simulated live match sends through PostgreSQL's LISTEN/NOTIFY. A sign-out on host 1
ends the session on hosts 2 and 3, even for a copy of the cookie.

The PostgreSQL cluster is made for the test (initdb and pg_ctl of Debian's `postgresql`, as the
`postgres` user, in a temporary directory, listening on the bridge's address and a Unix socket).
Without PostgreSQL's binaries the test is skipped, saying so; `make deployment-deps` installs
them (and iproute2). Namespaces, the bridge and every process are removed even when a step fails.
Needs root (network namespaces), as `make test` runs here and in CI.
"""

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import urllib.parse

import pytest

from processes import START_SECONDS, Proxy, Webapp, free_port
from visitor import Visitor, register_at_once, screen

HOSTS = 3
WEBAPP_PORT = 8080


def postgres_bin():
    """The newest installed PostgreSQL's bin directory (Debian: /usr/lib/postgresql/15/bin), or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda path: int(path.split("/")[4]) if path.split("/")[4].isdigit() else 0)
    return os.path.dirname(found[-1]) if found else None


def run(*command, check=True):
    return subprocess.run(list(command), check=check, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def free_subnet():
    """A 10.77.N.0/24 no interface of this machine uses yet (other tests may hold 10.77.0.0/24)."""
    used = run("ip", "-4", "-o", "addr", "show").stdout
    for n in range(0, 250):
        if f"10.77.{n}." not in used:
            return f"10.77.{n}"
    raise RuntimeError("no free 10.77.N.0/24")


class Network:
    """A bridge in the root namespace (the subnet's .1) and one namespace per host (.11, .12, …),
    each joined to it by a veth pair."""

    def __init__(self):
        tag = f"{os.getpid() % 100000}"
        self.subnet = free_subnet()
        self.bridge = f"wrbr{tag}"
        self.namespaces = [f"wrhost{tag}-{index + 1}" for index in range(HOSTS)]
        self.veths = [f"wrv{tag}-{index + 1}" for index in range(HOSTS)]
        self.gateway = f"{self.subnet}.1"
        self.addresses = [f"{self.subnet}.{11 + index}" for index in range(HOSTS)]

    def create(self):
        run("ip", "link", "add", self.bridge, "type", "bridge")
        run("ip", "addr", "add", f"{self.gateway}/24", "dev", self.bridge)
        run("ip", "link", "set", self.bridge, "up")
        for namespace, veth, address in zip(self.namespaces, self.veths, self.addresses):
            run("ip", "netns", "add", namespace)
            run("ip", "link", "add", veth, "type", "veth", "peer", "name", "eth0", "netns", namespace)
            run("ip", "link", "set", veth, "master", self.bridge)
            run("ip", "link", "set", veth, "up")
            run("ip", "netns", "exec", namespace, "ip", "addr", "add", f"{address}/24", "dev", "eth0")
            run("ip", "netns", "exec", namespace, "ip", "link", "set", "eth0", "up")
            run("ip", "netns", "exec", namespace, "ip", "link", "set", "lo", "up")

    def remove(self):
        for namespace, veth in zip(self.namespaces, self.veths):
            run("ip", "link", "del", veth, check=False)
            run("ip", "netns", "del", namespace, check=False)
        run("ip", "link", "del", self.bridge, check=False)


class Postgres:
    """A PostgreSQL cluster of its own, run as `postgres`, on the bridge's address and a socket."""

    def __init__(self, bin_dir, listen_address):
        self.bin_dir, self.listen_address = bin_dir, listen_address
        self.root = tempfile.mkdtemp(prefix="wr-pg-")
        self.data = os.path.join(self.root, "data")
        self.port = free_port()
        self.started = False

    def as_postgres(self, *command):
        return run("runuser", "-u", "postgres", "--", *command)

    def start(self):
        shutil.chown(self.root, "postgres", "postgres")
        os.chmod(self.root, 0o700)
        self.as_postgres(f"{self.bin_dir}/initdb", "-D", self.data, "-U", "postgres", "-A", "trust",
                         "--no-sync", "-E", "UTF8")
        with open(os.path.join(self.data, "pg_hba.conf"), "a") as hba:
            hba.write(f"host all all {self.listen_address.rsplit('.', 1)[0]}.0/24 trust\n")
        options = (f"-c listen_addresses=127.0.0.1,{self.listen_address} -p {self.port} "
                   f"-c unix_socket_directories={self.root} -c fsync=off")
        self.as_postgres(f"{self.bin_dir}/pg_ctl", "-D", self.data, "-l", os.path.join(self.root, "server.log"),
                         "-o", options, "-w", "-t", str(START_SECONDS), "start")
        self.started = True
        self.as_postgres(f"{self.bin_dir}/createdb", "-h", self.root, "-p", str(self.port), "-U", "postgres", "scores")

    def url(self):
        return f"postgres://postgres@{self.listen_address}:{self.port}/scores?sslmode=disable"

    def stop(self):
        if self.started:
            run("runuser", "-u", "postgres", "--", f"{self.bin_dir}/pg_ctl", "-D", self.data, "-m", "immediate",
                "-w", "stop", check=False)
        shutil.rmtree(self.root, ignore_errors=True)


@pytest.fixture(scope="module")
def several_hosts(tmp_path_factory, webapp_binary):
    """One cluster, three hosts and nginx for the module's tests (each uses names of its own)."""
    tmp_path = tmp_path_factory.mktemp("several-hosts")
    bin_dir = postgres_bin()
    if bin_dir is None:
        pytest.skip("PostgreSQL's server binaries are not installed (/usr/lib/postgresql/*/bin/initdb); "
                    "`make deployment-deps` installs Debian's postgresql")
    assert os.geteuid() == 0, "network namespaces need root (ip netns add)"
    assert shutil.which("ip"), "iproute2's `ip` is missing: `make deployment-deps` installs it"
    network = Network()
    postgres = None
    hosts = []
    proxy = None
    try:
        network.create()
        postgres = Postgres(bin_dir, network.gateway)
        postgres.start()
        # Host 1 plays the live match (a goal every 0.2 s); hosts 2 and 3 play none, so a
        # refresh they show came from host 1 through PostgreSQL. Host 3 asks PostgreSQL whether
        # a session is active on every request (hosts 1 and 2 keep the demo's 2 s), so a
        # sign-out elsewhere must hold there at once.
        arguments = [["--live-goal-interval", "0.2"], ["--live-goal-interval", "0"],
                     ["--live-goal-interval", "0", "--session-check-interval", "0"]]
        hosts = [Webapp(webapp_binary, f"host{index + 1}", postgres.url(), tmp_path, host=address, port=WEBAPP_PORT,
                        namespace=namespace, arguments=arguments[index])
                 for index, (namespace, address) in enumerate(zip(network.namespaces, network.addresses))]
        for host in hosts:
            host.start()
        # Through nginx: one port per host (the test chooses), and one spreading over all three.
        proxy = Proxy(tmp_path, hosts)
        proxy.start()
        yield hosts, proxy.urls, proxy.url
    finally:
        if proxy is not None:
            proxy.stop()
        for host in hosts:
            host.kill()
        if postgres is not None:
            postgres.stop()
        network.remove()


def refresh_seen(address, key, timeout=20):
    """Opens the page event stream for `key` on `address` and reads (bounded by the socket's
    timeout, no sleeps) until a refresh event arrives: whether one did."""
    with socket.create_connection((address, WEBAPP_PORT), timeout=timeout) as stream:
        stream.sendall(f"GET /_webrouter/events?key={urllib.parse.quote(key)} HTTP/1.1\r\n"
                       f"Host: {address}\r\nAccept: text/event-stream\r\n\r\n".encode())
        data = b""
        while b"event: refresh" not in data:
            try:
                chunk = stream.recv(4096)
            except socket.timeout:
                return False
            if not chunk:
                return False
            data += chunk
        assert b" 200 " in data.split(b"\r\n", 1)[0], data[:200]
        return True


def test_accounts_cross_three_hosts_and_survive_restarts(several_hosts):
    hosts, through, proxy = several_hosts
    host1, host2, host3 = through

    status, url, page = Visitor().register(host1, "ada", "engine", "Ada")
    assert screen(page) == "Feed", f"registration on host 1 failed: {status} {url}"

    visitor = Visitor()
    status, url, page = visitor.sign_in(host2, "ada", "engine")
    assert screen(page) == "Feed", f"the account registered on host 1 does not sign in on host 2: {status}"

    # The same browser (its session cookie) edits on host 3: the session started on host 2 is
    # known there, and the edit is saved in PostgreSQL.
    status, url, page = visitor.submit(host3, "/dashboard/~edit/name", "save-name", {"display_name": "Ada Lovelace"})
    status, url, page = visitor.submit(host3, urllib.parse.urlsplit(url).path, "save-team", {"favourite_team": "5"})
    status, url, page = visitor.submit(host3, urllib.parse.urlsplit(url).path, "save", {})
    assert screen(page) == "Dashboard" and "Ada Lovelace" in page, f"the edit on host 3 was not saved: {status}"
    status, url, page = visitor.get(host1 + "/messages/~settings/account")
    assert screen(page) == "AccountInfo" and "Ada Lovelace" in page, "host 1 does not show the edit made on host 3"

    for host in hosts:
        host.stop()
    for host in hosts:
        host.start()

    status, url, page = visitor.get(host2 + "/dashboard")
    assert screen(page) == "Dashboard" and "Ada Lovelace" in page, "the session did not survive the restarts"
    again = Visitor()
    status, url, page = again.sign_in(proxy, "ada", "engine")
    assert screen(page) == "Feed", "the account did not survive a restart of all three hosts"
    status, url, page = again.get(host3 + "/dashboard")
    assert "Ada Lovelace" in page, "the edited profile did not survive the restarts"
    status, url, page = Visitor().sign_in(host2, "demo", "demo")
    assert screen(page) == "Feed", "the seeded demo account is there (migrations ran once)"


def test_a_refresh_on_host_1_reaches_a_page_open_on_host_2(several_hosts):
    hosts, through, proxy = several_hosts
    # The feed lists live scores (key "scores"); only host 1 plays the match.
    assert refresh_seen(hosts[1].host, "scores"), \
        "no refresh reached host 2's event stream within 20 s: host 1's signals do not cross PostgreSQL"
    assert refresh_seen(hosts[2].host, "scores"), "nor host 3's"


def test_one_name_registered_at_once_on_two_hosts_gives_one_account(several_hosts):
    hosts, through, proxy = several_hosts
    winner = register_at_once(through[:2], "race", ["pass-0", "pass-1"])
    status, url, page = Visitor().sign_in(through[2], "race", f"pass-{winner}")
    assert screen(page) == "Feed", "the winner's account signs in on the third host"


def test_a_sign_out_on_host_1_ends_the_session_on_the_others(several_hosts):
    """Host 3 served the session before the sign-out and asks PostgreSQL on every request; host 2
    (the demo's 2 s) never saw it. The browser, and a copy of its cookie taken before the sign-out
    (another device, a copied cookie), are signed out on all three."""
    hosts, through, proxy = several_hosts
    host1, host2, host3 = through
    visitor = Visitor()
    status, url, page = visitor.register(host1, "grace", "hopper", "Grace")
    assert screen(page) == "Feed", f"registration on host 1 failed: {status} {url}"
    assert visitor.is_signed_in(host3), "the session started on host 1 is not known on host 3"
    copy = visitor.copy()

    status, url, page = visitor.sign_out(host1)
    assert screen(page) == "Welcome", f"sign-out on host 1 answered {status} {url}"
    for number, base in enumerate(through, start=1):
        assert not visitor.is_signed_in(base), f"the browser is still signed in on host {number}"
        # A fresh copy each time: a host that refuses the cookie also clears it.
        assert not copy.copy().is_signed_in(base), f"a copy of the cookie taken before the sign-out still signs in on host {number}"
