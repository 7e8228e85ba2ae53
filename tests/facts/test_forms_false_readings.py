"""Values that were read where a sentence states none, each with look-alikes that keep their value.

- "on the expiry date, not before" is when, not where: a phrase after "on" whose second part is a negation
  ("not before", "never later") names no area and no address ("at the wend, eastfield" does);
- a pronoun after a comma names no area ("at the vet, he's limping"), and a count of a unit is no house number
  and street ("up to 2 inches, low of 30"), nor a count of people after a floor ("on the 2nd floor, 5 of us");
- a street named in capitals ends before the time of day it is for ("on Garnet Road after dinner"), while a
  lower-case place before a meal ("from the salt quay after dinner") stays no address;
- ordinals listed before a word they count ("the 3rd or the 4th time", "3rd or 4th floor") are no days, and
  "2 or 3 May tickets" counts tickets, while "the 2nd or the 3rd of August" is two days;
- "What time is the pool open tomorrow?" asks for an hour; the day it names is not stated, as the check files
  label it ("When do they close tonight?" and "What time tonight?" keep the day);
- a range of weekdays said with a clock and not "from" one day "to" another is the days something repeats
  ("Set, Monday to Friday at 7:15 am."), no date; "from Monday to Wednesday at 9 am" keeps both days;
- "What's the 4:15?" asks what the thing at that hour is, and states no time ("What about the 4:15?" does);
- "allow 5 to 7 working days", "another 10 to 12 school days", "20 to 6 nights": a range of counted days or
  nights, no clock of minutes to the hour ("meet at 5 to 7 then" is 6:55 pm);
- "Start one for the trip." bids a thing be started: "one" is no hour ("The quiz starts 8 sharp." keeps it);
- a date in a sentence that only says a thing stopped ("won't charge any more") or gives a new address keeps
  its own key, not the key of an unrelated earlier date; a correction or a move still takes it;
- a request asked as a question ("Can you make it 2 people?") is no stated preference;
- "Tuesday at 11:40." answering "11:40 am next Tuesday" days later is dated from the turn that offered it.

Every sentence is written for these tests (the chat's turns are dated Monday 6 July 2026)."""

from datetime import UTC, datetime

import pytest

from facts.extraction import extract_facts
from memadmin.providers.base import TurnText
from tests.facts.booking_chats import of_type, said_by_assistant, said_by_user

_MARCH_5 = datetime(2027, 3, 5, 10, 0, tzinfo=UTC)


def _dated(*turns: tuple[str, datetime]) -> list[TurnText]:
    """Turns said at the given times, alternating user and assistant."""
    return [
        TurnText(seq=i, role="user" if i % 2 else "assistant", content=content, created_at=when)
        for i, (content, when) in enumerate(turns, start=1)
    ]


class TestWhenIsNoPlace:
    @pytest.mark.parametrize(
        "said",
        [
            "Renew it on the expiry date, not before.",
            "Send the form on the closing date, never earlier.",
            "i 'll pay on the due date , not after .",
        ],
    )
    def test_a_day_and_its_negation_is_no_address(self, said):
        assert of_type(said_by_user(said), "address") == []

    @pytest.mark.parametrize(
        "said,place",
        [
            ("The depot is at the wend, eastfield.", "the wend, eastfield"),
            ("the bakery is on marsh lane , upper holt .", "marsh lane , upper holt"),
        ],
    )
    def test_an_area_and_its_town_stay(self, said, place):
        assert [value for value, _ in of_type(said_by_assistant(said), "address")] == [place]


class TestPronounsAndUnits:
    @pytest.mark.parametrize(
        "said",
        [
            "Take Pepper in at the groomer, she's matted.",
            "Drop me at the library, he's waiting.",
            "Hail Sunday evening, up to 2 inches, low of 30.",
            "The water rose to 3 feet, sadly.",
            "We're up on the 2nd floor, 5 of us.",
            "the party is on the third floor, 12 of us",
        ],
    )
    def test_no_address(self, said):
        assert of_type(said_by_user(said), "address") == []

    @pytest.mark.parametrize(
        "said,place",
        [
            ("The cottage is at 12 heron lane , marsham .", "12 heron lane , marsham"),
            ("It's at 4 Acre Lane.", "4 Acre Lane"),
            ("The dentist is on the 2nd floor, 31 Fenwick Street.", "the 2nd floor, 31 Fenwick Street"),
        ],
    )
    def test_addresses_stay(self, said, place):
        assert [value for value, _ in of_type(said_by_assistant(said), "address")] == [place]


class TestStreetBeforeTheTimeOfDay:
    @pytest.mark.parametrize(
        "said,street",
        [
            ("We're meeting at Otto's on Garnet Road after dinner.", "Garnet Road"),
            ("Let's try Pica's on Wexley Street before lunch.", "Wexley Street"),
            ("The studio's on 14 Harrow Lane after the lights.", "14 Harrow Lane"),
        ],
    )
    def test_the_street_ends_before_when(self, said, street):
        assert [value for value, _ in of_type(said_by_user(said), "address")] == [street]

    @pytest.mark.parametrize(
        "said",
        [
            "we 'll want a taxi back to the inn from the salt quay after dinner , about 8:15 .",
            "a cab home from the old mill after lunch , please .",
        ],
    )
    def test_a_place_in_lower_case_before_a_meal_is_no_address(self, said):
        assert of_type(said_by_user(said), "address") == []


class TestOrdinalsThatCountThings:
    @pytest.mark.parametrize(
        "said",
        [
            "That was the 2nd or the 3rd time in August I rang them.",
            "The flat is on the 5th or 6th floor, since April.",
            "It was the 2nd or 3rd attempt at the exam.",
            "We sat in the 7th, 8th or 9th row.",
            "I picked up 2 or 3 May tickets at the box office.",
        ],
    )
    def test_no_day(self, said):
        assert of_type(said_by_user(said), "date") == []

    @pytest.mark.parametrize(
        "said,days",
        [
            (
                "The 2nd or the 3rd of August suits me.",
                [("The 2nd", "2026-08-02"), ("the 3rd of August", "2026-08-03")],
            ),
            ("Could we do the 9th or the 10th?", [("the 9th", "2026-07-09"), ("the 10th", "2026-07-10")]),
            ("I'll buy the 4 August tickets for the gig.", [("the 4 August", "2026-08-04")]),
            ("It's shut from 3 to 4 August.", [("3", "2026-08-03"), ("4 August", "2026-08-04")]),
        ],
    )
    def test_days_stay(self, said, days):
        assert of_type(said_by_user(said), "date") == days


class TestTheHourOfADayAsked:
    @pytest.mark.parametrize(
        "question",
        [
            "What time is the pool open tomorrow?",
            "what time does the market shut today ?",
            "What time do the fireworks start tonight?",
            "ok, what time are the doors tomorrow?",
        ],
    )
    def test_names_no_day(self, question):
        assert of_type(said_by_user(question), "date") == []

    @pytest.mark.parametrize(
        "question,day",
        [
            ("When does the pool open tomorrow?", ("tomorrow", "2026-07-07")),
            ("What time tomorrow?", ("tomorrow", "2026-07-07")),
            ("what time does the ferry leave on friday ?", ("friday", "2026-07-10")),
        ],
    )
    def test_a_day_proposed_or_named_stays(self, question, day):
        assert of_type(said_by_user(question), "date") == [day]


class TestDaysARoutineRepeatsOn:
    @pytest.mark.parametrize(
        "said",
        [
            "Set, Monday to Friday at 7:15 am.",
            'Done: "Gym" at 6:30 pm, Tuesday to Thursday.',
            "boats leave at 9:45 , 11:15 and 3:40 , thursday to sunday .",
        ],
    )
    def test_names_no_day(self, said):
        assert of_type(said_by_assistant(said), "date") == []

    @pytest.mark.parametrize(
        "said,days",
        [
            (
                "i need the van from monday to wednesday at 9 am .",
                [("monday", "2026-07-13"), ("wednesday", "2026-07-15")],
            ),
            ("Could we do Tuesday to Thursday?", [("Tuesday", "2026-07-07"), ("Thursday", "2026-07-09")]),
        ],
    )
    def test_days_from_one_to_another_stay(self, said, days):
        assert of_type(said_by_user(said), "date") == days


class TestWhatTheClockIs:
    @pytest.mark.parametrize("question", ["What's the 4:15?", "what is the 10:42 ?", "So what's the 9 am?"])
    def test_states_no_time(self, question):
        assert of_type(said_by_user(question), "time") == []

    @pytest.mark.parametrize(
        "said,clock",
        [
            ("What about the 4:15?", ("4:15", "04:15")),
            ("I've got the 4:15 pm with the dentist.", ("4:15 pm", "16:15")),
        ],
    )
    def test_a_clock_proposed_or_stated_stays(self, said, clock):
        assert of_type(said_by_user(said), "time") == [clock]


class TestRangesOfCountedDays:
    @pytest.mark.parametrize(
        "said",
        [
            "Once it's back with us, allow 5 to 7 working days for the refund.",
            "The course needs another 10 to 12 school days.",
            "Most guests stay 20 to 6 nights... sorry, 2 to 6 nights.",
            "It usually takes 5 to 10 business days.",
        ],
    )
    def test_no_clock(self, said):
        assert of_type(said_by_assistant(said), "time") == []

    @pytest.mark.parametrize(
        "said,clock",
        [
            ("Meet at 5 to 7 then, by the gate.", ("5 to 7", "18:55")),
            ("ten to 6 works", ("ten to 6", "05:50")),
        ],
    )
    def test_a_clock_of_minutes_to_the_hour_stays(self, said, clock):
        assert of_type(said_by_user(said), "time") == [clock]


class TestStartBidden:
    @pytest.mark.parametrize(
        "said", ["Invoices. Start one for the March job.", "Start two for the twins.", "Start one."]
    )
    def test_no_hour(self, said):
        assert of_type(said_by_user(said), "time") == []

    @pytest.mark.parametrize(
        "said,hour",
        [("The quiz starts 8 sharp.", ("8", "08:00")), ("we start 9 tomorrow .", ("9", "09:00"))],
    )
    def test_an_hour_something_starts_at_stays(self, said, hour):
        assert of_type(said_by_user(said), "time") == [hour]


class TestKeyOfAnEarlierDate:
    EARLIER = "Your parcel was delivered March 3."

    @pytest.mark.parametrize(
        "said",
        [
            "The kettle I got last Christmas won't boil any more.",
            "The printer I bought on February 2 no longer prints.",
            "My new address since last Christmas is 4 Ash Row.",
        ],
    )
    def test_a_date_keeps_its_own_key(self, said):
        turns = _dated(("Where is my parcel?", _MARCH_5), (self.EARLIER, _MARCH_5), (said, _MARCH_5))
        keys = [(f.source_seq, f.key) for f in extract_facts(turns) if f.type == "date"]
        assert keys == [(2, "delivery_date"), (3, "date")]

    def test_a_correction_takes_the_key(self):
        turns = _dated(
            ("Where is my parcel?", _MARCH_5),
            ("Your parcel will be delivered March 9.", _MARCH_5),
            ("Actually it comes March 10 instead.", _MARCH_5),
        )
        keys = [(f.source_seq, f.key) for f in extract_facts(turns) if f.type == "date"]
        assert keys == [(2, "delivery_date"), (3, "delivery_date")]


class TestRequestsAsked:
    @pytest.mark.parametrize(
        "question",
        [
            "Can you make it a window table instead?",
            "sorry , my brother ca n't make it , can you make it 3 people ?",
            "Could they leave it with the porter?",
            "can i switch it to the evening showing ?",
            "Can we change that to the later ferry?",
        ],
    )
    def test_is_no_preference(self, question):
        assert of_type(said_by_user(question), "preference") == []

    @pytest.mark.parametrize(
        "said",
        [
            "Make it a window table instead.",
            "Please leave it with the porter.",
            "I'd rather sit upstairs, can you find me something else?",
        ],
    )
    def test_a_stated_preference_stays(self, said):
        assert len(of_type(said_by_user(said), "preference")) == 1


class TestDayOfTheOffer:
    def test_a_day_chosen_days_later_is_the_one_offered(self):
        turns = _dated(
            ("Any slots with the optician?", datetime(2026, 7, 6, 9, 0, tzinfo=UTC)),  # a Monday
            ("She has 11:40 am next Tuesday or 3:10 pm on Thursday.", datetime(2026, 7, 6, 9, 1, tzinfo=UTC)),
            ("Tuesday at 11:40.", datetime(2026, 7, 13, 8, 30, tzinfo=UTC)),  # the Monday after
        )
        dates = [(f.source_seq, f.value, f.normalised) for f in extract_facts(turns) if f.type == "date"]
        offered = [d for d in dates if d[0] == 2 and d[1] == "next Tuesday"]
        assert offered == [(2, "next Tuesday", "2026-07-14")]
        assert [d for d in dates if d[0] == 3] == [(3, "Tuesday", "2026-07-14")]

    def test_a_day_chosen_the_same_day_is_unchanged(self):
        turns = _dated(
            ("Any slots with the optician?", datetime(2026, 7, 6, 9, 0, tzinfo=UTC)),
            ("She has 11:40 am next Tuesday or 3:10 pm on Thursday.", datetime(2026, 7, 6, 9, 1, tzinfo=UTC)),
            ("Tuesday at 11:40.", datetime(2026, 7, 6, 9, 2, tzinfo=UTC)),
        )
        dates = [(f.source_seq, f.value, f.normalised) for f in extract_facts(turns) if f.type == "date"]
        assert [d for d in dates if d[0] == 3] == [(3, "Tuesday", "2026-07-14")]
