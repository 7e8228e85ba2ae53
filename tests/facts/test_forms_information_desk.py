"""Values a town's information desk says in tokenised text, in forms the other test modules do not hold: the
hours a place keeps said as two bare clocks, an area and its town after "is in", a place and its number or
unit, a venue and its address after "is", the corner of two streets, a service id after "id", a student
number, prices listed for whom with no currency, an address line before "the postcode is", and a street said
again without its number. One case per general form, written for these tests, with the sentences that look
like them and state none, and turns that only ask."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant, said_by_user


def times(*turns: str) -> list[tuple[str, str]]:
    """The times of the last turn of a chat whose turns alternate user/assistant."""
    return in_turn(facts_of(*turns), len(turns), "time")


def addresses(content: str) -> list[str]:
    return [value for value, _ in of_type(said_by_assistant(content), "address")]


class TestHoursAPlaceKeeps:
    @pytest.mark.parametrize(
        "turns,window",
        [
            (("what are its hours ?", "8.30 till 3 on weekdays ."), ("8.30 till 3", "08:30-15:00")),
            (
                ("when is the library open ?", "9.15 till 5.30 , monday to saturday ."),
                ("9.15 till 5.30", "09:15-17:30"),
            ),
            (("the gallery is open 11 to 5 except mondays .",), ("11 to 5", "11:00-17:00")),
            (("the boathouse is open 10 to 4 in winter .",), ("10 to 4", "10:00-16:00")),
            (("what are the opening times ?", "7.45 till 4.15 daily ."), ("7.45 till 4.15", "07:45-16:15")),
            (("the hairdresser opens 9 till 5 .",), ("9 till 5", "09:00-17:00")),
            (("x-ray is on the ground floor , open 8.30 till 5 .",), ("8.30 till 5", "08:30-17:00")),
            (("what are their hours ?", "it is 9 to 5 ."), ("9 to 5", "09:00-17:00")),
        ],
    )
    def test_two_bare_clocks_where_hours_are_kept(self, turns, window):
        assert times(*turns) == [window]

    def test_parts_of_the_day_said_after_each_window(self):
        said = times("when is it open ?", "6.45 to 9 in the morning and 5 to 8 in the evening .")

        assert said == [("6.45 to 9 in the morning", "06:45-09:00"), ("5 to 8 in the evening", "17:00-20:00")]

    def test_ten_to_four_after_at_is_still_ten_minutes_to_four(self):
        assert times("the ferry leaves at 10 to 4 every day .") == [("10 to 4", "03:50")]

    @pytest.mark.parametrize(
        "content",
        [
            "we need 2 to 3 rooms , open to offers .",
            "the score was 3 to 1 , what a match , open and shut .",
            "it takes 3 to 4 hours , open every day .",
            "it is open 24 hours , 7 days a week .",
            "the bar opens 5 till late .",
            "is it open 9 to 5 ?",
        ],
    )
    def test_counts_scores_and_questions_are_no_hours(self, content):
        assert times(content) == []

    def test_tickets_priced_from_and_to_stay_amounts(self):
        facts = said_by_assistant("tickets cost 5 to 8 pounds , open daily .")

        assert of_type(facts, "time") == []
        assert [value for value, _ in of_type(facts, "amount")] == ["5", "8 pounds"]


class TestAnAreaAndItsTown:
    @pytest.mark.parametrize(
        "content,address",
        [
            ("the police station is in parkside , dunmere .", "parkside , dunmere"),
            ("the pharmacy is in kingsgate , dunmere .", "kingsgate , dunmere"),
            (
                "holloway infirmary is in eastbridge , corby vale . the postcode is dv4 2tt .",
                "eastbridge , corby vale",
            ),
        ],
    )
    def test_an_area_then_the_town_ending_the_sentence(self, content, address):
        assert addresses(content)[0] == address

    @pytest.mark.parametrize(
        "content",
        [
            "it is in stock , thanks .",
            "he is in hospital , sadly .",
            "it is in good shape , honestly .",
            "the tickets are in an envelope , thanks .",
            "the hotel is in the centre , near the river .",
            "is the hotel in parkside , dunmere ?",
        ],
    )
    def test_states_and_questions_are_none(self, content):
        assert addresses(content) == []

    def test_a_person_saying_where_they_are_is_none(self):
        assert of_type(said_by_user("i am in london , sorry ."), "address") == []


class TestAPlaceAndItsNumberOrUnit:
    @pytest.mark.parametrize(
        "content,address",
        [
            ("the lace museum is in the chantry , number 9 .", "the chantry , number 9"),
            ("the toy shop is in old cornmarket , number 14 .", "old cornmarket , number 14"),
            ("the cinema is in the galleria , unit 7 .", "the galleria , unit 7"),
        ],
    )
    def test_after_is_in(self, content, address):
        assert addresses(content) == [address]

    def test_a_thing_in_a_drawer_is_none(self):
        assert of_type(said_by_user("the key is in the drawer , number 3 ."), "address") == []


class TestAVenueAndItsAddressAfterIs:
    @pytest.mark.parametrize(
        "content,address",
        [
            ("the restaurant is 31 hogmarket , in the centre .", "31 hogmarket"),
            ("the bakery is 14 pudding row and the postcode is dv1 2ab .", "14 pudding row"),
            ("the little cafe is 6 merchantgate , right by the bridge .", "6 merchantgate"),
        ],
    )
    def test_a_house_number_and_a_street_with_no_street_word(self, content, address):
        assert addresses(content)[0] == address

    @pytest.mark.parametrize(
        "content",
        [
            "the hotel is 4 stars .",
            "the pub is 5 doors down .",
            "the museum is 2 miles away .",
            "the restaurant is 10 minutes from here .",
            "the cinema is 3 screens , all new .",
            "the hotel is 12 floors high .",
            "the bar is 2 blocks north .",
            "the hotel is 150 years old .",
            "the restaurant is 4 tables short tonight .",
            "is the restaurant 31 hogmarket ?",
        ],
    )
    def test_sizes_distances_and_counts_are_none(self, content):
        assert addresses(content) == []


class TestTheCornerOfTwoStreets:
    @pytest.mark.parametrize(
        "content,address",
        [
            (
                "it is on the corner of tanner street and wool road .",
                "tanner street and wool road",
            ),
            (
                "The bank is at the corner of Mill Street and Elm Avenue.",
                "Mill Street and Elm Avenue",
            ),
            (
                "at the corner of station road & hill street , dv2 9xx .",
                "station road & hill street",
            ),
        ],
    )
    def test_both_streets(self, content, address):
        assert addresses(content)[0] == address

    def test_the_corner_of_a_room_is_none(self):
        assert addresses("meet at the corner of the street and walk on .") == []


class TestAServiceIdAfterId:
    @pytest.mark.parametrize(
        "content,code",
        [("id : tr5512 .", "TR5512"), ("the id is ab12345 .", "AB12345")],
    )
    def test_named_by_id_alone(self, content, code):
        assert [n for _, n in of_type(said_by_assistant(content), "identifier")] == [code]

    @pytest.mark.parametrize(
        "content", ["the id is in your wallet .", "show your id : passport or licence .", "my id is 12345 ."]
    )
    def test_no_code_after_id_is_none(self, content):
        assert of_type(said_by_user(content), "identifier") == []


class TestStudentNumbers:
    @pytest.mark.parametrize(
        "content,number",
        [
            ("my student number is 21590487 . is there a discount ?", "21590487"),
            ("her student id : s3390214 .", "S3390214"),
            ("my employee number is 883012 .", "883012"),
        ],
    )
    def test_an_identifier_not_a_phone(self, content, number):
        facts = said_by_user(content)

        assert [n for _, n in of_type(facts, "identifier")] == [number]
        assert of_type(facts, "phone") == []

    def test_the_whole_answer_to_a_question_for_one(self):
        facts = facts_of("what is your student number ?", "21590487 .")

        assert in_turn(facts, 2, "identifier") == [("21590487", "21590487")]

    def test_a_student_office_phone_stays_a_phone(self):
        facts = said_by_user("call the student office on 01632 960 311 .")

        assert [v for v, _ in of_type(facts, "phone")] == ["01632 960 311"]
        assert of_type(facts, "identifier") == []


class TestPricesListedForWhom:
    @pytest.mark.parametrize(
        "answer,prices",
        [
            ("adults 5.20 , children 3.10 .", ["5.20", "3.10"]),
            ("5.20 for adults , 3.10 for children .", ["5.20", "3.10"]),
            ("it is 14.00 for a family .", ["14.00"]),
            ("students 2.75 .", ["2.75"]),
        ],
    )
    def test_in_the_answer_to_a_price_question(self, answer, prices):
        facts = facts_of("how much is the swim ?", answer)

        assert [v for v, _ in in_turn(facts, 2, "amount")] == prices

    @pytest.mark.parametrize("question", ["where is it ?", "what time is it on ?"])
    def test_not_in_the_answer_to_another_question(self, question):
        assert in_turn(facts_of(question, "adults 5.20 , children 3.10 ."), 2, "amount") == []


class TestAnAddressLineBeforeThePostcodeNamed:
    def test_the_line_and_the_postcode(self):
        facts = facts_of("what is their address again ?", "11 cooper 's wynd , the postcode is dv5 7dl .")

        assert [v for v, _ in in_turn(facts, 2, "address")] == ["11 cooper 's wynd", "dv5 7dl"]

    @pytest.mark.parametrize(
        "content",
        ["the room is booked , the postcode is dv5 7dl .", "it is 4 nights , the postcode is dv5 7dl ."],
    )
    def test_no_line_where_the_words_before_are_no_address(self, content):
        assert addresses(content) == ["dv5 7dl"]


def test_a_floor_is_no_address():
    assert addresses("haematology is on the second floor . their number is 01632 960 417 .") == []


class TestAStreetSaidAgain:
    def test_without_its_number_after_it_was_pinned(self):
        facts = facts_of(
            "where is the guesthouse ?",
            "it is at 7 tanner 's pightle , dv4 1rw .",
            "is there a bus ?",
            "the number 9 bus stops on tanner 's pightle every 20 minutes .",
        )

        assert in_turn(facts, 4, "address") == [("tanner 's pightle", "tanner 's pightle")]

    def test_not_in_a_question_nor_before_it_was_pinned(self):
        facts = facts_of(
            "does the bus stop on tanner 's pightle ?",
            "it is at 7 tanner 's pightle .",
            "so it stops on tanner 's pightle ?",
        )

        assert in_turn(facts, 1, "address") == []
        assert in_turn(facts, 3, "address") == []
