"""Owners' shorthand: the two hours of a shift, a cover or a trading day typed with a dash or "to" after the
day it is on or a verb of doing the work ("ben does thurs 8-1", "i do 1-4.30", "can he do 11-3", "trading
10-5", "from 9 to 3"), and a shortened weekday said after what happens on it in its clause ("delivery thurs
am", "funds fri", "collect the trailer weds at 9"). Look-alikes stay without a value: counts and scores ("3-4
days", "won 3-1"), a range of prices, a question, "10 to 4" (ten minutes to four), "i sat there", the sun.
Written for these tests; the chats are said on Monday 6 July 2026."""

import pytest

from tests.facts.booking_chats import of_type, said_by_assistant, said_by_user


def _times(said: str, *, assistant: bool = False) -> list[tuple[str, str]]:
    return of_type((said_by_assistant if assistant else said_by_user)(said), "time")


def _dates(said: str) -> list[tuple[str, str]]:
    return of_type(said_by_user(said), "date")


class TestTheHoursOfAShift:
    @pytest.mark.parametrize(
        ("said", "window"),
        [
            ("rota: ben does thurs 8-1, me after", ("8-1", "08:00-13:00")),
            ("i do 1-4.30 on the till", ("1-4.30", "13:00-16:30")),
            ("ask marta can she do 11-3", ("11-3", "11:00-15:00")),
            ("stall is trading 10-5", ("10-5", "10:00-17:00")),
            ("kev tue-wed 6.30-2.30, then off", ("6.30-2.30", "06:30-14:30")),
            ("and sam sun 12-4ish", ("12-4ish", "12:00-16:00")),
        ],
    )
    def test_the_window(self, said, window):
        assert window in _times(said)

    @pytest.mark.parametrize(
        ("said", "window"),
        [
            ("Marta can do 11 to 3 on Friday.", ("11 to 3", "11:00-15:00")),
            ("The stall is trading from 10 to 5.", ("10 to 5", "10:00-17:00")),
        ],
    )
    def test_said_back(self, said, window):
        assert window in _times(said, assistant=True)

    @pytest.mark.parametrize(
        "said",
        [
            "the job takes 3-4 days",
            "we won 3-1 on sat",
            "they do 6-8 quid a box",
            "can she do 11-3?",
            "sat 4-6 people at the back",
            "the kids do 2-3 hours homework",
        ],
    )
    def test_no_window(self, said):
        assert _times(said) == []

    def test_ten_to_is_no_window(self):
        assert ("10 to 4", "10:00-16:00") not in _times("he does 10 to 4")


class TestTheDayOfAnErrand:
    @pytest.mark.parametrize(
        ("said", "day"),
        [
            ("gravel delivery thurs am", ("thurs", "2026-07-09")),
            ("loan ok, funds fri", ("fri", "2026-07-10")),
            ("collect the trailer weds at 9", ("weds", "2026-07-08")),
            ("send the signed forms fri too", ("fri", "2026-07-10")),
            ("pickup from the depot sat 8ish", ("sat", "2026-07-11")),
        ],
    )
    def test_the_day(self, said, day):
        assert day in _dates(said)

    @pytest.mark.parametrize(
        "said",
        [
            "the delivery driver sat down for a bit",
            "paid, then back out in the sun.",
            "i sat there for ages waiting on the delivery",
        ],
    )
    def test_no_day(self, said):
        assert _dates(said) == []


def _codes(said: str, *, assistant: bool = False) -> list[str]:
    facts = (said_by_assistant if assistant else said_by_user)(said)
    return [value for value, _ in of_type(facts, "identifier")]


class TestATaxNumber:
    @pytest.mark.parametrize(
        ("said", "code"),
        [
            ("our vat no is GB 227 6140 93", "GB 227 6140 93"),
            ("vat reg IE 4471920TW", "IE 4471920TW"),
            ("gst no 104-229-316", "104-229-316"),
            ("business number BN 73120 4418 RT0002", "73120 4418 RT0002"),
        ],
    )
    def test_the_number(self, said, code):
        assert _codes(said) == [code]
        assert of_type(said_by_user(said), "phone") == []

    def test_said_back(self):
        assert _codes("Your EIN, 84-2290317, is on the form.", assistant=True) == ["84-2290317"]

    @pytest.mark.parametrize("said", ["it's £1,284.60 inc VAT", "plus vat 2209.40", "VAT at 20% on 3,140"])
    def test_no_number(self, said):
        assert _codes(said) == []


class TestAStandAtAFair:
    @pytest.mark.parametrize(
        ("said", "code"),
        [
            ("we're on stand K12 by the cafe", "K12"),
            ("pitch number RB-7 at the market", "RB-7"),
            ("Booth D40 is yours.", "D40"),
        ],
    )
    def test_the_stand(self, said, code):
        assert code in _codes(said)

    @pytest.mark.parametrize("said", ["i can't stand 4 more hours of this", "we'll pitch in 20 each"])
    def test_no_stand(self, said):
        assert _codes(said) == []


class TestADayOfADeadline:
    @pytest.mark.parametrize(
        ("said", "day"),
        [
            ("paye return due 19 may", "19 may"),
            ("the lease renewal 3 may, same terms", "3 may"),
            ("new cleaner starts 24 may", "24 may"),
            ("cover renews 1/9", "1/9"),
            ("delivery 8/14, before noon", "8/14"),
            ("the offer is valid til 30/6", "30/6"),
            ("start date 9/1 for the lease", "9/1"),
        ],
    )
    def test_the_day(self, said, day):
        assert day in [value for value, _ in _dates(said)]

    @pytest.mark.parametrize(
        "said",
        ["you may be due 7 may well be fine", "delivery 1/2 price this week", "she may start 4 may be 5"],
    )
    def test_no_day(self, said):
        assert [v for v, _ in _dates(said) if "/" in v or "may" in v] == []


class TestAHalfHourAfterWhatHappensAtIt:
    @pytest.mark.parametrize(
        ("said", "clock"),
        [
            ("the pallets came half 11. all fine", ("half 11", "11:30")),
            ("can she start half 8", ("half 8", "08:30")),
            ("viewing thurs 9th half 3", ("half 3", "15:30")),
        ],
    )
    def test_the_clock(self, said, clock):
        assert clock in _times(said)

    @pytest.mark.parametrize(
        "said", ["we came half way there", "start half 2 of the plan now", "i left half 3 of them"]
    )
    def test_no_clock(self, said):
        assert _times(said) == []


class TestADottedClockOfWhatArrived:
    @pytest.mark.parametrize(
        ("said", "clock"),
        [
            ("the timber came 9.40.", ("9.40", "09:40")),
            ("trailer back 5.15", ("5.15", "17:15")),
            ("van picked up 8.20, all good", ("8.20", "08:20")),
        ],
    )
    def test_the_clock(self, said, clock):
        assert clock in _times(said)

    @pytest.mark.parametrize(
        "said", ["it came 14.50 with the postage", "the bill came 22.40", "came to 11.30 in the end"]
    )
    def test_no_clock(self, said):
        assert _times(said) == []
