"""Forms several check files showed the rules missing: a sum proposed back to a price in haggling ("ask if
they can do 70" after "85,000"; "would you take 450 for it?" after "$520"), the hour it is now with no word
before it ("it's 10 now" after the clocks of a timetable), an hour inside the opening hours just said
("open 7 am to 10 pm, adults only after 8"), and a span of days written as one form before its month
("12-15 Feb"). One case per form, written for these tests, with sentences that look like them and state
none."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_user


class TestCounterOffers:
    @pytest.mark.parametrize(
        "price,offer,value",
        [
            ("The sofa is £520, collection only.", "Would you take 450 for it?", "450"),
            ("A full repaint is R85,000 and takes a week.", "Too steep. See if they can do 70k.", "70k"),
            ("The roofer quoted 90k for the whole job.", "ask if he can do 65", "65"),
            ("Two nights at the lodge come to $380.", "Could they go down to 300?", "300"),
            ("The van is $12,500 with the new tyres.", "Would he take 9,000 for it?", "9,000"),
        ],
    )
    def test_a_sum_proposed_back_to_a_price_is_read(self, price, offer, value):
        assert (value, "amount") in [(v, t) for _, t, v, _ in facts_of("hi", price, offer)]

    @pytest.mark.parametrize(
        "before,offer",
        [
            ("They have 9 am or 11 am on Friday.", "Can they do 10?"),  # an hour, no price
            ("The bike is $520.", "Would you take 2 of them?"),  # a count
            ("The bike is $520.", "Would you take 600 for it?"),  # above the price: no haggling
            ("The bike is $520.", "Would you take 50 for it?"),  # far below: no offer of that price
            ("We have two rooms left.", "Can they do 70?"),  # no price said
        ],
    )
    def test_no_offer_where_it_is_no_sum_near_a_price(self, before, offer):
        facts = facts_of("hi", before, offer)
        assert in_turn(facts, 3, "amount") == []


class TestHourNow:
    def test_the_hour_it_is_now_beside_a_timetable(self):
        facts = facts_of("hi", "The shuttle runs at 14:20 and 14:50.", "It's 2 now, so the second one.")
        assert [v for v, _ in in_turn(facts, 3, "time")] == ["2"]

    @pytest.mark.parametrize(
        "before,now",
        [
            ("The sale ends at 6 pm; the lamp was 15.", "It's 10 now, a good price."),  # a price cut
            ("The tram leaves at 8:15.", "Is it 8 now?"),  # only asked
            ("The course starts at 9 am.", "The twins are 10 now."),  # an age
        ],
    )
    def test_no_hour_now_where_it_is_money_an_age_or_asked(self, before, now):
        assert in_turn(facts_of("hi", before, now), 3, "time") == []


class TestOnlyAfterInOpeningHours:
    def test_an_hour_inside_the_opening_hours(self):
        facts = facts_of("spa hours?", "The spa is open 9 am to 9 pm, members only before 11.")
        assert [v for v, _ in in_turn(facts, 2, "time")] == ["9 am to 9 pm", "11"]

    @pytest.mark.parametrize(
        "content",
        ["Members only before 11 people can book.", "Adults only after 8 in the photos, please."],
    )
    def test_no_hour_without_opening_hours(self, content):
        assert [v for v, _ in in_turn(facts_of("hi", content), 2, "time")] == []


class TestDaySpans:
    @pytest.mark.parametrize(
        "content,value",
        [
            ("We were at the cottage 4-9 Aug and it rained.", "4-9 Aug"),
            ("The conference runs 21–23 October 2026.", "21–23 October 2026"),
            ("Booked the van 2-3 March.", "2-3 March"),
        ],
    )
    def test_a_span_of_days_is_one_value(self, content, value):
        assert value in [v for v, _ in of_type(said_by_user(content), "date")]

    @pytest.mark.parametrize(
        "content",
        [
            "The score was 3-1 May tell you more.",
            "We won 15-12 March was a good month.",
            "Rooms 4-9 Mayfair wing.",
        ],
    )
    def test_no_span_where_the_days_do_not_run_on(self, content):
        assert not [v for v, _ in of_type(said_by_user(content), "date") if "-" in v]
