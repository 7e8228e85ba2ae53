"""Clocks read in the wrong half of the day, and counts or hours read as prices. A question that restates a
place's hours proposes them ("So the library's open 9 till 5?" is 09:00-17:00, not ten to five); a closing
hour said as "closing is at ..." is after noon; the last swim, tour or session of the day from 1 to 9 is after
noon; a show's doors said alone ("Doors at 6.45") are in the evening, and so is a start in talk of a band's
gig. Hours slept a night, a count sold together for a larger sum ("3 for twenty") and the rest of what is
counted ("the other 12") are no price; a unit price before the sum it comes to ("at 1.42 that's 88.04") is a
price, not a clock. Written for these tests; the chats are said on Monday 6 July 2026."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant, values


class TestAQuestionRestatingHoursKept:
    @pytest.mark.parametrize(
        ("asked", "said", "window"),
        [
            ("So the library's open 9 till 5?", "9 till 5", "09:00-17:00"),
            ("And you're open 10 till 4 on Saturdays?", "10 till 4", "10:00-16:00"),
            ("The pool is open 11 to 3 on Sunday, right?", "11 to 3", "11:00-15:00"),
        ],
    )
    def test_the_window_is_proposed_not_a_clock_counted_back(self, asked, said, window):
        chat = facts_of("We keep the usual hours at the weekend.", asked)
        assert in_turn(chat, 2, "time") == [(said, window)]

    @pytest.mark.parametrize(
        "asked",
        [
            "Will the bus leave at 10 to 4?",
            "Can you meet me at ten to five?",
            "So Monday and Tuesday, 9.30 till 2, that's 9 hours in all?",
            "Are you open 10 to 4 on Sundays?",
        ],
    )
    def test_a_clock_counted_back_in_a_question_keeps_its_reading(self, asked):
        assert all("-" not in clock for _, clock in in_turn(facts_of("Sure.", asked), 2, "time"))


class TestClosingSaidAsClosingIs:
    @pytest.mark.parametrize(
        ("said", "value", "clock"),
        [
            ("Closing is at quarter to six.", "quarter to six", "17:45"),
            ("Closing's at half seven on Fridays.", "half seven", "19:30"),
            ("Closing will be at 6.30.", "6.30", "18:30"),
        ],
    )
    def test_after_noon(self, said, value, clock):
        assert of_type(said_by_assistant(said), "time") == [(value, clock)]

    def test_opening_keeps_the_morning(self):
        assert of_type(said_by_assistant("Opening is at quarter to nine."), "time") == [
            ("quarter to nine", "08:45")
        ]


class TestTheLastSessionOfTheDay:
    @pytest.mark.parametrize(
        ("said", "value", "clock"),
        [
            ("Yes, the last swim is at 5.15.", "5.15", "17:15"),
            ("The last tour of the day is at 4.45.", "4.45", "16:45"),
            ("The last session's at 5.30.", "5.30", "17:30"),
        ],
    )
    def test_after_noon(self, said, value, clock):
        assert of_type(said_by_assistant(said), "time") == [(value, clock)]

    def test_the_last_train_is_not_moved(self):
        assert of_type(said_by_assistant("The last train is at 11.40."), "time") == [("11.40", "11:40")]


class TestAShowsDoors:
    @pytest.mark.parametrize(
        ("said", "value", "clock"),
        [
            ("Doors at 6.45.", "6.45", "18:45"),
            ("Doors are at 7.30, the band is on later.", "7.30", "19:30"),
            ("doors from 8.15 .", "8.15", "20:15"),
        ],
    )
    def test_in_the_evening(self, said, value, clock):
        chat = facts_of("What's the plan for Thursday?", said)
        assert in_turn(chat, 2, "time") == [(value, clock)]

    def test_a_shops_doors_opening_keep_the_morning(self):
        chat = facts_of("When can I come in?", "Our doors open at 8.30.")
        assert [clock for _, clock in in_turn(chat, 2, "time")] != ["20:30"]


class TestAStartInTalkOfAGig:
    def test_the_start_after_the_gigs_fee_is_in_the_evening(self):
        chat = facts_of(
            "What does the gig at the Crown pay?",
            "Two hundred for the band.",
            "Fine. What time do we go on?",
            "You start at 8.40.",
        )
        assert in_turn(chat, 4, "time") == [("8.40", "20:40")]

    def test_a_morning_word_keeps_the_morning(self):
        chat = facts_of("The gig is on Saturday.", "Sound check is at 9.30 in the morning.")
        assert in_turn(chat, 2, "time") == [("9.30 in the morning", "09:30")]


class TestHoursAndCountsAreNoPrice:
    @pytest.mark.parametrize(
        "said",
        [
            "She sleeps for 9 a night now.",
            "He sleeps about 10 a night in the holidays.",
            "They slept for 7 a night on the trip.",
        ],
    )
    def test_hours_spent(self, said):
        assert values(said, "amount") == []

    @pytest.mark.parametrize(
        ("said", "prices"),
        [
            ("The mugs are $6 each, or 4 for twenty.", ["$6", "twenty"]),
            ("Scones are 2.50 each, or 3 for 6.", ["2.50", "6"]),
        ],
    )
    def test_a_count_sold_together(self, said, prices):
        assert values(said, "amount") == prices

    @pytest.mark.parametrize(
        "said",
        [
            "They'll send the other 14 on Thursday.",
            "They'll send the remaining 25 by courier.",
        ],
    )
    def test_the_rest_of_what_is_counted(self, said):
        chat = facts_of("Did the plant pots come?", said)
        assert in_turn(chat, 2, "amount") == []

    def test_the_rest_of_a_sum_in_talk_of_money(self):
        chat = facts_of("The deposit was £40.", "Send the other 60 on Friday.")
        assert in_turn(chat, 2, "amount") == [("60", "60.00")]

    def test_the_price_for_two_is_still_a_price(self):
        assert values("The tasting menu is 36.80 for two.", "amount") == ["36.80"]


class TestAUnitPriceBeforeItsSum:
    @pytest.mark.parametrize(
        ("said", "prices"),
        [
            ("At 1.35 that's 67.50.", ["1.35", "67.50"]),
            ("at 2.40 , that comes to 96.00 .", ["2.40", "96.00"]),
        ],
    )
    def test_both_are_prices_and_no_clock(self, said, prices):
        chat = facts_of("How much for fifty of the tiles?", said)
        assert [v for v, _ in in_turn(chat, 2, "amount")] == prices
        assert in_turn(chat, 2, "time") == []

    def test_a_clock_before_minutes_stays_a_clock(self):
        chat = facts_of("When does it land?", "At 9.30, that's 45 minutes late.")
        assert in_turn(chat, 2, "amount") == []
