"""Forget time for one subject: 10 conversations of 500 turns (by default), among others that stay.

The subject's conversations are stored, then derived as production derives
them (index, summaries and facts from a rebuild, a context snapshot every 50
turns); a value is planted in every 25th turn. Timed: the preview, a value
request (redact every mention, rebuild the summaries of what stays, scan),
then a request for everything about the subject (delete, scan). Each runs
in-process, as the Celery task would.
"""

import time
from datetime import timedelta

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import connection
from django.utils import timezone

from conversations.assembly import context_assemble
from conversations.benchdata import fill_conversations, synthetic_conversations
from conversations.memory import memory_rebuild
from conversations.models import Conversation, Turn
from memadmin.accounts import user_ensure
from memadmin.benchmarks import CpuClock, report_benchmark
from memadmin.permissions import Role
from memadmin.providers import get_provider
from privacy.forget import (
    RequestInput,
    forget_preview,
    forget_request_approve,
    forget_request_create,
    residue_scan,
    target_of,
)
from privacy.models import ForgetRequest

SUBJECT = "bench-forget-subject"
VALUE = "Ottoline Vexworth-Brandt"


class Command(BaseCommand):
    help = "Time a forget request for one subject with N conversations of M turns. Use a database of its own."

    def add_arguments(self, parser):
        parser.add_argument("--conversations", type=int, default=10)
        parser.add_argument("--turns-each", type=int, default=500)
        parser.add_argument(
            "--others", type=int, default=1000, help="Conversations of other subjects (100 turns)."
        )
        parser.add_argument("--no-record", action="store_true", help="Do not update docs/benchmarks.md.")

    def handle(self, *args, **options):
        settings.MEMADMIN_TASKS = "inline"  # the rebuilds a request queues run here, and are timed with it
        count, size = options["conversations"], options["turns_each"]
        officer = user_ensure(username="bench-privacy-1", password="bench-only-1x!", roles=[Role.PRIVACY])
        second = user_ensure(username="bench-privacy-2", password="bench-only-2x!", roles=[Role.PRIVACY])
        if options["others"]:
            fill_conversations(conversations=options["others"], turns_each=100, source="bench_forget")
        began = time.perf_counter()
        self._subject(count, size)
        self.stderr.write(f"built and derived the subject in {time.perf_counter() - began:.1f} s")
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM conversations_turn")
            total_turns = cursor.fetchone()[0]
        figures = [
            ("subject", f"{count} conversations of {size:,} turns; {total_turns:,} turns in the database"),
        ]
        value = self._request(officer, ForgetRequest.Scope.VALUE, [VALUE])
        began = time.perf_counter()
        rows = forget_preview(value)
        figures.append(("preview (dry run, every store)", f"{time.perf_counter() - began:.2f} s"))
        figures += self._run(value, second, "value request (redact every mention; rebuild summaries; scan)")
        touched = sum(row.affected for row in rows if row.store == "turns")
        figures.append(("turns the value request redacted", f"{touched:,}"))
        everything = self._request(officer, ForgetRequest.Scope.SUBJECT, [])
        figures += self._run(everything, second, "request for everything about the subject (delete; scan)")
        report_benchmark(
            self.stdout,
            "Forget",
            command=(
                f"python manage.py bench_forget --conversations {count} --turns-each {size} "
                f"--others {options['others']}"
            ),
            figures=figures,
            record=not options["no_record"],
        )

    def _subject(self, count: int, size: int) -> None:
        Conversation.objects.filter(subject_id=SUBJECT).delete()
        provider = get_provider()
        records = synthetic_conversations(conversations=count, turns_each=size, seed=4242)
        for number, record in enumerate(records):
            conversation = Conversation.objects.create(
                external_id=f"{SUBJECT}-{number}", subject_id=SUBJECT, title="bench"
            )
            Turn.objects.bulk_create(
                [
                    Turn(
                        conversation=conversation,
                        seq=turn["seq"],
                        role=turn["role"],
                        content=turn["content"]
                        + (f" This is {VALUE} speaking." if turn["seq"] % 25 == 0 else ""),
                        created_at=timezone.now() - timedelta(minutes=size - turn["seq"]),
                    )
                    for turn in record["turns"]
                ],
                batch_size=5000,
            )
            memory_rebuild(conversation_id=conversation.pk, provider=provider)
            for _ in range(size // 50):
                context_assemble(
                    conversation=conversation, message=f"Is this about {VALUE}?", provider=provider
                )

    def _request(self, officer, scope: str, phrases: list[str]) -> ForgetRequest:
        return forget_request_create(
            actor=officer,
            data=RequestInput(
                scope=scope,
                legal_basis="erasure",
                reason="benchmark",
                deadline=timezone.localdate() + timedelta(days=30),
                subject_id=SUBJECT,
                phrases=tuple(phrases),
            ),
        )

    def _run(self, request: ForgetRequest, approver, label: str) -> list[tuple[str, str]]:
        clock = CpuClock()
        began = time.perf_counter()
        forget_request_approve(request=request, actor=approver, note="benchmark")
        seconds = time.perf_counter() - began
        request.refresh_from_db()
        if request.status != ForgetRequest.Status.COMPLETED:
            self.stderr.write(f"request {request.pk} ended {request.status}: {request.error}")
        request.phrases = [VALUE] if request.scope == ForgetRequest.Scope.VALUE else []
        began = time.perf_counter()
        residue_scan(target_of(request))
        scan = time.perf_counter() - began
        return [
            (label, f"{seconds:.1f} s ({clock.figures()})"),
            (f"{label.split(' (')[0]}: residue scan alone", f"{scan:.2f} s"),
        ]
