"""Forms of values said in few words: a code given alone as the answer to a question for a confirmation,
a code after "the confirmation on that", days of the month listed before the month they are in, and a
street after a venue, ended by when ("on Tollgate Road after work").
Written for these tests."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant, said_by_user


class TestACodeGivenAloneForAConfirmation:
    @pytest.mark.parametrize(
        "answer,code",
        [
            ("ZP8813.", ("ZP8813", "ZP8813")),
            ("It's WM 6630291847.", ("WM 6630291847", "WM6630291847")),
            ("Sure, it's 4KR91TX.", ("4KR91TX", "4KR91TX")),
        ],
    )
    def test_the_answer_to_a_question_for_it(self, answer, code):
        facts = facts_of(
            "Your table at Orvalle is booked for Friday.", "What's the confirmation on that?", answer
        )
        assert in_turn(facts, 3, "identifier") == [code]
        assert in_turn(facts, 3, "phone") == []

    def test_asked_as_your_confirmation(self):
        facts = facts_of("I moved the ferry to Sunday.", "Great, and your confirmation?", "HB2207.")
        assert in_turn(facts, 3, "identifier") == [("HB2207", "HB2207")]

    def test_said_after_the_confirmation_on_that(self):
        found = said_by_assistant("Done. The confirmation on that is NV40715.")
        assert of_type(found, "identifier") == [("NV40715", "NV40715")]

    def test_said_after_the_confirmation_for_it(self):
        found = said_by_user("They emailed me, the confirmation for it is LD3390.")
        assert of_type(found, "identifier") == [("LD3390", "LD3390")]

    @pytest.mark.parametrize("answer", ["Not yet, they said Monday.", "Hang on.", "Twelve."])
    def test_an_answer_with_no_code(self, answer):
        facts = facts_of("The hire car is sorted.", "What's the confirmation on that?", answer)
        assert in_turn(facts, 3, "identifier") == []

    def test_the_question_alone_states_no_code(self):
        facts = facts_of("I paid the deposit.", "Did you get a confirmation on that?")
        assert in_turn(facts, 2, "identifier") == []


class TestDaysListedBeforeTheirMonth:
    @pytest.mark.parametrize(
        "content,dates",
        [
            (
                "We can fit you in the 3rd or the 4th of June.",
                [("the 3rd", "2026-06-03"), ("the 4th of June", "2026-06-04")],
            ),
            (
                "Either the 21st or 22nd of January works.",
                [("the 21st", "2026-01-21"), ("22nd of January", "2026-01-22")],
            ),
            (
                "The studio is free the 2nd, 3rd or 5th of September.",
                [("the 2nd", "2026-09-02"), ("3rd", "2026-09-03"), ("5th of September", "2026-09-05")],
            ),
            (
                "Pick one of the 8th, the 15th or the 22nd of October.",
                [
                    ("the 8th", "2026-10-08"),
                    ("the 15th", "2026-10-15"),
                    ("the 22nd of October", "2026-10-22"),
                ],
            ),
        ],
    )
    def test_each_day_takes_the_month_said_after_the_list(self, content, dates):
        assert of_type(said_by_assistant(content), "date") == dates

    def test_a_range_still_reads_as_before(self):
        found = said_by_assistant("The course runs between the 10th and the 12th of November.")
        assert of_type(found, "date") == [("the 10th", "2026-11-10"), ("the 12th of November", "2026-11-12")]

    @pytest.mark.parametrize(
        "content",
        [
            "Her twins turned 3 or 4 in June, I forget.",
            "Groups of 5 or 6 meet from June.",
        ],
    )
    def test_counts_and_orders_before_a_month_are_no_days(self, content):
        assert of_type(said_by_user(content), "date") == []


class TestClocksInWordsChosenOrGivenWithAFiller:
    @pytest.mark.parametrize(
        "answer,clock",
        [
            ("The six fifty.", ("six fifty", "06:50")),
            ("I'll take the eight twenty-five.", ("eight twenty-five", "08:25")),
            ("The six fifty, please.", ("six fifty", "06:50")),
        ],
    )
    def test_a_departure_taken_from_the_clocks_offered(self, answer, clock):
        facts = facts_of(
            "Is there a coach to Pellham tomorrow?", "There's one at 6:50 and one at 8:25.", answer
        )
        assert in_turn(facts, 3, "time") == [clock]

    def test_an_afternoon_clock_offered_keeps_its_half(self):
        facts = facts_of("Any flights to Orna on Friday?", "Yes: 13:35 or 17:05.", "The five oh five.")
        assert in_turn(facts, 3, "time") == [("five oh five", "17:05")]

    @pytest.mark.parametrize(
        "answer",
        [
            "The seven forty.",
            "Six fifty-pound notes, then.",
            "The eight twenty-five-year-olds are coming too.",
        ],
    )
    def test_no_clock_offered_or_a_count(self, answer):
        facts = facts_of(
            "Is there a coach to Pellham tomorrow?", "There's one at 6:50 and one at 8:25.", answer
        )
        assert in_turn(facts, 3, "time") == []

    @pytest.mark.parametrize(
        "answer,clock",
        [
            ("um, ten twenty I guess", ("ten twenty", "10:20")),
            ("Nine fifteen I reckon.", ("Nine fifteen", "09:15")),
        ],
    )
    def test_the_answer_to_what_time_with_a_filler_after_it(self, answer, clock):
        facts = facts_of("Book me a squash court for Thursday.", "What time would you like?", answer)
        assert in_turn(facts, 3, "time") == [clock]

    def test_ages_in_words_after_what_time_are_no_clock(self):
        facts = facts_of(
            "Book me a squash court for Thursday.",
            "What time would you like?",
            "We're eleven twelve-year-olds.",
        )
        assert in_turn(facts, 3, "time") == []


class TestAStreetAfterAVenueOrAMove:
    @pytest.mark.parametrize(
        "content,street",
        [
            ("Meet me at the Costa on Wendle Street.", "Wendle Street"),
            ("Pick me up at the Tesco on Harlow Road.", "Harlow Road"),
            ("We moved to Larch Avenue in March.", "Larch Avenue"),
            ("They're moving back to Quill Lane next year.", "Quill Lane"),
            ("Coffee at Brune's on Tollgate Road after work.", "Tollgate Road"),
            ("Lunch at Pellow's on Kirby Street before practice.", "Kirby Street"),
        ],
    )
    def test_the_street_is_an_address(self, content, street):
        assert of_type(said_by_user(content), "address") == [(street, street)]

    @pytest.mark.parametrize(
        "content",
        [
            "Is it the Costa on Wendle Street?",
            "The bus on Wendle Street was late again.",
            "I'll get to Larch Avenue by the afternoon.",
        ],
    )
    def test_no_address_in_a_question_or_a_trip(self, content):
        assert of_type(said_by_user(content), "address") == []


class TestTheBareHourOfADeparture:
    @pytest.mark.parametrize(
        "content,clock",
        [
            ("The shuttle departs at 5 from platform 3.", ("5", "17:00")),
            ("Your coach leaves at 11 from bay 6.", ("11", "11:00")),
        ],
    )
    def test_the_hour_before_where_it_leaves_from(self, content, clock):
        assert of_type(said_by_assistant(content), "time") == [clock]

    @pytest.mark.parametrize(
        "content", ["We got 5 from platform 3 onto the train.", "Does it depart at 5 from platform 3?"]
    )
    def test_no_hour_said_of_a_departure(self, content):
        assert of_type(said_by_assistant(content), "time") == []
