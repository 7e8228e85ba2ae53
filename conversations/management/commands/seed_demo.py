import io
import json
from datetime import timedelta

from django.core.management.base import BaseCommand
from django.db.models import Q
from django.utils import timezone

from conversations.assembly import context_assemble
from conversations.demo import SCENARIO_IDS, TWO_ANNOTATORS_ID, demo_conversations, demo_queue_conversations
from conversations.demo.update import demo_conversations_update
from conversations.models import ContextSnapshot, Conversation, Turn
from conversations.transfer import conversations_import
from memadmin.accounts import service_token_ensure, user_ensure
from memadmin.permissions import Role
from memadmin.tasks import run_pending, task_mode
from privacy.forget import RequestInput, forget_request_create
from privacy.models import ForgetRequest
from qa.models import LabelSet
from qa.services import label_add, label_set_submit

# The next messages of a few scenario customers, as the chat service would ask for their
# contexts, so the demo has context snapshots to open in the inspector. Two calls in a row on
# the long conversation show how much of an array the next call shares (its cacheable prefix).
DEMO_CONTEXT_MESSAGES = {
    "long_address_change": (
        "Can you confirm which address the bookshelf is going to?",
        "And is the sofa coming on the same day?",
    ),
    "corrected_fact": ("Which of your spaces is closest to where I live now?",),
    "temporary_preference": ("Can you let me know when the assessor is booked?",),
    "tool_calls": ("Any news on the second order?",),
}

# Documented in README.md. For a local demo only: never run this command on a
# server that holds real conversations.
DEMO_USERS = [
    ("support", "support-demo", [Role.SUPPORT]),
    ("qa", "qa-demo", [Role.QA]),
    ("qa2", "qa2-demo", [Role.QA]),
    ("privacy", "privacy-demo", [Role.PRIVACY]),
    ("privacy2", "privacy2-demo", [Role.PRIVACY]),
    ("admin", "admin-demo", [Role.ADMIN]),
    ("chat-service", "chat-service-demo", [Role.CHAT_SERVICE]),
]
# The administrator opens Django's admin site too (read-only, and its API tokens).
DEMO_STAFF = {"admin"}


class Command(BaseCommand):
    help = (
        "Load the demo conversations and demo users (one per role). Safe to rerun: a demo conversation "
        "stored from an older demo is brought up to date (by its external id); nothing else is touched."
    )

    def handle(self, *args, **options):
        users = {
            username: user_ensure(
                username=username, password=password, roles=roles, staff=username in DEMO_STAFF
            )
            for username, password, roles in DEMO_USERS
        }
        # The demo conversations with their gold labels, then a few that wait in the QA queue.
        queue, queue_facts = demo_queue_conversations()
        records = demo_conversations() + queue
        # An older demo's conversations are emptied first, for the import to store the demo's again.
        updated = demo_conversations_update(records=records, actor=users["admin"])
        lines = "".join(json.dumps(record, ensure_ascii=False) + "\n" for record in records)
        report = conversations_import(
            stream=io.BytesIO(lines.encode()), actor=users["admin"], source="seed_demo"
        )
        # As if the chat service had written them: its token reads them through the API.
        Conversation.objects.filter(
            external_id__in=[record["external_id"] for record in records], created_by=None
        ).update(created_by=users["chat-service"])
        if task_mode() != "celery":
            # Without a broker the work owed runs in this process: finish it before exiting,
            # so the dashboard opens on summaries, facts and an index, not on a queue.
            ran = run_pending()
            self.stdout.write(f"demo data: {ran} derived-layer task(s) ran")
        self.stdout.write(
            f"demo data: {report.conversations_created} conversations created, "
            f"{report.conversations_existing} already there, {report.turns_stored} turns stored"
        )
        self.stdout.write(f"demo data: {updated.describe()}")
        for username, password, roles in DEMO_USERS:
            self.stdout.write(f"  user {username!r} password {password!r} ({', '.join(roles)})")
        if made := _contexts_ensure():
            self.stdout.write(f"  {made} context snapshot(s) assembled, as the chat service would ask")
        if request := _forget_request_ensure(users["privacy"]):
            self.stdout.write(
                f"  forget request #{request.pk} awaits approval by a second privacy officer (privacy2)"
            )
        if _two_annotators_ensure(users["qa"], users["qa2"], queue_facts[TWO_ANNOTATORS_ID]):
            self.stdout.write(
                f"  {TWO_ANNOTATORS_ID} labelled by qa and qa2, who disagree: for admin to adjudicate"
            )
        token = service_token_ensure(user=users["chat-service"])
        self.stdout.write(f"  chat service API token: {token}")


def _contexts_ensure() -> int:
    """The contexts of ``DEMO_CONTEXT_MESSAGES``, for each conversation that has none yet,
    assembled by the service the context API calls."""
    made = 0
    for scenario, messages in DEMO_CONTEXT_MESSAGES.items():
        conversation = Conversation.objects.get(external_id=SCENARIO_IDS[scenario])
        if not ContextSnapshot.objects.filter(conversation=conversation).exists():
            for message in messages:
                context_assemble(conversation=conversation, message=message)
                made += 1
    return made


def _forget_request_ensure(officer) -> ForgetRequest | None:
    """The demo customer who asked in chat for their card number and old address to be deleted:
    a request for those turns, awaiting a second officer's approval (made once)."""
    conversation = Conversation.objects.get(external_id=SCENARIO_IDS["forget_request"])
    if ForgetRequest.objects.filter(conversation_id=conversation.pk).exists():
        return None
    turns = Turn.objects.filter(conversation=conversation, role="user")
    seqs = sorted(
        turns.filter(
            Q(content__contains="your site still has my old address") | Q(content__contains="card number too")
        ).values_list("seq", flat=True)
    )
    return forget_request_create(
        actor=officer,
        data=RequestInput(
            scope=ForgetRequest.Scope.TURNS,
            conversation=conversation,
            turn_seqs=tuple(seqs),
            legal_basis=ForgetRequest.LegalBasis.ERASURE,
            reason=f"The customer asked in chat to delete the card number and old address they gave "
            f"(turns {seqs[0]} and {seqs[1]}).",
            deadline=timezone.localdate() + timedelta(days=30),
        ),
    )


# What the second annotator leaves out: they count only the values stated, not what was promised
# or preferred, so the two sets disagree there (made once).
SECOND_ANNOTATOR_SKIPS = ("commitment", "preference")


def _two_annotators_ensure(first, second, facts: list[dict]) -> bool:
    """One queued conversation labelled and submitted by both demo annotators, who disagree on
    some of its facts: ready for an adjudicator who labelled none of it (the demo's admin)."""
    conversation = Conversation.objects.get(external_id=TWO_ANNOTATORS_ID)
    if LabelSet.objects.filter(conversation=conversation).exists():
        return False
    said = dict(Turn.objects.filter(conversation=conversation).values_list("seq", "content"))
    for annotator in (first, second):
        for fact in facts:
            if annotator == second and fact["type"] in SECOND_ANNOTATOR_SKIPS:
                continue
            start = said[fact["source_seq"]].find(fact["value"])
            label_add(
                conversation=conversation,
                actor=annotator,
                type=fact["type"],
                key=fact["key"],
                source_seq=fact["source_seq"],
                span_start=start,
                span_end=start + len(fact["value"]),
                value=fact["value"],
            )
        label_set_submit(conversation=conversation, actor=annotator)
    return True
