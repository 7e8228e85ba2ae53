import io

import pytest
from django.core.management import call_command

from memadmin.benchmarks import BENCHMARKS_FILE


@pytest.mark.django_db
def test_the_page_benchmark_measures_every_page_it_names(settings):
    settings.MEMADMIN_REFRESH_EVERY = 4
    before = BENCHMARKS_FILE.read_text()
    out = io.StringIO()

    call_command(
        "bench_pages",
        conversations=5,
        turns_each=3,
        long_turns=[12, 30],
        requests=2,
        no_record=True,
        stdout=out,
    )

    lines = out.getvalue().splitlines()
    for page in (
        "list page",
        "detail page, 12 turns",
        "context inspector (with today's assembly), 30 turns",
        "Django admin change page, 30 turns",
    ):
        assert any(line.startswith(f"{page}: p50 / p95: ") for line in lines), page
        assert any(line.startswith(f"{page}: queries: ") for line in lines), page
    assert any(line.startswith("detail p95 / admin p95, 30 turns: ") for line in lines)
    assert BENCHMARKS_FILE.read_text() == before
