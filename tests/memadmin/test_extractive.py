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


class TestWhatTheDurableSummaryCarries:
    def summary(self) -> str:
        return static_summary(
            turns(
                ("user", "Hi! Can you help me with my order?"),
                ("assistant", "Of course. What's the order number?"),
                ("user", "It's ORD-77310. Please deliver it to 5 Ferry Lane, Hull HU1 3DR."),
                ("assistant", "Thanks. I'll email you the tracking link tomorrow."),
                ("user", "Great, thanks! I'd rather you text me than call."),
                ("assistant", "Noted: order ORD-77310 goes to 5 Ferry Lane, Hull HU1 3DR."),
                ("user", "Is it raining where you are?"),
            )
        )

    def test_current_values_with_the_turns_that_said_them(self):
        summary = self.summary()

        assert "order id: ORD-77310 [turn 3, said again at turn 6]" in summary
        # Named as its key, shipping_address, not as another key (delivery_address) would be.
        assert "shipping address: 5 Ferry Lane, Hull HU1 3DR [turn 3, said again at turn 6]" in summary

    def test_preferences_and_commitments(self):
        summary = self.summary()

        assert "I'd rather you text me than call" in summary
        assert "I'll email you the tracking link tomorrow" in summary

    def test_never_a_question_or_small_talk(self):
        lines = [line for line in self.summary().splitlines() if line.startswith("- ")]

        assert lines
        assert not [line for line in lines if line.endswith("?") or "thanks" in line.lower()]

    def test_a_replaced_value_is_not_carried(self):
        summary = static_summary(
            turns(
                ("user", "Send it to 5 Ferry Lane, Hull HU1 3DR."),
                ("assistant", "OK."),
                ("user", "Change of plan: send it to 12 Dock Street, Hull HU1 1TB instead."),
            )
        )

        assert "12 Dock Street" in summary and "Ferry Lane" not in summary


class TestTheRollingSummaryHasNoChatter:
    def test_questions_and_small_talk_are_left_out(self):
        summary = rolling_summary(
            turns(
                ("user", "Did you get my email about ORD-20331?"),
                ("assistant", "Yes. I'll refund £18.40 to your card today."),
                ("user", "Thanks so much!"),
                ("user", "I'm still waiting for the replacement cable."),
            )
        )

        assert "I'll refund £18.40" in summary and "still waiting" in summary
        assert "?" not in summary and "Thanks" not in summary


class TestWhatTheDurableSummaryStates:
    def test_a_commitment_for_today_says_which_day_that_was(self):
        summary = static_summary(turns(("assistant", "I'll email you the signed lease today.")))

        assert "I'll email you the signed lease today (said Mon 16 Mar 2026)" in summary

    def test_a_yes_or_no_before_a_preference_is_not_part_of_it(self):
        summary = static_summary(turns(("user", "No, I'd rather you texted me.")))

        assert "- [turn 1] I'd rather you texted me" in summary

    def test_a_question_about_where_they_live_is_not_what_it_says(self):
        summary = static_summary(
            turns(
                ("user", "I live in Ghent. My phone is 0470 12 34 56."),
                ("user", "Actually I've moved to Leuven now."),
                ("user", "Could you find me a gym near where I live?"),
            )
        )

        assert "home city: Leuven [turn 2]" in summary and "0470 12 34 56 [turn 1]" in summary
        assert "?" not in summary and "Ghent" not in summary

    def test_a_relative_date_gone_by_is_left_out_and_a_stated_one_kept(self):
        week_before = datetime(2026, 3, 9, 10, 0, tzinfo=UTC)
        summary = static_summary(
            [
                TurnText(
                    seq=1, role="user", content="I'm seeing the dentist tomorrow.", created_at=week_before
                ),
                TurnText(
                    seq=2, role="user", content="The lease starts on 1 April 2026.", created_at=week_before
                ),
                TurnText(seq=3, role="user", content="My email is tove@example.net.", created_at=AT),
            ]
        )

        assert "tomorrow" not in summary
        assert "1 April 2026 [turn 2]" in summary and "tove@example.net [turn 3]" in summary
