"""A payment's reference changed by the person, and "today" or "tonight" given alone as the reply.

- "Change the reference to RENT4-MAY, she files them that way.", "update the ref to LOT12-B": the code the
  reference is changed to, in capitals with a digit; not "With reference to KT2291A we have news." (no
  change), "Change the reference to his name." (no code), "change the reference to rent4may" (lower case
  could be a word the person typed);
- "Yes, today please.", "Tonight, thanks!", "Today." taking up or asking for the day of what the other side
  proposed: a date; not "Not today." nor "today is fine i guess, busy though" (no day settled).

Every sentence is written for these tests."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn

CONFIRM = (
    'Please confirm: send $1,400 to Maple Court Lettings from your checking account, reference "May rent".'
)
PAY = "Please confirm: pay $64.10 to Riverside Vets from checking ending in 2284, invoice RV-3310."


class TestAReferenceChanged:
    @pytest.mark.parametrize(
        "said,code",
        [
            ("Change the reference to RENT4-MAY, she files them that way.", "RENT4-MAY"),
            ("Oh and update the ref to LOT12-B please", "LOT12-B"),
        ],
    )
    def test_the_code_it_is_changed_to(self, said, code):
        facts = facts_of("Rent time again.", CONFIRM, said)
        assert [v for v, _ in in_turn(facts, 3, "identifier")] == [code]

    @pytest.mark.parametrize(
        "said",
        [
            "With reference to KT2291A we have news.",
            "Change the reference to his name.",
            "change the reference to rent4may",
        ],
    )
    def test_no_code_changed_to(self, said):
        assert in_turn(facts_of("Rent time again.", CONFIRM, said), 3, "identifier") == []


class TestTheDayAloneAsTheReply:
    @pytest.mark.parametrize(
        "said,day",
        [("Yes, today please.", "today"), ("Tonight, thanks!", "Tonight"), ("Today.", "Today")],
    )
    def test_a_date(self, said, day):
        assert [v for v, _ in in_turn(facts_of("Pay the vet.", PAY, said), 3, "date")] == [day]

    @pytest.mark.parametrize("said", ["Not today.", "today is fine i guess, busy though"])
    def test_no_day_settled(self, said):
        assert in_turn(facts_of("Pay the vet.", PAY, said), 3, "date") == []
