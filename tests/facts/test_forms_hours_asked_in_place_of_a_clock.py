"""A bare hour asked for in place of the clock said after it ("could the fitting be 2 instead of 2:30?", "what
about 6 instead of 6:15 pm?"). Written for these tests: each form read, and the near forms that state no
hour (a count replaced, a price replaced, nothing replaced)."""

import pytest

from tests.facts.booking_chats import of_type, said_by_user


class TestHourAskedInPlaceOfAClock:
    @pytest.mark.parametrize(
        "content,said",
        [
            ("Lovely, and the fitting, could it be 2 instead of 2:30?", "2"),
            ("What about 6 instead of 6:15 pm?", "6"),
            ("Let's say 11 instead of 10:45.", "11"),
            ("Can that be 8 instead of 7 pm?", "8"),
        ],
    )
    def test_the_hour_asked_for_is_read(self, content, said):
        assert [v for v, _ in of_type(said_by_user(content), "time")] == [said]

    @pytest.mark.parametrize(
        "content",
        [
            "Could it be 2 instead of 3 guests?",  # a count
            "What about 4 instead of 5 nights?",
            "Can it be 9 instead of 9.50, the price I mean?",  # a price
            "Could it be 2 instead?",  # no clock said, nothing replaced
        ],
    )
    def test_a_count_a_price_or_nothing_replaced_is_no_hour(self, content):
        assert of_type(said_by_user(content), "time") == []
