"""The processes of the deployment suite: `webapp` instances (on loopback, or inside a network
namespace) and nginx in front of them, each started on a free port, waited for without sleeps
(bounded polling of the port) and stopped even when a step fails.
"""

import os
import shutil
import socket
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SECRET = "scale-out-secret-shared-by-both-instances-0123"
START_SECONDS = 30


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until_listening(process, port: int, what: str, host: str = "127.0.0.1") -> None:
    """Polls host:port (bounded) until it accepts a connection; fails if the process exits."""
    for _ in range(int(START_SECONDS / 0.1)):
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited with {process.returncode} before listening")
        try:
            with socket.create_connection((host, port), timeout=0.5):
                return
        except OSError:
            try:
                process.wait(timeout=0.1)
            except subprocess.TimeoutExpired:
                pass
    raise RuntimeError(f"{what} did not listen on {host}:{port} within {START_SECONDS}s")


def end(process, signal=subprocess.Popen.terminate) -> None:
    """Sends `process`, when it is still running, `signal` (`Popen.terminate` or `Popen.kill`)
    and waits for it to exit (10 s at most)."""
    if process is not None and process.poll() is None:
        signal(process)
        process.wait(timeout=10)


class Webapp:
    """One `webapp serve` with `--database database` and the shared secret, on `host` (and, with
    `namespace`, inside that network namespace); restartable. Each start logs to a file of its
    own under `tmp_path` (`log`)."""

    def __init__(self, binary, name, database, tmp_path, host="127.0.0.1", port=None, namespace=None,
                 arguments=()):
        self.binary, self.name, self.database, self.tmp_path = binary, name, str(database), tmp_path
        self.host, self.port = host, port or free_port()
        self.namespace, self.arguments = namespace, list(arguments)
        self.process = None
        self.log = None
        self.starts = 0

    def start(self):
        self.starts += 1
        self.log = self.tmp_path / f"webapp-{self.name}-{self.starts}.log"
        inside = ["ip", "netns", "exec", self.namespace] if self.namespace else []
        with self.log.open("wb") as output:
            self.process = subprocess.Popen(
                inside + [self.binary, "serve", "--host", self.host, "--port", str(self.port),
                          "--public", str(REPO / "Public"), "--database", self.database] + self.arguments,
                cwd=self.tmp_path, env=dict(os.environ, WEBROUTER_SECRET=SECRET),
                stdout=output, stderr=subprocess.STDOUT)
        wait_until_listening(self.process, self.port, f"webapp {self.name}", host=self.host)

    def stop(self):
        """SIGTERM; the process must exit with status 0 (killed, and failing, after 15 s)."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                code = self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                end(self.process, subprocess.Popen.kill)
                raise
            assert code == 0, f"webapp {self.name} stopped with {code}"

    def kill(self):
        end(self.process, subprocess.Popen.kill)

    @property
    def url(self):
        return f"http://{self.host}:{self.port}"


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
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    upstream webapp {{
{upstreams}
    }}
    server {{ listen 127.0.0.1:{port}; location / {{ proxy_pass http://webapp; }} }}
{servers}
}}
"""


class Proxy:
    """nginx on loopback in front of `instances` (each with `host` and `port`): `url` spreads
    requests round-robin over all of them; `urls` has one port per instance, in order, so a
    test picks the instance its request reaches."""

    def __init__(self, tmp_path, instances):
        self.prefix = tmp_path / "nginx"
        self.targets = [(instance.host, instance.port) for instance in instances]
        self.port = free_port()
        self.ports = [free_port() for _ in self.targets]
        self.process = None

    def start(self):
        self.prefix.mkdir()
        conf = self.prefix / "nginx.conf"
        conf.write_text(NGINX_CONF.format(
            prefix=self.prefix, port=self.port,
            upstreams="\n".join(f"        server {host}:{port};" for host, port in self.targets),
            servers="\n".join(f"    server {{ listen 127.0.0.1:{listen}; location / {{ proxy_pass http://{host}:{port}; }} }}"
                              for listen, (host, port) in zip(self.ports, self.targets))))
        nginx = shutil.which("nginx") or "/usr/sbin/nginx"
        self.process = subprocess.Popen([nginx, "-c", str(conf), "-p", str(self.prefix), "-g", "daemon off;"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        for port in [self.port] + self.ports:
            wait_until_listening(self.process, port, "nginx")

    def stop(self):
        end(self.process)

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"

    @property
    def urls(self):
        return [f"http://127.0.0.1:{port}" for port in self.ports]
