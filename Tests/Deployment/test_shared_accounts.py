"""What users write is shared: two `webapp` instances on one host, one SQLite file (WAL), one
secret, behind nginx. An account registered through one instance signs in through the other, a
profile edited through the second reads back through the first, both survive a restart of both,
two simultaneous registrations of one name (one per instance) give exactly one account and
one "This username is taken." form error, and a sign-out through one instance ends the session
through the other too, even for a copy of the cookie.

Run by `make deployment-test` (part of `make test`), which passes the binary in WEBAPP_BIN. Each
test's database lives under pytest's temporary directory.
"""

import urllib.parse
from pathlib import Path

import pytest

from visitor import Visitor, register_at_once, screen


def test_accounts_and_edits_cross_instances_and_survive_restarts(two_instances):
    (a, b), nginx = two_instances
    proxy = nginx.url

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
    assert Path(a.database).exists()

    again = Visitor()
    status, url, page = again.sign_in(proxy, "ada", "engine")
    assert screen(page) == "Feed", "the account did not survive a restart of both instances"
    status, url, page = again.get(proxy + "/dashboard")
    assert "Ada Lovelace" in page
    status, url, page = Visitor().sign_in(proxy, "demo", "demo")
    assert screen(page) == "Feed", "the seeded demo account is still there"


def test_one_name_registered_at_once_on_both_instances_gives_one_account(two_instances):
    (a, b), nginx = two_instances
    proxy = nginx.url
    passwords = ["first-pass", "second-pass"]
    winner = register_at_once([a.url, b.url], "race", passwords)

    status, url, page = Visitor().sign_in(proxy, "race", passwords[winner])
    assert screen(page) == "Feed", "the winner's account signs in"
    status, url, page = Visitor().sign_in(proxy, "race", passwords[1 - winner])
    assert status == 422 and "Wrong username or password." in page, "the loser's password was not stored"


@pytest.mark.instance_arguments(b=["--session-check-interval", "0"])
def test_a_sign_out_through_one_instance_ends_the_session_through_the_other(two_instances):
    """B served the session before the sign-out through A. B asks the database on every request
    here (with the demo's 2 s it may trust its last answer that long), so it must see the ended
    session at once: the browser, and a copy of its cookie taken before (another device, a
    copied cookie), are signed out through both."""
    (a, b), nginx = two_instances
    visitor = Visitor()
    status, url, page = visitor.sign_in(a.url, "demo", "demo")
    assert screen(page) == "Feed", f"sign-in through A answered {status}"
    assert visitor.is_signed_in(b.url), "the session started through A is not known through B"
    copy = visitor.copy()

    status, url, page = visitor.sign_out(a.url)
    assert screen(page) == "Welcome", f"sign-out through A answered {status} {url}"
    for instance in (a, b):
        assert not visitor.is_signed_in(instance.url), f"the browser is still signed in through {instance.name}"
        # A fresh copy each time: an instance that refuses the cookie also clears it.
        assert not copy.copy().is_signed_in(instance.url), \
            f"a copy of the cookie taken before the sign-out still signs in through {instance.name}"
