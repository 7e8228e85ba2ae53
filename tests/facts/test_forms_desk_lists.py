"""Values a town's information desk says in tokenised text in forms the other test modules do not hold:
venues offered one after another, each with a house number and a street named by no street word; a
train id written with a space; a British number grouped six and five; pounds and pence said in words; a
house-number range before a postcode. One case per general form, written for these tests, with the
sentences that look like them and state none, and turns that only ask."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant, said_by_user


def addresses(content: str) -> list[str]:
    return [value for value, _ in of_type(said_by_assistant(content), "address")]


class TestVenuesListedWithTheirAddresses:
    @pytest.mark.parametrize(
        "content,listed",
        [
            (
                "try the tallow inn , 14 mill race , or the ferry house , 2 weir end .",
                ["14 mill race", "2 weir end"],
            ),
            (
                "you could try golden lantern , 9 coldharbour , or the red lion , 46 nether row .",
                ["9 coldharbour", "46 nether row"],
            ),
            (
                "there is the old bell , 3 tithe barn , and the plough , 41 long acre .",
                ["3 tithe barn", "41 long acre"],
            ),
            (
                "we have the larch house , 61 nether row , or alder lodge , 3 the butts .",
                ["61 nether row", "3 the butts"],
            ),
            (
                "there are three : the fig tree , 5 bridgefoot , the saffron pot , 12 ouse bank ,"
                " and la barca , 9 sheepwash .",
                ["5 bridgefoot", "12 ouse bank", "9 sheepwash"],
            ),
            (
                "you could try the vault , 27 gallows hythe , and the flint gallery , 4 tollgate ,"
                " both in the centre .",
                ["27 gallows hythe", "4 tollgate"],
            ),
            (
                "try the curry leaf , 18 kings rd , or the pickled herring , 47 the shambles .",
                ["18 kings rd", "47 the shambles"],
            ),
            ("i recommend casa pellini , 22 horsefair .", ["22 horsefair"]),
            ("try the mariner 's rest , 10 lamb 's conduit .", ["10 lamb 's conduit"]),
        ],
    )
    def test_each_venue_s_address_after_its_name(self, content, listed):
        assert addresses(content) == listed

    @pytest.mark.parametrize(
        "content",
        [
            "try the blue room , 2 double beds , or the green room , 3 single beds .",
            "try the set menu , 3 course meal .",
            "try the family ticket , 2 adults and 2 children .",
            "i suggest the castle , 1 hour away .",
            "try the riverside walk , 4 km long .",
            "try the hilltop cafe , 5 star rating .",
            "we have the deluxe room , 2 people , or the suite , 4 people .",
            "try the big wheel , 3 times a day .",
            "i have the double , 1 night only .",
            "there are two rooms , 1 twin and 1 double .",
            "try the museum , 10 minutes walk .",
            "there is parking , 24 hour access .",
            "the time is the same , 7 thirty .",
            "the quickest is the bus , 20 past .",
            "the code is the usual , 1234 harbour .",
            "the best options are the pool , 3 lanes open , or the gym , 2 floors up .",
            "i went to the red lion , 14 mill race , or so they said .",
            "there is the large pizza , 12 inch .",
            "try the combo , 2 drinks , or the meal deal , 1 main .",
            "try the premium seats , 3 rows back .",
            "the options are the train , 2 changes , or the coach , 1 change .",
            "try the big one , 2 litre .",
        ],
    )
    def test_counts_times_and_sizes_after_a_name_are_none(self, content):
        assert addresses(content) == []

    def test_a_list_in_a_question_that_proposes_a_place(self):
        assert addresses("how about the anchor , 7 salt pan ?") == ["7 salt pan"]


class TestSpacedTrainIds:
    def test_a_train_id_with_a_space_in_a_turn_about_a_train(self):
        facts = said_by_assistant("train tr 4186 , leaving at 9:15 .")
        assert of_type(facts, "identifier") == [("tr 4186", "TR4186")]

    def test_said_back_alone_after_a_turn_about_a_train(self):
        facts = facts_of("which train should i take ?", "tr 4186 , it leaves at 9:15 .", "ok , tr 4186 .")
        assert in_turn(facts, 3, "identifier") == [("tr 4186", "TR4186")]

    @pytest.mark.parametrize(
        "content",
        ["tr 2026 was a good year for trains .", "the room tr 4186 is upstairs .", "the trip tr 12 is off ."],
    )
    def test_a_year_or_a_code_with_no_train_is_none(self, content):
        assert of_type(said_by_assistant(content), "identifier") == []


class TestPhonesGroupedSixAndFive:
    @pytest.mark.parametrize(
        "content,phone",
        [
            ("it is 016329 60417 .", "016329 60417"),
            ("the number for the ward is 016329 60417 , ask for reception .", "016329 60417"),
            ("you can ring them on 016329 60417 .", "016329 60417"),
        ],
    )
    def test_a_british_number_grouped_six_and_five(self, content, phone):
        assert of_type(said_by_assistant(content), "phone") == [(phone, phone.replace(" ", ""))]

    def test_two_of_them_joined(self):
        facts = said_by_assistant("the box office number is 016329 60417 or 016329 60418 .")
        assert [value for value, _ in of_type(facts, "phone")] == ["016329 60417", "016329 60418"]

    @pytest.mark.parametrize("content", ["there were 016329 visitors .", "it holds 12345 67890 items ."])
    def test_a_count_is_none(self, content):
        assert of_type(said_by_assistant(content), "phone") == []


class TestPoundsAndPenceInWords:
    @pytest.mark.parametrize(
        "turns,amounts",
        [
            (
                ("how much is the bus into town ?", "it is three eighty each way ."),
                [("three eighty", "3.80")],
            ),
            (("what is the fare ?", "three eighty ."), [("three eighty", "3.80")]),
            (
                ("what does a ticket cost ?", "it 's two fifty for adults and one twenty for kids ."),
                [("two fifty", "2.50"), ("one twenty", "1.20")],
            ),
            (("can we go ?", "the ticket costs four fifty ."), [("four fifty", "4.50")]),
            (("and the fare ?", "the fare is three sixty five ."), [("three sixty five", "3.65")]),
            (("is it cheap ?", "entrance is only four fifty ."), [("four fifty", "4.50")]),
        ],
    )
    def test_a_price_said_in_words(self, turns, amounts):
        assert in_turn(facts_of(*turns), 2, "amount") == amounts

    @pytest.mark.parametrize(
        "turns",
        [
            ("when is the bus ?", "the bus leaves at three forty ."),
            ("how far is it ?", "we walked three eighty metres ."),
            ("how much is it ?", "it leaves at four fifty ."),
            ("how much is it ?", "is it three eighty ?"),
            ("what time is it ?", "it is three forty now ."),
            ("when did you finish ?", "by four thirty we were done ."),
            ("what is on your list ?", "i have seven thirty on my list ."),
        ],
    )
    def test_a_clock_a_distance_or_a_question_is_no_price(self, turns):
        assert in_turn(facts_of(*turns), 2, "amount") == []

    def test_a_price_in_words_is_no_address(self):
        facts = facts_of("how much is the bus ?", "it is three eighty each way .")
        assert in_turn(facts, 2, "address") == []


class TestAddressLinesBeforeAPostcode:
    @pytest.mark.parametrize(
        "content,line",
        [
            ("sure , 36 - 38 dyer 's place , WX13 1WR .", "36 - 38 dyer 's place"),
            ("36 - 38 dyer 's place , wx13 1wr .", "36 - 38 dyer 's place"),
        ],
    )
    def test_a_house_number_range_and_a_name_with_an_apostrophe(self, content, line):
        assert line in addresses(content)


class TestOneWordAfterAt:
    def test_a_one_word_street_after_a_house_number(self):
        assert addresses("it is at 19 tollgate .") == ["19 tollgate"]

    @pytest.mark.parametrize("content", ["we sat at 12 tables .", "we arrived at 3 stations ."])
    def test_a_plural_after_a_number_counts_things(self, content):
        assert addresses(content) == []


class TestDaysInADeskQuestion:
    def test_a_question_bounded_by_a_day_names_it(self):
        facts = said_by_assistant("do you still need a hotel after friday ?")
        assert [value for value, _ in of_type(facts, "date")] == ["friday"]

    @pytest.mark.parametrize("content", ["what day would you like ?", "which day suits you ?"])
    def test_a_question_for_a_day_names_none(self, content):
        assert of_type(said_by_user(content), "date") == []


class TestBritishStreetNamesAfterOn:
    @pytest.mark.parametrize(
        "content,address",
        [
            ("the lantern rooms on withy bank . it is 6 pounds to get in .", "withy bank"),
            ("there is a cafe on ferrier rise .", "ferrier rise"),
            ("the gallery is on saxon mead , near the river .", "saxon mead"),
            ("a good pub on tanners fold .", "tanners fold"),
            ("it is on castle wynd .", "castle wynd"),
            ("the chip shop on church croft .", "church croft"),
        ],
    )
    def test_a_street_named_by_a_british_word_for_a_bank_a_rise_or_a_meadow(self, content, address):
        assert addresses(content) == [address]

    @pytest.mark.parametrize(
        "content",
        [
            "we sat on the bank .",
            "prices are on the rise .",
            "the fish on the left bank .",
            "we rely on food bank donations .",
            "i will put it on my bank card .",
            "is it on withy bank ?",
        ],
    )
    def test_a_river_bank_a_rise_in_prices_and_questions_are_none(self, content):
        assert addresses(content) == []


class TestAFloorBeforeTheStreet:
    @pytest.mark.parametrize(
        "content,address",
        [
            ("Yes, at City Health, Level 2, 90 Taranaki Street.", "Level 2, 90 Taranaki Street"),
            ("It's at Floor 4, 12 Quay Street.", "Floor 4, 12 Quay Street"),
            ("The clinic is in Suite 3, 41 Harbour Road.", "Suite 3, 41 Harbour Road"),
        ],
    )
    def test_the_level_floor_or_suite_is_part_of_the_address(self, content, address):
        assert any(address in found for found in addresses(content))

    def test_a_level_with_no_street_after_it_is_none(self):
        assert addresses("The score at level 3, 12 points ahead.") == []


class TestCodesOfCapitalsAndDashedDigits:
    @pytest.mark.parametrize(
        "content,code", [("Nico's is KP2027-114.", "KP2027-114"), ("Her ID is AB1234-56.", "AB1234-56")]
    )
    def test_capitals_then_digits_grouped_by_a_dash(self, content, code):
        assert of_type(said_by_assistant(content), "identifier") == [(code, code)]

    @pytest.mark.parametrize(
        "content",
        [
            "He scored FY2024-25 numbers.",
            "I bought a GT40-style car.",
            "The A320-200 is a plane.",
            "It is ISO9001-2015 certified.",
            "The model is MP3-2000.",
        ],
    )
    def test_a_year_range_a_model_or_a_standard_is_none(self, content):
        assert of_type(said_by_assistant(content), "identifier") == []
