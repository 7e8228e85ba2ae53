"""Values in the forms people say them: one case per class, written for these tests."""

from datetime import UTC, datetime

import pytest

from facts.extraction import extract_facts
from memadmin.providers.base import TurnText

SAID_ON = datetime(2026, 4, 14, 9, 30, tzinfo=UTC)  # a Tuesday


def found(content: str, role: str = "user") -> list[tuple[str, str, str]]:
    facts = extract_facts([TurnText(seq=1, role=role, content=content, created_at=SAID_ON)])
    return [(f.type, f.value, f.normalised) for f in facts]


class TestTimes:
    @pytest.mark.parametrize(
        "content,value,normalised",
        [
            (
                "Could the plumber come at a quarter to 4 in the afternoon?",
                "a quarter to 4 in the afternoon",
                "15:45",
            ),
            ("Let's say half past 7 in the evening.", "half past 7 in the evening", "19:30"),
            ("Pick me up at five pm.", "five pm", "17:00"),
            ("Afternoon 2:15 suits me best.", "Afternoon 2:15", "14:15"),
            ("Ten o'clock at night works for me.", "Ten o'clock at night", "22:00"),
            ("Book it for 9 in the morning.", "9 in the morning", "09:00"),
        ],
    )
    def test_spoken_times_are_found_and_normalised(self, content, value, normalised):
        assert ("time", value, normalised) in found(content)

    def test_a_bare_number_is_not_a_time(self):
        assert not [f for f in found("A table for 4 at Luigi's, please.") if f[0] == "time"]


class TestDates:
    @pytest.mark.parametrize(
        "content,value,normalised",
        [
            ("Can we do the 22nd of this month?", "the 22nd of this month", "2026-04-22"),
            ("I fly out Thursday next week.", "Thursday next week", "2026-04-23"),
            ("Make it for the 19th, please.", "the 19th", "2026-04-19"),
            ("The viewing is the day after tomorrow.", "the day after tomorrow", "2026-04-16"),
            ("I need the car later today.", "later today", "2026-04-14"),
        ],
    )
    def test_day_of_month_and_relative_dates(self, content, value, normalised):
        assert ("date", value, normalised) in found(content)


class TestAmounts:
    @pytest.mark.parametrize(
        "content,value,normalised",
        [
            ("Rent is eight hundred and forty bucks a month.", "eight hundred and forty bucks", "840.00 USD"),
            ("It came to 2,315 bucks in the end.", "2,315 bucks", "2315.00 USD"),
            ("She lent me fifty quid.", "fifty quid", "50.00 GBP"),
        ],
    )
    def test_amounts_in_words_and_slang(self, content, value, normalised):
        assert ("amount", value, normalised) in found(content)


class TestAddresses:
    @pytest.mark.parametrize(
        "content,value",
        [
            ("The clinic is at 812 Orchard Way # 4B.", "812 Orchard Way # 4B"),
            ("It's at 31 West 52nd Street.", "31 West 52nd Street"),
            ("find us at 1290 marigold avenue.", "1290 marigold avenue"),
            ("The office is 45 Harbor Circle Northeast.", "45 Harbor Circle Northeast"),
            ("Deliver to 17 Vinegar Yard Road, Bristol BS2 8QT.", "17 Vinegar Yard Road, Bristol BS2 8QT"),
            ("Our branch is 1619 Broadway.", "1619 Broadway"),
            ("The shop is at 518 Kestrel Avenue C.", "518 Kestrel Avenue C"),
            ("Suite is 77 Heron Road # B-2.", "77 Heron Road # B-2"),
            (
                "It is 300 Pike Street, Seattle, State of Washington 98101, United States.",
                "300 Pike Street, Seattle, State of Washington 98101, United States",
            ),
        ],
    )
    def test_addresses_with_units_directions_and_lower_case(self, content, value):
        assert value in [f[1] for f in found(content) if f[0] == "address"]

    def test_people_at_the_park_are_no_address(self):
        assert not [f for f in found("We are 12 people at the park today.") if f[0] == "address"]


class TestPhones:
    @pytest.mark.parametrize(
        "content,value,normalised",
        [
            ("You can reach them on +33 1 42 68 53 00.", "+33 1 42 68 53 00", "+33142685300"),
            ("Their number is 1632 960 471.", "1632 960 471", "1632960471"),
            ("My phone is +44 (0)20 7946 0018.", "+44 (0)20 7946 0018", "+442079460018"),
        ],
    )
    def test_phone_numbers_in_other_countries_formats(self, content, value, normalised):
        assert ("phone", value, normalised) in found(content)


class TestAddressesNamedByTheirWords:
    @pytest.mark.parametrize(
        "content,value",
        [
            ("The address is Quayside Works, 9 Tanner Street.", "Quayside Works, 9 Tanner Street"),
            ("their address is the old forge , kings parade .", "the old forge , kings parade"),
            ("the gallery is on wickham lane , postcode cb3 9tx .", "wickham lane"),
            ("They're located at Millbank and open late.", "Millbank"),
            ("it is located at unit 6 , heron court , orchard way .", "unit 6 , heron court , orchard way"),
            ("you can find them at 88 calle mayor , 28013 .", "88 calle mayor , 28013"),
            (
                "the address is 14 ferris avenue , wexley , ohio 43210 , united states .",
                "14 ferris avenue , wexley , ohio 43210 , united states",
            ),
        ],
    )
    def test_an_address_named_by_the_words_before_it(self, content, value):
        assert value in [f[1] for f in found(content, role="assistant") if f[0] == "address"]

    @pytest.mark.parametrize(
        "content,value,normalised",
        [
            ("the postcode is cb58rw .", "cb58rw", "CB58RW"),
            ("Post code: EH1 2QP, and they open at nine.", "EH1 2QP", "EH12QP"),
            ("The zip code is 60614.", "60614", "60614"),
            ("Send it to the depot, LS11 5AB.", "LS11 5AB", "LS115AB"),
        ],
    )
    def test_postcodes_after_their_name_or_in_capitals(self, content, value, normalised):
        assert ("address", value, normalised) in found(content, role="assistant")

    @pytest.mark.parametrize(
        "content",
        [
            "The cab is on its way.",
            "The address is correct, thanks.",
            "you can find them at 01632 960471 .",
            "The museum is in the centre of town.",
            "the show is on the 5th at 7 pm .",
            "What address is the gallery located at?",
            "Rain at that location is likely to clear by noon.",
        ],
    )
    def test_what_follows_at_or_on_is_not_always_an_address(self, content):
        assert not [f for f in found(content, role="assistant") if f[0] == "address"]

    def test_an_address_ends_where_another_value_begins(self):
        facts = found("The final is at Riverside Park May 3rd at 7 pm.", role="assistant")

        assert ("address", "Riverside Park") in [(f[0], f[1]) for f in facts]
        assert ("date", "May 3rd", "2026-05-03") in facts and ("time", "7 pm", "19:00") in facts

    def test_an_address_ends_at_the_next_sentence_even_without_a_space(self):
        facts = found("It is located at 71 Corran Terrace.Rent is $2,100 a month.", role="assistant")

        assert ("address", "71 Corran Terrace") in [(f[0], f[1]) for f in facts]


class TestTokenisedText:
    """Lower case with spaces before punctuation, as some systems store their transcripts."""

    def test_values_in_a_tokenised_turn(self):
        facts = found(
            "the train leaves at 09:40 . the fee is 18.20 gbp . the address is 3 gully road , "
            "postcode cb12xk . your reference number is : w3kq9ptx .",
            role="assistant",
        )
        values = {(f[0], f[1]) for f in facts}
        assert {("time", "09:40"), ("amount", "18.20 gbp"), ("address", "3 gully road")} <= values
        assert {("address", "cb12xk"), ("identifier", "w3kq9ptx")} <= values

    def test_a_spaced_full_stop_ends_a_sentence(self):
        # "i need to change it" must not read as a change of the address said before the full stop.
        facts = extract_facts(
            [
                TurnText(
                    seq=1,
                    role="user",
                    content="i live at 4 ash road . i need to change it",
                    created_at=SAID_ON,
                )
            ]
        )
        assert [(f.value, f.supersedes) for f in facts if f.type == "address"] == [("4 ash road", False)]


class TestIdentifiers:
    def test_a_booking_reference_after_the_word_reference(self):
        assert "KX7P2Q9" in [f[1] for f in found("Your booking reference is KX7P2Q9.", role="assistant")]

    @pytest.mark.parametrize(
        "content,value",
        [
            ("booking was successful . reference number is : pq4vzt1h .", "pq4vzt1h"),
            ("your ref is zkwtrbmq .", "zkwtrbmq"),
            ("The confirmation number for your table is 7HD2KQ.", "7HD2KQ"),
            ("ticket number 0042-7781 is on its way to you.", "0042-7781"),
        ],
    )
    def test_booking_references_introduced_by_their_name(self, content, value):
        assert value in [f[1] for f in found(content, role="assistant") if f[0] == "identifier"]

    @pytest.mark.parametrize(
        "content,value,key",
        [
            ("tr6630 leaves ely at 10:15 .", "tr6630", "train_id"),
            ("Train TR2091 arrives by 18:52.", "TR2091", "train_id"),
            ("Your flight BA2490 departs from gate 12.", "BA2490", "flight_number"),
        ],
    )
    def test_train_and_flight_ids(self, content, value, key):
        facts = extract_facts([TurnText(seq=1, role="assistant", content=content, created_at=SAID_ON)])
        assert (value, key) in [(f.value, f.key) for f in facts if f.type == "identifier"]

    @pytest.mark.parametrize(
        "content",
        [
            "The ticket costs $40.",
            "Your reference number is below.",
            "The confirmation is pending.",
            "The train takes 52 minutes.",
        ],
    )
    def test_words_after_a_booking_word_are_no_reference(self, content):
        assert not [f for f in found(content, role="assistant") if f[0] == "identifier"]


class TestQuestionsAreNotStatements:
    @pytest.mark.parametrize(
        "content",
        [
            "What's the phone number of the hotel?",
            "Which address should the parcel go to?",
            "How much will the refund be?",
            "What time do they open?",
            "What is my booking reference?",
            "what is the postcode ?",
            "can i have the reference number please ?",
            "what is the address of the hotel you mentioned ?",
            "which train should i take ?",
        ],
    )
    def test_a_question_about_a_value_pins_nothing(self, content):
        assert found(content) == []


class TestPreferences:
    @pytest.mark.parametrize(
        "content",
        [
            "A splash of lemon will make it taste brighter, trust me.",
            "Seeing the falls together will make it a trip to remember.",
        ],
    )
    def test_make_it_in_a_story_is_no_request(self, content):
        assert not [f for f in found(content) if f[0] == "preference"]

    def test_make_it_said_as_a_request_is_one_without_the_no(self):
        assert ("preference", "make it for three of us", "") in found("No, make it for three of us.")


class TestTokenisedDialogues:
    """Whole task dialogues in tokenised text, written for these tests (tests/facts/data)."""

    def test_every_value_is_pinned_and_every_one_is_said(self):
        from pathlib import Path

        from facts.evaluation import conversations_from_file, evaluate

        path = Path(__file__).parent / "data" / "tokenised_dialogues.jsonl"
        figures = evaluate(conversations_from_file(path), name=path.name).as_dict()

        assert figures["recall_by_type"] == {t: 1.0 for t in figures["gold_by_type"]}
        assert set(figures["gold_by_type"]) == {"time", "amount", "address", "phone", "identifier"}
        assert figures["unsupported"] == 0 and figures["clean_rate"] == 1.0


class TestTaskDialogueForms:
    """Forms task assistants and their users say in tokenised text, each written for these tests."""

    @pytest.mark.parametrize(
        "content,values",
        [
            ("the mill house , ferry lane , rb4 7tw .", ["the mill house , ferry lane", "rb4 7tw"]),
            ("it 's rb47tw .", ["rb47tw"]),
            ("the kiosk , harbour road , postcode tq6 9ep .", ["the kiosk , harbour road", "tq6 9ep"]),
            ("their shop is at 70 king street east , toronto , on m5c 1g3 .", ["m5c 1g3"]),
        ],
    )
    def test_a_postcode_and_the_address_line_before_it(self, content, values):
        assert set(values) <= {f[1] for f in found(content, role="assistant") if f[0] == "address"}

    @pytest.mark.parametrize(
        "content,value",
        [
            ("the bakery is a short walk away on tanyard lane , eastholme .", "tanyard lane , eastholme"),
            ("we stayed at 9 kiln rise , upton .", "9 kiln rise , upton"),
            ("pick me up from 31 rookery close please .", "31 rookery close"),
            ("the studio is at 40 rue des lilas .", "40 rue des lilas"),
            ("the office is at bergstrasse 12 , 69120 heidelberg .", "bergstrasse 12 , 69120 heidelberg"),
            ("meet me at 5th and k street .", "5th and k street"),
            ("write it down , it 's 4 west 52 street .", "4 west 52 street"),
        ],
    )
    def test_an_address_after_a_bare_on_at_or_from(self, content, value):
        assert value in [f[1] for f in found(content, role="assistant") if f[0] == "address"]

    @pytest.mark.parametrize(
        "content",
        [
            "i am on my way .",
            "they want to visit orchard gardens .",
            "the pool was at 28 degrees .",
            "we meet at 8 sharp .",
            "you 'll arrive at queen road station .",
        ],
    )
    def test_what_follows_a_bare_on_or_at_is_not_always_an_address(self, content):
        assert not [f for f in found(content, role="assistant") if f[0] == "address"]

    @pytest.mark.parametrize(
        "content,value",
        [
            ("it is 20 7946 0321 .", "20 7946 0321"),  # a London number said without its 0
            ("the help desk is 1-877-393-4448 .", "1-877-393-4448"),
        ],
    )
    def test_a_phone_number_with_no_phone_word(self, content, value):
        assert value in [f[1] for f in found(content, role="assistant") if f[0] == "phone"]

    def test_digits_that_no_country_would_dial_are_no_phone(self):
        assert not [f for f in found("we counted 1 2 3 4 5 6 7 8 9 .", role="assistant") if f[0] == "phone"]

    @pytest.mark.parametrize(
        "content,value",
        [
            ("your reservation number is QM4482TL .", "QM4482TL"),
            ("train 4417 leaves at 10:02 .", "4417"),
        ],
    )
    def test_reservation_numbers_and_numbered_trains(self, content, value):
        assert value in [f[1] for f in found(content, role="assistant") if f[0] == "identifier"]

    @pytest.mark.parametrize(
        "content,value",
        [
            ("the guesthouse is 12 church close , upton .", "12 church close , upton"),
            ("try the deli , 3 market square .", "3 market square"),
            ("i am headed to 40 birch grove road .", "40 birch grove road"),
            ("take a cab to 88 orchard boulevard c12 , please .", "88 orchard boulevard c12"),
        ],
    )
    def test_british_street_words_after_a_house_number(self, content, value):
        assert value in [f[1] for f in found(content, role="assistant") if f[0] == "address"]

    @pytest.mark.parametrize(
        "content,value",
        [
            ("it is located at the old forge .", "the old forge"),
            ("it is located on the quayside .", "the quayside"),
            ("try the pantry , 12 castle road city centre .", "12 castle road city centre"),
        ],
    )
    def test_a_place_after_located_and_an_area_after_the_street(self, content, value):
        assert value in [f[1] for f in found(content, role="assistant") if f[0] == "address"]

    def test_located_at_with_nothing_after_it_is_no_address(self):
        said = "which part of town should the flat be located at , and how many bedrooms ?"
        assert not [f for f in found(said, role="assistant") if f[0] == "address"]

    @pytest.mark.parametrize(
        "content,value",
        [
            ("it is the corn exchange , 3 wheeler street .", "the corn exchange , 3 wheeler street"),
            ("Sure, 12 Mill Road is the one.", "12 Mill Road"),
            ("a shared cab, to 40 Alder Way.", "40 Alder Way"),
        ],
    )
    def test_a_building_named_before_a_numbered_street(self, content, value):
        assert value in [f[1] for f in found(content, role="assistant") if f[0] == "address"]

    def test_reference_no_written_apart_from_its_full_stop(self):
        facts = found("done , the total is 9.40 gbp , reference no . qv83kd1z .", role="assistant")
        assert ("identifier", "qv83kd1z", "QV83KD1Z") in facts

    def test_a_street_named_with_a_currency_word_is_no_amount(self):
        facts = found("it is at 3 pound lane , east marsh .", role="assistant")
        assert not [f for f in facts if f[0] == "amount"]
        assert "3 pound lane , east marsh" in [f[1] for f in facts if f[0] == "address"]

    def test_a_spanish_street_in_lower_case_with_its_number_after_it(self):
        facts = found("el rincon is on calle del prado 21 .", role="assistant")
        assert "calle del prado 21" in [f[1] for f in facts if f[0] == "address"]

    def test_places_an_assistant_lists_are_no_address_of_the_person(self):
        said = "i have two : the rowan at 9 ferry path and larch house on maple drive , east fen ."
        facts = extract_facts([TurnText(seq=1, role="assistant", content=said, created_at=SAID_ON)])
        keys = {(f.value, f.key) for f in facts if f.type == "address"}
        assert keys == {("9 ferry path", "place_address"), ("maple drive , east fen", "place_address")}

    def test_a_train_id_said_alone_once_the_conversation_is_about_trains(self):
        turns = [
            TurnText(seq=1, role="user", content="i need a train to ely on friday .", created_at=SAID_ON),
            TurnText(seq=2, role="assistant", content="there are 9 that day .", created_at=SAID_ON),
            TurnText(seq=3, role="user", content="please book kx2208 for me .", created_at=SAID_ON),
        ]
        ids = [(f.value, f.key) for f in extract_facts(turns) if f.type == "identifier"]
        assert ids == [("kx2208", "train_id")]
        alone = extract_facts(
            [TurnText(seq=1, role="user", content="please book kx2208 .", created_at=SAID_ON)]
        )
        assert not [f for f in alone if f.type == "identifier"]

    def test_a_day_after_tomorrow(self):
        assert ("date", "a day after tomorrow", "2026-04-16") in found("i 'm leaving a day after tomorrow .")

    def test_amounts_in_other_currencies(self):
        assert ("amount", "3200 rupees", "3200.00 INR") in found("it is 3200 rupees a night .")
        assert ("amount", "AUD 45.50", "45.50 AUD") in found("that is AUD 45.50 per night .")

    def test_a_weekday_with_its_day_of_the_month(self):
        assert ("date", "thursday the 23rd", "2026-04-23") in found("can we do thursday the 23rd ?")

    @pytest.mark.parametrize(
        "content",
        [
            "could you tell me the address of the lantern rooms ?",
            "do you have a reference number for that ?",
            "which street is it on ?",
            "what is the postcode and phone number ?",
            "can i get the train id please ?",
        ],
    )
    def test_asking_for_a_value_states_none(self, content):
        assert found(content) == []
