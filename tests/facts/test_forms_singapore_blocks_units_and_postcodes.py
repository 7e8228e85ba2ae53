"""Singapore addresses as they are written: a block's number before its street ("Blk 512 Bedok North Ave 2"),
a floor and unit after the street with or without a comma ("#09-118"), and the city with its six-digit
postcode after them with or without a comma ("Singapore 460512"). Written for these tests."""

import pytest

from tests.facts.booking_chats import of_type, said_by_assistant, said_by_user


class TestSingaporeAddresses:
    @pytest.mark.parametrize(
        "address",
        [
            "Blk 512 Bedok North Ave 2 #09-118 Singapore 460512",
            "Block 37 Telok Blangah Crescent #03-211 Singapore 090037",
            "Blk 119 Jurong East Ave 1 #12-40 Singapore 600119",
        ],
    )
    def test_a_block_its_street_unit_and_postcode_with_no_commas(self, address):
        said = of_type(said_by_user(f"the flat is {address}, come after 6"), "address")
        assert [value for value, _ in said] == [address]

    @pytest.mark.parametrize(
        "address",
        [
            "33 Circular Rd, #02-05, Singapore 049389",
            "8 Temasek Blvd, #04-22, Singapore 038988",
        ],
    )
    def test_a_street_unit_and_postcode_between_commas(self, address):
        said = of_type(said_by_assistant(f"Lotus Dental at {address} can see you on Monday."), "address")
        assert [value for value, _ in said] == [address]

    def test_a_street_with_its_unit_and_no_city_keeps_the_unit(self):
        said = of_type(
            said_by_assistant("The shop is at 20 Kramat Lane #01-09 and opens at 10am."), "address"
        )
        assert [value for value, _ in said] == ["20 Kramat Lane #01-09"]

    def test_a_block_counted_is_no_address(self):
        assert of_type(said_by_user("there are 3 blocks and block 5 has the lift"), "address") == []

    def test_a_code_with_six_digits_after_an_address_is_no_city(self):
        said = of_type(
            said_by_assistant("Sent to 20 Kramat Lane #01-09 Order 560034 is on its way."), "address"
        )
        assert all("Order" not in value for value, _ in said)
