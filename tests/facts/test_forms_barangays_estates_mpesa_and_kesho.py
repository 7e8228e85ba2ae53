"""Addresses, codes, clocks and days as households in the Philippines and Kenya write them: an address naming
its barangay and ending in a four-digit postal code ("Brgy. Malinis, Pasig City 1605"), a Kenyan address
opening with the house and naming the estate before the road ("Hse No. 9, Acacia Court Estate, off Ngong Road,
Nairobi"), a Kenyan post office box with its postal code and town ("P.O. Box 2210-00200, Nairobi"), an M-Pesa
code, noon written "12NN" and tomorrow said in Swahili ("kesho"). Written for these tests."""

import pytest

from tests.facts.booking_chats import of_type, said_by_assistant, said_by_user


class TestBarangayAddresses:
    @pytest.mark.parametrize(
        "address",
        [
            "Unit 5C, Mayon Towers, 18 Ortigas Ave, Brgy. Malinis, Pasig City 1605",
            "Blk 3 Lot 9, Sampaguita St, Brgy. Dalig, Antipolo, Rizal 1870",
        ],
    )
    def test_an_address_to_its_postal_code(self, address):
        assert address in [
            value for value, _ in of_type(said_by_assistant(f"It goes to {address}."), "address")
        ]

    def test_four_digits_with_no_barangay_are_no_postal_code(self):
        said = of_type(said_by_assistant("Check in at Terminal 3, Gate 1100 before boarding."), "address")
        assert "Terminal 3, Gate 1100" not in [value for value, _ in said]


class TestKenyanAddresses:
    def test_a_house_an_estate_and_a_road(self):
        said = "The plumber is coming to Hse No. 9, Acacia Court Estate, off Ngong Road, Nairobi at 10."
        assert "Hse No. 9, Acacia Court Estate, off Ngong Road, Nairobi" in [
            value for value, _ in of_type(said_by_assistant(said), "address")
        ]

    def test_a_floor_a_plaza_and_a_road(self):
        said = "The clinic is on 2nd floor, Baraka Plaza, Moi Avenue, Nakuru."
        assert "2nd floor, Baraka Plaza, Moi Avenue, Nakuru" in [
            value for value, _ in of_type(said_by_assistant(said), "address")
        ]

    def test_a_flat_with_no_road_is_none(self):
        assert of_type(said_by_user("Flat 2 is free, Tolka Court is nice"), "address") == []

    def test_a_post_office_box_with_its_postal_code_and_town(self):
        said = of_type(said_by_user("send the forms to P.O. Box 2210-00200, Nairobi"), "address")
        assert [value for value, _ in said] == ["P.O. Box 2210-00200, Nairobi"]


class TestMpesaCodes:
    @pytest.mark.parametrize(
        ("said", "code"),
        [
            ("Sent KSh 1,200 to Otieno, M-Pesa QJT4M8ZR2B.", "QJT4M8ZR2B"),
            ("Paid KSh 700 by M-Pesa, SBK2W9PL4C.", "SBK2W9PL4C"),
            ("Your mpesa code is TGH7Y3NQ1X.", "TGH7Y3NQ1X"),
        ],
    )
    def test_the_code_after_m_pesa(self, said, code):
        assert code in [value for value, _ in of_type(said_by_assistant(said), "identifier")]

    @pytest.mark.parametrize(
        "said", ["The refund goes to M-Pesa tomorrow.", "Pay by M-PESA BEFOREHAND please."]
    )
    def test_a_word_after_m_pesa_is_no_code(self, said):
        assert of_type(said_by_assistant(said), "identifier") == []


class TestNoonAndKesho:
    def test_noon_written_12nn(self):
        assert ("12NN", "12:00") in of_type(
            said_by_assistant("The office is open until 12NN on Saturday."), "time"
        )

    def test_midnight_written_12mn(self):
        assert ("12MN", "00:00") in of_type(said_by_assistant("The store closes at 12MN."), "time")

    def test_kesho_is_tomorrow(self):
        assert [value for value, _ in of_type(said_by_user("ill pick it up kesho after work"), "date")] == [
            "kesho"
        ]
