"""Emptying the test database after a transactional test (and after a served module), as Django's
TransactionTestCase does: one TRUNCATE of every table. Django's ``flush`` empties the content types and the
permissions too, then creates the same rows again from the installed models (its post_migrate signal: queries
per app, which took longer than the TRUNCATE). Here those two tables are kept when they hold exactly the rows
that signal would write (checked each time: two queries); otherwise Django's own flush runs.

A pytest plugin (tests/conftest.py loads it): TransactionTestCase's teardown, which pytest-django's
``transactional_db`` and ``live_server`` use, empties the database this way.
"""

from __future__ import annotations

import functools

import pytest
from django.apps import apps
from django.core.management import call_command
from django.core.management.color import no_style
from django.db import connections
from django.test import TransactionTestCase

_DJANGO_TEARDOWN = TransactionTestCase._fixture_teardown  # type: ignore[attr-defined]


@functools.cache
def _post_migrate_rows() -> tuple[set[tuple[str, str]], set[tuple[str, str, str]]]:
    """The content types and permissions Django's post_migrate signal creates for the installed models."""
    from django.contrib.auth import get_permission_codename

    types: set[tuple[str, str]] = set()
    permissions: set[tuple[str, str, str]] = set()
    for model in apps.get_models():
        opts = model._meta
        types.add((opts.app_label, str(opts.model_name)))
        codenames = [get_permission_codename(action, opts) for action in opts.default_permissions]
        permissions |= {(opts.app_label, str(opts.model_name), codename)
                        for codename in [*codenames, *(codename for codename, _ in opts.permissions)]}
    return types, permissions


def _post_migrate_rows_intact(alias: str) -> bool:
    """Whether the content types and permissions are exactly those post_migrate would create (no more, none
    fewer, none twice)."""
    from django.contrib.auth.models import Permission
    from django.contrib.contenttypes.models import ContentType

    types, permissions = _post_migrate_rows()
    found_types = list(ContentType.objects.using(alias).values_list("app_label", "model"))
    found_permissions = list(Permission.objects.using(alias).values_list(
        "content_type__app_label", "content_type__model", "codename"))
    return (len(found_types) == len(types) and set(found_types) == types
            and len(found_permissions) == len(permissions) and set(found_permissions) == permissions)


def flush_database(alias: str) -> None:
    """Empty every table of database ``alias`` as Django's ``flush`` does (post_migrate's rows present after it),
    keeping the content types and permissions when they are intact."""
    from django.contrib.auth.models import Permission
    from django.contrib.contenttypes.models import ContentType

    if not _post_migrate_rows_intact(alias):
        call_command("flush", verbosity=0, interactive=False, database=alias, reset_sequences=False,
                     allow_cascade=False, inhibit_post_migrate=False)
        return
    connection = connections[alias]
    kept = {ContentType._meta.db_table, Permission._meta.db_table}
    tables = [table for table in connection.introspection.django_table_names(only_existing=True, include_views=False)
              if table not in kept]
    connection.ops.execute_sql_flush(connection.ops.sql_flush(no_style(), tables, reset_sequences=False,
                                                              allow_cascade=False))


def _fixture_teardown(self: TransactionTestCase) -> None:
    """TransactionTestCase's teardown with ``flush_database``; a test case that flushes only some apps or
    restores serialized contents gets Django's own."""
    if self.available_apps is not None or self.serialized_rollback:
        _DJANGO_TEARDOWN(self)
        return
    for alias in self._databases_names(include_mirrors=False):  # type: ignore[attr-defined]
        flush_database(alias)


def pytest_configure(config: pytest.Config) -> None:
    setattr(TransactionTestCase, "_fixture_teardown", _fixture_teardown)  # noqa: B010


def pytest_unconfigure(config: pytest.Config) -> None:
    setattr(TransactionTestCase, "_fixture_teardown", _DJANGO_TEARDOWN)  # noqa: B010

