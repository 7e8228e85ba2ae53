"""Values people give a phone assistant while buying a house, going to games and shows, travelling and
seeing doctors, in the forms the rules used to miss: an account that "ends in" its last digits; a bare hour
before "so" ("at 6 so I catch the train"), a house's closing as an event ("the closing's at 3, right?");
"this weekend" asked of open houses and viewings; Mother's Day, Father's Day and Mothering Sunday;
dollars and cents in words when paying a friend back ("pay Ana back fourteen seventy-five"); two streets
that cross ("7th Street and Pine", "Lamar and 6th", "South Congress and Oltorf"), a building or a suite
with a full stop after a street ("Building C", "Ste. 12"), a half street ("W 22nd 1/2 St"); an address
said again by its number and name alone ("1450 Alder, right?") and a street said before crossed with
another ("near Pecan and 290"). One case per form, written for these tests (the chat's turns are dated
Monday 6 July 2026), with sentences that look like them and state none, and questions that only ask."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant, said_by_user


class TestAccountsThatEndIn:
    @pytest.mark.parametrize(
        "content,last4",
        [
            ("The landlord's account ends in 3307.", "3307"),
            ("My debit card ends with 9921.", "9921"),
        ],
    )
    def test_the_last_digits_after_ends_in(self, content, last4):
        assert of_type(said_by_user(content), "identifier") == [(last4, last4)]

    @pytest.mark.parametrize(
        "content", ["What does their account end in?", "The story ends in 2019.", "The lease ends in June."]
    )
    def test_a_question_and_other_endings_name_no_account(self, content):
        assert of_type(said_by_user(content), "identifier") == []


class TestBareHours:
    def test_a_bare_hour_before_so(self):
        assert of_type(said_by_user("Wake me tomorrow at 6 so I catch the train."), "time") == [
            ("6", "06:00")
        ]

    @pytest.mark.parametrize(
        "content,time",
        [
            ("The closing's at 3, right?", ("3", "15:00")),
            ("The closing is at 11 on Monday.", ("11", "11:00")),
        ],
    )
    def test_a_closing_is_an_event_at_its_hour(self, content, time):
        assert of_type(said_by_user(content), "time") == [time]

    @pytest.mark.parametrize(
        "content,hour",
        [("The party's at our place at 8.", "8"), ("The game is at 1 on Sunday.", "1")],
    )
    def test_a_party_or_a_game_at_a_bare_hour(self, content, hour):
        # which half of the day a bare hour is in is the clock rules' (1 is 13:00, 8 stays as said)
        assert [value for value, _ in of_type(said_by_user(content), "time")] == [hour]

    @pytest.mark.parametrize(
        "content",
        [
            "We're 4 so far.",
            "Is the closing at 3?",
            "Closing time is at 9 on weekdays.",
            "They usually close at 5 so come early.",
            "We're a party of 4 at Luigi's.",
        ],
    )
    def test_counts_questions_and_a_place_s_hours_are_none(self, content):
        assert of_type(said_by_user(content), "time") == []


class TestDays:
    @pytest.mark.parametrize(
        "content,day",
        [
            ("Which open houses are there this weekend?", ("this weekend", "2026-07-12")),
            ("Any viewings today?", ("today", "2026-07-06")),
        ],
    )
    def test_a_day_asked_of_open_houses_and_viewings(self, content, day):
        assert of_type(said_by_user(content), "date") == [day]

    def test_the_weather_said_of_a_day_names_none(self):
        assert of_type(said_by_user("The weather is grim this weekend."), "date") == []

    @pytest.mark.parametrize(
        "content,day",
        [
            ("We're doing brunch for Mother's Day.", ("Mother's Day", "")),
            ("Dad wants a steak on Father's Day.", ("Father's Day", "")),
            ("brunch on mothers day?", ("mothers day", "")),
            ("We're taking Mum out on Mothering Sunday.", ("Mothering Sunday", "2027-03-07")),
        ],
    )
    def test_mothers_and_fathers_days(self, content, day):
        # kept on different days in different countries, but Mothering Sunday (three weeks before Easter)
        assert of_type(said_by_user(content), "date") == [day]

    @pytest.mark.parametrize(
        "content,day",
        [
            ("Book it for the first of next month.", ("the first of next month", "2026-08-01")),
            ("I'm due back on the fifteenth of this month.", ("the fifteenth of this month", "2026-07-15")),
        ],
    )
    def test_a_day_of_this_or_next_month_in_words(self, content, day):
        assert of_type(said_by_user(content), "date") == [day]

    def test_the_first_of_a_list_is_no_day(self):
        assert of_type(said_by_user("It's the first of many."), "date") == []

    @pytest.mark.parametrize("content", ["It was my mother's day off.", "My father's day was long."])
    def test_a_parent_s_day_is_no_holiday(self, content):
        assert of_type(said_by_user(content), "date") == []


class TestPaidBackInWords:
    @pytest.mark.parametrize(
        "content,amount",
        [
            ("Pay Ana back fourteen seventy-five for the tickets.", ("fourteen seventy-five", "14.75")),
            ("Send Leo six fifty for the coffee.", ("six fifty", "6.50")),
            ("Request twenty-two forty from Sam for the cab.", ("twenty-two forty", "22.40")),
        ],
    )
    def test_dollars_and_cents_in_words_paid_to_a_person(self, content, amount):
        assert of_type(said_by_user(content), "amount") == [amount]

    @pytest.mark.parametrize(
        "content",
        [
            "Pay the landlord twelve fifty for rent.",  # 1,250: rent is said in hundreds
            "Pay Ana back fourteen seventy-five?",
            "Send Leo six fifty people.",
        ],
    )
    def test_rent_questions_and_counts_are_none(self, content):
        assert of_type(said_by_user(content), "amount") == []

    def test_a_clock_after_at_stays_a_clock(self):
        facts = said_by_user("Call Leo back at six fifty.")
        assert of_type(facts, "amount") == [] and of_type(facts, "time") == [("six fifty", "06:50")]


class TestCrossStreets:
    @pytest.mark.parametrize(
        "content,corner",
        [
            ("The food truck parks at 7th Street and Pine.", "7th Street and Pine"),
            ("Drop me at Lamar and 6th.", "Lamar and 6th"),
            ("Catch the 20 from South Congress and Oltorf.", "South Congress and Oltorf"),
            ("It's on the corner of Maple and Birch.", "Maple and Birch"),
            ("Is the stop at Lamar and 6th?", "Lamar and 6th"),  # proposed: stated
        ],
    )
    def test_two_streets_that_cross(self, content, corner):
        assert of_type(said_by_assistant(content), "address") == [(corner, corner)]

    @pytest.mark.parametrize(
        "content",
        [
            "Seats for the 9th and 10th, please.",
            "We're meeting at Anna and Tom's.",
            "We drove from North Carolina and Virginia.",
            "Flights to South Africa and Kenya.",
            "Dinner with Tom and Jerry at 7.",
            "What's good to eat near Lamar and 6th?",
        ],
    )
    def test_days_people_regions_and_a_question_are_no_corner(self, content):
        assert of_type(said_by_user(content), "address") == []


class TestUnitsAndHalfStreets:
    @pytest.mark.parametrize(
        "content,address",
        [
            ("Her office is 88 Pine St, Building C.", "88 Pine St, Building C"),
            ("The clinic is at 410 Elm Ave, Ste. 12 on the left.", "410 Elm Ave, Ste. 12"),
            ("She lives at 1307 W 22nd 1/2 St.", "1307 W 22nd 1/2 St"),
        ],
    )
    def test_a_building_a_suite_with_its_full_stop_and_a_half_street(self, content, address):
        assert of_type(said_by_user(content), "address") == [(address, address)]

    def test_a_building_said_alone_is_none(self):
        assert of_type(said_by_user("The building is old, on a quiet street."), "address") == []


class TestAddressesSaidAgain:
    def test_an_address_said_again_by_its_number_and_name(self):
        facts = facts_of(
            "The pickup is at 1450 Alder Ave.", "Got it.", "On my way, it's at 1450 Alder, right?"
        )
        assert in_turn(facts, 3, "address") == [("1450 Alder", "1450 Alder")]

    def test_a_street_said_before_crossed_with_another(self):
        facts = facts_of("The office is at 300 Pecan Road.", "OK.", "Lunch somewhere near Pecan and 290.")
        assert in_turn(facts, 3, "address") == [("Pecan and 290", "Pecan and 290")]

    @pytest.mark.parametrize(
        "content",
        [
            "Where is 1450 Alder?",
            "I have 1450 Alder questions.",
            "Is anything good near Alder and 290?",
        ],
    )
    def test_a_question_and_a_count_are_no_address(self, content):
        facts = facts_of("The pickup is at 1450 Alder Ave.", "Got it.", content)
        assert in_turn(facts, 3, "address") == []
