"""Values a town's desk says in tokenised text to visitors at a graduation, after a missed connection, at a
tournament and at a fair, in forms the other test modules do not hold: prices with no currency listed by name
("chips are 3.40 , mushy peas 1.20"), after "at" beside another price ("twins at 70 and three singles at 48"),
"at 9 each", sold or done for a price ("sells pasties at 4", "does a cream tea for 8.45"), "5.50 extra",
"180 in all", "a fee of 30 after ...", a ride's rough fare ("a taxi to the coast would be around 60"), a price
"for you"; places said after a place named by its kind and before what it does ("the chip shop on the
shambles opens at 5"), streets ended by what the place does ("on fore street does a friday carvery"); codes
given, logged, or named by a number of any kind ("the delay number for that is cq 2231 40"), given alone when
asked for, and a plate after "it 's a blue ford". One case per general form, written for these tests, with
the sentences that look like them and state none, and turns that only ask."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, values


class TestPricesListedAndPlaced:
    @pytest.mark.parametrize(
        "content,prices",
        [
            ("fish and chips is 9.40 , a jumbo sausage 4.60 .", ["9.40", "4.60"]),
            ("small pots are 2.30 , the big tubs 5.90 .", ["2.30", "5.90"]),
            ("the inn has twins at 70 a night and three singles at 48 .", ["70 a night", "48"]),
            (
                "the lodge has rooms tonight at 95 , and the bell inn on 4 mill lane has one at 60 pounds .",
                ["95", "60 pounds"],
            ),
            ("the gatehouse has two singles at 55 each .", ["55"]),
            ("the kiosk sells hot pasties at 4 , and it takes cards .", ["4"]),
            ("the bakery does a cream tea for 8.45 .", ["8.45"]),
            ("a double is 64 a night , a cooked breakfast 6.25 extra .", ["64 a night", "6.25"]),
            ("that 's three nights from friday , 285 in all .", ["285"]),
            ("there is a late fee of 30 after midnight .", ["30"]),
            ("it 's 18.50 for you and 9.25 for the little one .", ["18.50", "9.25"]),
            ("the peak fare is higher , 42.60 against 31.10 .", ["42.60", "31.10"]),
        ],
    )
    def test_a_number_placed_as_a_price_is_one(self, content, prices):
        assert values(content, "amount") == prices

    @pytest.mark.parametrize(
        "content,prices",
        [
            ("a taxi to the coast would be around 60 , or the bus is cheaper .", ["60"]),
            ("the ride back to the campus is about 14 .", ["14"]),
            ("booked for 07:45 . the fare is about 16 and he will ring when outside .", ["16"]),
        ],
    )
    def test_a_rides_rough_fare_is_a_price(self, content, prices):
        assert values(content, "amount") == prices

    @pytest.mark.parametrize(
        "content",
        [
            "the coach leaves at 9.50 , arriving 11.20 .",
            "the shop sells maps at the front desk .",
            "the hall serves dinner for 40 .",
            "the taxi to the airport is at 7 .",
            "the ride to the farm is about 20 minutes .",
            "there is a wait of 30 minutes after 6 .",
            "a fee of 10 percent is added .",
            "the first tour is at 10 , and the second one starts at 2 .",
            "the tram runs at 7 each morning .",
        ],
    )
    def test_clocks_counts_and_durations_are_no_prices(self, content):
        assert values(content, "amount") == []

    def test_a_price_asked_about_is_none(self):
        assert values("is the cream tea 8.75 extra ?", "amount", role="user") == []


class TestPlacesAfterAPlaceNamedByItsKind:
    @pytest.mark.parametrize(
        "content,places",
        [
            ("the chip shop on the shambles opens at 5 .", ["the shambles"]),
            ("the youth hostel on the bastions takes school groups .", ["the bastions"]),
            ("the budget lodge at the business park has family rooms .", ["the business park"]),
            ("the tea room on cross street serves until 5 .", ["cross street"]),
            ("the crown on fore street does a friday carvery .", ["fore street"]),
        ],
    )
    def test_the_place_between_the_kind_and_what_it_does_is_an_address(self, content, places):
        assert values(content, "address") == places

    @pytest.mark.parametrize(
        "content",
        [
            "the hotel on the left has a car park .",
            "the bar on friday does a quiz .",
            "the cafe on the beach serves crab .",
            "the pub on the phone said it opens at 6 .",
            "the club on the way back does takeaways .",
            "the ticket desk at the town hall sells them .",
        ],
    )
    def test_a_side_a_day_or_a_way_is_no_address(self, content):
        assert values(content, "address") == []

    def test_a_question_about_the_place_names_none(self):
        assert values("does the chip shop on the shambles open at 5 ?", "address", role="user") == []


class TestCodesGivenOrNamedByANumber:
    @pytest.mark.parametrize(
        "content,codes",
        [
            ("the delay number for that is cq 2231 40 , keep it safe .", ["cq 2231 40"]),
            ("the entry number is nt 5512 .", ["nt 5512"]),
            ("the courier 's job is dx 40 117 .", ["dx 40 117"]),
            ("they gave me kr 77 3016 at the desk .", ["kr 77 3016"]),
            ("i 've logged it for you as bp/2207/41 .", ["bp/2207/41"]),
            ("a cab is on its way . it 's a blue ford , yt62 kwe .", ["yt62 kwe"]),
        ],
    )
    def test_a_code_after_what_names_or_gives_it(self, content, codes):
        assert values(content, "identifier") == codes

    def test_a_code_given_alone_when_its_number_was_asked(self):
        chat = facts_of("and the delay number ?", "cq 2231 40 .")
        assert [v for v, _ in in_turn(chat, 2, "identifier")] == ["cq 2231 40"]

    @pytest.mark.parametrize(
        "content",
        [
            "the room number is 12 .",
            "they gave me 2 tickets .",
            "they gave me 20 quid back .",
            "the bus number is 44 .",
            "the job is 3 hours at most .",
            "it 's a blue ford , parked outside .",
        ],
    )
    def test_counts_rooms_and_sums_are_no_codes(self, content):
        assert values(content, "identifier") == []

    def test_an_answer_to_a_phone_number_is_no_code(self):
        chat = facts_of("and the phone number ?", "01632 960 118 .")
        assert in_turn(chat, 2, "identifier") == []

    def test_a_number_asked_about_is_no_code(self):
        assert values("is the entry number nt 5512 ?", "identifier", role="user") == []


class TestHoursAndDaysAroundAPronoun:
    @pytest.mark.parametrize(
        "content,hours",
        [
            ("the guest house will do breakfast from 7 for walkers .", ["7"]),
            ("the cafe serves from 8 and shuts at 4 .", ["8", "4"]),
            ("i have an interview at ten there , so the early train works .", ["ten"]),
        ],
    )
    def test_an_hour_served_from_or_said_before_there_is_a_time(self, content, hours):
        assert values(content, "time", role="user") == hours

    @pytest.mark.parametrize(
        "content",
        [
            "that was the last one tonight .",
            "the early one is full , so take the next one .",
            "at 9 there are 12 of us .",
            "the hall serves from 40 to 60 guests .",
        ],
    )
    def test_one_as_a_thing_and_counts_are_no_times(self, content):
        assert values(content, "time") == []

    def test_the_day_of_the_last_one_is_a_date(self):
        assert values("sorry , that was the last one tonight .", "date") == ["tonight"]


class TestLinesThatAreNoAddresses:
    @pytest.mark.parametrize(
        "content,places",
        [
            ("dad loves gardens .", []),
            ("it 's on corn street , next to the guildhall , kt2 6bx .", ["corn street", "kt2 6bx"]),
            ("it 's on corn street , opposite the guildhall , kt2 6bx .", ["corn street", "kt2 6bx"]),
        ],
    )
    def test_what_a_person_likes_and_what_a_place_is_beside_are_no_lines(self, content, places):
        assert values(content, "address") == places
