"""Values an airport's help desk, a student accommodation office, a station desk after a rail replacement bus
and a coach tour's desk say in tokenised text, in forms the other test modules do not hold: a value the other
side just said, asked back to check it, which states nothing; a flight in lower case in talk of flights; the
hour it is now as "half eleven"; a day on which works finish; what an extra night costs and a price for the
term; a rate with pence per a use with no price said before; a room a place has at a price; the hour a service
runs from; a street of one word after "on". One case per general form, written for these tests, with the
sentences that look like them and state none."""

from tests.facts.booking_chats import facts_of, in_turn, values


def last(type_: str, *turns: str) -> list[str]:
    """The values of one type of the last turn of a chat whose turns alternate user/assistant."""
    return [value for value, _ in in_turn(facts_of(*turns), len(turns), type_)]


class TestAValueAskedBack:
    def test_a_sum_asked_back_states_nothing(self):
        assert (
            last("amount", "how much is the deposit ?", "the deposit is 180 pounds .", "sorry , 180 pounds ?")
            == []
        )

    def test_a_sum_asked_back_with_right_states_nothing(self):
        chat = ("what do i owe ?", "the key costs £60 .", "it was 60 pounds , right ?")

        assert last("amount", *chat) == []

    def test_the_sum_stays_pinned_from_the_turn_that_said_it(self):
        chat = (
            "how much is the deposit ?",
            "the deposit is 180 pounds .",
            "hmm , wait , the deposit is 180 pounds ?",
        )

        assert last("amount", *chat[:2]) == ["180 pounds"]

    def test_a_number_to_ring_asked_back_states_nothing(self):
        chat = ("what is their number ?", "it 's 01632 960 442 .", "so that 's 01632 960 442 ?")

        assert last("phone", *chat) == []

    def test_a_clock_asked_back_states_nothing(self):
        assert last("time", "when is the bus ?", "the bus is at 18:40 .", "18:40 ?") == []

    def test_a_sum_never_said_before_is_read_in_the_question(self):
        assert last("amount", "is the deposit 180 pounds ?") == ["180 pounds"]

    def test_a_clock_among_those_offered_is_chosen_by_asking_it(self):
        chat = ("a table at 7 please .", "we have 6.45 or 8.15 .", "6.45 ?")

        assert last("time", *chat) == ["6.45"]

    def test_a_question_that_proposes_the_clock_is_read(self):
        chat = ("a table at 7 please .", "we have 6.45 or 8.15 .", "could we do 6.45 ?")

        assert last("time", *chat) == ["6.45"]

    def test_a_sum_asked_back_then_taken_up_is_read(self):
        chat = ("and the car ?", "a car can meet her at 7:45 for £64 .", "£64 ? fine , book it .")

        assert last("amount", *chat) == ["£64"]

    def test_a_value_said_again_in_a_statement_is_read(self):
        chat = ("what is their number ?", "it 's 01632 960 442 .", "01632 960 442 , got it .")

        assert last("phone", *chat) == ["01632 960 442"]


class TestAFlightInLowerCase:
    def test_a_flight_answering_which_flight(self):
        assert last(
            "identifier", "which flight were you on ?", "kx 2291 from oslo , it landed at 9:10 ."
        ) == ["kx 2291"]

    def test_a_flight_said_with_its_landing(self):
        chat = ("any news of my bag ?", "yes , it 's on kx 2307 , landing at 16:25 .")

        assert last("identifier", *chat) == ["kx 2307"]

    def test_a_clock_a_year_or_a_word_before_digits_is_no_flight(self):
        chat = ("which flight ?", "the one that lands at 1530 , it was in 2026 , flight time is 1130 .")

        assert last("identifier", *chat) == []

    def test_letters_and_digits_with_no_flight_talked_of_are_no_flight(self):
        assert values("she scored kx 2291 in the final round .", "identifier") == []


class TestTheHourItIsNow:
    def test_half_an_hour_said_as_the_hour_it_is(self):
        assert last("time", "can i check in now ? it 's only half ten .") == ["half ten"]

    def test_half_a_price_is_no_hour(self):
        assert last("time", "it 's only half price on tuesdays .") == []


class TestADayOnWhichSomethingFinishes:
    def test_works_that_finish_tonight(self):
        assert values("the roadworks finish tonight , so the buses run as normal .", "date") == ["tonight"]

    def test_a_day_said_with_no_event_is_none(self):
        assert values("the sky is grey tonight .", "date") == []


class TestPricesOfAStay:
    def test_what_an_extra_night_costs(self):
        chat = ("can we stay till sunday ?", "yes , they can extend it . the extra night is 115 .")

        assert last("amount", *chat) == ["115"]

    def test_a_price_for_the_term(self):
        assert last("amount", "is there bike hire ?", "the bike scheme is 40 for the term .") == ["40"]

    def test_a_length_for_the_term_is_no_price(self):
        assert last("amount", "how long is the course ?", "the course is 12 weeks for the term .") == []

    def test_a_rate_with_pence_per_a_use(self):
        chat = ("is there a laundry in the hall ?", "yes , 3.10 a wash and 1.40 to dry .")

        assert last("amount", *chat) == ["3.10", "1.40"]

    def test_a_whole_number_per_a_use_with_no_price_said_is_none(self):
        assert last("amount", "how often can i go ?", "you can have 2 a visit .") == []

    def test_a_room_a_place_has_at_a_price(self):
        chat = (
            "how much is the taxi ?",
            "the taxi is £ 12 .",
            "and where can i stay ?",
            "the lodge has a room at 78 , or the swan has one at 104 .",
        )

        assert last("amount", *chat) == ["78", "104"]

    def test_a_room_at_an_hour_is_no_price(self):
        chat = (
            "how much is the taxi ?",
            "the taxi is £ 12 .",
            "where can i stay ?",
            "the lodge has a room at 9 .",
        )

        assert last("amount", *chat) == []


class TestTheHourAServiceRunsFrom:
    def test_every_hour_from_a_bare_hour(self):
        assert values("tours go every hour from 10 , the last at four .", "time")[0] == "10"

    def test_a_line_open_from_a_bare_hour(self):
        assert values("the desk line is 01632 960 311 , from 9 .", "time") == ["9"]

    def test_a_count_from_a_number_is_no_hour(self):
        assert values("groups are cheaper from 10 people .", "time") == []


class TestAStreetOfOneWordAfterOn:
    def test_a_hotel_on_a_street_of_one_word(self):
        assert values("the ship inn is 3 stars on harbourside .", "address") == ["harbourside"]

    def test_a_place_on_a_street_of_one_word_ending_the_clause(self):
        assert values("hire a bike from the leisure centre on eastway , it opens at 8 .", "address") == [
            "eastway"
        ]

    def test_what_a_thing_is_left_on_is_no_street(self):
        assert values("the van broke down and he left it on the wayside .", "address") == []

    def test_a_question_names_no_street(self):
        assert values("is the bakery on harbourside ?", "address", role="user") == []
