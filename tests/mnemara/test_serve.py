"""uvicorn's settings as ``python -m server.runtime.serve`` gives them (server/runtime/serve.py)."""

from __future__ import annotations

import argparse

from server.runtime.serve import server_options

ARGS = argparse.Namespace(host="127.0.0.1", port=8000, workers=2, limit_concurrency=1000, graceful_seconds=15)


def test_it_believes_no_forwarded_header_unless_proxies_are_named() -> None:
    options = server_options(ARGS, {})
    assert (options["proxy_headers"], options["forwarded_allow_ips"]) == (False, "")
    assert server_options(ARGS, {"MNEMARA_FORWARDED_ALLOW_IPS": "  "})["proxy_headers"] is False


def test_it_believes_the_named_proxies() -> None:
    options = server_options(ARGS, {"MNEMARA_FORWARDED_ALLOW_IPS": "10.0.0.5,10.1.0.0/16"})
    assert (options["proxy_headers"], options["forwarded_allow_ips"]) == (True, "10.0.0.5,10.1.0.0/16")
