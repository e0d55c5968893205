"""Django's system checks pass without a warning: `make run` prints whatever they find before the server
starts, so a warning there is the first thing a new user sees."""

from django.core import checks


def test_system_checks_find_nothing() -> None:
    found = checks.run_checks(include_deployment_checks=False)
    assert [f"{message.id}: {message.msg}" for message in found] == []
