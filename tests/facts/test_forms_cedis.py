"""Sums in Ghanaian cedis as people in Ghana type them: the sign "GH₵" or "GH¢" (with or without a space), the
bare "₵", the code "GHS" and the word "cedis" after the figure. Written for these tests, with sentences that
look like them and name no sum in cedis: a cent sign after a US price, "GHS" as the letters of a school's
name, "cedis" with no figure."""

import pytest

from tests.facts.booking_chats import of_type, said_by_assistant, said_by_user


class TestCedis:
    @pytest.mark.parametrize(
        "content,amount",
        [
            ("top up the meter with GH₵350 pls", "GH₵350"),
            ("the mechanic wants GH¢ 1,275.50 for the clutch", "GH¢ 1,275.50"),
            ("trotro to circle is ₵12 now", "₵12"),
            ("water bill came, GHS 214.80 this time", "GHS 214.80"),
            ("landlord is asking 18,500 cedis for the year", "18,500 cedis"),
            ("i sent my nephew 60 cedis for his lunch", "60 cedis"),
        ],
    )
    def test_a_sum_in_cedis_is_read(self, content, amount):
        assert amount in [v for v, _ in of_type(said_by_user(content), "amount")]

    def test_the_assistant_confirming_cedis_is_read(self):
        facts = of_type(
            said_by_assistant("Paid GH₵2,640 to the school, and GHS 95 for the uniform."), "amount"
        )
        assert [v for v, _ in facts] == ["GH₵2,640", "GHS 95"]

    @pytest.mark.parametrize(
        "content",
        [
            "the GHS old girls meet in room 14 on the main corridor",
            "how many cedis is that in pounds?",
            "my cedis are finished, I need to get more from the bank",
            "the gum was 50¢ when I was small",
        ],
    )
    def test_no_sum_in_cedis_without_a_figure_after_the_sign(self, content):
        values = [v for v, _ in of_type(said_by_user(content), "amount")]
        assert not [v for v in values if "GH" in v or "₵" in v or "cedi" in v.lower()]
