import io
import json

import pytest
from django.core.management import CommandError, call_command

from conversations.models import Conversation, LabelledQuery, Turn, TurnIndexEntry
from facts.models import GoldFact
from memadmin.models import AuditEntry
from memadmin.permissions import Role
from tests.factories import ConversationFactory, UserFactory


def record(external_id="c-001", subject_id="cust-42", turns=3, **extra) -> dict:
    return {
        "external_id": external_id,
        "subject_id": subject_id,
        "title": f"About {external_id}",
        "turns": [
            {
                "seq": seq,
                "role": "user" if seq % 2 else "assistant",
                "content": f"turn {seq} of {external_id}: refund £147.50 for ORD-{seq:05d}",
                "tool_calls": None,
                "created_at": f"2026-03-14T10:{seq:02d}:00Z",
            }
            for seq in range(1, turns + 1)
        ],
        **extra,
    }


def jsonl(*records, raw_lines=()) -> str:
    return "\n".join([json.dumps(r, ensure_ascii=False) for r in records] + list(raw_lines)) + "\n"


@pytest.fixture
def write_file(tmp_path):
    def write(text: str | bytes, name="conversations.jsonl"):
        path = tmp_path / name
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")
        return str(path)

    return write


def run_import(path) -> str:
    out = io.StringIO()
    call_command("import_conversations", path, "--no-progress", stdout=out, stderr=io.StringIO())
    return out.getvalue()


@pytest.mark.django_db
class TestImport:
    def test_it_imports_conversations_turns_gold_facts_and_queries(self, write_file):
        gold = [{"type": "amount", "key": "refund_amount", "value": "£147.50", "source_seq": 1}]
        queries = [{"query": "how much was the refund?", "evidence_seqs": [1], "category": "exact"}]
        path = write_file(jsonl(record("c-001", gold_facts=gold, queries=queries), record("c-002", turns=5)))

        run_import(path)

        assert Conversation.objects.count() == 2
        assert Turn.objects.filter(conversation__external_id="c-002").count() == 5
        first = Turn.objects.get(conversation__external_id="c-001", seq=1)
        assert first.content == "turn 1 of c-001: refund £147.50 for ORD-00001"
        assert first.created_at.isoformat() == "2026-03-14T10:01:00+00:00"
        assert GoldFact.objects.get().value == "£147.50"
        assert LabelledQuery.objects.get().evidence_seqs == [1]

    def test_running_it_twice_stores_nothing_new(self, write_file):
        gold = [{"type": "amount", "key": "refund_amount", "value": "£147.50", "source_seq": 1}]
        path = write_file(jsonl(record("c-001", gold_facts=gold), record("c-002")))
        run_import(path)

        summary = run_import(path)

        assert Conversation.objects.count() == 2
        assert Turn.objects.count() == 6
        assert GoldFact.objects.count() == 1
        assert "turns stored: 0" in summary
        assert "turns already stored: 6" in summary

    def test_it_adds_new_turns_to_a_conversation_already_stored(self, write_file):
        run_import(write_file(jsonl(record("c-001", turns=3))))

        run_import(write_file(jsonl(record("c-001", turns=5)), name="more.jsonl"))

        assert list(Turn.objects.values_list("seq", flat=True)) == [1, 2, 3, 4, 5]

    def test_a_different_turn_at_a_taken_seq_is_a_conflict_reported_by_line(self, write_file):
        run_import(write_file(jsonl(record("c-001", turns=3))))
        changed = record("c-001", turns=4)
        changed["turns"][1]["content"] = "someone rewrote turn 2"
        err = io.StringIO()

        with pytest.raises(CommandError, match="1 line"):
            call_command(
                "import_conversations",
                write_file(jsonl(record("c-000"), changed), name="changed.jsonl"),
                "--no-progress",
                stdout=io.StringIO(),
                stderr=err,
            )

        assert "line 2: seq 2 is already taken by a different turn" in err.getvalue()
        stored = Turn.objects.filter(conversation__external_id="c-001")
        assert list(stored.values_list("seq", flat=True)) == [1, 2, 3]
        assert stored.get(seq=2).content == "turn 2 of c-001: refund £147.50 for ORD-00002"
        assert Turn.objects.filter(conversation__external_id="c-000").count() == 3

    def test_a_turn_below_the_last_seq_of_a_stored_conversation_is_refused(self, write_file):
        earlier = record("c-001", turns=6)
        earlier["turns"] = [t for t in earlier["turns"] if t["seq"] in (1, 2, 6)]
        run_import(write_file(jsonl(earlier)))
        err = io.StringIO()

        with pytest.raises(CommandError, match="1 line"):
            call_command(
                "import_conversations",
                write_file(jsonl(record("c-001", turns=7)), name="gap.jsonl"),
                "--no-progress",
                stdout=io.StringIO(),
                stderr=err,
            )

        assert "line 1: seq 3 is out of order: the last turn of this conversation is seq 6" in err.getvalue()
        assert list(Turn.objects.values_list("seq", flat=True)) == [1, 2, 6]

    def test_derived_work_is_scheduled_for_the_turns_it_stored(
        self, write_file, django_capture_on_commit_callbacks
    ):
        call_command(
            "import_conversations",
            write_file(jsonl(record("c-001", turns=3))),
            "--no-progress",
            "--no-derive",
            stdout=io.StringIO(),
        )

        with django_capture_on_commit_callbacks(execute=True):
            run_import(write_file(jsonl(record("c-001", turns=5)), name="more.jsonl"))

        assert list(TurnIndexEntry.objects.order_by("seq").values_list("seq", flat=True)) == [4, 5]

    def test_bad_lines_are_reported_by_number_and_the_rest_imported(self, write_file):
        nul = record("c-nul")
        nul["turns"][1]["content"] = "bad\x00byte"
        text = jsonl(
            record("c-001"),
            nul,
            record("c-003"),
            raw_lines=[
                '{"external_id": "c-broken", ',
                '{"external_id": "c-005", "subject_id": "s", "turns": '
                '[{"seq": 1, "role": "user", "content": "\\ud800"}]}',
            ],
        )
        err = io.StringIO()

        with pytest.raises(CommandError, match="3 line"):
            call_command(
                "import_conversations", write_file(text), "--no-progress", stdout=io.StringIO(), stderr=err
            )

        assert set(Conversation.objects.values_list("external_id", flat=True)) == {"c-001", "c-003"}
        messages = err.getvalue()
        assert "line 2: turns.1.content" in messages
        assert "line 4: not valid JSON" in messages
        assert "line 5: turns.0.content" in messages

    def test_invalid_utf8_is_a_rejected_line(self, write_file):
        raw = jsonl(record("c-001")).encode() + b'{"external_id": "\xff\xfe"}\n'

        with pytest.raises(CommandError, match="1 line"):
            run_import(write_file(raw))

        assert Conversation.objects.get().external_id == "c-001"

    def test_a_known_external_id_with_another_subject_is_rejected(self, write_file):
        ConversationFactory(external_id="c-001", subject_id="someone-else")

        with pytest.raises(CommandError):
            run_import(write_file(jsonl(record("c-001", subject_id="cust-42"))))

        assert not Turn.objects.exists()
        assert Conversation.objects.get().subject_id == "someone-else"

    def test_seqs_that_go_backwards_reject_the_line(self, write_file):
        bad = record("c-001")
        bad["turns"][2]["seq"] = 1

        with pytest.raises(CommandError):
            run_import(write_file(jsonl(bad)))

        assert not Conversation.objects.exists()

    def test_it_is_in_the_audit_log(self, write_file, admin_user):
        call_command(
            "import_conversations",
            write_file(jsonl(record())),
            "--no-progress",
            "--actor",
            admin_user.username,
            stdout=io.StringIO(),
        )

        entry = AuditEntry.objects.get(action="memadmin.record.imported")
        assert entry.actor == admin_user
        assert entry.after["turns_stored"] == 3

    def test_a_missing_file_is_a_clear_error(self):
        with pytest.raises(CommandError, match="Cannot read"):
            run_import("/nonexistent/file.jsonl")


@pytest.mark.django_db
class TestExport:
    def test_an_export_imports_back_to_the_same_record(self, write_file):
        calls = [
            {
                "id": "call_1",
                "name": "lookup_order",
                "arguments": {"order_id": "ORD-1"},
                "result": {"ok": True},
            }
        ]
        original = record(
            "c-001",
            gold_facts=[{"type": "amount", "key": "refund_amount", "value": "£147.50", "source_seq": 1}],
            queries=[{"query": "what did I order?", "evidence_seqs": [1, 3], "category": "multi-hop"}],
        )
        original["turns"][1]["tool_calls"] = calls
        run_import(write_file(jsonl(original)))
        out = io.StringIO()

        call_command("export_conversations", stdout=out, stderr=io.StringIO())

        exported = [json.loads(line) for line in out.getvalue().splitlines()]
        assert [{key: record[key] for key in original} for record in exported] == [original]
        assert exported[0]["pinned_facts"] == []
        assert exported[0]["summaries"] == {}

    def test_it_exports_only_the_conversations_asked_for(self, write_file):
        run_import(write_file(jsonl(record("c-001"), record("c-002"))))
        out = io.StringIO()

        call_command("export_conversations", "--external-id", "c-002", stdout=out, stderr=io.StringIO())

        assert [json.loads(line)["external_id"] for line in out.getvalue().splitlines()] == ["c-002"]


@pytest.mark.django_db
class TestImportForAClient:
    def run(self, path, *arguments):
        call_command(
            "import_conversations",
            path,
            "--no-progress",
            *arguments,
            stdout=io.StringIO(),
            stderr=io.StringIO(),
        )

    def test_the_conversations_are_the_clients_and_it_reads_them_through_the_api(
        self, write_file, service_user, service_client
    ):
        self.run(write_file(jsonl(record("c-001"), record("c-002"))), "--client", service_user.username)

        assert set(Conversation.objects.values_list("created_by__username", flat=True)) == {
            service_user.username
        }
        listed = service_client.get("/api/v1/conversations/").json()["results"]
        assert sorted(item["external_id"] for item in listed) == ["c-001", "c-002"]

    def test_a_line_for_another_clients_conversation_is_rejected_and_the_rest_imported(
        self, write_file, service_user
    ):
        other = UserFactory(username="other-client", roles=[Role.CHAT_SERVICE])
        ConversationFactory(external_id="c-001", subject_id="cust-42", created_by=other)

        with pytest.raises(CommandError, match="1 line"):
            self.run(write_file(jsonl(record("c-001"), record("c-002"))), "--client", service_user.username)

        assert not Turn.objects.filter(conversation__external_id="c-001").exists()
        assert Turn.objects.filter(conversation__external_id="c-002").count() == 3
        assert Conversation.objects.get(external_id="c-002").created_by == service_user

    def test_a_user_who_is_not_an_api_client_is_refused_before_anything_is_read(
        self, write_file, support_user
    ):
        with pytest.raises(CommandError, match="not an API client"):
            self.run(write_file(jsonl(record())), "--client", support_user.username)

        assert not Conversation.objects.exists()
