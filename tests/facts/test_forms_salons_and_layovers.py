"""Values people give a virtual assistant that books salons, spas, tours, cars and flights and reads them
the weather, in the forms the rules used to miss: a bare hour chosen from the clocks just offered, said
with its party ("4 for 2 people." after "at 1 pm and 4 pm"); a short question proposing a day for what was
just talked of ("What about this weekend?"); a question asking a place for a slot that day ("Does the clinic
have anything today?"). And a value that is none: noon or midnight as the first word of a name ("Midnight
Sun Rentals"). One case per form, written for these tests (the chat's turns are dated Monday 6 July 2026),
with sentences that look like them and state none, and questions that only ask."""

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant, said_by_user


class TestAnHourChosenWithItsParty:
    def test_a_bare_hour_of_the_clocks_offered_then_the_party(self):
        facts = facts_of(
            "A tasting on Friday?", "They run one at 1 pm and 4 pm, $22 a head.", "4 for 2 people."
        )
        assert in_turn(facts, 3, "time") == [("4", "16:00")]

    def test_a_bare_hour_with_its_party_of_adults(self):
        facts = facts_of("Any boat trips?", "There are trips at 10:30 am and 3 pm.", "3 for 4 adults.")
        assert in_turn(facts, 3, "time") == [("3", "15:00")]

    def test_an_hour_no_clock_offered_has_is_no_choice(self):
        facts = facts_of("A tasting on Friday?", "They run one at 1 pm and 4 pm.", "2 for 3 people.")
        assert in_turn(facts, 3, "time") == []

    def test_nights_after_the_hour_are_no_party(self):
        facts = facts_of("A tasting on Friday?", "They run one at 1 pm and 4 pm.", "4 for 2 nights.")
        assert in_turn(facts, 3, "time") == []


class TestADayProposedInAShortQuestion:
    def test_what_about_this_weekend(self):
        facts = facts_of(
            "Will it rain on the 18th?", "That's too far out to forecast.", "What about this weekend?"
        )
        assert in_turn(facts, 3, "date") == [("this weekend", "2026-07-12")]

    def test_what_about_a_thing_names_no_day(self):
        facts = facts_of(
            "Will it rain on the 18th?", "That's too far out to forecast.", "What about the wind?"
        )
        assert in_turn(facts, 3, "date") == []


class TestASlotAskedForToday:
    def test_does_a_place_have_anything_today(self):
        facts = said_by_user("Does the Elm Street clinic have anything today?")
        assert of_type(facts, "date") == [("today", "2026-07-06")]

    def test_have_you_got_any_openings_tonight(self):
        assert of_type(said_by_user("Have you got any openings tonight?"), "date") == [
            ("tonight", "2026-07-06")
        ]

    def test_did_you_have_anything_today_is_small_talk(self):
        assert of_type(said_by_user("Did you have anything today?"), "date") == []


class TestNoonOrMidnightInAName:
    def test_midnight_first_in_a_business_name(self):
        facts = said_by_assistant("Midnight Sun Rentals has a Subaru for $79 a day.")
        assert of_type(facts, "time") == []

    def test_noon_first_in_a_name_after_the(self):
        assert of_type(said_by_assistant("The Noon Bell Cafe is across the street."), "time") == []

    def test_midnight_before_a_weekday_is_a_clock(self):
        assert of_type(said_by_user("Midnight Friday works."), "time") == [("Midnight", "00:00")]

    def test_noon_before_a_zone_is_a_clock(self):
        assert of_type(said_by_user("Noon Eastern then."), "time") == [("Noon", "12:00")]


class TestAnHourProposedForAPickUp:
    def test_a_pick_up_moved_earlier_like_a_bare_hour(self):
        facts = facts_of(
            "Is the car booked?", "Yes, it's reserved.", "Can I pick up the car earlier, like 11?"
        )
        assert in_turn(facts, 3, "time") == [("11", "11:00")]

    def test_going_earlier_with_no_booking_named_is_no_clock(self):
        facts = facts_of("A walk?", "Sure.", "Can I go earlier, like 6?")
        assert in_turn(facts, 3, "time") == []

    def test_a_pick_up_told_as_done_is_no_proposal(self):
        facts = facts_of("Is the car booked?", "Yes, it's reserved.", "I picked up the car earlier, like 11.")
        assert in_turn(facts, 3, "time") == []
