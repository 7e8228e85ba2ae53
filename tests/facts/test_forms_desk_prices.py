"""Prices tokenised desks say with no currency, in forms the other test modules do not hold: a fare said
roughly after the clock a ride is booked for ("pick you up at 6:20 . it should be about 17 ."), a sum in
thousands after "is" ("at 95 is 2,280"), a price each after "they 're" or "a flat", a rate per thing and
per day ("42 a bay a day"), and a total proposed as a question after prices and agreed by saying it again.
One case per general form, written for these tests, with the sentences that look like them and state none,
and turns that only ask."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, values


class TestFareAfterThePickUpClock:
    def test_a_rough_fare_in_the_sentence_after_the_clock(self):
        chat = facts_of(
            "can you book a taxi from the harbour hotel ?",
            "yes , it will pick you up at 6:20 . it should be about 17 .",
        )
        assert in_turn(chat, 2, "amount") == [("17", "17")]
        assert in_turn(chat, 2, "time") == [("6:20", "06:20")]

    def test_a_rough_fare_after_the_clock_and_a_comma_is_no_clock(self):
        chat = facts_of(
            "and a cab back from the ward ?",
            "i can book one from the ward at 11:40 to the west gate , about 13 .",
        )
        assert in_turn(chat, 2, "amount") == [("13", "13")]
        assert in_turn(chat, 2, "time") == [("11:40", "11:40")]

    @pytest.mark.parametrize(
        "turns",
        [
            ("when will the driver come ?", "it should be about 8 ."),
            ("a taxi please .", "the taxi leaves at 10:30 , about 11 minutes away ."),
            ("a taxi please .", "the taxi comes at 10:30 , back about 11 ."),
            ("how long is the walk ?", "we start at 9:15 . it should be about 40 ."),
        ],
    )
    def test_a_duration_a_clock_or_no_ride_is_no_fare(self, turns):
        assert in_turn(facts_of(*turns), 2, "amount") == []


class TestPricesWithNoCurrency:
    @pytest.mark.parametrize(
        "content,prices",
        [
            ("six rooms for four nights at 95 is 2,280 .", [("95", "95"), ("2,280", "2280")]),
            ("they 're 6 each , cash at the door .", [("6", "6")]),
            ("it 's a flat 9 each to the harbour .", [("9", "9")]),
            ("the council lets them at 42 a bay a day .", [("42", "42")]),
            ("it 's 17 a pitch per night .", [("17", "17")]),
        ],
    )
    def test_the_number_sits_as_a_price(self, content, prices):
        assert [(v, n) for v, n in in_turn(facts_of("and the stalls ?", content), 2, "amount")] == prices

    @pytest.mark.parametrize(
        "content",
        [
            "the crowd was 12,400 .",
            "there are 3,200 seats in the hall .",
            "we 're 6 each in the two cars .",
            "the kids get 2 each .",
            "there are 7 a class a day .",
            "take 2 a tablet a day .",
        ],
    )
    def test_counts_are_no_prices(self, content):
        assert values(content, "amount") == []


class TestTotalProposedAndAgreed:
    def test_the_question_proposes_it_and_the_answer_states_it(self):
        chat = facts_of(
            "how much are the stalls at the fair ?",
            "they are 27 a stall a day .",
            "we want three stalls for two days , so 162 ?",
            "yes , 162 . the permit number follows by post .",
        )
        assert in_turn(chat, 3, "amount") == [("162", "162")]
        assert in_turn(chat, 4, "amount") == [("162", "162")]

    @pytest.mark.parametrize(
        "turns",
        [
            ("the tables seat 6 , so 30 ?", "yes , 30 ."),  # no price said: people
            ("tickets are 9 each .", "so 4 ?"),  # a count asked back
            ("is it 40 chairs ?", "yes , 40 ."),  # a count proposed
        ],
    )
    def test_no_total_without_prices_or_a_proposal(self, turns):
        chat = facts_of(*turns)
        assert [v for v, _ in in_turn(chat, 2, "amount")] == []
        assert [v for v, _ in in_turn(chat, 1, "amount")] in ([], ["9"])

    def test_a_question_that_only_asks_states_no_total(self):
        chat = facts_of("rooms are 45 a night .", "so how much for three nights ?")
        assert in_turn(chat, 2, "amount") == []
