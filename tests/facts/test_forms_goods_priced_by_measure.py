"""Goods listed with their prices, the next priced by a measure of goods with no currency ("flapjacks 1.80
each and brownies 20 a dozen"). Written for these tests: each form read, and the near forms that state no
price (a count in time, a question, no price said before)."""

import pytest

from tests.facts.booking_chats import of_type, said_by_assistant, said_by_user


class TestGoodsPricedByMeasure:
    @pytest.mark.parametrize(
        "content,said",
        [
            ("Flapjacks 1.80 each and brownies 20 a dozen, so 145 for the lot.", ["1.80", "20", "145"]),
            ("pears are 2.40 a kilo , plums 3 a kilo .", ["2.40", "3"]),
            ("The lemonade is 2.20 a glass and the ciders 14 a bottle.", ["14"]),
        ],
    )
    def test_the_next_of_the_goods_is_priced(self, content, said):
        assert [v for v, _ in of_type(said_by_user(content), "amount")] == said

    @pytest.mark.parametrize(
        "content",
        [
            "Flapjacks are 1.80 each and we bake 60 a day.",  # a count in time
            "We bake flapjacks and brownies 20 a dozen at a time.",  # no price said before
            "Flapjacks are 1.80 each, are brownies 20 a dozen?",  # asked
        ],
    )
    def test_a_count_or_a_question_is_no_price(self, content):
        values = [v for v, _ in of_type(said_by_assistant(content), "amount")]
        assert "20" not in values and "60" not in values
