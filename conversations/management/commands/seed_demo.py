import io
import json

from django.core.management.base import BaseCommand

from conversations.demo import demo_conversations
from conversations.models import Conversation
from conversations.transfer import conversations_import
from memadmin.accounts import service_token_ensure, user_ensure
from memadmin.permissions import Role
from memadmin.tasks import run_pending, task_mode

# Documented in README.md. For a local demo only: never run this command on a
# server that holds real conversations.
DEMO_USERS = [
    ("support", "support-demo", [Role.SUPPORT]),
    ("qa", "qa-demo", [Role.QA]),
    ("privacy", "privacy-demo", [Role.PRIVACY]),
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
        token = service_token_ensure(user=users["chat-service"])
        self.stdout.write(f"  chat service API token: {token}")
