"""Values a desk says in tokenised text in forms the other test modules do not hold: a code to collect with,
one a thing is held under ("it 's held under tw 4418", "that one 's under mq 2290"), and a code given alone
after a statement that named it ("the reference is ready . that 's kp4471zq ."); clocks of the whole day in
words ("at seventeen twenty"), an hour a booking is moved to with its day between ("move the cab on friday to
6 though ?") and an hour one gets in near. One case per general form, written for these tests, with the
sentences that look like them and state none, and turns that only ask."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, values


class TestCodesHandedOver:
    @pytest.mark.parametrize(
        "content,codes",
        [
            ("right , your code to collect is wd5k7731 .", ["wd5k7731"]),
            ("your code to pick it up is rb8840 , show it at the hatch .", ["rb8840"]),
            ("it 's held under lfp 2204 at the lost property desk .", ["lfp 2204"]),
            ("the coat ? that one 's under ck 6613 .", ["ck 6613"]),
            ("your booking number is sorted . that 's tz 9042 .", ["tz 9042"]),
            ("the reference is ready . that 's jm3385qa .", ["jm3385qa"]),
        ],
    )
    def test_a_code_handed_over_is_read(self, content, codes):
        assert values(content, "identifier") == codes

    @pytest.mark.parametrize(
        "content",
        [
            "it 's held under the counter for now .",
            "that one 's under 5 pounds .",
            "the table is ready . that 's ab1234 .",  # nothing named a code before it
            "the reference is ready . that 's the one you want .",
            "your code to collect is in the email .",
            "that one 's under the stairs , by bay 12 .",
        ],
    )
    def test_what_names_no_code_gives_none(self, content):
        assert values(content, "identifier") == []

    def test_a_question_that_only_asks_gives_none(self):
        assert values("is it held under pk 5581 ?", "identifier", role="user") == []


class TestClocksOfTheWholeDayInWords:
    @pytest.mark.parametrize(
        "content,clock",
        [
            ("the last coach goes at eighteen forty and is back by ten .", ("eighteen forty", "18:40")),
            ("take the twenty one fifteen from stand 4 .", ("twenty one fifteen", "21:15")),
            ("the hall is open until twenty two hundred .", ("twenty two hundred", "22:00")),
            ("the ferry leaves at sixteen oh five .", ("sixteen oh five", "16:05")),
        ],
    )
    def test_a_clock_of_the_afternoon_or_evening_in_words(self, content, clock):
        chat = facts_of("when is it ?", content)
        assert clock in in_turn(chat, 2, "time")

    @pytest.mark.parametrize(
        "content",
        [
            "the hall first opened in twenty twenty four .",
            "we sold the fifteen twenty pound tickets .",
            "there were nineteen forty people at the fair .",
        ],
    )
    def test_a_year_or_a_count_is_no_clock(self, content):
        assert values(content, "time") == []

    def test_a_question_that_only_asks_gives_none(self):
        assert values("is that the seventeen forty ?", "time", role="user") == []


class TestHoursMovedToAndGotInNear:
    def test_an_hour_a_booking_is_moved_to_with_its_day_between(self):
        chat = facts_of(
            "the cab is booked for friday at 4 .",
            "yes , friday at 4 .",
            "can you move the cab on friday to 6 though ? we 'd like longer .",
        )
        assert [v for v, _ in in_turn(chat, 3, "time")] == ["6"]

    def test_an_hour_one_gets_in_near(self):
        chat = facts_of("can he check in late ? his coach gets in near ten .")
        assert [v for v, _ in in_turn(chat, 1, "time")] == ["ten"]

    @pytest.mark.parametrize(
        "content",
        [
            "the bus stop is near 9 .",
            "can you move the kids on friday to 6 tables ?",
        ],
    )
    def test_a_place_or_a_count_is_no_hour(self, content):
        assert values(content, "time", role="user") == []


class TestPricesWithNoCurrency:
    @pytest.mark.parametrize(
        "asked,content,prices",
        [
            ("how much is a cab ?", "it 'll run you about 9 from the quay to the abbey .", ["9"]),
            ("and the guided walk ?", "that 'll set you back 15 .", ["15"]),
            ("would he like a tide table ?", "it 's 2.40 at the kiosk .", ["2.40"]),
            ("how much to send the chair ?", "about 95 with padding , or 130 boxed .", ["95", "130"]),
        ],
    )
    def test_a_price_said_as_a_desk_says_it(self, asked, content, prices):
        chat = facts_of(asked, content)
        assert [v for v, _ in in_turn(chat, 2, "amount")] == prices

    @pytest.mark.parametrize(
        "content",
        [
            "it 'll run you about 9 minutes on foot .",
            "it 's 8.30 at the door .",
            "meet her at 2.40 at the kiosk .",
            "about 95 with padding , or 130 people boxed in .",
        ],
    )
    def test_a_time_or_a_count_is_no_price(self, content):
        assert values(content, "amount") == []

    def test_a_question_that_only_asks_gives_none(self):
        assert values("is it 2.40 at the kiosk ?", "amount", role="user") == []


class TestPlacesAndServiceNumbers:
    @pytest.mark.parametrize(
        "content,place",
        [
            ("the trattoria on upper jubbergate does a kids ' menu .", "upper jubbergate"),
        ],
    )
    def test_a_street_after_a_place_named_by_its_kind(self, content, place):
        assert values(content, "address") == [place]

    def test_a_question_that_only_asks_gives_none(self):
        assert values("is the trattoria on upper jubbergate open ?", "address", role="user") == []

    def test_the_police_number_said_as_the_number(self):
        assert values("for anything else the police number is 101 .", "phone") == ["101"]

    @pytest.mark.parametrize(
        "content",
        [
            "the room number is 101 at the police station .",
            "is the police number 101 ?",
        ],
    )
    def test_a_room_or_a_question_is_no_phone(self, content):
        assert values(content, "phone") == []


class TestSchemeNumberGivenWhenNamed:
    def test_digits_in_the_nhs_numbers_groups_after_it_was_named_are_no_phone(self):
        chat = facts_of(
            "can the chemist help ?",
            "they can , bring his nhs number with you .",
            "sure , it is 612 404 8817 .",
        )
        assert in_turn(chat, 3, "identifier") == [("612 404 8817", "6124048817")]
        assert in_turn(chat, 3, "phone") == []

    def test_the_same_digits_with_no_scheme_named_stay_a_phone(self):
        chat = facts_of(
            "can the chemist help ?", "they can , ring them first .", "sure , it is 612 404 8817 ."
        )
        assert in_turn(chat, 3, "identifier") == []
