"""Values as people say them in task dialogues (payments, alarms, trains, rides, appointments,
transfers, weather): one case per general form, written for these tests."""

from datetime import UTC, datetime

import pytest

from facts.extraction import extract_facts
from memadmin.providers.base import TurnText

SAID_ON = datetime(2026, 5, 6, 9, 0, tzinfo=UTC)  # a Wednesday


def found(content: str, role: str = "user") -> list[tuple[str, str, str]]:
    facts = extract_facts([TurnText(seq=1, role=role, content=content, created_at=SAID_ON)])
    return [(f.type, f.value, f.normalised) for f in facts if f.type not in ("preference", "commitment")]


def of_type(content: str, type_: str, role: str = "user") -> list[tuple[str, str, str]]:
    return [f for f in found(content, role) if f[0] == type_]


class TestTimesInWords:
    @pytest.mark.parametrize(
        "content,value,normalised",
        [
            ("Set it for seven thirty in the morning.", "seven thirty in the morning", "07:30"),
            ("I'd rather leave at eleven forty-five pm.", "eleven forty-five pm", "23:45"),
            ("Wake me at six oh five am, please.", "six oh five am", "06:05"),
            ("Book the table for 12 noon.", "12 noon", "12:00"),
            ("The last bus is at twelve midnight.", "twelve midnight", "00:00"),
            ("Set an alarm for 10.15 in the morning.", "10.15 in the morning", "10:15"),
            ("Can I come in at 11 o clock?", "11 o clock", "11:00"),
        ],
    )
    def test_a_clock_time_said_in_words_is_found_and_normalised(self, content, value, normalised):
        assert ("time", value, normalised) in found(content)

    def test_an_hour_and_minutes_in_words_need_a_part_of_the_day(self):
        assert of_type("There are seven twenty seat coaches on that route.", "time") == []

    def test_o_clock_is_no_house_number(self):
        assert of_type("Can I come in at 11 o clock?", "address") == []


class TestTimeWithItsDay:
    @pytest.mark.parametrize(
        "content,time,clock,day,iso",
        [
            ("Can we get a table at 7 tonight?", "7 tonight", "19:00", "tonight", "2026-05-06"),
            (
                "Wake me up at 9 tomorrow morning.",
                "9 tomorrow morning",
                "09:00",
                "tomorrow morning",
                "2026-05-07",
            ),
            ("Is there a train at 8 this evening?", "8 this evening", "20:00", "this evening", "2026-05-06"),
        ],
    )
    def test_the_time_and_the_day_are_both_kept(self, content, time, clock, day, iso):
        facts = found(content)
        assert ("time", time, clock) in facts and ("date", day, iso) in facts

    def test_a_party_size_before_the_part_of_the_day_is_no_time(self):
        times = of_type("Could you hold a table for 6 this evening 8:15?", "time")
        assert times == [("time", "evening 8:15", "20:15")]


class TestAmountsInWords:
    @pytest.mark.parametrize(
        "content,value,normalised",
        [
            ("Send her a hundred and fifty dollars.", "a hundred and fifty dollars", "150.00 USD"),
            ("Transfer 2 thousand dollars to my savings.", "2 thousand dollars", "2000.00 USD"),
            ("Pay him fifteen hundred bucks.", "fifteen hundred bucks", "1500.00 USD"),
            (
                "It was one thousand two hundred and ten dollars.",
                "one thousand two hundred and ten dollars",
                "1210.00 USD",
            ),
            ("Grab me a five dollar coffee.", "five dollar", "5.00 USD"),
        ],
    )
    def test_an_amount_in_words_has_its_value(self, content, value, normalised):
        assert ("amount", value, normalised) in found(content)

    def test_words_that_make_no_one_number_are_no_amount(self):
        # "twelve fifty" may be 12.50 or 1,250: pinning either would be a value nobody said.
        assert of_type("Just send twelve fifty dollars.", "amount") == []


class TestDays:
    def test_this_coming_weekday(self):
        assert ("date", "this coming Monday", "2026-05-11") in found("Is the salon free this coming Monday?")

    @pytest.mark.parametrize(
        "content,value,iso",
        [
            ("How's the weather looking today in Brindle Falls?", "today", "2026-05-06"),
            ("Is it going to rain tomorrow in Osterley?", "tomorrow", "2026-05-07"),
        ],
    )
    def test_a_question_about_the_weather_names_its_day(self, content, value, iso):
        assert ("date", value, iso) in found(content)

    def test_a_count_before_a_month_and_its_ordinal_day_is_no_day(self):
        dates = of_type("jazz , 2 tickets , 4 june 19th , larkhaven", "date")
        assert dates == [("date", "june 19th", "2026-06-19")]

    def test_an_initial_before_a_weekday_is_not_the_article(self):
        facts = found("Please book Dr. Imogen A next Tuesday at 3 pm.", role="assistant")
        assert ("date", "next Tuesday", "2026-05-12") in facts

    @pytest.mark.parametrize(
        "content,second,iso",
        [
            ("Could I come on the 13th or 14th?", "14th", "2026-05-14"),
            ("I'll keep the car from May 20th to 24th.", "24th", "2026-05-24"),
            ("Any rooms from the 29th till 2nd?", "2nd", "2026-06-02"),
        ],
    )
    def test_a_second_day_of_the_month_said_bare(self, content, second, iso):
        assert ("date", second, iso) in found(content)

    def test_a_second_ordinal_that_is_a_floor_is_no_day(self):
        assert "14th" not in [f[1] for f in of_type("The lifts stop at the 13th and 14th floors.", "date")]

    def test_small_talk_about_the_weather_names_no_day(self):
        assert of_type("The weather is lovely today.", "date") == []


class TestAddresses:
    @pytest.mark.parametrize(
        "content,value",
        [
            ("Share 1234 N. 1st St. with Keziah, please.", "1234 N. 1st St"),
            ("A gallery opened at 310 W. Linden Ave last month.", "310 W. Linden Ave"),
            ("The depot is 1650 N. Ave 51 in Keswick Park.", "1650 N. Ave 51"),
            ("The studio is at 88 S. Ave 21, 3rd Floor.", "88 S. Ave 21, 3rd Floor"),
        ],
    )
    def test_a_direction_a_numbered_road_and_a_floor_stay_in_the_address(self, content, value):
        assert value in [f[1] for f in of_type(content, "address", role="assistant")]


class TestAskingIsNotStating:
    @pytest.mark.parametrize(
        "content",
        [
            "What time should the alarm go off?",
            "How much would you like to send?",
            "Which day would you like to visit the property?",
            "What is the address of the salon?",
            "Could I get their phone number?",
            "What's the weather going to be like?",
        ],
    )
    def test_asking_for_a_value_states_none(self, content):
        assert found(content, role="assistant") == []
        assert found(content) == []
