"""Values a visitor desk says in lower-case tokenised text, in forms the rules used to miss: a postcode of a
British shape whatever its letters ending an address line ("7 weavers row , bf3 2ck ."), the line's town and
postcode read with it; a street alone after "on" whose name starts with a word of how a place is ("on cheap
street") or ends in "place"; a place's hours said first in the answer to a question for them with no "from"
("nine until half past four"), "last admission half four", "check-in is from 3", "busiest around ten", the
hours of a market "every tuesday and friday from 9 till 3", a return asked for "after six"; prices said as a
range ("from 14.50 for a trim up to 32"), as the old price a new one replaces ("42.50 a night rather than
38"), and as the other price for after an hour ("5.40 , or 3 after 6 pm"). One case per form, written for
these tests, with near forms that stay unread."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn


def _said(question: str, answer: str, type_: str) -> list[str]:
    return [value for value, _ in in_turn(facts_of(question, answer), 2, type_)]


def _normalised(question: str, answer: str, type_: str) -> list[str]:
    return [n for _, n in in_turn(facts_of(question, answer), 2, type_)]


class TestPostcodesEndingAnAddressLine:
    def test_a_postcode_with_any_letters_ends_a_line_and_is_read_with_it(self):
        found = in_turn(facts_of("where is the shop ?", "7 weavers row , bf3 2ck ."), 2, "address")
        assert found == [("7 weavers row", "7 weavers row"), ("bf3 2ck", "BF32CK")]

    def test_a_line_with_its_town_is_read_whole_with_its_postcode(self):
        found = _said("the full address please ?", "mill lane , hadleigh , hd4 1mv .", "address")
        assert found == ["mill lane , hadleigh , hd4 1mv"]

    def test_a_named_place_its_street_town_and_postcode_are_one_address(self):
        found = _said("and the inn ?", "the red lion , 4 mill lane , hadleigh , hd4 1ab .", "address")
        assert found == ["the red lion , 4 mill lane , hadleigh , hd4 1ab"]

    @pytest.mark.parametrize(
        "answer",
        [
            "thanks , bf1 1mp .",  # no line before it
            "the code bf1 1mp works at the gate .",  # not ending a line
        ],
    )
    def test_such_a_code_with_no_line_before_it_stays_unread(self, answer):
        assert _said("ok .", answer, "address") == []


class TestStreetsNamedAloneAfterOn:
    @pytest.mark.parametrize(
        "answer,street",
        [
            ("the cafe on cheap street does soup .", "cheap street"),
            ("the old bakery on church place sells bread .", "church place"),
            ("a bank on market place , and a chemist .", "market place"),
        ],
    )
    def test_the_street_is_read(self, answer, street):
        assert _said("anything nearby ?", answer, "address") == [street]

    @pytest.mark.parametrize(
        "answer",
        [
            "parking is cheap on weekdays .",
            "she came in on first place .",
            "we met at the market place .",
            "it was cheap , on the whole .",
        ],
    )
    def test_a_price_a_rank_or_a_square_met_at_is_no_street(self, answer):
        assert _said("and then ?", answer, "address") == []


class TestHoursAtADesk:
    def test_hours_answered_with_no_from_are_a_window(self):
        assert _normalised("opening hours ?", "nine until half past four .", "time") == ["09:00-16:30"]

    def test_the_same_words_not_answering_for_hours_make_no_window(self):
        assert "09:00-16:30" not in _normalised("and the walk ?", "nine until half past four .", "time")

    def test_last_admission_at_half_an_hour_in_words(self):
        found = _normalised("when does it close ?", "five o'clock , last admission is half four .", "time")
        assert found == ["17:00", "16:30"]

    def test_check_in_from_and_check_out_by_a_bare_hour(self):
        found = _normalised("can we leave bags ?", "check-in is from 3 and check-out is by 11 .", "time")
        assert found == ["15:00", "11:00"]

    def test_how_long_check_in_takes_is_no_clock(self):
        assert _said("how quick is it ?", "check-in takes about 3 minutes .", "time") == []

    def test_when_a_place_is_busiest(self):
        assert _normalised("when should we go ?", "it is busiest around ten .", "time") == ["10:00"]

    def test_a_count_around_a_number_is_no_clock(self):
        assert _said("how full is it ?", "the room is busiest with around ten people .", "time") == []

    def test_a_market_every_two_weekdays_from_one_hour_till_another(self):
        found = _normalised(
            "is there a market ?", "the market is every tuesday and friday from 9 till 3 .", "time"
        )
        assert found == ["09:00-15:00"]

    def test_a_return_asked_for_after_an_hour_in_talk_of_a_train(self):
        found = facts_of(
            "one single to the coast on the 9:10 train please .",
            "done , the ticket is booked .",
            "and back after the talk , after six ?",
        )
        assert [n for _, n in in_turn(found, 3, "time")] == ["18:00"]

    def test_a_question_whether_a_place_is_open_after_an_hour_states_none(self):
        assert in_turn(facts_of("is the museum open after six ?", "yes ."), 1, "time") == []


class TestPricesBesideAnotherPrice:
    def test_a_range_of_prices_answering_a_question_for_a_price(self):
        assert _said("what does a haircut cost ?", "from 14.50 for a trim up to 32 .", "amount") == [
            "14.50",
            "32",
        ]

    def test_a_range_of_people_is_no_price(self):
        assert _said("how much for the hall ?", "it takes from 20 to 45 people .", "amount") == []

    def test_the_old_price_a_new_one_replaces_is_kept_as_old(self):
        found = facts_of("is the rate the same ?", "no , it is 42.50 a night rather than 38 .")
        assert [n for _, n in in_turn(found, 2, "amount")] == ["42.50", "38.00"]

    def test_a_clock_said_instead_of_another_is_no_price(self):
        assert _said("ok .", "we leave at 9.30 rather than 10 .", "amount") == []

    def test_a_number_said_to_be_wrong_stays_dropped(self):
        assert _said("is it 15 a head ?", "it is 18 a head , not 15 .", "amount") == ["18"]

    def test_the_other_price_for_after_an_hour(self):
        found = facts_of("how much is the pool ?", "it is 5.40 , or 3 after 6 pm .")
        assert in_turn(found, 2, "amount") == [("5.40", "5.40"), ("3", "3")]
        assert in_turn(found, 2, "time") == [("6 pm", "18:00")]

    def test_a_clock_then_minutes_past_an_hour_stays_a_clock(self):
        found = facts_of("when is the bus ?", "the bus is at 4.50 , or 5 past 6 .")
        assert [v for v, _ in in_turn(found, 2, "time")] == ["4.50", "5 past 6"]
        assert in_turn(found, 2, "amount") == []
