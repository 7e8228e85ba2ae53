"""Values a desk gives for outings, rides and errands by the sea, in the forms the rules used to miss: two
prices with no currency side by side, each for whom it is for ("12 for seniors and 6 for children"); a price
for whom listed after what is free for others ("free for members , and 9 for visitors"); a price said again
("about 4.60 again"); a price with what it comes with in two words, then another ("about 95 with bubble wrap
, or 120 boxed"); a ride's fare: a taxi for about a sum, what the ride comes to just after the clock it was
set for, what a firm can do it for; a sailing chosen by the clock it was offered at ("book the 3 on friday");
a street said before what is on it, after a place named after its kind, or walked along; a service number
answering a question of phoning; a stay's length from a day named with its date ("for a week from sunday the
13th"). One case per form, written for these tests, with sentences that look like
them and state none (the same numbers counting people, clocks booked, routes, rooms), and questions that only
ask."""

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


class TestRideFares:
    def test_a_taxi_for_about_a_sum(self):
        assert _amounts("How far is the castle?", "A 20 minute walk , or a taxi for about 7.30 .") == ["7.30"]

    def test_a_taxi_booked_for_about_a_clock_is_no_fare(self):
        assert _amounts("When do we leave?", "I have booked a taxi for about 7.30 .") == []

    def test_a_taxi_for_about_some_minutes_is_no_fare(self):
        assert _amounts("How far is it?", "It is a taxi for about 9 minutes .") == []

    def test_what_the_ride_comes_to_after_its_clock(self):
        assert _amounts(
            "And a cab home?", "Harbour cars can collect at 22:15 from the pier . It 's 8.70 to the cottage ."
        ) == ["8.70"]
        assert _amounts("And a cab home?", "Harbour cars can collect at 22:15 . It 's about 9 .") == ["9"]

    def test_how_long_the_ride_is_after_its_clock_is_no_fare(self):
        assert (
            _amounts("And a cab home?", "Harbour cars can collect at 22:15 . It 's about 20 minutes .") == []
        )
        assert (
            _amounts("And a cab home?", "Harbour cars can collect at 22:15 . It 's 10 to the hour now .")
            == []
        )

    def test_what_a_firm_can_do_the_ride_for(self):
        assert _amounts("Can you get us a car from the port?", "Portside cabs can do it for 36 .") == ["36"]

    def test_a_firm_doing_it_for_an_hour_is_no_fare(self):
        assert _amounts("Can you get us a car from the port?", "Portside cabs can do it for 9 .") == []

    def test_a_question_of_a_fare_states_none(self):
        assert _amounts("How far is the castle?", "Is a taxi for about 7.30 too much?") == []


class TestDeparturesChosen:
    def test_a_departure_chosen_by_the_clock_it_was_offered_at(self):
        facts = facts_of(
            "What about the ferry?", "It sails at 10 and 3 from the quay .", "Book the 3 on friday please ."
        )
        assert in_turn(facts, 3, "time") == [("3", "15:00")]

    def test_a_request_asked_as_a_question(self):
        facts = facts_of(
            "What about the ferry?", "It sails at 10 and 3 from the quay .", "Can you book the 10 for us ?"
        )
        assert in_turn(facts, 3, "time") == [("10", "10:00")]

    def test_a_count_route_or_choice_asked_is_no_clock(self):
        for chosen in (
            "Book the 3 of us on it please .",
            "We will take the 10 bus .",
            "Should we take the 3 or the 10 ?",
        ):
            facts = facts_of("What about the ferry?", "It sails at 10 and 3 from the quay .", chosen)
            assert in_turn(facts, 3, "time") == []

    def test_a_number_no_clock_was_said_as_is_no_clock(self):
        facts = facts_of(
            "What about the ferry?", "It sails twice a day from the quay .", "Book the 3 on friday please ."
        )
        assert in_turn(facts, 3, "time") == []


class TestStreetsPlaced:
    def _streets(self, *turns: str) -> list[str]:
        return [value for value, _ in in_turn(facts_of(*turns), len(turns), "address")]

    def test_a_street_said_before_what_is_on_it(self):
        assert self._streets("Is there a chemist?", "Yes , on station approach there is a chemist .") == [
            "station approach"
        ]

    def test_a_way_said_before_what_is_on_it_is_no_street(self):
        assert self._streets("Is there a chemist?", "Yes , on the way there is a chemist .") == []

    def test_a_street_after_a_place_named_after_its_kind(self):
        assert self._streets("Who can fix the van?", "The nearest garage is dale motors on the bypass .") == [
            "the bypass"
        ]

    def test_a_street_after_a_place_named_after_its_kind_and_what_it_has(self):
        assert self._streets(
            "Who can fix the van?", "A garage with a tow truck is dale motors off the bypass ."
        ) == ["the bypass"]

    def test_a_place_of_a_kind_said_to_be_open_names_no_street(self):
        assert self._streets("Is it open?", "The garage is open on sundays .") == []

    def test_a_street_walked_along(self):
        assert self._streets("How do we get back?", "It 's about 8 minutes along king 's parade .") == [
            "king 's parade"
        ]

    def test_a_question_of_a_street_states_none(self):
        assert self._streets("Is it far?", "Is it 8 minutes along king 's parade ?") == []


class TestServiceNumbers:
    def test_a_service_number_answering_a_question_of_phoning(self):
        facts = facts_of("Can I report it by phone?", "Yes , on 111 , or online .")
        assert [value for value, _ in in_turn(facts, 2, "phone")] == ["111"]

    def test_a_room_answering_another_question_is_no_phone(self):
        facts = facts_of("Which room is it?", "It is on 101 , up the stairs .")
        assert in_turn(facts, 2, "phone") == []


class TestStayFromADay:
    def test_a_stay_from_a_day_named_with_its_date(self):
        facts = facts_of("We are here for a week from friday the 10th .")
        assert [value for value, _ in in_turn(facts, 1, "date")] == ["friday the 10th"]

    def test_a_week_from_a_day_with_no_date_is_that_day_a_week_on(self):
        facts = facts_of("The check-up is booked for a week from friday .")
        assert [value for value, _ in in_turn(facts, 1, "date")] == ["a week from friday"]
