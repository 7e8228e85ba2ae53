"""A thing named with "a" or "the" and then "for" a whole number that ends its clause, said after a price or
after "free" in the same sentence: the number is the thing's price ("mains are from 12.50 , and a pie and a
pint for 14 ."). Not a table, a taxi, a tour or a meal for a number (a party or an hour), not what a place
holds, not a length of time, and never with no price or "free" before it.
One case per general form, written for these tests, with the sentences that look like them and state none."""

import pytest

from tests.facts.booking_chats import values


class TestThingForAPriceAfterAPrice:
    @pytest.mark.parametrize(
        "content,prices",
        [
            ("mains are from 12.50 , and there 's a deal , a pie and a pint for 14 .", ["12.50", "14"]),
            ("the castle is free , with an exhibition on armour for 5 .", ["5"]),
            ("coffee is 2.80 , and a slice of cake for 3 .", ["2.80", "3"]),
        ],
    )
    def test_the_number_is_the_price(self, content, prices):
        assert values(content, "amount") == prices

    @pytest.mark.parametrize(
        "content,prices",
        [
            ("mains are from 12.50 , and the back room has a table for 6 .", ["12.50"]),
            ("mains are from 12.50 , and they can book a taxi for 6 .", ["12.50"]),
            ("mains are from 12.50 and the chef cooks a tasting menu for 8 .", ["12.50"]),
            ("entry is free , with a guided walk for 20 minutes .", []),
            ("it is free , and there 's a minibus for 12 .", []),
            ("the garden has a bench for 4 and a pond .", []),
        ],
    )
    def test_a_party_an_hour_a_length_or_no_price_before_is_no_price(self, content, prices):
        assert values(content, "amount") == prices
