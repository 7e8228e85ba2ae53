"""A clock written with a dot ("4.30") is as often a price, so it is read where no money is said and what is
said around it fixes a time: what books it ("book it for 12.30", "order for 6.30", "get them there for 4.15"),
the day it is on and a comma ("tomorrow , 7.30 ,", "the same day , 4.30 ,"), or a question for a time it
answers first ("What time does it start?" "7.45, and ..."). One so read from 1 to 6 is after noon. Written
for these tests; the chats are said on Monday 6 July 2026."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn


class TestBookedOrFixed:
    @pytest.mark.parametrize(
        ("said", "value", "clock"),
        [
            ("lovely , book it for 12.30 please .", "12.30", "12:30"),
            ("Ok I'll order for 6.30 then.", "6.30", "18:30"),
            ("get the band there for 5.15 , please .", "5.15", "17:15"),
            ("i can do the first slot tomorrow , 8.30 , if that helps .", "8.30", "08:30"),
            ("we could see him the same day , 3.45 , after the surgery .", "3.45", "15:45"),
        ],
    )
    def test_the_clock_is_read(self, said, value, clock):
        chat = facts_of("we'd like to sort out a time .", said)
        assert (value, clock) in in_turn(chat, 2, "time")

    @pytest.mark.parametrize(
        "said",
        [
            "book it for 12.50 , that's the price of the lunch .",
            "the taxi for 6.30 pounds is booked .",
            "tomorrow , 7.32 , a strange number .",
        ],
    )
    def test_a_price_or_an_odd_number_is_no_clock(self, said):
        chat = facts_of("we'd like to sort out a time .", said)
        assert in_turn(chat, 2, "time") == []


class TestAnsweredFirst:
    def test_a_clock_answering_a_question_for_a_time(self):
        chat = facts_of("What time does the talk start?", "7.45, and the doors open at 7.")
        assert ("7.45", "07:45") in in_turn(chat, 2, "time")

    def test_a_price_answering_a_question_for_a_price_is_no_clock(self):
        chat = facts_of("how much is the taxi ?", "6.30 , and 2 for the bags .")
        assert in_turn(chat, 2, "time") == []
