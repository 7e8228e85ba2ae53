"""A list of prices that goes on after a price read in the same sentence ("a dorm bed is £22 a night , a
single room 55"; "about 9 pounds to the ferry , and 6.20 from there to the hotel"); a visit booked by its kind
for the hour it was offered at ("can i book a walk for 2 tomorrow ?" after "walks leave at 10 and 2"), also
five or six turns after the offer; a clock with a dot booked after a comma ("book the first one , for
9.45"). Written for these tests, in the lower-case spaced style of a desk's transcript."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, said_by_user, values


def _amounts(text: str) -> list[str]:
    return values(text, "amount")


class TestAListOfPricesGoesOn:
    @pytest.mark.parametrize(
        ("said", "listed"),
        [
            ("a dorm bed is £22 a night , a single room 55 .", "55"),
            ("the adult pass costs £18 , the family pass 42.50 .", "42.50"),
            ("the lower deck is €9 , and the top deck 12 , cash only .", "12"),
            ("about 9 pounds to the ferry , and 6.20 from there to the hotel .", "6.20"),
        ],
    )
    def test_the_next_number_of_the_list_is_a_price(self, said, listed):
        assert listed in _amounts(said)

    def test_the_list_goes_on_more_than_once(self):
        said = "the front rows cost £30 , the balcony 24 , the gods 11 ."
        assert {"24", "11"} <= set(_amounts(said))

    @pytest.mark.parametrize(
        ("said", "not_a_price"),
        [
            ("tickets are £12 , platform 4 .", "4"),
            ("the tour is £12 , the bus at 9 .", "9"),
            ("it 's 12 pounds to the depot , and 10 minutes from there .", "10"),
            ("a bed is £22 a night , the room 14 .", "14"),
            ("the pass is £15 , the kids 8 years and over .", "8"),
        ],
    )
    def test_what_is_no_price_of_the_list_is_not_read(self, said, not_a_price):
        assert not_a_price not in _amounts(said)

    def test_a_question_lists_no_price(self):
        assert "24" not in _amounts("is the front £30 , the balcony 24 ?")

    def test_with_no_price_read_first_nothing_follows(self):
        assert "3" not in _amounts("the library is on floor 2 , the cafe 3 .")


class TestAVisitBookedForTheHourOffered:
    def test_booked_by_its_kind_for_the_hour_offered(self):
        chat = facts_of(
            "what walks are there ?",
            "guided walks leave at 10 and 2 from the square .",
            "can i book a walk for 2 tomorrow ?",
        )
        assert in_turn(chat, 3, "time") == [("2", "14:00")]

    def test_the_hour_offered_five_turns_before_is_chosen_as_the_one(self):
        chat = facts_of(
            "any boat trips ?",
            "yes , the harbour boat sails at 11 am and 2 pm .",
            "how long is it ?",
            "about an hour .",
            "and the price ?",
            "£9 a head .",
            "can i book the 2 one for saturday ?",
        )
        assert ("2", "14:00") in in_turn(chat, 7, "time")

    @pytest.mark.parametrize(
        "asked",
        [
            "can i book a table for 11 tomorrow ?",
            "can i book a room for 11 tomorrow ?",
            "can i book a taxi for 11 tomorrow ?",
        ],
    )
    def test_a_party_or_what_has_its_own_clock_is_not_the_hour(self, asked):
        chat = facts_of("when do you open ?", "we open at 11 .", asked)
        assert ("11", "11:00") not in in_turn(chat, 3, "time")

    def test_an_hour_never_offered_is_not_read(self):
        chat = facts_of(
            "what walks are there ?", "guided walks leave at 10 and 2 .", "can i book a walk for 4 ?"
        )
        assert in_turn(chat, 3, "time") == []


class TestADottedClockBookedAfterAComma:
    @pytest.mark.parametrize(
        ("asked", "clock"),
        [
            ("can you book the first one too , for 9.45 ?", "9.45"),
            ("could you book the return as well , for 6.15 ?", "6.15"),
        ],
    )
    def test_the_clock_is_read(self, asked, clock):
        assert clock in [v for _, v, _ in said_by_user_facts(asked)]

    def test_money_said_keeps_it_a_price(self):
        assert "9.45" not in [v for _, v, _ in said_by_user_facts("book the first one , for £9.45 .")]


def said_by_user_facts(text: str) -> list[tuple[str, str, str]]:
    return [f for f in said_by_user(text) if f[0] == "time"]


class TestAPostcodeBeforeWhereItIs:
    @pytest.mark.parametrize(
        ("said", "code"),
        [
            ("14 tanners row , ab1 2xm , just behind the market .", "ab1 2xm"),
            ("7 rope walk , zz3 4qc , five minutes from the pier .", "zz3 4qc"),
            ("2 kiln lane , yy2 1kv , opposite the church .", "yy2 1kv"),
        ],
    )
    def test_the_postcode_of_the_line_is_read(self, said, code):
        assert code in values(said, "address")

    @pytest.mark.parametrize(
        "said",
        [
            "14 tanners row , ab1 2xm , and it opens at 9 .",
            "14 tanners row , ab1 2xm , then ring the bell .",
        ],
    )
    def test_what_goes_on_otherwise_reads_no_postcode_of_this_shape(self, said):
        assert "ab1 2xm" not in values(said, "address")
