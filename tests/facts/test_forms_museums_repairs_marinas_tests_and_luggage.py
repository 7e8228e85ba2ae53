"""Values a desk says in tokenised text in forms the other test modules do not hold, found in the museums,
repairs, marinas, tests and luggage check file: a code known by its shape alone (a group of one to three
letters, then groups of digits set apart by spaces or slashes, four digits or more) said to be what a thing
named just before it is ("the permit is pk/3301/27", "the case card is lm 40 228", "that one 's gh 770192"),
codes with a group of six digits after a word that names them ("job hv 412907"), sums with no currency
shown to be money by what is said of them (a balance, what a voucher is worth, what a taxi would be), and a
window of two bare hours straight after a day of two digits ("thursday the 14th , 9 to 1"). One case per
general form, written for these tests, with the sentences that look like them and state none, and turns that
only ask."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, values


class TestCodesKnownByTheirShape:
    @pytest.mark.parametrize(
        "content,codes",
        [
            ("the permit is pk/3301/27 , keep it on the dashboard .", ["pk/3301/27"]),
            ("right , the case card is lm 40 228 .", ["lm 40 228"]),
            ("the inspection is bx 5519 if the landlord asks .", ["bx 5519"]),
            ("moved to the afternoon . that one 's gh 770192 .", ["gh 770192"]),
            ("your loan is qz 2081 and it goes back on friday .", ["qz 2081"]),
        ],
    )
    def test_a_code_said_to_be_what_a_thing_is(self, content, codes):
        assert values(content, "identifier") == codes

    @pytest.mark.parametrize(
        "content",
        [
            "the fee is on 12 may .",
            "the price is 45 for the two of you .",
            "the postcode is wd4 8tz .",
            "the last bus is at 2315 .",
            "the gate is 12 and the belt is 4 .",
            "your room is b 12 , on the first floor .",
        ],
    )
    def test_what_has_no_code_shape_gives_none(self, content):
        assert values(content, "identifier") == []

    def test_a_question_that_only_asks_gives_none(self):
        assert values("is the permit pk/3301/27 ?", "identifier", role="user") == []
        assert values("so the case card is lm 40 228 ?", "identifier", role="user") == []


class TestCodesWithALongGroup:
    @pytest.mark.parametrize(
        "content,codes",
        [
            ("hello , it 's mrs adeyemi , job hv 412907 . the plumber did n't come .", ["hv 412907"]),
            ("the claim went in and they gave me nb 550281 .", ["nb 550281"]),
        ],
    )
    def test_a_named_code_with_six_digits_is_read(self, content, codes):
        assert values(content, "identifier") == codes


class TestSumsShownToBeMoney:
    @pytest.mark.parametrize(
        "content,sums",
        [
            ("your account is 35 in credit after that payment .", ["35"]),
            ("so you 're 12.50 in arrears until friday .", ["12.50"]),
            ("we 've had the first part , so 240 is left to pay .", ["240"]),
            ("there 's 18.20 still owing on the last bill .", ["18.20"]),
            ("you get a gift card worth 30 at the garden centre .", ["30"]),
            ("from the square a taxi is about 14 .", ["14"]),
            ("a cab back would be around 22 , or the bus is cheaper .", ["22"]),
        ],
    )
    def test_a_sum_with_what_shows_it_is_money(self, content, sums):
        assert values(content, "amount") == sums

    @pytest.mark.parametrize(
        "content",
        [
            "there are 2 left to go on the course .",
            "the film is worth 5 stars , honestly .",
            "a taxi at about 8 would be best .",
            "the taxi is about 8 minutes away .",
            "it 's worth 10 minutes of your time .",
        ],
    )
    def test_what_is_no_sum_gives_none(self, content):
        assert values(content, "amount") == []


class TestHourWindowsAfterTheirDay:
    @pytest.mark.parametrize(
        "content,window",
        [
            ("the fitter is booked for thursday the 14th , 9 to 1 .", ("9 to 1", "09:00-13:00")),
            ("i can offer the 23rd , 12 till 4 , if that suits .", ("12 till 4", "12:00-16:00")),
        ],
    )
    def test_two_bare_hours_straight_after_the_day_are_a_window(self, content, window):
        assert window in in_turn(facts_of("when can you come ?", content), 2, "time")

    @pytest.mark.parametrize(
        "content",
        [
            "on the 23rd , 2 to 3 people can come .",
            "the score on the 14th , 3 to 1 , was a surprise .",
        ],
    )
    def test_what_is_no_window_gives_no_clock(self, content):
        assert values(content, "time") == []
