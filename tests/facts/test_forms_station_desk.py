"""Forms of a station travel centre's long conversations, in tokenised lower-case text: opening hours with
the same hour at both ends ("open 8 till 8"); the hour of the last entry written with a full stop ("last
entry 4.30"); a bare price answering "how cheap ...?"; a bare hour after "after", "before", "by" or "around"
answering a question for the time something is wanted at; a street named in directions ("onto", "along",
"down to", "the bus to"). Written for these tests: each form read, and the near forms that state no value (a
clock of minutes to the hour, a price of the last entry, a count, a question, a road said in general)."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, values


class TestOpeningHoursWithTheSameHourAtBothEnds:
    @pytest.mark.parametrize(
        "content,said",
        [
            ("the walk-in centre is open 8 till 8 every day .", "08:00-20:00"),
            ("the left luggage office is open 7 till 7 .", "07:00-19:00"),
            ("the pharmacy on the concourse is open 9 until 9 , weekends too .", "09:00-21:00"),
        ],
    )
    def test_the_morning_and_the_evening_are_read(self, content, said):
        facts = facts_of("when is it open ?", content)
        assert [n for _, n in in_turn(facts, 2, "time")] == [said]

    def test_ten_to_ten_is_no_window_of_the_same_hour(self):
        facts = facts_of("when does the coach leave ?", "it leaves at 10 to 10 from bay 4 .")
        assert "20:00" not in {n for _, n in in_turn(facts, 2, "time")}

    def test_a_person_s_own_shift_keeps_no_hours(self):
        assert values("i work 7 till 7 on the wards .", "time", role="user") == []


class TestTheLastEntryWrittenWithAFullStop:
    @pytest.mark.parametrize(
        "content,said",
        [
            ("the gardens are open 9.30 till 5.30 , last entry 4.45 .", "4.45"),
            ("open ten till four , last entry 3.15 .", "3.15"),
        ],
    )
    def test_the_hour_of_the_last_entry_is_a_time_and_no_price(self, content, said):
        assert said in values(content, "time")
        assert said not in values(content, "amount")

    def test_a_price_of_the_last_entry_each_is_still_a_price(self):
        assert (
            values("a late ticket after the last entry 3.20 per person is sold at the door .", "time") == []
        )


class TestABarePriceAnsweringHowCheap:
    def test_the_price_is_read_as_money(self):
        facts = facts_of("how cheap is the soup kitchen on the quay ?", "bowls from 4.80 , bread included .")
        assert [n for _, n in in_turn(facts, 2, "amount")] == ["4.80"]
        assert in_turn(facts, 2, "time") == []

    def test_after_a_question_for_an_hour_it_stays_a_clock(self):
        facts = facts_of("how early does the café open ?", "from 6.50 .")
        assert in_turn(facts, 2, "amount") == []


class TestABareHourAnsweringAQuestionForTheTime:
    @pytest.mark.parametrize(
        "answer,hour",
        [
            ("after the match , so after 5 .", "17:00"),
            ("after 3 if you can .", "15:00"),
            ("not before 9 , we have a slow start .", "09:00"),
        ],
    )
    def test_the_hour_wanted_is_read(self, answer, hour):
        facts = facts_of(
            "a coach to tillbury on saturday please .", "what time would you like to leave ?", answer
        )
        assert hour in [n for _, n in in_turn(facts, 3, "time")]

    @pytest.mark.parametrize(
        "question,answer",
        [
            ("how many people are travelling ?", "after 4 people , we get a group rate ."),
            ("what time would you like to leave ?", "before 2 children wake up ."),
            ("what time does it open ?", "is it after 4 ?"),
        ],
    )
    def test_a_count_or_a_question_is_no_hour(self, question, answer):
        facts = facts_of("a coach to tillbury please .", question, answer)
        assert in_turn(facts, 3, "time") == []


class TestAStreetNamedInDirections:
    @pytest.mark.parametrize(
        "content,said",
        [
            ("turn right out of the hotel onto tanner road and keep going .", "tanner road"),
            ("the number 7 goes down to pelham lane .", "pelham lane"),
            ("it 's ten minutes on foot , or the bus to sorrel street .", "sorrel street"),
            ("walk along cobb quay until you see the boats .", "cobb quay"),
        ],
    )
    def test_the_street_is_read(self, content, said):
        assert said in values(content, "address")

    @pytest.mark.parametrize(
        "content",
        [
            "go down to the end and turn left .",  # the end of a road, no street
            "we met a lot of people along the way .",
            "is the bus stop along fenner road ?",  # a question
            "turn onto the next street .",  # a street said in general
        ],
    )
    def test_no_street_is_read(self, content):
        assert values(content, "address") == []
