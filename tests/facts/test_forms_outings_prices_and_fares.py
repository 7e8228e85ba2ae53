"""Prices with no currency a desk gives for outings, rides and repairs, in the forms the rules used to miss:
two prices side by side, each for whom it is for ("12 for seniors and 6 for children"); a price for whom
listed after what is free for others ("free for members , and 9 for visitors"); a price said again ("about
4.60 again"); a price with what it comes with in two words, then another ("about 95 with bubble wrap , or 120
boxed"). One case per form, written for these tests, with sentences that look like them and state none: the
same numbers counting people, and questions that only ask."""

from tests.facts.booking_chats import facts_of, in_turn


def _amounts(*turns: str) -> list[str]:
    facts = facts_of(*turns)
    return [value for value, _ in in_turn(facts, len(turns), "amount")]


class TestPricesForWhom:
    def test_two_prices_each_for_whom_they_are_for(self):
        assert _amounts(
            "And the castle tour?",
            "It runs at 10 and 3 from the gatehouse , 12 for seniors and 6 for children .",
        ) == ["12", "6"]

    def test_people_counted_for_whom_are_no_prices(self):
        assert _amounts("And the minibus?", "The minibus seats 12 for adults and 6 for children .") == []

    def test_one_number_for_whom_alone_is_no_price(self):
        assert _amounts("Who is coming?", "We have booked , 12 for adults .") == []

    def test_a_price_for_whom_after_what_is_free_for_others(self):
        assert _amounts("Is the gym free?", "It is free for members , and 9 for visitors .") == ["9"]

    def test_free_for_whom_and_a_count_of_them_is_no_price(self):
        assert _amounts("Is the gym free?", "It is free for members , and there are 9 for visitors .") == []


class TestPricesSaidAgain:
    def test_a_price_said_again(self):
        assert _amounts("How much for the shuttle back?", "About 4.60 again .") == ["4.60"]

    def test_a_clock_said_again_is_no_price(self):
        assert _amounts("When is the shuttle back?", "At 4.40 again .") == []


class TestPricesWithWhatTheyComeWith:
    def test_a_price_with_two_words_of_what_it_comes_with_then_another(self):
        assert _amounts(
            "What would they charge for the mirror?", "About 95 with bubble wrap , or 120 boxed ."
        ) == ["95", "120"]

    def test_a_count_with_what_it_comes_with_is_no_price(self):
        assert _amounts("How many mirrors came?", "About 95 with bubble wrap , or 120 boxed .") == []
