"""Which addresses a webhook may reach: every IPv6 form that carries an IPv4 address is judged by that address
too, and a delivery connects to the address it checked (a resolver that changes its answer cannot redirect it)."""

from __future__ import annotations

import socket
from typing import Any

import pytest

from tests.webhooks.conftest import register, run_deliveries
from webhooks.delivery import LOOPBACK, PRIVATE, UNRESOLVED, url_refusal

pytestmark = pytest.mark.django_db

LOOPBACK_FORMS = [
    "::ffff:127.0.0.1",            # IPv4-mapped
    "::ffff:7f00:1",               # IPv4-mapped, hex
    "::127.0.0.1",                 # IPv4-compatible (deprecated)
    "::ffff:0:7f00:1",             # IPv4-translated (SIIT)
    "64:ff9b::7f00:1",             # NAT64, well-known prefix
    "64:ff9b::127.0.0.1",
    "64:ff9b:1:7f00:0:100::",      # NAT64, local-use prefix as a /48
    "64:ff9b:1::7f00:1",           # NAT64, local-use prefix as a /96
    "2002:7f00:1::",               # 6to4
    "2002:7f00:1:1::1",
    "2001:0:4136:e378:8000:63bf:80ff:fffe",  # Teredo, client 127.0.0.1
    "2001:db8:1::5efe:7f00:1",     # ISATAP interface id
    "2001:db8:1::200:5efe:7f00:1",
    "0.0.0.0", "0.1.2.3", "::",    # "this host": Linux connects them to the machine itself
]
PRIVATE_FORMS = [
    "::ffff:10.0.0.8", "::ffff:169.254.169.254", "64:ff9b::a9fe:a9fe", "64:ff9b::192.168.1.1",
    "64:ff9b:1:a00:0:800::", "2002:a00:8::", "2002:c0a8:101::1", "::10.0.0.8", "::ffff:0:a00:8",
    "2001:db8:1::5efe:a00:8",
]
GLOBAL_FORMS = ["8.8.8.8", "2606:4700:4700::1111", "64:ff9b::808:808", "64:ff9b::8.8.8.8", "2002:808:808::1"]


def literal(address: str) -> str:
    return f"http://[{address}]:8080/hooks" if ":" in address else f"http://{address}:8080/hooks"


@pytest.mark.parametrize("address", LOOPBACK_FORMS)
def test_it_refuses_every_form_of_a_loopback_address(address: str, settings: Any) -> None:
    settings.WEBHOOK_ALLOW_LOOPBACK = False
    settings.WEBHOOK_ALLOW_PRIVATE = True  # allowing private addresses never lets loopback through
    assert url_refusal(literal(address), resolve=False) == LOOPBACK
    settings.WEBHOOK_ALLOW_LOOPBACK = True
    assert url_refusal(literal(address), resolve=False) is None


@pytest.mark.parametrize("address", PRIVATE_FORMS)
def test_it_refuses_every_form_of_a_private_address(address: str, settings: Any) -> None:
    settings.WEBHOOK_ALLOW_LOOPBACK = True  # allowing loopback never lets private addresses through
    assert url_refusal(literal(address), resolve=False) == PRIVATE
    settings.WEBHOOK_ALLOW_PRIVATE = True
    assert url_refusal(literal(address), resolve=False) is None


@pytest.mark.parametrize("address", GLOBAL_FORMS)
def test_it_accepts_global_addresses_in_any_form(address: str) -> None:
    assert url_refusal(literal(address), resolve=False) is None


@pytest.mark.parametrize("address", ["64:ff9b::7f00:1", "2002:7f00:1::", "::ffff:127.0.0.1", "64:ff9b::a9fe:a9fe"])
def test_the_api_refuses_a_url_with_an_embedded_loopback_or_private_address(alice, address: str) -> None:
    response = alice.client.post("/api/v1/webhooks", {"url": literal(address), "events": ["memory.created"]},
                                 format="json")
    assert response.status_code == 400, response.content
    assert response.json()["error"]["fields"]["url"][0] in (LOOPBACK, PRIVATE)


def test_it_refuses_a_host_name_that_resolves_to_an_embedded_loopback_address(monkeypatch) -> None:
    def resolve(host: str, port: Any, *args: Any, **kwargs: Any) -> list[Any]:
        return [(socket.AF_INET6, socket.SOCK_STREAM, 6, "", ("64:ff9b::7f00:1", port, 0, 0))]

    monkeypatch.setattr(socket, "getaddrinfo", resolve)
    assert url_refusal("https://hooks.example.com/x", resolve=True) == LOOPBACK


def test_a_host_name_that_resolves_to_nothing_is_refused(monkeypatch) -> None:
    monkeypatch.setattr(socket, "getaddrinfo", lambda *args, **kwargs: [])
    assert url_refusal("https://hooks.example.com/x", resolve=True) == UNRESOLVED


class Rebinding:
    """A resolver that answers a public address once, then the loopback address where the receiver listens;
    and a network where only loopback connects (a public address is refused at once)."""

    def __init__(self) -> None:
        self.lookups = 0
        self.connected_to: list[str] = []
        self.real_create_connection = socket.create_connection

    def getaddrinfo(self, host: str, port: Any, *args: Any, **kwargs: Any) -> list[Any]:
        self.lookups += 1
        address = "93.184.215.14" if self.lookups == 1 else "127.0.0.1"
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (address, int(port)))]

    def create_connection(self, address: tuple[str, int], *args: Any, **kwargs: Any) -> socket.socket:
        self.connected_to.append(address[0])
        if address[0] == "93.184.215.14":
            raise ConnectionRefusedError(111, "Connection refused")
        return self.real_create_connection(address, *args, **kwargs)


def test_a_rebinding_resolver_cannot_make_a_delivery_reach_loopback(alice, receiver, fake_embedder, settings,
                                                                   monkeypatch) -> None:
    settings.WEBHOOK_ALLOW_LOOPBACK = False
    settings.WEBHOOK_RETRY_DELAYS = []
    port = receiver.url.split(":")[2].split("/")[0]
    hook = register(alice.client, f"http://rebind.example.com:{port}/hooks", ["memory.created"])
    rebinding = Rebinding()
    monkeypatch.setattr(socket, "getaddrinfo", rebinding.getaddrinfo)
    monkeypatch.setattr(socket, "create_connection", rebinding.create_connection)
    alice.client.post("/api/v1/memories", {"scope": "user/42", "content": "Likes hiking."}, format="json")

    run_deliveries()

    assert receiver.received == []
    assert set(rebinding.connected_to) == {"93.184.215.14"}
    [log] = alice.client.get(f"/api/v1/webhooks/{hook['id']}/deliveries").json()["results"]
    assert (log["status"], log["last_error"]) == ("failed", "connection_error: ConnectError")


def test_it_connects_to_the_checked_address_and_names_the_host(alice, receiver, fake_embedder, monkeypatch) -> None:
    port = receiver.url.split(":")[2].split("/")[0]
    register(alice.client, f"http://hooks.example.com:{port}/hooks?x=1", ["memory.created"])
    lookups: list[str] = []

    def resolve(host: str, port: Any, *args: Any, **kwargs: Any) -> list[Any]:
        lookups.append(host)
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.0.1", int(port)))]

    monkeypatch.setattr(socket, "getaddrinfo", resolve)
    alice.client.post("/api/v1/memories", {"scope": "user/42", "content": "Likes hiking."}, format="json")

    run_deliveries()

    [received] = receiver.received
    assert received.headers["host"] == f"hooks.example.com:{port}"
    assert lookups.count("hooks.example.com") == 1  # resolved once, where it was checked
    assert set(lookups) == {"hooks.example.com", "127.0.0.1"}  # then the connection goes to the address


@pytest.fixture
def tls_receiver(tmp_path, monkeypatch) -> Any:
    """An HTTPS receiver on loopback with a certificate for ``hooks.example.com`` only, trusted by this test's
    TLS contexts; it keeps the SNI name and the Host header of each request."""
    import datetime
    import ssl
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "hooks.example.com")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(hours=1))
            .not_valid_after(now + datetime.timedelta(hours=1))
            .add_extension(x509.SubjectAlternativeName([x509.DNSName("hooks.example.com")]), critical=False)
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .sign(key, hashes.SHA256()))
    cert_file, key_file = tmp_path / "cert.pem", tmp_path / "key.pem"
    cert_file.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    seen: dict[str, list[str]] = {"sni": [], "host": []}

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("content-length", 0)))
            seen["host"].append(self.headers["host"])
            self.send_response(200)
            self.send_header("content-length", "0")
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    server_context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    server_context.load_cert_chain(cert_file, key_file)
    server_context.sni_callback = lambda sock, sni, ctx: seen["sni"].append(sni)  # type: ignore[assignment,misc,func-returns-value]
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.socket = server_context.wrap_socket(server.socket, server_side=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    real_context = ssl.create_default_context

    def trusting_context(*args: Any, **kwargs: Any) -> ssl.SSLContext:
        context = real_context(*args, **kwargs)
        context.load_verify_locations(cert_file)
        return context

    monkeypatch.setattr(ssl, "create_default_context", trusting_context)
    yield server.server_address[1], seen
    server.shutdown()
    server.server_close()


def test_it_names_the_host_in_tls_when_it_connects_to_the_checked_address(alice, tls_receiver, fake_embedder,
                                                                          settings, monkeypatch) -> None:
    port, seen = tls_receiver
    settings.WEBHOOK_ALLOW_LOOPBACK = True
    hook = register(alice.client, f"https://hooks.example.com:{port}/hooks", ["memory.created"])
    monkeypatch.setattr(socket, "getaddrinfo", lambda host, port, *a, **k: [
        (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.0.1", int(port)))])
    alice.client.post("/api/v1/memories", {"scope": "user/42", "content": "Likes hiking."}, format="json")

    run_deliveries()

    [log] = alice.client.get(f"/api/v1/webhooks/{hook['id']}/deliveries").json()["results"]
    assert (log["status"], log["last_error"]) == ("succeeded", "")  # the certificate was checked for the name
    assert seen == {"sni": ["hooks.example.com"], "host": [f"hooks.example.com:{port}"]}
