"""eval_extraction: recall against gold labels, consistency of the kept facts, summary measures."""

import json
from datetime import UTC, date, datetime

import pytest
from django.core.management import CommandError, call_command

from facts.evaluation import (
    EvalConversation,
    GoldValue,
    evaluate,
    is_chatter,
    value_matches,
)
from memadmin.providers.base import ExtractedFact, TurnText

WHEN = datetime(2026, 5, 4, 10, 0, tzinfo=UTC)


def turn(seq: int, role: str, content: str) -> TurnText:
    return TurnText(seq=seq, role=role, content=content, created_at=WHEN)


def fact(type_: str, value: str, normalised: str = "", seq: int = 1) -> ExtractedFact:
    return ExtractedFact(type_, type_, value, seq, (0, len(value)), normalised)


class TestValueMatching:
    @pytest.mark.parametrize(
        "type_,gold,found,normalised",
        [
            ("amount", "1200 bucks", "$1,200", "1200.00 USD"),
            ("date", "June 3rd", "3 June", "2026-06-03"),
            ("time", "5:30 pm", "17:30", "17:30"),
            ("phone", "(212) 555-0147", "+1 212 555 0147", "+12125550147"),
            ("identifier", "abc 12345", "ABC12345", "ABC12345"),
            ("address", "14 Elm St", "14 Elm Street, Leeds LS6 2AB", ""),
            ("date", "12th of June", "the 12th of June", "2026-06-12"),
            ("amount", "12 pounds 50", "£12.50", "12.50 GBP"),
        ],
    )
    def test_the_same_value_said_differently_matches(self, type_, gold, found, normalised):
        assert value_matches(GoldValue(type_, "k", gold, 1), fact(type_, found, normalised), date(2026, 5, 4))

    @pytest.mark.parametrize(
        "type_,gold,found,normalised",
        [
            ("amount", "£12", "$12", "12.00 USD"),
            ("time", "5:30 pm", "5:30 am", "05:30"),
            ("address", "14 Elm Street", "41 Elm Street", ""),
            ("date", "June 3rd", "June 4th", "2026-06-04"),
            ("amount", "12 pounds 50", "12 pounds", "12.00 GBP"),  # the pence are part of the value
        ],
    )
    def test_another_value_does_not_match(self, type_, gold, found, normalised):
        assert not value_matches(
            GoldValue(type_, "k", gold, 1), fact(type_, found, normalised), date(2026, 5, 4)
        )

    def test_a_value_from_another_turn_does_not_match(self):
        assert not value_matches(GoldValue("amount", "k", "$5", 2), fact("amount", "$5", seq=1), date.today())


class TestChatter:
    @pytest.mark.parametrize(
        "sentence", ["Can you help me?", "Thanks so much!", "Hi there.", "Great, thanks."]
    )
    def test_questions_and_small_talk_are_chatter(self, sentence):
        assert is_chatter(sentence)

    def test_a_statement_is_not(self):
        assert not is_chatter("I live at 14 Elm Street, Leeds LS6 2AB.")


class TestEvaluate:
    def conversation(self) -> EvalConversation:
        return EvalConversation(
            "c-1",
            [
                turn(1, "user", "My order ORD-55120 was charged £42.10 twice."),
                turn(2, "assistant", "Sorry! I'll refund £42.10 today."),
                turn(3, "user", "Thanks. Ask me about the flugelhorn sometime."),
            ],
            [
                GoldValue("identifier", "order_id", "ORD-55120", 1),
                GoldValue("amount", "charge_amount", "£42.10", 1),
                GoldValue("amount", "refund_amount", "£42.10", 2),
                GoldValue("identifier", "instrument", "flugelhorn", 3),  # no rule can see it
            ],
        )

    def test_it_counts_recall_by_type_and_clean_conversations(self):
        report = evaluate([self.conversation()], name="t").as_dict()

        assert report["recall_by_type"] == {"amount": 1.0, "identifier": 0.5}
        assert report["recall"] == 0.75
        assert report["unsupported"] == 0
        assert report["clean_rate"] == 0.0

    def test_a_conversation_with_every_value_found_is_clean(self):
        conversation = self.conversation()
        conversation.gold.pop()

        assert evaluate([conversation], name="t").as_dict()["clean_rate"] == 1.0


class TestCommand:
    def test_it_prints_a_report_per_file(self, tmp_path, capsys):
        path = tmp_path / "gold.jsonl"
        record = {
            "external_id": "x-1",
            "subject_id": "s",
            "turns": [
                {"seq": 1, "role": "user", "content": "Please call me on 07700 900461 after 6pm."},
                {"seq": 2, "role": "assistant", "content": "Will do."},
            ],
            "gold_facts": [
                {"type": "phone", "key": "phone", "value": "07700 900461", "source_seq": 1},
                {"type": "time", "key": "callback_time", "value": "6pm", "source_seq": 1},
            ],
        }
        path.write_text(json.dumps(record) + "\n")

        call_command("eval_extraction", str(path), "--json")
        report = json.loads(capsys.readouterr().out)

        assert report["conversations"] == 1
        assert report["recall_by_type"] == {"time": 1.0, "phone": 1.0}
        assert report["clean_rate"] == 1.0

    def test_conversations_without_gold_facts_are_left_out_and_counted(self, tmp_path, capsys):
        def record(external_id: str, gold: list[dict]) -> str:
            turn = {"seq": 1, "role": "user", "content": "Booking ref QX7T2 for the 14:05 ferry, please."}
            return json.dumps(
                {"external_id": external_id, "subject_id": "s", "turns": [turn], "gold_facts": gold}
            )

        gold = [{"type": "time", "key": "departure_time", "value": "14:05", "source_seq": 1}]
        path = tmp_path / "export.jsonl"
        path.write_text(
            "\n".join([record("labelled", gold), record("waiting", []), record("also-waiting", [])])
        )

        call_command("eval_extraction", str(path), "--json")
        report = json.loads(capsys.readouterr().out)
        call_command("eval_extraction", str(path))
        text = capsys.readouterr().out

        assert (report["conversations"], report["left_out_without_gold"]) == (1, 2)
        assert (report["gold_values"], report["clean_conversations"]) == (1, 1)
        assert "1 conversations, 1 gold values" in text
        assert "left out: 2 conversations without gold facts" in text

    def test_a_missing_file_is_a_clear_error(self, tmp_path):
        with pytest.raises(CommandError, match="no such file"):
            call_command("eval_extraction", str(tmp_path / "nope.jsonl"))
