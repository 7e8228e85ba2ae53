import io
import json
from datetime import timedelta

from django.core.management.base import BaseCommand
from django.db.models import Q
from django.utils import timezone

from conversations.assembly import context_assemble
from conversations.demo import SCENARIO_IDS, demo_conversations
from conversations.models import ContextSnapshot, Conversation, Turn
from conversations.transfer import conversations_import
from memadmin.accounts import service_token_ensure, user_ensure
from memadmin.permissions import Role
from memadmin.tasks import run_pending, task_mode
from privacy.forget import RequestInput, forget_request_create
from privacy.models import ForgetRequest

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
    ("privacy", "privacy-demo", [Role.PRIVACY]),
    ("privacy2", "privacy2-demo", [Role.PRIVACY]),
    ("admin", "admin-demo", [Role.ADMIN]),
    ("chat-service", "chat-service-demo", [Role.CHAT_SERVICE]),
]


class Command(BaseCommand):
    help = "Load the demo conversations and demo users (one per role). Safe to rerun."

    def handle(self, *args, **options):
        users = {
            username: user_ensure(username=username, password=password, roles=roles)
            for username, password, roles in DEMO_USERS
        }
        records = demo_conversations()
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
        for username, password, roles in DEMO_USERS:
            self.stdout.write(f"  user {username!r} password {password!r} ({', '.join(roles)})")
        if made := _contexts_ensure():
            self.stdout.write(f"  {made} context snapshot(s) assembled, as the chat service would ask")
        if request := _forget_request_ensure(users["privacy"]):
            self.stdout.write(
                f"  forget request #{request.pk} awaits approval by a second privacy officer (privacy2)"
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
