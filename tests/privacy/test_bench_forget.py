import io

import pytest
from django.contrib.auth.models import Group
from django.core.management import call_command

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]


def test_bench_forget_runs_at_a_tiny_scale_and_both_requests_complete():
    Group.objects.get_or_create(name="privacy")  # made by a migration; a transactional test flushed it
    out, err = io.StringIO(), io.StringIO()

    call_command(
        "bench_forget", conversations=1, turns_each=30, others=0, no_record=True, stdout=out, stderr=err
    )

    printed = out.getvalue()
    assert "value request (redact every mention; rebuild summaries; scan):" in printed
    assert "request for everything about the subject (delete; scan):" in printed
    assert "turns the value request redacted: 1" in printed
    assert "ended" not in err.getvalue()
