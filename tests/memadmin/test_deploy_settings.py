"""Production settings come from the environment, and Django's deployment check is clean with them."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def without_django_variables() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "MEMADMIN_HTTPS"))}


def deploy_check(**env: str) -> subprocess.CompletedProcess:
    environment = without_django_variables() | env
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.mark.slow
def test_memadmin_https_makes_the_deployment_check_clean():
    result = deploy_check(
        MEMADMIN_HTTPS="true",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="memadmin.example.com",
    )

    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


@pytest.mark.slow
def test_without_it_the_check_names_what_is_missing():
    result = deploy_check(DJANGO_SECRET_KEY=secrets.token_urlsafe(50))

    assert result.returncode != 0
    for code in ("security.W004", "security.W008", "security.W012", "security.W016"):
        assert code in result.stderr
    # The schema's warnings are fixed at the source, not only under MEMADMIN_HTTPS.
    assert "drf_spectacular" not in result.stderr


def test_the_individual_variables_override_it():
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            "import django, os; os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'memadmin.settings'); "
            "from django.conf import settings as s; "
            "print(s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS, s.SESSION_COOKIE_SECURE, "
            "s.CSRF_COOKIE_SECURE, s.SECURE_PROXY_SSL_HEADER)",
        ],
        cwd=ROOT,
        env={
            **without_django_variables(),
            "MEMADMIN_HTTPS": "true",
            "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
            "DJANGO_SECURE_SSL_REDIRECT": "false",
            "DJANGO_SECURE_HSTS_SECONDS": "3600",
            "MEMADMIN_PROXY_SSL_HEADER": "",
        },
        capture_output=True,
        text=True,
        timeout=120,
    )

    assert result.stdout.split() == ["False", "3600", "True", "True", "None"], result.stderr


def test_https_without_a_secret_key_of_its_own_refuses_to_start():
    result = subprocess.run(
        [sys.executable, "-c", "import memadmin.settings"],
        cwd=ROOT,
        env={
            **without_django_variables(),
            "MEMADMIN_HTTPS": "true",
        },
        capture_output=True,
        text=True,
        timeout=120,
    )

    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY" in result.stderr
