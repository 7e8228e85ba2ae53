from datetime import UTC, datetime

from memadmin.providers.base import TurnText
from memadmin.providers.extractive import rolling_summary, static_summary

AT = datetime(2026, 3, 16, 10, 0, tzinfo=UTC)


def turns(*pairs: tuple[str, str]) -> list[TurnText]:
    return [
        TurnText(seq=n, role=role, content=text, created_at=AT) for n, (role, text) in enumerate(pairs, 1)
    ]


class TestRollingSummary:
    def test_it_quotes_sentences_with_exact_values_verbatim_with_their_turn(self):
        summary = rolling_summary(
            turns(
                ("user", "Hello there. My order ORD-48213 arrived broken."),
                ("assistant", "Sorry! I'll refund £147.50 within 14 days."),
                ("user", "Lovely weather today."),
            )
        )

        assert "- [turn 1] My order ORD-48213 arrived broken." in summary
        assert "- [turn 2] I'll refund £147.50 within 14 days." in summary
        assert "weather" not in summary

    def test_nothing_worth_keeping_gives_an_empty_summary(self):
        assert rolling_summary(turns(("user", "Hello."), ("assistant", "Hi, how can I help?"))) == ""


class TestStaticSummary:
    def test_a_move_replaces_the_earlier_place(self):
        summary = static_summary(
            turns(("user", "I work in Brussels."), ("assistant", "Noted."), ("user", "I've moved to Lisbon."))
        )

        assert "Lisbon" in summary
        assert "Brussels" not in summary

    def test_a_temporary_preference_is_not_a_trait(self):
        summary = static_summary(
            turns(("user", "I prefer email. I'm travelling this week, so text me instead of calling."))
        )

        assert "I prefer email." in summary
        assert "text me" not in summary

    def test_only_the_persons_own_words_count(self):
        summary = static_summary(
            turns(("assistant", "I always recommend the blue one."), ("user", "Thanks."))
        )

        assert summary == ""

    def test_passing_remarks_are_not_traits(self):
        assert static_summary(turns(("user", "I'm hopeless with websites, sorry."))) == ""
