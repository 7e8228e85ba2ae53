"""Address lines between commas that end in an Eircode or a city and PIN, house numbers before a postcode,
Australian states that are no flights, IBANs in their groups and the last digits of a card after "ending".

- "its 12 Bothar na Tra, Knocknacarra, Galway H91 X2K7", "we're at Unit 5, Harbour Yard, Cork T12 W2KX": a
  line of names and numbers between commas, read back from its Eircode to where words that are no name
  come; "Plot 22, 5th Cross, Koramangala 6th Block, Bengaluru 560095": the same, ending in a city and PIN;
  not the Eircode alone ("my Eircode is H91 X2K7"), a town and postcode with no number ("Galway, H91
  X2K7") or a code's number ("Room 4, Order 560034");
- "a room at Pensão Sol, Rua Augusta 41, 1100-048 Lisboa" in talk of money: the number before the postcode
  is the house's, no sum;
- "Perth Vets, 12 Hay St, Subiaco WA 6008" in a conversation about flights: a state and postcode, no flight
  "WA 6008"; "WA 6008" said as a flight still is one;
- "IE64 BOFI 9058 3812 4471 05", "DE44 5001 0517 5407 3249 31": an IBAN in its groups, not a phone;
- "the replacement card arrived, ending 5518", "Which account?" "ulster bank ending 7204": the last digits
  after "ending" where a card or account is spoken of, "Your account number ends in 7781": after the card's
  or account's number; not "the lease ending 2029", "the serial number ends in 2026".

Every sentence is written for these tests."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, values

OK = "Sure."


class TestLinesEndingInAPostcode:
    @pytest.mark.parametrize(
        "said,address",
        [
            (
                "its 12 Bothar na Tra, Knocknacarra, Galway H91 X2K7",
                "12 Bothar na Tra, Knocknacarra, Galway H91 X2K7",
            ),
            ("we're at Unit 5, Harbour Yard, Cork T12 W2KX", "Unit 5, Harbour Yard, Cork T12 W2KX"),
            ("Collect it at Hangar 3, Shannon Airport, V14 EE06.", "Hangar 3, Shannon Airport, V14 EE06"),
            (
                "Plot 22, 5th Cross, Koramangala 6th Block, Bengaluru 560095",
                "Plot 22, 5th Cross, Koramangala 6th Block, Bengaluru 560095",
            ),
            (
                "Yes, at No. 9, 3rd Main Road, Jayanagar, Bengaluru 560041.",
                "No. 9, 3rd Main Road, Jayanagar, Bengaluru 560041",
            ),
        ],
    )
    def test_a_line_of_names_and_numbers_ending_in_a_postcode(self, said, address):
        assert values(said, "address", role="user") == [address]

    @pytest.mark.parametrize(
        "said,unwanted",
        [
            ("my Eircode is H91 X2K7", "Eircode"),
            ("Galway, H91 X2K7", "Galway, H91 X2K7"),
            ("Room 4, Order 560034 is on its way", "Room 4"),
        ],
    )
    def test_no_line_without_a_number_of_its_own_or_before_a_code(self, said, unwanted):
        assert not any(unwanted in v for v in values(said, "address", role="user"))

    @pytest.mark.parametrize(
        "said", ["Yes, Hangar 3, Shannon Airport, V14 EE06.", "It's Hangar 3, Shannon Airport, V14 EE06."]
    )
    def test_a_reply_word_opens_no_line(self, said):
        assert values(said, "address") == ["Hangar 3, Shannon Airport, V14 EE06"]


class TestHouseNumbersBeforeAPostcode:
    def test_the_number_before_a_postcode_and_town_is_no_sum(self):
        said = "A double is €96 a night at Pensão Sol, Rua Augusta 41, 1100-048 Lisboa."
        assert values(said, "amount") == ["€96"]
        assert any("Rua Augusta 41, 1100-048 Lisboa" in v for v in values(said, "address"))

    def test_a_sum_with_no_postcode_after_it_is_still_a_sum(self):
        facts = facts_of(
            "A double is €96 a night.", OK, "The single at Pensão Sol is 85, breakfast included."
        )
        assert [v for v, _ in in_turn(facts, 3, "amount")] == ["85"]


class TestStatesAreNoFlights:
    def test_a_state_and_postcode_after_a_town_is_an_address(self):
        facts = facts_of(
            "We fly to Perth on the 3rd.", OK, "The vet is Perth Vets, 12 Hay St, Subiaco WA 6008"
        )
        assert [v for v, _ in in_turn(facts, 3, "address")] == ["Perth Vets, 12 Hay St, Subiaco WA 6008"]
        assert in_turn(facts, 3, "identifier") == []

    def test_a_flight_said_alone_is_still_a_flight(self):
        facts = facts_of("We fly to Perth on the 3rd.", OK, "my flight is WA 6008 tomorrow")
        assert [v for v, _ in in_turn(facts, 3, "identifier")] == ["WA 6008"]


class TestIbansAndCardEndings:
    @pytest.mark.parametrize(
        "said,code",
        [
            ("her IBAN is IE64 BOFI 9058 3812 4471 05", "IE64 BOFI 9058 3812 4471 05"),
            ("send it to DE44 5001 0517 5407 3249 31 by Friday", "DE44 5001 0517 5407 3249 31"),
        ],
    )
    def test_an_iban_in_its_groups(self, said, code):
        assert values(said, "identifier", role="user") == [code]
        assert values(said, "phone", role="user") == []

    @pytest.mark.parametrize(
        "said,last4",
        [
            ("the replacement card arrived, ending 5518", "5518"),
            ("Pay it from the bank account, the one ending in 0647.", "0647"),
            ("Your account number ends in 7781.", "7781"),
            ("the card number ends with 0042, the blue one", "0042"),
        ],
    )
    def test_the_last_digits_after_ending_where_a_card_is_spoken_of(self, said, last4):
        assert values(said, "identifier", role="user") == [last4]

    def test_the_last_digits_answer_a_question_for_an_account(self):
        facts = facts_of(
            "Who gets the bond back?", "Which account should it go to?", "ulster bank ending 7204"
        )
        assert [v for v, _ in in_turn(facts, 3, "identifier")] == ["7204"]

    def test_no_card_or_account_no_last_digits(self):
        assert values("the lease ending 2029 suits us", "identifier", role="user") == []
        assert values("the serial number ends in 2026", "identifier", role="user") == []
