"""Scale-out: two `webapp` instances with one secret behind nginx (round-robin on loopback)
serve one signed-in visitor interchangeably, because all state lives in the URL and in signed
cookies. The test signs in through nginx, walks a deep link, submits a form, and checks that
both instances served part of it.

Run by `make deployment-test` (part of `make test`), which passes the binary in WEBAPP_BIN.
"""

from visitor import Visitor, screen


def test_two_instances_serve_one_signed_in_visitor_interchangeably(two_instances):
    instances, proxy = two_instances
    base = proxy.url
    visitor = Visitor()

    # Sign in: the form comes from one instance, the POST may land on the other.
    status, url, page = visitor.submit(base, "/welcome/~login?next=/feed/tournament/5/match/12", "sign-in",
                                       {"username": "demo", "password": "demo"})
    assert url.endswith("/feed/tournament/5/match/12") and screen(page) == "Match", f"sign-in answered {status}"

    # A deep link and a walk through the tree, each request to whichever instance nginx picks.
    for path, expected in [("/search/~user/7/team/3", "Team"), ("/dashboard/league/2/tournament/5/match/12", "Match"),
                           ("/messages/~settings/change-password", "ChangePassword"), ("/feed", "Feed")]:
        status, url, page = visitor.get(base + path)
        assert screen(page) == expected, f"{path} showed {screen(page)} (signed out?)"

    # A form: the search filter's Apply closes the sheet with the filter in the URL.
    status, url, page = visitor.submit(base, "/search/~filter?q=united", "apply", {"kind": "teams"})
    assert screen(page) == "Search" and "q=united" in url and "kind=teams" in url

    served = [sum(1 for line in instance.log.read_text().splitlines() if " 200 " in line or " 303 " in line)
              for instance in instances]
    assert all(count > 0 for count in served), f"requests per instance: {served}"
