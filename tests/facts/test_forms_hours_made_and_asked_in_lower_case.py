"""Hours said in a booking's back-and-forth in forms the other test modules do not hold: a lower-case
question after a full stop opens a sentence of its own, an hour put with "make it" in place of a proposed
clock (with its half of the day, or next to the clock of a booking for a party), an hour with the side of
it that will do ("6 or later"), and the hour a hire car goes back.
One case per general form, written for these tests, with the sentences that look like them and state none,
and turns that only ask."""

import pytest

from tests.facts.booking_chats import facts_of, of_type, said_by_user, values


def _times_of(facts: list[tuple[int, str, str, str]], seq: int) -> list[tuple[str, str]]:
    return [(value, normalised) for s, t, value, normalised in facts if s == seq and t == "time"]


class TestLowerCaseQuestionAfterAFullStop:
    def test_the_question_is_a_sentence_of_its_own(self):
        facts = facts_of(
            "When can the plumber come?",
            "The plumber is booked for Friday 9 May between 1pm and 3pm.",
            "hmm that clashes with the school run at 3. can they do 11?",
        )
        assert _times_of(facts, 3) == [("3", "15:00"), ("11", "11:00")]

    @pytest.mark.parametrize(
        "content",
        [
            "we land at 10 a.m. can you check the gate?",
            "the shop on mill st. can you find its phone?",
        ],
    )
    def test_an_abbreviation_before_it_still_holds_the_sentence(self, content):
        assert [v for v in values(content, "time", role="user") if v != "10 a.m."] == []

    def test_a_question_alone_asks_for_no_hour(self):
        facts = facts_of(
            "What time is the plumber?",
            "The plumber is booked for Friday 9 May between 1pm and 3pm.",
            "ok. when can they come?",
        )
        assert _times_of(facts, 3) == []


class TestHourMadeInPlaceOfAProposedClock:
    def test_the_half_of_the_day_it_names(self):
        facts = facts_of(
            "Remind me to water the plants on the 12th.",
            "Please confirm: a reminder to water the plants on 12 July at 8 am.",
            "Make it the evening, six.",
        )
        assert _times_of(facts, 3) == [("six", "18:00")]

    def test_an_hour_next_to_the_clock_of_a_booking_for_a_party(self):
        facts = facts_of(
            "Book the Harbour Grill for Saturday.",
            "Please confirm: a table for 4 at the Harbour Grill on 11 July at 7:30 pm.",
            "Wait, the babysitter leaves late. Make it eight.",
        )
        assert ("eight", "20:00") in _times_of(facts, 3)

    @pytest.mark.parametrize("reply", ["Make it five.", "Make it four.", "Make it seven."])
    def test_a_new_party_is_no_hour(self, reply):
        facts = facts_of(
            "Book the Harbour Grill for Saturday.",
            "Please confirm: a table for 4 at the Harbour Grill on 11 July at 7 pm.",
            reply,
        )
        assert _times_of(facts, 3) == []

    def test_a_count_said_after_it_is_no_hour(self):
        facts = facts_of(
            "Book the Harbour Grill for Saturday.",
            "Please confirm: the Harbour Grill on 11 July at 7:30 pm.",
            "Make it the evening, eight people.",
        )
        assert _times_of(facts, 3) == []


class TestHourWithTheSideOfItThatWillDo:
    @pytest.mark.parametrize(
        "content,time,normalised",
        [
            ("Book me a haircut on Friday after work, 5 or later.", "5", "17:00"),
            ("Any slot tomorrow morning, 10 or earlier, is fine.", "10", "10:00"),
        ],
    )
    def test_the_hour_is_a_time(self, content, time, normalised):
        assert (time, normalised) in of_type(said_by_user(content), "time")

    @pytest.mark.parametrize(
        "content",
        [
            "The app needs iOS 6 or later, can I still book on Friday?",
            "Children aged 6 or older can join the class on Friday.",
            "Can 6 or more of us come on Friday?",
            "Tickets on Friday are 5 or less.",
        ],
    )
    def test_a_version_an_age_a_count_or_a_price_is_no_hour(self, content):
        assert values(content, "time", role="user") == []


class TestHourAHireCarGoesBack:
    @pytest.mark.parametrize(
        "content,time",
        [("I'm returning the car at 6.", "6"), ("We return the hire van at 4, then fly.", "4")],
    )
    def test_the_hour_is_a_time(self, content, time):
        assert time in values(content, "time", role="user")

    @pytest.mark.parametrize(
        "content", ["I'm returning the car at 6 percent interest.", "I returned 3 books."]
    )
    def test_a_rate_or_a_count_is_no_hour(self, content):
        assert values(content, "time", role="user") == []


class TestDaysListedBesideTheirHours:
    def test_each_day_of_the_list_is_a_day(self):
        facts = facts_of(
            "And the library hours?",
            "Monday and Friday, 9:30 to 12:30, and Wednesday 2 to 5.",
        )
        assert [v for s, t, v, _ in facts if s == 2 and t == "date"] == ["Monday", "Friday", "Wednesday"]

    @pytest.mark.parametrize(
        "content",
        [
            "we are open monday and friday , 9:30 to 12:30 .",
            "the library opens monday to friday , 9:30 to 12:30 .",
            "every monday and friday , 9:30 to 12:30 .",
        ],
    )
    def test_the_days_a_place_keeps_name_no_day(self, content):
        assert values(content, "date") == []
