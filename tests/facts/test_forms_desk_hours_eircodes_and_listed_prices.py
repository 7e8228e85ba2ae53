"""Values a desk says in lower-case tokenised text, in the forms the rules used to miss: two bare hours joined
by "till" ("01 2345 6789 , 9 till 5 ."), the hours of a place asked as "and your hours on sunday ?" or
"hours the same ?", "half seven till six" with both hours in words; an Irish Eircode in lower case ending an
address after a comma; a subscription number, a microchip's fifteen digits, a code of letters with no vowel
and a year's digits ("lf-1927"); a whole price listed by name after a price said with a rate or pence
("adults are 110 a day , students 85") or for whom it is ("15 for a rabbit"). One case per form, written for
these tests (the chat's turns are dated Monday 6 July 2026), with near forms that stay unread."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, said_by_assistant, values


class TestHoursJoinedByTill:
    @pytest.mark.parametrize(
        "question,answer,clocks",
        [
            ("the number for the desk ?", "01 2345 6789 , 9 till 5 .", ["09:00-17:00"]),
            ("what time is lunch served ?", "11 till 2 , and till 3 on sundays .", ["11:00-14:00", "15:00"]),
            ("and your hours on sunday ?", "sundays we 're 9 till 1 .", ["09:00-13:00"]),
            ("hours the same ?", "they open half eight till five .", ["08:30-17:00"]),
        ],
    )
    def test_two_hours_joined_by_till_are_read(self, question, answer, clocks):
        assert [n for _, n in in_turn(facts_of(question, answer), 2, "time")] == clocks

    @pytest.mark.parametrize(
        "question,answer",
        [
            ("how long does the drive take ?", "2 till 3 hours usually ."),
            ("when are you free ?", "i work 9 till 5 most days ."),
            ("what was the score ?", "it went 3 till 1 in the end ."),
            ("did you log the hours ?", "yes , 6 of them ."),
        ],
    )
    def test_counts_habits_and_scores_stay_unread(self, question, answer):
        assert in_turn(facts_of(question, answer), 2, "time") == []

    def test_ten_till_an_hour_with_no_talk_of_hours_stays_a_clock(self):
        found = facts_of("when should we get there ?", "10 till 4 , ideally .")
        assert [n for _, n in in_turn(found, 2, "time")] == ["03:50"]

    def test_a_question_with_hours_joined_by_till_asks(self):
        assert in_turn(facts_of("is the desk open 9 till 5 ?", "it is ."), 1, "time") == []


class TestLowerCaseEircodes:
    @pytest.mark.parametrize(
        "content,line,code",
        [
            (
                "our cattery is at the old mill , oughterard , h91r2x4 .",
                "the old mill , oughterard",
                "H91R2X4",
            ),
            ("4 quay road , cork , t12 y8kd .", "4 quay road , cork", "T12Y8KD"),
        ],
    )
    def test_an_eircode_ending_an_address_is_read_with_its_line(self, content, line, code):
        facts = said_by_assistant(content)
        addresses = [(v, n) for t, v, n in facts if t == "address"]
        assert line in [v for v, _ in addresses]
        assert code in [n for _, n in addresses]

    @pytest.mark.parametrize(
        "content",
        ["the ticket is h91r2x4 .", "the code is ab , h91r2x4 , i think .", "what is h91 tw5r ?"],
    )
    def test_the_same_letters_said_otherwise_are_no_eircode(self, content):
        assert "H91R2X4" not in [n for t, _, n in said_by_assistant(content) if t == "address"]


class TestCodes:
    @pytest.mark.parametrize(
        "content,code",
        [
            ("subscription number sub-2026-0481 .", "sub-2026-0481"),
            ("the chip reads 956 000 012 345 678 .", "956 000 012 345 678"),
            ("microchip number 956000012345678 .", "956000012345678"),
            ("logged under lost item qx-1984 .", "qx-1984"),
        ],
    )
    def test_the_code_is_read(self, content, code):
        assert values(content, "identifier") == [code]
        assert values(content, "phone") == []

    @pytest.mark.parametrize("content", ["it was pre-2020 , mid-1990 .", "the chip reads 956 000 ."])
    def test_a_year_after_a_word_and_a_short_number_stay_unread(self, content):
        assert values(content, "identifier") == []


class TestWholePricesListed:
    @pytest.mark.parametrize(
        "question,answer,amounts",
        [
            ("how much are passes ?", "adults are 110 a day , students 85 .", ["110", "85"]),
            (
                "how much is boarding ?",
                "25 a night for a large dog , 15 for a rabbit .",
                ["25 a night", "15"],
            ),
        ],
    )
    def test_a_whole_price_listed_after_a_price_is_read(self, question, answer, amounts):
        assert [v for v, _ in in_turn(facts_of(question, answer), 2, "amount")] == amounts

    @pytest.mark.parametrize(
        "question,answer",
        [
            ("how many are coming ?", "adults 20 , kids 12 ."),
            ("how much are passes ?", "what would students pay , 85 ?"),
            ("and the car ?", "a compact is 47 a day , october 14 to october 17 ."),
            ("a group rate ?", "it 's 11.50 each , for groups of 15 or more ."),
        ],
    )
    def test_counts_days_and_questions_stay_unread(self, question, answer):
        said = [v for v, _ in in_turn(facts_of(question, answer), 2, "amount")]
        assert not [v for v in said if v in ("20", "12", "85", "14", "17", "15")]
