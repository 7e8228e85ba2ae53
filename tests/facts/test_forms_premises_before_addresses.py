"""The premises an address line opens with, before the house number or the building: a lot, plot, house,
shop, unit, level or villa and its number, as people write them in the Caribbean, Malaysia, the Gulf and
southern Africa ("Plot 17, Kafue Road, Chilenje, Lusaka", "House 9, Plot 2210, Chindo Road"). Written for
these tests, with sentences that look like them and name no premises: a page or a bus before a street, a
premises word with no number, a house before a number with no comma."""

import pytest

from tests.facts.booking_chats import of_type, said_by_assistant, said_by_user


class TestPremisesBeforeAddresses:
    @pytest.mark.parametrize(
        "content,address",
        [
            (
                "The lease is for Plot 17, Kafue Road, Chilenje, Lusaka.",
                "Plot 17, Kafue Road, Chilenje, Lusaka",
            ),
            (
                "Deliver it to House 9, Plot 2210, Chindo Road, Kabulonga, Lusaka.",
                "House 9, Plot 2210, Chindo Road, Kabulonga, Lusaka",
            ),
            ("The depot is at Shop 3, Lumumba Road, Lusaka.", "Shop 3, Lumumba Road, Lusaka"),
            ("The testing station is at Lp 8, 3rd Avenue, Arouca.", "Lp 8, 3rd Avenue, Arouca"),
        ],
    )
    def test_the_premises_before_the_house_are_read_with_it(self, content, address):
        assert address in [v for v, _ in of_type(said_by_assistant(content), "address")]

    def test_premises_typed_in_lower_case_are_read(self):
        facts = of_type(said_by_user("its at plot 44, Mwambula Road, Jesmondine, Lusaka"), "address")
        assert [v for v, _ in facts] == ["plot 44, Mwambula Road, Jesmondine, Lusaka"]

    @pytest.mark.parametrize(
        "content,address",
        [
            ("See page 3, 14 Harbour Road, Chaguanas for the map.", "14 Harbour Road, Chaguanas"),
            ("It is the plot behind 14 Harbour Road, Chaguanas.", "14 Harbour Road, Chaguanas"),
            ("We looked at the house 1872 Harbour Road, Chaguanas.", "1872 Harbour Road, Chaguanas"),
            ("Take bus 3, 14 Harbour Road, Chaguanas is the stop.", "14 Harbour Road, Chaguanas"),
        ],
    )
    def test_no_premises_without_its_word_and_number(self, content, address):
        assert [v for v, _ in of_type(said_by_assistant(content), "address")] == [address]
