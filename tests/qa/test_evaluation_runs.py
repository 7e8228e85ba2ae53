"""An evaluation run over labelled conversations, every figure checked against a hand count."""

import json

import pytest
from django.core.management import call_command

from facts.models import GoldFact
from memadmin.models import AuditEntry
from qa.models import EvaluationRun, Finding, GoldSet
from qa.runs import evaluation_run_execute, evaluation_run_request
from tests.qa import scenario

pytestmark = pytest.mark.django_db


@pytest.fixture
def labelled(qa_user, admin_user, django_user_model):
    from memadmin.permissions import Role
    from tests.factories import UserFactory

    second = UserFactory(username="quentin-qa", roles=[Role.QA])
    return scenario.build(qa_user, second, admin_user)


class TestGoldSets:
    def test_adjudicated_and_imported_sets_say_where_they_came_from(self, labelled, admin_user):
        short = GoldSet.objects.get(conversation=labelled["short"])
        medium = GoldSet.objects.get(conversation=labelled["medium"])

        assert (short.origin, short.adjudicated_by, short.source_file) == ("adjudicated", admin_user, "")
        assert (medium.origin, medium.source_file) == ("imported", "gold-batch-7.jsonl")
        assert not GoldSet.objects.filter(conversation=labelled["other"]).exists()
        assert sorted(
            GoldFact.objects.filter(conversation=labelled["short"]).values_list("value", flat=True)
        ) == [
            "$1,200",
            "1200 dollars",
            "14 Elm St, Leeds",
            "3 June 2026",
            "ORD-55120",
        ]


def requested(actor, source: str, capture) -> EvaluationRun:
    """A run asked for as the page asks: it runs after the commit (inline in tests)."""
    with capture(execute=True):
        run = evaluation_run_request(actor=actor, source=source)
    run.refresh_from_db()
    return run


class TestStoredFactsRun:
    @pytest.fixture(autouse=True)
    def _capture(self, django_capture_on_commit_callbacks):
        self.capture = django_capture_on_commit_callbacks

    def run(self, qa_user) -> EvaluationRun:
        return requested(qa_user, "stored", self.capture)

    def test_every_figure_matches_the_hand_count(self, labelled, qa_user):
        run = self.run(qa_user)
        f = run.figures

        assert run.status == "done", run.error
        assert (run.provider, run.model) == ("stored facts", "rules-test")
        assert (run.conversations, run.gold_values) == (3, 8)
        # found: both identifiers, both amounts ("1200 dollars" through "$1,200" repeated in turn 2),
        # the date and the phone; missed: the address and the time.
        assert run.recall == 0.75
        assert f["recall_by_type"] == {
            "date": 1.0,
            "time": 0.0,
            "amount": 1.0,
            "address": 0.0,
            "phone": 1.0,
            "identifier": 1.0,
        }
        # extracted, in types each gold set labels: short 1 identifier, 2 amounts, 1 date;
        # medium 1 phone, 2 identifiers (the email is not counted); correct: 5 of those 7.
        assert run.precision == round(5 / 7, 4)
        assert f["precision_by_type"] == {
            "date": 1.0,
            "amount": 0.5,
            "phone": 1.0,
            "identifier": round(2 / 3, 4),
        }
        assert f["extracted_by_type"] == {"date": 1, "amount": 2, "phone": 1, "identifier": 3}
        assert f["unsupported"] == 1  # "£1,250"
        assert (run.clean_rate, f["clean_conversations"]) == (round(1 / 3, 4), 1)
        by_length = f["by_length"]
        assert {
            name: (b["conversations"], b["gold_values"], b["found"]) for name, b in by_length.items()
        } == {
            "up to 20 turns": (1, 5, 4),
            "21 to 50 turns": (1, 2, 2),
            "over 50 turns": (1, 1, 0),
        }
        names = ["up to 20 turns", "21 to 50 turns", "over 50 turns"]  # (stored JSON keeps no order)
        assert [by_length[n]["recall"] for n in names] == [0.8, 1.0, 0.0]
        assert [by_length[n]["precision"] for n in names] == [0.75, round(2 / 3, 4), None]
        assert [by_length[n]["clean_rate"] for n in names] == [0.0, 1.0, 0.0]

    def test_each_miss_and_fabrication_is_kept_with_its_turn(self, labelled, qa_user):
        run = self.run(qa_user)

        findings = {
            (f.kind, f.external_id, f.type, f.value, f.source_seq, f.turns, f.conversation_id)
            for f in Finding.objects.filter(run=run)
        }
        assert findings == {
            ("missed", "short", "address", "14 Elm St, Leeds", 3, 3, labelled["short"].pk),
            ("missed", "long", "time", "5:30 pm", 52, 55, labelled["long"].pk),
            ("fabricated", "short", "amount", "£1,250", 2, 3, labelled["short"].pk),
        }

    def test_a_run_is_audited_and_runs_once(self, labelled, qa_user):
        run = self.run(qa_user)

        assert evaluation_run_execute(run_id=run.pk) is None
        assert Finding.objects.filter(run=run).count() == 3
        entry = AuditEntry.objects.get(action="memadmin.qa.run.requested")
        assert (entry.actor, entry.after) == (qa_user, {"source": "stored"})


class TestExtractorRun:
    def test_it_runs_the_configured_extractor_and_names_it(
        self, labelled, qa_user, django_capture_on_commit_callbacks
    ):
        run = requested(qa_user, "extractor", django_capture_on_commit_callbacks)

        assert run.status == "done", run.error
        assert (run.provider, run.conversations, run.gold_values) == ("local", 3, 8)
        assert run.model
        assert 0 < run.recall <= 1
        assert run.figures["unsupported"] == 0  # the rules only pin words a turn says


class TestCommand:
    def test_eval_extraction_over_gold_sets_is_the_same_run(self, labelled, capsys):
        call_command("eval_extraction", "--gold-sets", "--stored-facts", "--json")
        printed = json.loads(capsys.readouterr().out)

        run = EvaluationRun.objects.get(pk=printed["run"])
        assert run.requested_by is None and run.source == "stored"
        assert (printed["recall"], printed["precision"], printed["clean_rate"]) == (
            0.75,
            round(5 / 7, 4),
            0.3333,
        )
        assert run.figures == {k: v for k, v in printed.items() if k != "run"}

    def test_it_prints_the_figures(self, labelled, capsys):
        call_command("eval_extraction", "--gold-sets", "--stored-facts")
        out = capsys.readouterr().out

        assert "recall 75.0%; unsupported 1; clean conversations 33.3%" in out
        assert "precision 71.4%" in out
        assert "over 50 turns: 1 conversations, recall 0.0%" in out

    def test_files_and_gold_sets_together_are_refused(self, tmp_path):
        from django.core.management import CommandError

        with pytest.raises(CommandError, match="not both"):
            call_command("eval_extraction", str(tmp_path / "x.jsonl"), "--gold-sets")


class TestExportGold:
    def test_it_writes_every_gold_fact_with_its_provenance(self, labelled, tmp_path):
        import csv

        out = tmp_path / "gold.csv"
        call_command("export_gold", "-o", str(out))

        rows = list(csv.DictReader(out.open(encoding="utf-8")))
        assert len(rows) == 8
        phone = next(r for r in rows if r["type"] == "phone")
        assert (phone["conversation"], phone["value"], phone["origin"], phone["source_file"]) == (
            "medium",
            "07700 900461",
            "imported",
            "gold-batch-7.jsonl",
        )
        address = next(r for r in rows if r["type"] == "address")
        assert (address["origin"], address["adjudicated_by"], address["source_seq"]) == (
            "adjudicated",
            "ada-admin",
            "3",
        )
        assert address["adjudicated_at"]
        assert AuditEntry.objects.filter(action="memadmin.qa.gold.exported", after__rows=8).exists()
