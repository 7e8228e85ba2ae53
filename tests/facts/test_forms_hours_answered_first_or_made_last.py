"""An hour given first in a reply, then something else the reply settles; an hour made last in a sentence.

- "Seven, for one. I'll be starving." after "tables at 7 pm and 8:30 pm": the offered clock of that hour,
  chosen for a party, with a sentence after it; not "Eight, for one." (no clock of eight was offered), nor
  "Seven, for one reason: ..." (no party), nor with no clock offered at all;
- "like nine. midsize", "Seven, the back room." answering "What time would you pick it up?": the hour, then
  another thing asked for in words; not "Nine, two of us." or "9, for 4" (a number after it may be the
  count asked for), nor "nine, no wait" (taken back);
- "alarm for 5:50 am on the 17th, for packing, no wait, make it 8", "the 6:40 train, actually make it 7.":
  the hour that takes back the clock said before it in the sentence; "No wait, make it 8." after "Your
  alarm is set for 5:50 am."; not "a table at 7:30 for 2, make it 4" (the party), nor with no clock before;
- "Anything after work? Like 5 or so?" after clocks offered: the hour put in a question of its own; not
  "Like 5 people?" nor with no clock offered;
- "return by 8 is fine, not 9", "drop it off at 7" for a hired car: the hour it goes back; not "Return two,
  please." after "How many bags are you returning?".

Every sentence is written for these tests."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn

OFFER = "The grill on Dock Street has tables on Friday at 7 pm and 8:30 pm."
ASKED = "The compact is $48 and the midsize $55 for Sunday. What time would you pick it up?"


class TestAnHourChosenForAParty:
    @pytest.mark.parametrize(
        "said,hour",
        [
            ("Seven, for one. I'll be starving.", ("Seven", "19:00")),
            ("7, for two please.", ("7", "19:00")),
            ("Seven for three.", ("Seven", "19:00")),
        ],
    )
    def test_the_offered_clock_of_that_hour(self, said, hour):
        assert in_turn(facts_of("Somewhere for dinner Friday?", OFFER, said), 3, "time") == [hour]

    @pytest.mark.parametrize("said", ["Eight, for one.", "Seven, for one reason: the parking is free then."])
    def test_no_clock_of_that_hour_or_no_party(self, said):
        assert in_turn(facts_of("Somewhere for dinner Friday?", OFFER, said), 3, "time") == []

    def test_no_clock_offered(self):
        facts = facts_of(
            "Somewhere for dinner Friday?", "The grill on Dock Street has a table.", "Seven, for one."
        )
        assert in_turn(facts, 3, "time") == []


class TestAnHourAnsweredThenAnotherThing:
    @pytest.mark.parametrize(
        "said,hour",
        [
            ("like nine. midsize", ("nine", "09:00")),
            ("Like 10, the compact.", ("10", "10:00")),
            ("Seven, the midsize one.", ("Seven", "07:00")),
        ],
    )
    def test_the_hour(self, said, hour):
        assert in_turn(facts_of("I need a car on Sunday.", ASKED, said), 3, "time") == [hour]

    @pytest.mark.parametrize(
        "said", ["Nine, two of us.", "9, for 4", "nine, no wait", "nine. the kids are 4"]
    )
    def test_a_number_after_it_or_the_hour_taken_back(self, said):
        assert in_turn(facts_of("I need a car on Sunday.", ASKED, said), 3, "time") == []

    def test_not_without_a_question_for_a_time(self):
        facts = facts_of(
            "I need a car on Sunday.", "The compact is $48 and the midsize $55.", "like nine. midsize"
        )
        assert in_turn(facts, 3, "time") == []


class TestAnHourMadeLast:
    @pytest.mark.parametrize(
        "said,hour",
        [
            ("alarm for 5:50 am on the 17th, for packing, no wait, make it 8", ("8", "08:00")),
            ("Put me on the 6:40 train, actually make it 7.", ("7", "07:00")),
            ("Book the 7 pm table, no, make it 8 then", ("8", "20:00")),
        ],
    )
    def test_the_hour_that_takes_back_the_clock_before_it(self, said, hour):
        assert in_turn(facts_of("Morning!", "Morning, what can I do?", said), 3, "time")[-1] == hour

    def test_no_wait_make_it_after_a_clock_set(self):
        facts = facts_of("Wake me early.", "Your alarm is set for 5:50 am.", "No wait, make it 8.")
        assert in_turn(facts, 3, "time") == [("8", "08:00")]

    @pytest.mark.parametrize("said", ["a table at 7:30 for 2, make it 4", "Two coffees, make it 3."])
    def test_a_count_or_no_clock_before(self, said):
        assert ("4", "16:00") not in in_turn(facts_of("Morning!", "Hi.", said), 3, "time")
        assert all(v not in ("3", "4") for v, _ in in_turn(facts_of("Morning!", "Hi.", said), 3, "time"))


OFFERED = "Dr. Amari at Northside Dental has openings tomorrow at 8:20 am and 1:50 pm."
HIRED = (
    "Please confirm: a compact from Quayside Hire, out Saturday at 9 am and returned Saturday at 9 pm, $58."
)


class TestAnHourPutInAQuestionOfItsOwn:
    @pytest.mark.parametrize(
        "said,hour", [("Anything after work? Like 5 or so?", "5"), ("Anything later? Say 6?", "6")]
    )
    def test_the_hour(self, said, hour):
        assert [v for v, _ in in_turn(facts_of("A dentist, please.", OFFERED, said), 3, "time")] == [hour]

    def test_not_a_count(self):
        facts = facts_of("A dentist, please.", OFFERED, "Anything later? Like 5 people?")
        assert in_turn(facts, 3, "time") == []

    def test_not_without_clocks_offered(self):
        facts = facts_of("A dentist, please.", "Dr. Amari has openings tomorrow.", "Anything later? Like 5?")
        assert in_turn(facts, 3, "time") == []


class TestTheHourAHiredCarGoesBack:
    @pytest.mark.parametrize(
        "said,hour",
        [("return by 8 is fine, not 9", "8"), ("Fine. Drop it off at 7.", "7"), ("return it by 6", "6")],
    )
    def test_the_hour(self, said, hour):
        assert [v for v, _ in in_turn(facts_of("A car for Saturday.", HIRED, said), 3, "time")] == [hour]

    def test_not_a_count_asked(self):
        facts = facts_of("I have bags to return.", "How many bags are you returning?", "Return two, please.")
        assert in_turn(facts, 3, "time") == []
