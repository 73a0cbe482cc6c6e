"""Graceful shutdown under load: SIGTERM while clients keep sending requests. Every response
that starts arrives whole (no request cut mid-response), later ones are refused, and the
process exits with status 0.
"""

import http.client
import signal
import socket
import threading

from processes import Webapp

CLIENTS = 16


def test_sigterm_under_load_finishes_responses_and_exits_0(tmp_path, webapp_binary):
    webapp = Webapp(webapp_binary, "graceful", tmp_path / "webapp.sqlite", tmp_path)
    webapp.start()
    process, port, log = webapp.process, webapp.port, webapp.log

    complete, cut, refused = [0] * CLIENTS, [0] * CLIENTS, [0] * CLIENTS
    enough = threading.Barrier(CLIENTS + 1)   # every client has had answers before the signal

    def client(index: int) -> None:
        connection = None
        announced = False
        while True:
            try:
                if connection is None:
                    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                connection.request("GET", "/launch" if index % 2 else "/welcome/~login")
                response = connection.getresponse()
                body = response.read()   # raises IncompleteRead on a cut body
                if response.status == 200 and len(body) == int(response.getheader("Content-Length")):
                    complete[index] += 1
                else:
                    cut[index] += 1
                if complete[index] >= 20 and not announced:
                    announced = True
                    enough.wait()
            except http.client.IncompleteRead:
                cut[index] += 1
                return
            except (ConnectionError, http.client.RemoteDisconnected, http.client.BadStatusLine, socket.timeout, OSError):
                # Refused, or closed between two requests: no response had started.
                refused[index] += 1
                if connection is not None:
                    connection.close()
                    connection = None
                if process.poll() is not None or refused[index] > 1000:
                    if not announced:
                        enough.abort()
                    return

    threads = [threading.Thread(target=client, args=(index,)) for index in range(CLIENTS)]
    for thread in threads:
        thread.start()
    enough.wait(timeout=60)
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=30) == 0, log.read_text()
    for thread in threads:
        thread.join(timeout=30)
    assert sum(cut) == 0, f"responses cut mid-way: {cut}"
    assert sum(complete) >= CLIENTS * 20
    assert "shutting down" in log.read_text()
