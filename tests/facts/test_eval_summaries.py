"""eval_summaries: what the durable summary carries and what no summary should hold."""

import json
from datetime import UTC, datetime

import pytest
from django.core.management import CommandError, call_command

from facts.summary_evaluation import _Fact, measure, statements
from tests.factories import ConversationFactory, TurnFactory

DAY = datetime(2026, 5, 20).date()


def write(path, turns: list[tuple[str, str]]) -> None:
    line = {
        "external_id": "moving-house",
        "subject_id": "subject-1",
        "title": "Moving house",
        "turns": [
            {"seq": n, "role": role, "content": text, "created_at": "2026-05-04T10:00:00Z"}
            for n, (role, text) in enumerate(turns, 1)
        ],
    }
    path.write_text(json.dumps(line) + "\n")


class TestMeasures:
    def test_a_question_and_small_talk_are_counted_against_the_summary(self):
        facts = [_Fact("address", "home_city", "Leuven", "")]
        result = measure(
            "c", "- home city: Leuven [turn 2]\n- Thanks so much!\n- Where do I live?", "", facts, DAY
        )

        assert result.carried["own"] == result.total["own"] == 1
        assert (result.statements["static"], result.questions["static"], result.small_talk["static"]) == (
            3,
            1,
            1,
        )

    def test_a_temporary_preference_in_the_durable_summary_is_limited_in_time(self):
        facts = [
            _Fact("preference", "contact_preference", "text me this week", "", datetime(2026, 5, 10).date())
        ]
        result = measure("c", "- [turn 1] text me this week", "", facts, DAY)

        assert result.time_limited == 1 and result.total["preferences"] == 0

    def test_a_relative_date_gone_by_is_limited_in_time_and_a_stated_one_is_not(self):
        facts = [
            _Fact("date", "date", "tomorrow", "2026-05-05"),
            _Fact("date", "date", "May 5th", "2026-05-05"),
        ]
        result = measure(
            "c", "- date: tomorrow (Tue 5 May 2026) [turn 1]\n- date: May 5th [turn 2]", "", facts, DAY
        )

        assert result.time_limited == 1

    def test_a_prose_summary_is_read_sentence_by_sentence(self):
        assert statements("They live in Leuven. Do they want a call?") == [
            "They live in Leuven.",
            "Do they want a call?",
        ]


class TestCommand:
    def test_a_file_is_measured_with_the_configured_provider(self, tmp_path, capsys):
        path = tmp_path / "moving.jsonl"
        write(
            path,
            [
                ("user", "Hi! I live in Ghent and my email is wout@example.org."),
                ("assistant", "Thanks, I'll send the contract today."),
                ("user", "I'd rather you didn't call me, email only please."),
                ("user", "Actually I've moved to Leuven."),
                ("user", "What time do you open?"),
            ],
        )

        call_command("eval_summaries", str(path), "--json")
        report = json.loads(capsys.readouterr().out)

        assert report["conversations"] == 1
        assert report["durable_carries"]["own"] == 1.0  # the email and the current city
        assert report["durable_carries"]["preferences"] == 1.0
        assert report["durable_carries"]["commitments"] == 1.0
        assert report["questions"] == {"static": 0.0, "rolling": 0.0}
        assert report["durable_counts"]["own"] == 2

    def test_a_missing_file_is_a_clear_error(self, tmp_path):
        with pytest.raises(CommandError, match="no such file"):
            call_command("eval_summaries", str(tmp_path / "none.jsonl"))

    def test_nothing_to_measure_is_a_clear_error(self):
        with pytest.raises(CommandError, match="at least one import file"):
            call_command("eval_summaries")

    @pytest.mark.django_db
    def test_the_stored_summaries_are_measured(self, capsys):
        from conversations.models import Summary
        from facts.models import PinnedFact

        conversation = ConversationFactory()
        TurnFactory(conversation=conversation, seq=1, created_at=datetime(2026, 5, 4, tzinfo=UTC))
        TurnFactory(conversation=conversation, seq=2, created_at=datetime(2026, 5, 4, tzinfo=UTC))
        Summary.objects.create(
            conversation=conversation,
            kind="static",
            version=1,
            upto_seq=2,
            body="- home city: Leuven [turn 2]",
            provider="local",
            model="m",
        )
        Summary.objects.create(
            conversation=conversation,
            kind="rolling",
            version=1,
            upto_seq=2,
            body="- [turn 2] Is that right?",
            provider="local",
            model="m",
        )
        for value, key in (("Leuven", "home_city"), ("wout@example.org", "email")):
            PinnedFact.objects.create(
                conversation=conversation,
                type="address" if key == "home_city" else "email",
                key=key,
                value=value,
                source_seq=2,
                origin=PinnedFact.Origin.EXTRACTOR,
            )

        call_command("eval_summaries", "--database", "--json")
        report = json.loads(capsys.readouterr().out)

        assert report["durable_carries"]["own"] == 0.5
        assert report["questions"]["rolling"] == 1.0
