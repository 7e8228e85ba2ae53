"""Benchmark reporting: print the figures and keep docs/benchmarks.md current."""

import os
import platform
import re
import time
from datetime import UTC, datetime
from pathlib import Path

import django
from django.conf import settings
from django.db import connection

BENCHMARKS_FILE = Path(settings.BASE_DIR) / "docs" / "benchmarks.md"


def machine_description() -> str:
    cpus = cpu_count()
    with connection.cursor() as cursor:
        cursor.execute("SHOW server_version")
        pg_version = cursor.fetchone()[0]
        cursor.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'")
        row = cursor.fetchone()
    vector = row[0] if row else "absent"
    return (
        f"{platform.machine()}, {cpus} cores, Python {platform.python_version()}, "
        f"Django {django.get_version()}, PostgreSQL {pg_version.split()[0]}, pgvector {vector}"
    )


def cpu_count() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 0


class CpuClock:
    """CPU seconds spent by this process and by its database backend, and the load around them.

    On a machine shared with other work, wall time says how long it took here
    and now; CPU seconds say how much work it was. Benchmarks report both.
    """

    def __init__(self) -> None:
        self._start = (time.process_time(), backend_cpu_seconds())
        self.load_before = os.getloadavg()[0]

    def figures(self, other_backends: float = 0.0) -> str:
        """The figures since the clock started; ``other_backends``: CPU seconds of the process's other
        database connections (their backends), measured by whoever held them."""
        process = time.process_time() - self._start[0]
        backend = backend_cpu_seconds() - self._start[1] + other_backends
        return (
            f"{process:.1f} s in Python, {backend:.1f} s in PostgreSQL; "
            f"load average {self.load_before:.1f} before, {os.getloadavg()[0]:.1f} after, "
            f"on {cpu_count()} cores"
        )


def backend_cpu_seconds() -> float:
    """User + system CPU of this connection's PostgreSQL backend (0 where /proc cannot tell)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def record_benchmark(name: str, *, command: str, figures: list[tuple[str, str]]) -> str:
    """Replace the section ``name`` of docs/benchmarks.md with these figures; return the section."""
    lines = [
        f"## {name}",
        "",
        f"Command: `{command}`",
        "",
        f"Ran {datetime.now(UTC):%Y-%m-%d %H:%M} UTC on {machine_description()}.",
        "",
        "| figure | value |",
        "|---|---|",
        *(f"| {label} | {value} |" for label, value in figures),
        "",
    ]
    section = "\n".join(lines)
    text = BENCHMARKS_FILE.read_text() if BENCHMARKS_FILE.exists() else _HEADER
    pattern = re.compile(rf"^## {re.escape(name)}\n.*?(?=^## |\Z)", re.S | re.M)
    text = pattern.sub(section + "\n", text) if pattern.search(text) else text.rstrip("\n") + "\n\n" + section
    BENCHMARKS_FILE.parent.mkdir(exist_ok=True)
    BENCHMARKS_FILE.write_text(text)
    return section


def report_benchmark(
    stdout, name: str, *, command: str, figures: list[tuple[str, str]], record: bool = True
) -> None:
    """Print the figures and, unless told not to, write them to docs/benchmarks.md."""
    for label, value in figures:
        stdout.write(f"{label}: {value}")
    if record:
        record_benchmark(name, command=command, figures=figures)


_HEADER = """# Benchmarks

Each section is written by the benchmark command it names, with the figures of
its latest run and the machine it ran on. Benchmarks generate their own data,
are not tests and do not run in CI. Run them against a database of their own:
`MEMADMIN_DATABASE_NAME=memadmin_bench python manage.py migrate` first, then
the command with the same variable set.
"""
