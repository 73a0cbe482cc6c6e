"""The deployment suite's fixtures: the `webapp` binary under test (WEBAPP_BIN, which
`make deployment-test` passes) and two instances on one host sharing one SQLite file and one
secret behind nginx (test_scale_out.py, test_shared_accounts.py). The processes themselves are in
processes.py, the browser in visitor.py.
"""

import os

import pytest

from processes import Proxy, Webapp


def pytest_configure(config):
    config.addinivalue_line("markers", "instance_arguments(a=[], b=[]): extra `webapp serve` arguments of "
                                       "instance A or B of the two_instances fixture")


@pytest.fixture(scope="session")
def webapp_binary():
    binary = os.environ.get("WEBAPP_BIN")
    if not binary or not os.access(binary, os.X_OK):
        pytest.exit("WEBAPP_BIN must name the built webapp binary (run `make deployment-test`)", returncode=2)
    return binary


@pytest.fixture
def two_instances(request, tmp_path, webapp_binary):
    """Instances A and B of `webapp serve`, one SQLite file (WAL) under tmp_path, one secret,
    behind nginx: yields ((A, B), nginx). A test's `instance_arguments` marker adds arguments."""
    marker = request.node.get_closest_marker("instance_arguments")
    arguments = marker.kwargs if marker else {}
    database = tmp_path / "data" / "webapp.sqlite"
    database.parent.mkdir()
    instances = [Webapp(webapp_binary, name, database, tmp_path, arguments=arguments.get(name, ()))
                 for name in ("a", "b")]
    proxy = Proxy(tmp_path, instances)
    try:
        for instance in instances:
            instance.start()
        proxy.start()
        yield instances, proxy
    finally:
        proxy.stop()
        for instance in instances:
            instance.stop()
