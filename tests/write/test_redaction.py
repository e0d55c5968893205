"""Secret patterns: each kind is caught, and ordinary text (numbers, dates, phones, prose) is left alone."""

from __future__ import annotations

import pytest

from memories.write.redaction import _luhn_ok, find_secrets, redact


def kinds(text: str) -> list[str]:
    return [f.kind for f in find_secrets(text)]


@pytest.mark.parametrize(("text", "kind", "secret"), [
    ("-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA7\n-----END RSA PRIVATE KEY-----", "private_key", "MIIEpAIB"),
    ("key: -----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEA (truncated", "private_key", "b3BlbnNz"),
    ("aws AKIAIOSFODNN7EXAMPLE in prod", "aws_access_key", "AKIAIOSFODNN7EXAMPLE"),
    ("temp creds ASIAY34FZKBOKMUTVV7A", "aws_access_key", "ASIAY34FZKBOKMUTVV7A"),
    ("use sk-ant-api03-AbCdEfGhIjKlMnOpQrStUv for claude", "api_key", "AbCdEfGhIjKlMnOp"),
    ("openai sk-proj-1234567890abcdefghij", "api_key", "1234567890abcdef"),
    ("stripe sk_live is different but pk-live-abcdefghijklmnop1234 is caught", "api_key", "abcdefghijklmnop"),
    ("github ghp_16C7e42F292c6912E7710c838347Ae178B4a", "api_key", "16C7e42F292c"),
    ("fine-grained github_pat_11ABCDEFG0123456789_abcdefghij", "api_key", "11ABCDEFG"),
    ("slack xoxb-123456789012-abcdefghij", "api_key", "123456789012"),
    ("maps AIzaSyA-1234567890abcdefghijklmnopqrstu", "api_key", "AIzaSyA-1234"),
    ("mnemara key mn_0123abcdef_AbCdEfGhIjKlMnOpQrStUvWx", "api_key", "AbCdEfGh"),
    ("jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U", "jwt",
     "dozjgNryP4J3"),
    ("curl -H 'Authorization: Bearer abcdefghijklmnopqrstuvwxyz012345'", "bearer_token", "abcdefghijklmnopqrst"),
    ("my password is hunter2", "password", "hunter2"),
    ("Password: Tr0ub4dor&3", "password", "Tr0ub4dor"),
    ("db passwd=s3cr3t!!", "password", "s3cr3t"),
    ("the API key is 9f8e7d6c5b4a", "password", "9f8e7d6c5b4a"),
    ("token: abcd1234efgh", "password", "abcd1234efgh"),
    ("my password is swordfish", "password", "swordfish"),
    ("我的密码是abc123456", "password", "abc123456"),
    ("服务器密码：Xy9#kLm2", "password", "Xy9#kLm2"),
    ("Visa 4111 1111 1111 1111 expires soon", "card_number", "4111 1111"),
    ("mastercard 5555555555554444", "card_number", "5555555555554444"),
    ("amex 3782-822463-10005", "card_number", "822463"),
    ("unionpay 6212345678901232", "card_number", "6212345678901232"),
    ("卡号 4012888888881881 请保管", "card_number", "4012888888881881"),
])
def test_it_finds_and_redacts_each_kind_of_secret(text: str, kind: str, secret: str) -> None:
    assert kind in kinds(text)
    cleaned, found = redact(text)
    assert secret not in cleaned
    assert f"[redacted {kind}]" in cleaned and kind in found


def test_it_keeps_the_text_around_a_secret() -> None:
    cleaned, found = redact("Before AKIAIOSFODNN7EXAMPLE middle 4111111111111111 after.")
    assert cleaned == "Before [redacted aws_access_key] middle [redacted card_number] after."
    assert found == ["aws_access_key", "card_number"]


def test_it_keeps_the_label_of_a_password() -> None:
    assert redact("wifi password: Acme-2024-guest")[0] == "wifi password: [redacted password]"


def test_it_checks_card_numbers_with_luhn() -> None:
    assert _luhn_ok("4111111111111111") and _luhn_ok("79927398713")
    assert not _luhn_ok("4111111111111112")
    assert kinds("card 4111 1111 1111 1112") == []  # a typo'd (Luhn-invalid) number is not a card


@pytest.mark.parametrize("text", [
    "The meeting is on 2024-01-15 at 10:30.",
    "Dates: 2024-01-15 2024-02-20 2024-03-18",  # 24 digits in date-shaped groups
    "Sprint from 2024-03-04 2024-03-15",
    "Call me at +1 415 555 2671 or +44 20 7946 0958.",
    "手机号 +86 138 0013 8000，座机 010-8888-6666",
    "Phones: 555-123-4567 555-987-6543",
    "Order number 1234567890123 shipped; tracking 9400100000000000000000.",
    "Order 1000000000000000009 is ready",  # Luhn-valid, but no card network starts with 1
    "Population 1 234 567 890 123 in the model run",
    "The ISBN is 978-3-16-148410-0 and the year 1999.",
    "Pi is 3.14159265358979323846.",
    "Version 10.4.12 and build 20240115093000",
    "IBAN DE89 3704 0044 0532 0130 00",
    "The secret is that she likes jazz.",
    "The token is expired, ask for a new one.",
    "Our API key rotation happens every 90 days.",
    "密码是什么？",
    "她的密码是她的生日",
    "The password policy requires 12 characters.",
    "risk-management-framework-2024-edition",
    "ask-the-team-before-deploying-anything",
    "I prefer dark mode and 4 spaces per indent.",
    "我喜欢喝咖啡，每天三杯。",
])
def test_it_leaves_ordinary_text_alone(text: str) -> None:
    assert kinds(text) == [], find_secrets(text)
    assert redact(text) == (text, [])
