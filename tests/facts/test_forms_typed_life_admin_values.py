"""Values as people type them while sorting out their own affairs: an account or card kept by its last
digits said with the word "last" ("only the last digits, 6027") or "ends" ("account ends 5127"), a place on
a street whose name reads as a plural ("the nandos on bridge street do ..."), a second price said as the
first was ("one for 240, or the other shop for like 310"), a sum said with its currency as the one it
replaces ("€1,180 rather than €1,250"), an Irish or Australian line grouped as it reads ("1850 24 7 365"),
and the hour something arranged is set for before a place's hours, or the hour a stall sells out by. Each
form has near misses that state no such value: a span of years, a time taken, a question, a count, a rise
by a number, a run of digits that is no line. Cases written for these tests."""

import pytest

from facts.extraction import extract_facts
from memadmin.providers.base import TurnText
from tests.facts.booking_chats import SAID_ON, of_type, said_by_assistant, said_by_user


class TestLastDigitsSaidWithLast:
    @pytest.mark.parametrize(
        "content,digits",
        [
            ("I'd note only the last digits, 6027, not the whole number.", "6027"),
            ("Keep just the last four digits (3310) on the form.", "3310"),
            ("the last 4 of my card are 8856", "8856"),
            ("last four: 9021", "9021"),
            ("Its last four are 1174, the other one is my partner's.", "1174"),
        ],
    )
    def test_the_digits_after_last_and_a_comma_a_colon_or_are(self, content, digits):
        assert of_type(said_by_assistant(content), "identifier") == [(digits, digits)]

    @pytest.mark.parametrize(
        "content",
        ["savings account ends 5127", "routing 021000021 and the account ends 5127"],
    )
    def test_ends_without_in_is_the_last_digits_not_a_code_of_letters(self, content):
        assert ("5127", "5127") in of_type(said_by_user(content), "identifier")

    @pytest.mark.parametrize(
        "content",
        [
            "the last four years, 2019 to 2023, were a blur",
            "the last 4 took 20 minutes each",
            "the last digits are smudged on the statement",
            "the last four were 1500 dollars in all",
            "are the last four digits 5521?",
        ],
    )
    def test_a_span_of_years_a_count_a_sum_or_a_question_is_no_card(self, content):
        assert of_type(said_by_user(content), "identifier") == []


class TestAPlaceOnAStreetBeforeItsPluralVerb:
    @pytest.mark.parametrize(
        "content,street",
        [
            ("nandos on bridge street do a meal deal for £25", "bridge street"),
            ("the shops on harbour road sell them cheaper", "harbour road"),
            ("wilkos on station lane stock the big ones", "station lane"),
        ],
    )
    def test_the_street_before_do_sell_or_stock(self, content, street):
        assert of_type(said_by_user(content), "address") == [(street, street)]

    @pytest.mark.parametrize(
        "content",
        [
            "what do they do on bridge street?",
            "we do lunch on fridays",
            "the kids do swimming on saturdays",
        ],
    )
    def test_a_question_or_a_plural_verb_after_no_street_says_no_address(self, content):
        assert of_type(said_by_user(content), "address") == []


class TestASecondPriceSaidAsTheFirst:
    @pytest.mark.parametrize(
        "content,prices",
        [
            ("the pet shop sells one for 240, or the garden centre for like 310", ["240", "310"]),
            ("the grey one goes for 85 and the green for about 95", ["85", "95"]),
            ("argos has them for £18, but the market for around 12", ["£18", "12"]),
        ],
    )
    def test_after_or_and_or_but_with_a_guess_before_it(self, content, prices):
        assert [value for value, _ in of_type(said_by_user(content), "amount")] == prices

    @pytest.mark.parametrize(
        "content,prices",
        [
            ("the hall is ours for 240, and the garden for 310", []),
            ("the pet shop sells one for 240, or the vet for like 20 minutes", ["240"]),
            ("is it for 240 or for 310?", []),
        ],
    )
    def test_no_price_first_a_time_counted_or_a_question_says_none(self, content, prices):
        assert [value for value, _ in of_type(said_by_user(content), "amount")] == prices


class TestASumReplacedSaidWithItsCurrency:
    def test_the_sum_it_replaces_is_read_as_the_old_one(self):
        facts = extract_facts(
            [
                TurnText(
                    seq=1,
                    role="assistant",
                    content="It came to €1,180 rather than €1,250; can you ask what the €70 was for?",
                    created_at=SAID_ON,
                )
            ]
        )
        assert [(f.value, f.old) for f in facts if f.type == "amount"] == [
            ("€1,180", False),
            ("€1,250", True),
            ("€70", False),
        ]

    @pytest.mark.parametrize(
        "content,sums",
        [
            ("is it €55 now instead of €50?", ["€55"]),
            ("It's €55, not €50.", ["€55"]),
        ],
    )
    def test_a_question_or_a_sum_said_to_be_wrong_gives_no_old_sum(self, content, sums):
        assert [value for value, _ in of_type(said_by_user(content), "amount")] == sums


class TestALineGroupedAsItReads:
    @pytest.mark.parametrize(
        "content,phone",
        [
            ("Breakdown cover is 1850 24 7 365, day or night.", "1850 24 7 365"),
            ("the roadside line is 1800 24 7 247", "1800 24 7 247"),
        ],
    )
    def test_ten_digits_of_a_valid_number_with_a_group_of_one(self, content, phone):
        assert [value for value, _ in of_type(said_by_user(content), "phone")] == [phone]

    @pytest.mark.parametrize(
        "content",
        [
            "we sold 1800 4 5 6 packs in all",
            "the helpline is 1300 1 2 3 4",
        ],
    )
    def test_too_few_digits_is_no_line(self, content):
        assert of_type(said_by_user(content), "phone") == []


class TestTheHourOfSomethingArrangedOrRunOut:
    def test_an_hour_set_up_before_the_clause_of_a_places_hours(self):
        times = of_type(said_by_user("fair day! set up from 7, opens 9 till 4"), "time")
        assert ("7", "07:00") in times

    @pytest.mark.parametrize(
        "content,hour",
        [
            ("sold out of eggs by 11 lol", "11"),
            ("we ran out of milk by 9", "9"),
        ],
    )
    def test_the_hour_a_stall_runs_out_by(self, content, hour):
        assert [value for value, _ in of_type(said_by_user(content), "time")] == [hour]

    @pytest.mark.parametrize(
        "content",
        [
            "we usually set up from 7, the hall opens at 9",
            "prices went up by 10 lol",
            "they sold out by 10 percent",
            "the twins are 5 lol",
        ],
    )
    def test_a_habit_a_rise_a_share_or_an_age_is_no_hour(self, content):
        assert of_type(said_by_user(content), "time") == []
