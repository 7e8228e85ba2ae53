"""Load: the API under gunicorn on 127.0.0.1 with a Celery worker on Redis, driven by locust.

Starts gunicorn and a Celery worker against the configured database and
``REDIS_URL``, makes one conversation per simulated chat, runs locust
headless at a steady request rate for a fixed time, then again at twice the
rate. Reports, per run: requests per second, p50/p95/p99 per request kind,
errors, and the delay from the turn that crossed a refresh boundary being
stored to its refreshed summary being committed.
"""

import csv
import os
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import requests
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from conversations.models import Conversation, RefreshRun, Turn
from memadmin.api_tokens import api_token_create
from memadmin.benchmarks import cpu_count, report_benchmark
from memadmin.permissions import Role

LOCUSTFILE = Path(__file__).resolve().parents[2] / "loadtest" / "locustfile.py"
DRAIN_SECONDS = 60


class Command(BaseCommand):
    help = (
        "Load-test the API with locust against gunicorn and a Celery worker (REDIS_URL must be set), "
        "at --rate and then at twice it. Run against a database of its own "
        "(MEMADMIN_DATABASE_NAME=memadmin_bench)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--rate", type=float, default=10.0, help="Requests per second in the first run.")
        parser.add_argument("--duration", type=int, default=120, help="Seconds each run lasts.")
        parser.add_argument(
            "--users", type=int, default=20, help="Simultaneous chats (one conversation each)."
        )
        parser.add_argument("--workers", type=int, default=2, help="gunicorn worker processes.")
        parser.add_argument("--threads", type=int, default=4, help="gunicorn threads per worker.")
        parser.add_argument("--celery-concurrency", type=int, default=2)
        parser.add_argument("--no-double", action="store_true", help="Only the first run.")
        parser.add_argument("--no-record", action="store_true", help="Do not update docs/benchmarks.md.")

    def handle(self, *args, **options):
        if not settings.REDIS_URL:
            raise CommandError("bench_load needs REDIS_URL (the Celery worker's broker).")
        load_before = os.getloadavg()[0]
        children_before = resource.getrusage(resource.RUSAGE_CHILDREN)
        service, token = _service_client()
        port = _free_port()
        with tempfile.TemporaryDirectory(prefix="bench-load-") as scratch:
            scratch = Path(scratch)
            processes = [
                _start(
                    [
                        "-m",
                        "celery",
                        "-A",
                        "memadmin",
                        "worker",
                        "--loglevel=WARNING",
                        f"--concurrency={options['celery_concurrency']}",
                        "--without-gossip",
                        "--without-mingle",
                    ],
                    scratch / "celery.log",
                ),
                _start(
                    [
                        "-m",
                        "gunicorn",
                        "memadmin.wsgi",
                        "--bind",
                        f"127.0.0.1:{port}",
                        "--workers",
                        str(options["workers"]),
                        "--threads",
                        str(options["threads"]),
                    ],
                    scratch / "gunicorn.log",
                ),
            ]
            try:
                _wait_for_http(f"http://127.0.0.1:{port}/api/v1/conversations/", processes[1], scratch)
                _warm_up(f"http://127.0.0.1:{port}", token, options["workers"] * options["threads"])
                rates = [options["rate"]] if options["no_double"] else [options["rate"], options["rate"] * 2]
                figures = [
                    (
                        "setup",
                        f"gunicorn {options['workers']} workers x {options['threads']} threads, Celery "
                        f"worker concurrency {options['celery_concurrency']}, {options['users']} chats, "
                        f"refresh every {settings.MEMADMIN_REFRESH_EVERY} turns, provider "
                        f"{settings.MEMADMIN_PROVIDER}",
                    )
                ]
                for rate in rates:
                    figures += self._run(rate, options, service, token, port, scratch)
            finally:
                for process in processes:
                    process.terminate()
                for process in processes:
                    try:
                        process.wait(timeout=30)
                    except subprocess.TimeoutExpired:
                        process.kill()
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (children.ru_utime + children.ru_stime) - (children_before.ru_utime + children_before.ru_stime)
        load = (
            f"load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after, on {cpu_count()} cores"
        )
        figures.append(
            (
                "CPU and load",
                f"{cpu:.0f} CPU s in gunicorn, the Celery worker and locust (not PostgreSQL); {load}",
            )
        )
        command = "python manage.py bench_load " + " ".join(
            f"--{name} {options[name.replace('-', '_')]}"
            for name in ("rate", "duration", "users", "workers", "threads", "celery-concurrency")
        )
        report_benchmark(
            self.stdout, "Load (locust)", command=command, figures=figures, record=not options["no_record"]
        )

    def _run(
        self, rate: float, options: dict, service, token: str, port: int, scratch: Path
    ) -> list[tuple[str, str]]:
        users, duration = options["users"], options["duration"]
        stamp = f"{timezone.now():%Y%m%d%H%M%S}-{int(rate)}"
        conversations = [
            Conversation.objects.create(
                external_id=f"bench-load-{stamp}-{i}", subject_id=f"bench-load-{i}", created_by=service
            )
            for i in range(users)
        ]
        csv_prefix = scratch / f"locust-{int(rate)}"
        env = {
            **os.environ,
            "BENCH_TOKEN": token,
            "BENCH_CONVERSATIONS": ",".join(str(c.pk) for c in conversations),
            "BENCH_PER_USER_RATE": str(rate / users),
        }
        self.stdout.write(f"locust: {rate:g} requests/s for {duration}s over {users} chats")
        started = timezone.now()
        subprocess.run(
            [
                sys.executable,
                "-m",
                "locust",
                "-f",
                str(LOCUSTFILE),
                "--headless",
                "--users",
                str(users),
                "--spawn-rate",
                str(users),
                "--run-time",
                f"{duration}s",
                "--host",
                f"http://127.0.0.1:{port}",
                "--csv",
                str(csv_prefix),
                "--only-summary",
                "--stop-timeout",
                "10",
            ],
            env=env,
            check=False,
            stdout=subprocess.DEVNULL,
            stderr=(scratch / "locust.log").open("a"),
        )
        ended = timezone.now()
        with Path(f"{csv_prefix}_stats.csv").open() as stats:
            rows = {row["Name"]: row for row in csv.DictReader(stats)}
        delays = _wait_for_refreshes(conversations, settings.MEMADMIN_REFRESH_EVERY)
        figures = []
        label = f"{rate:g} req/s"
        total = rows["Aggregated"]
        figures.append(
            (
                f"{label}: throughput",
                f"{float(total['Requests/s']):.1f} requests/s over "
                f"{(ended - started).total_seconds():.0f} s, {total['Request Count']} requests, "
                f"{total['Failure Count']} errors",
            )
        )
        for name in ("append", "context"):
            row = rows.get(name)
            if row:
                figures.append(
                    (
                        f"{label}: {name} p50 / p95 / p99",
                        f"{row['50%']} / {row['95%']} / {row['99%']} ms ({row['Request Count']} requests, "
                        f"{row['Failure Count']} errors)",
                    )
                )
        figures.append((f"{label}: turn stored to refreshed summary", delays))
        return figures


def _service_client():
    """The load's API client and a new key for it (the conversations it calls are its own)."""
    user, _ = get_user_model().objects.get_or_create(username="bench-load-service")
    user.groups.add(Group.objects.get_or_create(name=Role.CHAT_SERVICE)[0])
    stamp = f"{timezone.now():%Y-%m-%d %H:%M:%S.%f}"
    return user, api_token_create(user=user, name=f"bench_load {stamp}")[1]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _start(arguments: list[str], log: Path) -> subprocess.Popen:
    env = {**os.environ, "MEMADMIN_TASKS": "celery", "MEMADMIN_LOG_LEVEL": "WARNING"}
    return subprocess.Popen(
        [sys.executable, *arguments],
        cwd=settings.BASE_DIR,
        env=env,
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
    )


def _wait_for_http(url: str, process: subprocess.Popen, scratch: Path) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise CommandError(f"gunicorn exited:\n{(scratch / 'gunicorn.log').read_text()}")
        try:
            requests.get(url, timeout=5)
            return
        except requests.RequestException:
            time.sleep(0.5)
    raise CommandError("gunicorn did not answer in 120 s")


def _warm_up(base: str, token: str, requests_count: int) -> None:
    """Load the models into every gunicorn worker before anything is timed."""
    conversation, _ = Conversation.objects.get_or_create(
        external_id="bench-load-warm-up", subject_id="warm-up"
    )
    headers = {"Authorization": f"Token {token}"}
    for _ in range(requests_count):
        requests.post(
            f"{base}/api/v1/conversations/{conversation.pk}/context/",
            json={"message": "warming up"},
            headers=headers,
            timeout=120,
        )


def _wait_for_refreshes(conversations: list[Conversation], every: int) -> str:
    """Wait (up to DRAIN_SECONDS) for each boundary crossed to be refreshed; describe the delays."""
    deadline = time.monotonic() + DRAIN_SECONDS
    while True:
        boundaries = sum(Turn.objects.filter(conversation=c).count() // every for c in conversations)
        runs = list(
            RefreshRun.objects.filter(
                conversation__in=conversations,
                trigger=RefreshRun.Trigger.BOUNDARY,
                outcome=RefreshRun.Outcome.COMMITTED,
            ).values_list("conversation_id", "target_upto_seq", "finished_at")
        )
        if len(runs) >= boundaries or time.monotonic() > deadline:
            break
        time.sleep(2)
    stored = dict(
        ((conversation, seq), at)
        for conversation, seq, at in Turn.objects.filter(conversation__in=conversations).values_list(
            "conversation_id", "seq", "stored_at"
        )
    )
    delays = sorted(
        (finished - stored[(conversation, seq)]).total_seconds() * 1000
        for conversation, seq, finished in runs
        if (conversation, seq) in stored
    )
    if not delays:
        return f"no boundary refresh committed ({boundaries} boundaries crossed)"
    p95 = delays[min(len(delays) - 1, int(len(delays) * 0.95))]
    return (
        f"p50 {statistics.median(delays):.0f} ms, p95 {p95:.0f} ms, max {delays[-1]:.0f} ms "
        f"({len(runs)} of {boundaries} boundaries refreshed, {DRAIN_SECONDS} s allowed after the run)"
    )
