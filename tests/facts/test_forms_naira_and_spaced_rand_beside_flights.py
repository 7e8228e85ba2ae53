"""Naira written with their sign ("₦64,000", "₦2.5m"), and rand with their thousands set apart by a space
("R3 410") in a turn about flights, where an airline's code and its number are also written with a space:
"R3 410" is a price, never a flight; an airline's code that starts with a digit ("5J 221") is a flight.
Written for these tests."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant


class TestNairaWithTheirSign:
    @pytest.mark.parametrize(
        ("said", "amount", "normalised"),
        [
            ("The plumber charges ₦64,000 for the whole job.", "₦64,000", "64000.00 NGN"),
            ("Your gym renewal of ₦12,500 went through.", "₦12,500", "12500.00 NGN"),
            ("The generator repair came to ₦7,250.50 in the end.", "₦7,250.50", "7250.50 NGN"),
            ("The shop in Surulere wants ₦2.5m for the car.", "₦2.5m", "2500000.00 NGN"),
        ],
    )
    def test_a_naira_sum_is_read_with_its_sign(self, said, amount, normalised):
        assert (amount, normalised) in of_type(said_by_assistant(said), "amount")

    def test_two_naira_sums_in_one_sentence(self):
        said = of_type(said_by_assistant("I paid ₦30,000 now and ₦45,000 is due later."), "amount")
        assert [value for value, _ in said] == ["₦30,000", "₦45,000"]

    def test_a_bare_n_before_a_number_is_no_naira(self):
        assert of_type(said_by_assistant("Take exit N4 and follow it for 40 km."), "amount") == []


class TestSpacedRandBesideFlights:
    def test_a_rand_price_after_a_flight_is_a_sum_not_a_flight(self):
        chat = facts_of(
            "Any flights to Durban on Friday?",
            "Mango MG 114 leaves at 07:40 for R3 410, and the later one leaves at 11:10 for R2 995.",
        )
        assert ("R3 410", "3410.00 ZAR") in in_turn(chat, 2, "amount")
        assert ("R2 995", "2995.00 ZAR") in in_turn(chat, 2, "amount")
        assert [value for value, _ in in_turn(chat, 2, "identifier")] == ["MG 114"]

    def test_a_rand_total_after_a_booked_flight(self):
        chat = facts_of("book it", "Booked MG 114 on Friday, R6 405 on your card.")
        assert ("R6 405", "6405.00 ZAR") in in_turn(chat, 2, "amount")
        assert "R6 405" not in [value for value, _ in in_turn(chat, 2, "identifier")]

    def test_an_airline_code_that_starts_with_a_digit_is_a_flight(self):
        chat = facts_of("What's the cheapest flight to Bangkok?", "Jetstar 5J 221 leaves at 09:15 for $180.")
        assert ("5J 221", "5J221") in in_turn(chat, 2, "identifier")

    def test_a_digit_and_letter_outside_flight_talk_is_no_flight(self):
        chat = facts_of("Where do I park?", "Use bay 4C 120 metres from the entrance.")
        assert in_turn(chat, 2, "identifier") == []
