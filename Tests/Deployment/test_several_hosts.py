"""Several hosts (issue 35): three `webapp` instances, each in a network namespace of its own
(a veth pair on one bridge, its own address 10.77.N.11–13), sharing one PostgreSQL server and one
secret, behind nginx in the root namespace. Everything the demo keeps goes through the framework
(issue 42): accounts and sessions through WebRouterAccounts' PostgreSQL storage, profiles as
records of WebRouterStore's PostgreSQL store, and the test checks that in the database itself
(the store's `profiles` table and its `webrouter_migration` history, no table of the demo's own).

Nothing is lost across a restart of all three hosts: one person registers on each host (an
account and a profile record written there), each profile is edited on another host than its
own (a record written on one host, read and changed on the next) and read back on all three;
then all three stop and start again, and every account signs in anew, every browser's session
is still signed in on every host, every profile reads back everywhere as last saved, the seeded
demo account is there once, and a session signed out before the restart stays signed out.
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

    def query(self, sql):
        """The rows of `sql` on the `scores` database, as lists of column texts (psql over the socket)."""
        output = self.as_postgres(f"{self.bin_dir}/psql", "-h", self.root, "-p", str(self.port), "-U", "postgres",
                                  "-d", "scores", "-X", "-A", "-t", "-F", "\t", "-v", "ON_ERROR_STOP=1", "-c", sql).stdout
        return [line.split("\t") for line in output.splitlines() if line]

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
        yield hosts, proxy.urls, proxy.url, postgres
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


def edit_profile(visitor, base, display_name, team):
    """The Dashboard's three-step edit (name, team, save) on `base`; answers the page it ends on."""
    visitor.submit(base, "/dashboard/~edit/name", "save-name", {"display_name": display_name})
    visitor.submit(base, "/dashboard/~edit/team", "save-team", {"favourite_team": str(team)})
    return visitor.submit(base, "/dashboard/~edit/confirm", "save", {})


def account_page(visitor, base):
    """The signed-in account's page on `base` (username, display name, team), or fails."""
    status, url, page = visitor.get(base + "/messages/~settings/account")
    assert screen(page) == "AccountInfo", f"{base} answered {status} {screen(page)} for the account page"
    return page


def test_nothing_the_demo_stores_is_lost_across_a_restart_of_all_three_hosts(several_hosts):
    hosts, through, proxy, postgres = several_hosts
    people = [("ada", "engine", "Ada"), ("alan", "turing", "Alan"), ("edsger", "dijkstra", "Edsger")]
    browsers = []
    for number, (base, (username, password, name)) in enumerate(zip(through, people), start=1):
        visitor = Visitor()
        status, url, page = visitor.register(base, username, password, name)
        assert screen(page) == "Feed", f"registration of {username} on host {number} failed: {status} {url}"
        browsers.append(visitor)

    # Each profile record is read and changed on the next host: the same browser (its session
    # cookie, started where it registered) is known there, and the edit is one store transaction.
    expected = {}
    for index, (visitor, (username, _, name)) in enumerate(zip(browsers, people)):
        edited, team = f"{name} Edited", 2 + index
        status, url, page = edit_profile(visitor, through[(index + 1) % len(through)], edited, team)
        assert screen(page) == "Dashboard" and edited in page, f"the edit of {username} on host {(index + 1) % 3 + 1} was not saved: {status}"
        expected[username] = edited

    # A session that must not survive: Barbara registers on host 3 (which asks PostgreSQL on
    # every request; host 2 keeps the demo's 2 s, and must never have seen her session), a copy
    # of her cookie is taken, and she signs out on host 1.
    barbara = Visitor()
    status, url, page = barbara.register(through[2], "barbara", "liskov", "Barbara")
    assert screen(page) == "Feed", f"registration of barbara on host 3 failed: {status} {url}"
    barbara_copy = barbara.copy()
    status, url, page = barbara.sign_out(through[0])
    assert screen(page) == "Welcome", f"sign-out on host 1 answered {status} {url}"

    def everything_reads_back(when):
        for visitor, (username, _, _) in zip(browsers, people):
            for number, base in enumerate(through, start=1):
                page = account_page(visitor, base)
                assert expected[username] in page, f"{when}: host {number} does not show {username}'s profile as saved"
        for number, base in enumerate(through, start=1):
            assert not barbara_copy.copy().is_signed_in(base), f"{when}: a signed-out session signs in on host {number}"

    everything_reads_back("before the restart")

    for host in hosts:
        host.stop()
    for host in hosts:
        host.start()

    everything_reads_back("after restarting all three hosts")   # sessions, profiles
    for number, (username, password, _) in enumerate(people, start=1):
        again = Visitor()
        status, url, page = again.sign_in(proxy, username, password)
        assert screen(page) == "Feed", f"{username}'s account did not survive a restart of all three hosts"
        assert expected[username] in account_page(again, through[number % len(through)]), \
            f"{username}'s profile does not read back on a fresh session after the restarts"
    status, url, page = Visitor().sign_in(through[1], "demo", "demo")
    assert screen(page) == "Feed", "the seeded demo account is there after the restarts"

    # In PostgreSQL itself: the accounts in WebRouterAccounts' tables, the profiles as records
    # of WebRouterStore (its table and migration history), and no table of the demo's own SQL.
    accounts = {row[0] for row in postgres.query("SELECT username FROM accounts")}
    assert {"ada", "alan", "barbara", "demo", "edsger"} <= accounts, accounts
    profiles = {row[0]: row[1] for row in postgres.query("SELECT id, display_name FROM profiles")}
    assert all(profiles.get(username) == name for username, name in expected.items()), profiles
    assert profiles.get("demo") == "Demo User" and profiles.get("barbara") == "Barbara", profiles
    migrations = [row[0] for row in postgres.query("SELECT name FROM webrouter_migration")]
    assert migrations == ["scores v2: profiles in the store"], migrations
    assert postgres.query("SELECT to_regclass('profile') IS NULL") == [["t"]], "the demo's own profile table exists"
    sessions = postgres.query("SELECT username, count(*) FROM account_sessions GROUP BY username ORDER BY username")
    assert "barbara" not in [row[0] for row in sessions], f"barbara's signed-out session is still recorded: {sessions}"


def test_a_refresh_on_host_1_reaches_a_page_open_on_host_2(several_hosts):
    hosts, through, proxy, _ = several_hosts
    # The feed lists live scores (key "scores"); only host 1 plays the match.
    assert refresh_seen(hosts[1].host, "scores"), \
        "no refresh reached host 2's event stream within 20 s: host 1's signals do not cross PostgreSQL"
    assert refresh_seen(hosts[2].host, "scores"), "nor host 3's"


def test_one_name_registered_at_once_on_two_hosts_gives_one_account(several_hosts):
    hosts, through, proxy, _ = several_hosts
    winner = register_at_once(through[:2], "race", ["pass-0", "pass-1"])
    status, url, page = Visitor().sign_in(through[2], "race", f"pass-{winner}")
    assert screen(page) == "Feed", "the winner's account signs in on the third host"


def test_a_sign_out_on_host_1_ends_the_session_on_the_others(several_hosts):
    """Host 3 served the session before the sign-out and asks PostgreSQL on every request; host 2
    (the demo's 2 s) never saw it. The browser, and a copy of its cookie taken before the sign-out
    (another device, a copied cookie), are signed out on all three."""
    hosts, through, proxy, _ = several_hosts
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
