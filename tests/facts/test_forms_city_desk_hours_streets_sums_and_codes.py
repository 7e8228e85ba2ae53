"""Values a city's information desk says in tokenised text, in forms the other test modules do not hold: a
clock of the 24-hour day before "tonight", an hour offered with a clock as the other choice after "i can do"
and a clock with a full stop offered so, the hours a place keeps said in words ("9.30 till five", "ten till
half four"), the hour of last entry, a window "from 10 until 6" closing a clause after a price, the hour it is
now; a street after a place and "off", a shop "on the parade", a place "on" a street of one word made of a
place word and a street's ending ("parkside"), a range of house numbers answering "what number is it on ...",
a flat before a house number and a street with no street word; prices with no currency answering "and the
... ?" after a price, a whole sum "each extra", the second of two things priced alike with its verb left out,
the least and most a thing costs answering a question for prices; and a code named in a question and said
back in the answer. One case per general form, written for these tests, with the sentences that look like
them and state none."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, said_by_assistant, values


def times(*turns: str) -> list[tuple[str, str]]:
    """The times of the last turn of a chat whose turns alternate user/assistant."""
    return in_turn(facts_of(*turns), len(turns), "time")


def addresses(*turns: str) -> list[str]:
    """The addresses of the last turn of a chat whose turns alternate user/assistant; one is the desk's."""
    if len(turns) == 1:
        return values(turns[0], "address")
    return [value for value, _ in in_turn(facts_of(*turns), len(turns), "address")]


class TestAClockOfTheDayBeforeTonight:
    def test_the_clock_and_the_day_are_two_values(self):
        facts = said_by_assistant("all done , a table for 4 at 20:15 tonight .")

        assert [(t, v) for t, v, _ in facts] == [("time", "20:15"), ("date", "tonight")]

    def test_an_hour_of_twelve_with_tonight_is_still_the_evening(self):
        assert times("see you at 8 tonight .") == [("8 tonight", "20:00")]


class TestHoursOffered:
    def test_a_bare_hour_after_i_can_do_takes_the_half_of_the_other_clock(self):
        said = times("a table for 2 at 6:30 tonight please .", "6:30 has gone . i can do 8 or 8:45 .")

        assert said == [("6:30", "18:30"), ("8", "20:00"), ("8:45", "20:45")]

    def test_the_bare_hour_chosen_after_is_that_clock(self):
        said = times(
            "a table for 2 at 6:30 tonight please .", "6:30 has gone . i can do 8 or 8:45 .", "8 is fine ."
        )

        assert said == [("8", "20:00")]

    def test_a_clock_with_a_full_stop_offered_with_a_clock_in_words(self):
        said = times("dinner for 3 at 7 please .", "7 is full . we could offer 5.45 or twenty past eight .")

        assert ("5.45", "17:45") in said
        assert ("twenty past eight", "20:20") in said

    def test_a_price_with_a_full_stop_before_or_is_no_clock(self):
        assert times("it is £ 4.50 or 6:00 for two .") == [("6:00", "06:00")]


class TestHoursKeptSaidInWords:
    @pytest.mark.parametrize(
        "turns,window",
        [
            (
                ("when does the aquarium open ?", "8.45 till six every day ."),
                ("8.45 till six", "08:45-18:00"),
            ),
            (("the gallery is open eleven till half three .",), ("eleven till half three", "11:00-15:30")),
            (("the baths are open seven till nine on weekdays .",), ("seven till nine", "07:00-09:00")),
        ],
    )
    def test_two_clocks_one_of_them_in_words(self, turns, window):
        assert times(*turns) == [window]

    def test_ten_to_four_after_at_is_still_a_clock(self):
        assert times("the bus goes at ten to four .") == [("ten to four", "03:50")]

    def test_a_question_that_asks_names_no_hours(self):
        said = times("is the gallery open eleven till half three ?")

        assert not any("eleven" in value for value, _ in said)


class TestTheHourOfLastEntry:
    @pytest.mark.parametrize(
        "content,clock",
        [
            ("open 10 till 5 , last entry 4 .", ("4", "16:00")),
            ("last entry is at 3 .", ("3", "15:00")),
        ],
    )
    def test_the_hour_after_last_entry(self, content, clock):
        assert clock in times(content)

    def test_an_entry_fee_stays_a_sum(self):
        assert values("last entry 4 pounds .", "time") == []


class TestAWindowClosingAClauseAfterAPrice:
    def test_from_an_hour_until_another(self):
        said = times("and the bikes ?", "they are £ 9 an hour , from 9 until 5 .")

        assert said == [("9 until 5", "09:00-17:00")]

    @pytest.mark.parametrize(
        "content",
        [
            "prices run from 10 until 6 .",
            "the price drops from 10 until 6 pounds .",
            "is it open from 9 until 5 ?",
        ],
    )
    def test_prices_counts_and_questions_are_no_window(self, content):
        assert times(content) == []


class TestTheHourItIsNow:
    def test_after_the_clocks_of_the_turns_before(self):
        said = times("when can we get in ?", "check-in is from 3 pm .", "it 's only two now . can we wait ?")

        assert said == [("two", "14:00")]

    def test_with_no_clock_before_it_is_a_count(self):
        assert times("how many bags are left ?", "it 's only one now .") == []

    def test_the_only_one_is_no_hour(self):
        assert times("check-in is from 3 pm .", "that is the only one now .") == []


class TestStreetsOfPlaces:
    @pytest.mark.parametrize(
        "content,street",
        [
            ("the x-ray department is in the north wing , off hollow lane .", "hollow lane"),
            ("the cafe is in rowan park off beacon drive .", "beacon drive"),
        ],
    )
    def test_a_street_after_a_place_and_off(self, content, street):
        assert addresses(content) == [street]

    def test_a_shop_on_the_parade_after_a_question_for_a_place(self):
        said = addresses("is there a chemist open on sunday ?", "lloyds on the parade opens 10 to 4 .")

        assert said == ["the parade"]

    @pytest.mark.parametrize("street", ["eastgate", "millfield", "kingsway", "riverside"])
    def test_a_place_on_a_street_of_one_word(self, street):
        said = addresses("where is the library ?", f"the library is on {street} , about ten minutes away .")

        assert said == [street]

    @pytest.mark.parametrize("word", ["holiday", "offside", "fire", "display", "inside"])
    def test_what_a_place_is_on_is_no_street(self, word):
        assert addresses("where is the library ?", f"the library is on {word} .") == []

    def test_a_range_of_house_numbers_answering_what_number(self):
        assert addresses("what number is it on the quay ?", "14-16 the quay .") == ["14-16 the quay"]

    def test_a_flat_before_a_house_number_and_a_street_of_no_street_word(self):
        said = addresses("the noodle bar is cheap , at flat 3 , 17 tanyard .")

        assert said == ["flat 3 , 17 tanyard"]

    @pytest.mark.parametrize("content", ["it is flat 2 , 3 bedrooms .", "flat 4 , 12 sharp ."])
    def test_a_flat_before_a_count_or_a_clock_is_no_address(self, content):
        assert addresses(content) == []


def sums(*turns: str) -> list[str]:
    """The amounts of the last turn of a chat whose turns alternate user/assistant."""
    return [value for value, _ in in_turn(facts_of(*turns), len(turns), "amount")]


class TestPricesWithNoCurrency:
    def test_a_bare_sum_answering_and_the_other_after_a_price(self):
        said = sums(
            "what is the harbour inn per night ?",
            "a double is 95 pounds a night .",
            "and the mill house ?",
            "84 , parking is 6.50 extra .",
        )

        assert said == ["84", "6.50"]

    def test_a_bare_number_answering_and_the_other_after_no_price_is_none(self):
        said = sums(
            "where is the harbour inn ?", "on quay street .", "and the mill house ?", "84 , i think ."
        )

        assert said == []

    def test_a_whole_sum_each_extra_beside_a_price(self):
        assert sums("and the lodge ?", "110 a night , dinner 18 each extra .") == ["110 a night", "18"]

    def test_extra_people_a_room_sleeps_is_no_sum(self):
        assert sums("how much is the room ?", "110 a night , it sleeps 2 extra .") == ["110 a night"]

    def test_the_second_of_two_things_priced_alike(self):
        said = sums("how much is the concert ?", "the front rows are 28.50 and the balcony 19 .")

        assert said == ["28.50", "19"]

    def test_the_least_and_most_a_thing_costs(self):
        said = sums("what are the prices at the bistro ?", "starters from 6 , steaks up to 24.50 .")

        assert said == ["6", "24.50"]

    @pytest.mark.parametrize(
        "answer", ["40 an hour , it takes up to 12 .", "40 an hour , boats take up to 12 ."]
    )
    def test_what_a_thing_holds_is_no_price(self, answer):
        assert sums("how much is the boat ?", answer) == ["40"]


class TestACodeSaidBack:
    def test_a_code_named_in_a_question_and_said_back(self):
        facts = facts_of("so the first booking , kq73vd2m , is gone ?", "yes , kq73vd2m is gone .")

        assert in_turn(facts, 1, "identifier") == []
        assert in_turn(facts, 2, "identifier") == [("kq73vd2m", "KQ73VD2M")]

    def test_a_postcode_said_back_stays_an_address(self):
        facts = facts_of("is the postcode bd74qx ?", "yes , bd74qx .")

        assert in_turn(facts, 2, "identifier") == []

    def test_a_code_asked_back_is_not_said(self):
        facts = facts_of("was it kq73vd2m ?", "kq73vd2m ?")

        assert in_turn(facts, 2, "identifier") == []
