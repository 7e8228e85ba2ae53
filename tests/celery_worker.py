"""A real Celery worker process on the real Redis, for the tests that need one.

The worker is started the way production starts it (``celery -A memadmin
worker``), on a Redis database of its own (emptied first), against the test
database; the test process sends to it through Redis. Tests using it need committed data
(``transactional_db``), since the worker reads through its own connection.
"""

import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
import redis
from django.conf import settings as django_settings
from django.db import connection

from memadmin.celery import app as celery_app

REDIS_URL = os.environ.get("MEMADMIN_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
READY_TIMEOUT = 60


def _worker_environment(extra: dict[str, str]) -> dict[str, str]:
    env = {**os.environ, "REDIS_URL": REDIS_URL, **extra}
    test_database = connection.settings_dict["NAME"]
    if os.environ.get("DATABASE_URL"):
        base = os.environ["DATABASE_URL"].rsplit("/", 1)[0]
        env["DATABASE_URL"] = f"{base}/{test_database}"
    else:
        env["MEMADMIN_DATABASE_NAME"] = test_database
    return env


@pytest.fixture
def worker_settings() -> dict[str, str]:
    """Settings (environment variables) for the worker; override in a test module to change them."""
    return {}


@pytest.fixture
def worker_options() -> list[str]:
    """How the worker runs; override in a test module (e.g. a prefork pool whose child a test kills)."""
    return ["--pool=solo"]


@dataclass(frozen=True)
class Worker:
    process: subprocess.Popen
    log_path: Path

    def log(self) -> str:
        return self.log_path.read_text()


@pytest.fixture
def broker_url() -> str:
    """The broker the worker and the test use; override to use a Redis the test starts itself."""
    return REDIS_URL


@pytest.fixture
def worker(transactional_db, tmp_path: Path, worker_settings, worker_options, broker_url, settings):
    redis.Redis.from_url(broker_url).flushdb()  # tasks left by an interrupted run
    saved = {key: celery_app.conf[key] for key in ("broker_url", "task_always_eager")}
    celery_app.conf.update(broker_url=broker_url, task_always_eager=False)
    settings.MEMADMIN_TASKS = "celery"
    _forget_broker_connections()
    log_path = tmp_path / "worker.log"
    with log_path.open("w") as log:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "memadmin",
                "worker",
                *worker_options,
                "--loglevel=INFO",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
            ],
            cwd=django_settings.BASE_DIR,
            env=_worker_environment({**worker_settings, "REDIS_URL": broker_url}),
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    try:
        _wait_until_ready(process, log_path)
        yield Worker(process, log_path)
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
        celery_app.conf.update(saved)
        _forget_broker_connections()


def _forget_broker_connections() -> None:
    # Celery caches its connection pool and producer pool on first use (eager
    # tasks create them too); after switching brokers both must go, or
    # messages still go to the broker the pools were made for.
    celery_app._pool = None
    celery_app.amqp._producer_pool = None


def _wait_until_ready(process: subprocess.Popen, log_path: Path) -> None:
    deadline = time.monotonic() + READY_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the Celery worker exited:\n{log_path.read_text()}")
        if " ready." in log_path.read_text():
            return
        time.sleep(0.2)
    raise RuntimeError(f"the Celery worker did not start in {READY_TIMEOUT}s:\n{log_path.read_text()}")


def wait_for(predicate, *, timeout: float = 60, interval: float = 0.2, message: str = "condition"):
    """Poll ``predicate`` until it returns something truthy; return that."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        result = predicate()
        if result:
            return result
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout}s waiting for {message}")
