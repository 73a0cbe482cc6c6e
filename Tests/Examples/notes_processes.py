#!/usr/bin/env python3
"""The Notes example across processes, as deployed: two `Notes serve` processes started on one
SQLite file see each other's writes, a page open on one is told to refresh (its event stream)
when the other writes, and the notes and the account outlive both processes (a third, started
on the file afterwards, shows them). Forms are read from the JSON page state
(`Accept: application/json`), so their hidden fields (the CSRF token) are sent as a browser
would. `make example-test` runs it on the example's debug binary:

    python3 Tests/Examples/notes_processes.py Examples/Notes/.build/debug/Notes
"""
import http.client
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import urllib.parse

PASSWORD = "correct horse"


class Failure(Exception):
    pass


class Browser:
    """One person's browser on one instance: its cookies, no automatic redirects."""

    def __init__(self, base):
        parsed = urllib.parse.urlsplit(base)
        self.host, self.port = parsed.hostname, parsed.port
        self.cookies = {}

    def request(self, method, path, body=None, accept="text/html"):
        connection = http.client.HTTPConnection(self.host, self.port, timeout=30)
        headers = {"Accept": accept}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        data = response.read()
        for header in response.headers.get_all("Set-Cookie") or []:
            pair = header.split(";", 1)[0]
            name, _, value = pair.partition("=")
            if value == "" or re.search(r"(?i)max-age=0\b", header):
                self.cookies.pop(name.strip(), None)
            else:
                self.cookies[name.strip()] = value
        connection.close()
        return response.status, response.headers, data

    def go(self, method, path, body=None, accept="text/html"):
        """The request, then its redirects (303 or 302), as a browser follows them."""
        for _ in range(5):
            status, headers, data = self.request(method, path, body, accept)
            if status in (301, 302, 303) and headers.get("Location"):
                method, path, body = "GET", headers["Location"], None
                continue
            return status, path, data
        raise Failure(f"too many redirects from {path}")

    def state(self, path):
        status, url, data = self.go("GET", path, accept="application/json")
        return status, url, json.loads(data)

    def submit(self, path, button, fields):
        """Opens `path`, fills the form whose submit button is `button` by label, and submits it."""
        _, _, state = self.state(path)
        forms = [form for form in state["forms"] if any(b["label"] == button for b in form["buttons"])]
        if not forms:
            raise Failure(f"{path} has no form with a {button!r} button: {state['forms']}")
        form = forms[0]
        values = [(field["name"], field.get("value") or "") for field in form["fields"]]
        for label, value in fields.items():
            names = [field["name"] for field in form["fields"] if field.get("label") == label]
            if not names:
                raise Failure(f"{path}: no field labelled {label!r}")
            values = [(name, value if name == names[0] else old) for name, old in values]
        for b in form["buttons"]:
            if b["label"] == button and b.get("name"):
                values.append((b["name"], b.get("value") or ""))
        status, url, data = self.go("POST", form["action"], urllib.parse.urlencode(values))
        return status, url, data.decode()

    def sign_in(self, username):
        return self.submit("/home/~sign-in", "Sign in", {"Username": username, "Password": PASSWORD})

    def add_note(self, title):
        status, url, _ = self.submit("/notes/~compose", "Save", {"Title": title, "Tag": "home"})
        if status != 200 or not url.startswith("/notes/note/"):
            raise Failure(f"saving {title!r} ended at {status} {url}")

    def note_titles(self):
        status, url, state = self.state("/notes")
        if status != 200 or state.get("screen") != "Notes":
            raise Failure(f"/notes → {status} {url}, screen {state.get('screen')}")
        return [link["name"] for link in state["links"] if link["href"].startswith("/notes/note/")]

    def open_events(self, path):
        """The event stream the page at `path` names (its `webrouter-events` meta), opened."""
        _, _, data = self.go("GET", path)
        match = re.search(r'<meta name="webrouter-events" content="([^"]+)"', data.decode())
        if not match:
            raise Failure(f"{path} names no event stream")
        connection = http.client.HTTPConnection(self.host, self.port, timeout=30)
        cookie = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        connection.request("GET", match.group(1).replace("&amp;", "&"),
                           headers={"Accept": "text/event-stream", "Cookie": cookie})
        response = connection.getresponse()
        if response.status != 200:
            raise Failure(f"the event stream answered {response.status}")
        return connection, response


def next_event(response, name):
    """The data of the next event called `name` (blocking; the socket's timeout bounds it)."""
    event, data = None, []
    while True:
        line = response.fp.readline()
        if not line:
            raise Failure(f"the event stream ended before a {name!r} event")
        line = line.decode().rstrip("\r\n")
        if line == "":
            if event == name:
                return data
            event, data = None, []
        elif line.startswith("event:"):
            event = line[6:].strip()
        elif line.startswith("data:"):
            data.append(line[5:].strip())


class Instance:
    """`Notes serve --port 0 --database <file>`, until stopped with SIGTERM."""

    def __init__(self, binary, database, cwd):
        env = dict(os.environ, WEBROUTER_SECRET="notes processes test secret, 32+ characters")
        self.process = subprocess.Popen([binary, "serve", "--port", "0", "--database", database, "--no-access-log"],
                                        cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        seen, deadline = [], time.monotonic() + 60
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                break
            seen.append(line)
            match = re.search(r"listening on (http://[^\s]+)", line)
            if match:
                self.base = match.group(1).rstrip("/")
                return
        self.stop()
        raise Failure("Notes never said where it listens:\n" + "".join(seen))

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                raise Failure("Notes did not stop on SIGTERM")


def main() -> int:
    binary = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory() as directory:
        database = os.path.join(directory, "notes.sqlite")
        a = Instance(binary, database, directory)
        b = None
        try:
            b = Instance(binary, database, directory)
            on_a, on_b = Browser(a.base), Browser(b.base)
            status, url, _ = on_a.submit("/home/~register", "Create account",
                                         {"Username": "ada", "Password": PASSWORD, "Password again": PASSWORD})
            if url != "/notes":
                raise Failure(f"registering on A ended at {status} {url}")
            on_a.add_note("Written on A")

            # B signs in with the account made on A and sees A's note.
            status, url, _ = on_b.sign_in("ada")
            if url != "/notes":
                raise Failure(f"signing in on B ended at {status} {url}")
            if on_b.note_titles() != ["Written on A"]:
                raise Failure(f"B lists {on_b.note_titles()}")

            # B's open notes page is told to refresh when A writes.
            connection, stream = on_b.open_events("/notes")
            on_a.add_note("Second on A")
            data = next_event(stream, "refresh")
            connection.close()
            if "note" not in data:
                raise Failure(f"B's refresh named {data}, not note")
            if on_b.note_titles() != ["Second on A", "Written on A"]:
                raise Failure(f"after the refresh B lists {on_b.note_titles()}")
            print("notes_processes: two processes on one file: B sees A's notes, and its open page refreshed when A wrote")
        finally:
            a.stop()
            if b:
                b.stop()

        # Both stopped: a new process on the file has the account and the notes.
        c = Instance(binary, database, directory)
        try:
            on_c = Browser(c.base)
            on_c.sign_in("ada")
            if on_c.note_titles() != ["Second on A", "Written on A"]:
                raise Failure(f"after the restart the notes are {on_c.note_titles()}")
            print("notes_processes: after a restart the account and its notes are there")
        finally:
            c.stop()
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (Failure, OSError) as failure:   # OSError: a socket timed out (no refresh came, say)
        print(f"notes_processes: {failure!r}" if isinstance(failure, OSError) else f"notes_processes: {failure}",
              file=sys.stderr)
        sys.exit(1)
