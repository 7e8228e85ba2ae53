"""A place's opening hours straight after the word "open", said in the sentence of its price ("the gallery is
£6 , open 10 to 5", "a pot of tea for 3.20 , open 9 till 4:30"): two clocks, never a price of the first hour.
Written for these tests; the chats are said on Monday 6 July 2026."""

import pytest

from tests.facts.booking_chats import of_type, said_by_assistant, values


class TestOpeningHoursAfterAPrice:
    @pytest.mark.parametrize(
        ("said", "hours"),
        [
            ("the toy museum is £6 , open 10 to 5 .", [("10 to 5", "10:00-17:00")]),
            ("the tea room does a pot for 3.20 , open 9 till 4:30 .", [("9 till 4:30", "09:00-16:30")]),
            ("the castle costs £11 and is open 10 to 6 .", [("10 to 6", "10:00-18:00")]),
            ("entry is 4 pounds , opens from 9 till 4 .", [("9 till 4", "09:00-16:00")]),
        ],
    )
    def test_the_hours_are_read_as_a_window(self, said, hours):
        assert of_type(said_by_assistant(said), "time") == hours

    @pytest.mark.parametrize(
        ("said", "price"),
        [
            ("the toy museum is £6 , open 10 to 5 .", ["£6"]),
            ("the castle costs £11 and is open 10 to 6 .", ["£11"]),
            ("the tea room does a pot for 3.20 , open 9 till 4:30 .", ["3.20"]),
        ],
    )
    def test_the_price_alone_is_an_amount(self, said, price):
        assert values(said, "amount") == price


class TestNoHoursWhereNoneAreKept:
    def test_a_price_range_with_no_word_of_opening_stays_a_price(self):
        assert values("tickets are 10 to 15 pounds .", "time") == []

    def test_a_window_with_no_word_of_opening_after_a_price_is_no_time(self):
        assert values("the tour is £9 , 10 to 5 people a group .", "time") == []

    def test_open_before_a_count_is_no_window(self):
        assert values("the hall is £40 , open to 60 people .", "time") == []
