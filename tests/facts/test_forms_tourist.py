"""Values a town's tourist desk says in tokenised text (lower case, a space before punctuation) in forms
the other test modules do not hold: a street with no street word after "on" and a house number, a
building before a numbered street, a unit on a retail park and the street the park is on, a reference
after "ref#". One case per general form, written for these tests; the sentences that look like them and
state none; and turns that only ask."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant


def addresses(content: str) -> list[str]:
    return [value for value, _ in of_type(said_by_assistant(content), "address")]


class TestStreetsWithNoStreetWord:
    @pytest.mark.parametrize(
        "content,address",
        [
            ("the tinder box is a bar on 31 cooper 's hythe . it is cheap .", "31 cooper 's hythe"),
            ("there is a bakery on 7 saddler fold , east brinkley .", "7 saddler fold , east brinkley"),
            ("you want the gallery on 2 - 4 weaver rise .", "2 - 4 weaver rise"),
            ("it 's on 44 abbot 's mead and the postcode is zt4 2gb .", "44 abbot 's mead"),
        ],
    )
    def test_a_house_number_and_two_words_after_on_ending_the_clause(self, content, address):
        assert address in addresses(content)

    @pytest.mark.parametrize(
        "content",
        [
            "we stopped there on 3 separate occasions .",
            "the museum was closed on 2 june last year .",
            "i have been on 4 walking tours .",
            "the cart rolls on 2 big wheels .",
            "the 2 cafes on 9 different floors are busy .",
        ],
    )
    def test_counts_and_dates_after_on_are_no_street(self, content):
        assert addresses(content) == []

    def test_a_house_number_and_a_name_running_on_stay_none(self):
        assert addresses("book the table on 8 thursday nights running please .") == []


class TestBuildingBeforeANumberedStreet:
    @pytest.mark.parametrize(
        "content,address",
        [
            ("it 's at the old tannery , 6 wherry end .", "the old tannery , 6 wherry end"),
            ("the concert is at the corn store , 12 - 14 lime yard .", "the corn store , 12 - 14 lime yard"),
            (
                "they meet at the drill hall , 3 sexton gate , every friday .",
                "the drill hall , 3 sexton gate",
            ),
        ],
    )
    def test_the_building_is_part_of_the_address(self, content, address):
        assert addresses(content) == [address]

    @pytest.mark.parametrize(
        "content",
        [
            "i will wait at the station , 2 minutes away .",
            "it is at the back , 3 seats from the door .",
            "we are at the hall , 4 people so far .",
        ],
    )
    def test_a_place_and_a_count_after_a_comma_are_none(self, content):
        assert addresses(content) == []


class TestUnitsOnParks:
    @pytest.mark.parametrize(
        "content,address",
        [
            (
                "the climbing wall is in the north , at unit 6 , brackley trade park , cordwainer way .",
                "unit 6 , brackley trade park , cordwainer way",
            ),
            (
                "try unit 11 , the old maltings , sedge lane .",
                "unit 11 , the old maltings , sedge lane",
            ),
        ],
    )
    def test_a_unit_its_park_or_building_and_the_street(self, content, address):
        assert addresses(content) == [address]

    def test_the_street_ends_before_the_next_value(self):
        facts = said_by_assistant(
            "it is in unit 4 , ferrier retail park , dyke road and the postcode is zt3 9hp ."
        )
        assert of_type(facts, "address") == [
            ("unit 4 , ferrier retail park , dyke road", "unit 4 , ferrier retail park , dyke road"),
            ("zt3 9hp", "ZT39HP"),
        ]

    def test_a_street_after_at_with_its_postcode_and_no_comma(self):
        facts = said_by_assistant("they are in the centre at bellfounder lane zt12ab .")
        assert of_type(facts, "address") == [("bellfounder lane", "bellfounder lane"), ("zt12ab", "ZT12AB")]

    def test_a_unit_and_a_park_then_a_new_clause(self):
        assert addresses("unit 4 , holt park , the lads went home early .") == ["unit 4 , holt park"]


class TestStreetNamesThatBeginLikeOtherWords:
    @pytest.mark.parametrize(
        "content,address",
        [
            ("the address is tolland road .", "tolland road"),
            ("the address is onley street , zt2 3ps .", "onley street , zt2 3ps"),
            ("their address is bywater close .", "bywater close"),
            ("it is at withersby yard , cooper street .", "withersby yard , cooper street"),
            ("the address is inchbold lane .", "inchbold lane"),
            ("the address is atherley walk .", "atherley walk"),
            ("the address is free school row .", "free school row"),
            ("the address is great tanners road , zt2 1aa .", "great tanners road , zt2 1aa"),
            ("the address is home field close .", "home field close"),
        ],
    )
    def test_a_street_whose_first_word_begins_like_at_on_to_or_is_free(self, content, address):
        assert addresses(content) == [address]

    @pytest.mark.parametrize(
        "content",
        [
            "the address is on file .",
            "the address is to follow .",
            "the address is in the email .",
            "the address is with the booking .",
            "the address is free .",
            "the address is free to use .",
            "the address is good for the road .",
        ],
    )
    def test_a_state_or_a_place_it_is_kept_is_no_address(self, content):
        assert addresses(content) == []


class TestMisspeltAddressCue:
    @pytest.mark.parametrize(
        "content,address",
        [
            ("the adress is tolland road .", "tolland road"),
            ("the addres of the inn is quarry piece , north holt .", "quarry piece , north holt"),
        ],
    )
    def test_an_address_after_a_misspelt_word_for_it(self, content, address):
        assert addresses(content) == [address]

    def test_a_question_with_the_misspelt_word_states_none(self):
        facts = facts_of("i want to visit the abbey .", "the abbey is free .", "what 's the adress ?")
        assert [f for f in facts if f[0] == 3] == []


class TestLongNamesBeforeIs:
    def test_the_address_of_a_place_named_in_several_words(self):
        content = "the address of the ashby royal infirmary is quarry lane , ashby ."
        assert addresses(content) == ["quarry lane , ashby"]

    def test_the_reference_for_a_booking_described_in_several_words(self):
        content = "the reference number for your table at the copper kettle is 4mwq8tzd ."
        assert of_type(said_by_assistant(content), "identifier") == [("4mwq8tzd", "4MWQ8TZD")]

    @pytest.mark.parametrize(
        "content",
        [
            "the address of the place i told you about is wrong .",
            "the address of the big new hotel in town is on the website .",
            "the reference for the whole group of people is below .",
        ],
    )
    def test_a_long_name_then_no_value(self, content):
        facts = said_by_assistant(content)
        assert of_type(facts, "address") == [] and of_type(facts, "identifier") == []


class TestTrainIds:
    @pytest.mark.parametrize(
        "content,train",
        [
            ("the trainid is tr6072 .", "TR6072"),
            ("tr6072 will leave at 10:16 and arrive at 11:04 .", "TR6072"),
        ],
    )
    def test_a_train_id_where_the_turn_says_trainid_leave_or_arrive(self, content, train):
        assert of_type(said_by_assistant(content), "identifier") == [(train.lower(), train)]

    @pytest.mark.parametrize(
        "content,train",
        [
            ("your best pick is tr4410 : off at 07:12 , in at 08:05 .", "TR4410"),
            ("tr8032 , 14:20 - 15.02 , 9.80 pounds .", "TR8032"),
            ("the 6:45 service , tr1177 , gets you there by 7:30 .", "TR1177"),
        ],
    )
    def test_a_train_id_in_a_sentence_that_times_it(self, content, train):
        assert of_type(said_by_assistant(content), "identifier") == [(train.lower(), train)]

    @pytest.mark.parametrize(
        "content",
        [
            "the room is ab1234 , on the left .",
            "the room is ab1234 , and breakfast is at 8 .",  # a bare hour times nothing
            "room ab1234 is ready . the one at 10:30 is not .",  # the clock is in another sentence
        ],
    )
    def test_two_letters_and_digits_with_no_word_of_a_service_are_none(self, content):
        assert of_type(said_by_assistant(content), "identifier") == []


class TestPriceSaidAloneAsTheAnswer:
    @pytest.mark.parametrize(
        "asked,answer,price",
        [
            ("how much is the entrance to the abbey ?", "4.20 .", "4.20"),
            ("and what is the fare ?", "it 's 13.60 .", "13.60"),
            ("what does a ticket cost ?", "that will be 7.05 !", "7.05"),
        ],
    )
    def test_a_price_with_no_currency_answering_a_question_for_one(self, asked, answer, price):
        facts = facts_of("i want to visit the abbey .", asked, answer)
        assert in_turn(facts, 3, "amount") == [(price, price)]

    @pytest.mark.parametrize(
        "asked,answer",
        [
            ("how far is the abbey ?", "4.20 ."),
            ("how much is the entrance ?", "4.20 ?"),
            ("what is the price ?", "it is 4.20 miles away ."),
            ("is it open late ?", "until 10.30 ."),
        ],
    )
    def test_a_number_that_answers_no_price_question_or_asks_back_is_none(self, asked, answer):
        facts = facts_of("i want to visit the abbey .", asked, answer)
        assert in_turn(facts, 3, "amount") == []


class TestPhonesWithTheInternationalPrefixSaidAsZeros:
    @pytest.mark.parametrize(
        "content,phone",
        [
            ("the ferry office is on 0044 1632 960281 .", ("0044 1632 960281", "+441632960281")),
            ("call the guide on 0033 1 45 22 71 90 .", ("0033 1 45 22 71 90", "+33145227190")),
            ("the phone is 0044 (0) 1632 960295 .", ("0044 (0) 1632 960295", "+441632960295")),
        ],
    )
    def test_00_and_a_country_code_is_a_phone_in_e164(self, content, phone):
        assert of_type(said_by_assistant(content), "phone") == [phone]

    @pytest.mark.parametrize("content", ["the box holds 0044 items .", "your code is 00123 456 ."])
    def test_zeros_before_a_short_number_are_no_phone(self, content):
        assert of_type(said_by_assistant(content), "phone") == []


class TestPricesForWhomAndPenceApart:
    @pytest.mark.parametrize(
        "content,amounts",
        [
            ("it is 3 pounds 20 to get in .", [("3 pounds 20", "3.20 GBP")]),
            ("a day pass is 7 pounds 40 to hire a bike .", [("7 pounds 40", "7.40 GBP")]),
            ("adults 6 pounds , children 3.25 .", [("6 pounds", "6.00 GBP"), ("3.25", "3.25")]),
            ("members pay 4 gbp , students 2.75 .", [("4 gbp", "4.00 GBP"), ("2.75", "2.75")]),
        ],
    )
    def test_pence_before_what_the_price_is_for_and_a_price_listed_for_whom(self, content, amounts):
        assert of_type(said_by_assistant(content), "amount") == amounts

    @pytest.mark.parametrize(
        "content,amounts",
        [
            ("it costs 8 pounds , 20 minutes from here .", [("8 pounds", "8.00 GBP")]),
            ("the fee is 5 pounds , maybe 2.50 later .", [("5 pounds", "5.00 GBP")]),
        ],
    )
    def test_a_count_or_another_number_after_a_price_is_none(self, content, amounts):
        assert of_type(said_by_assistant(content), "amount") == amounts


class TestReferencesAfterRefHash:
    @pytest.mark.parametrize(
        "content,code",
        [
            ("ref#: 5tqw8kzn", "5TQW8KZN"),
            ("all booked . ref# lp3x7rda , see you then .", "LP3X7RDA"),
            ("your booking#: 0hb2yfte .", "0HB2YFTE"),
        ],
    )
    def test_a_code_after_ref_and_a_hash(self, content, code):
        assert of_type(said_by_assistant(content), "identifier") == [(code.lower(), code)]

    def test_a_ref_hash_with_no_code_is_none(self):
        assert of_type(said_by_assistant("the ref# is below ."), "identifier") == []


class TestQuestionsOnly:
    @pytest.mark.parametrize(
        "content",
        [
            "what is the postcode ?",
            "what time does it leave ?",
            "which street is the bar on ?",
            "how much is the entrance fee ?",
            "can i have the ref# please ?",
            "what is the travel time ?",
            "is it on the east side ?",
        ],
    )
    def test_a_turn_that_only_asks_states_no_value(self, content):
        facts = facts_of(
            "i want to visit a gallery on saturday .", "the gallery on 9 tanner rise is free .", content
        )
        assert [f for f in facts if f[0] == 3] == []
