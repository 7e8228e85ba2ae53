"""Sums and days as households in the Philippines, Kenya and India type them: pesos with their sign
("₱1,480.50"), Kenyan shillings as "KSh", "Ksh" or "Kshs." ("Kshs. 42,000"), rupees grouped in lakhs with no
sign ("1,40,000"), a bank account after "A/c" and a Kenyan paybill number, thousands with "k" where money is
sent or was just priced, a day of the month with no "the" where a slot is chosen ("11th at half 9", "back
24th") and a lower-case "may" with its day ("may 29 at 4"). Written for these tests."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant, said_by_user


class TestPesosAndShillings:
    @pytest.mark.parametrize(
        ("said", "amount", "normalised"),
        [
            ("The water bill this month is ₱1,480.50.", "₱1,480.50", "1480.50 PHP"),
            ("The aircon cleaning is PHP 2,200 per unit.", "PHP 2,200", "2200.00 PHP"),
            ("The fundi wants KSh 3,500 for the whole job.", "KSh 3,500", "3500.00 KES"),
            ("Lunch for the term is Ksh 9,800.", "Ksh 9,800", "9800.00 KES"),
            ("Tuition comes to Kshs. 42,000 and is due in January.", "Kshs. 42,000", "42000.00 KES"),
            ("The clinic asked for KES 1,200 as a deposit.", "KES 1,200", "1200.00 KES"),
        ],
    )
    def test_a_sum_is_read_with_its_sign_or_code(self, said, amount, normalised):
        assert (amount, normalised) in of_type(said_by_assistant(said), "amount")

    def test_kshs_with_its_dot_does_not_end_the_sentence(self):
        said = of_type(said_by_assistant("Fees are Kshs. 42,000 and transport Kshs. 7,500."), "amount")
        assert [value for value, _ in said] == ["Kshs. 42,000", "Kshs. 7,500"]

    def test_a_word_starting_with_ksh_is_no_sum(self):
        assert of_type(said_by_user("the kshs team meets on 14 floors up"), "amount") == []


class TestLakhsAndAccounts:
    def test_a_sum_grouped_in_lakhs_with_no_sign_where_money_is_spoken_of(self):
        said = of_type(said_by_user("the deposit is 1,40,000, refundable when we leave"), "amount")
        assert [value for value, _ in said] == ["1,40,000"]

    def test_a_count_grouped_in_lakhs_is_no_sum(self):
        assert of_type(said_by_user("the town has 1,40,000 people now"), "amount") == []

    def test_an_account_after_a_c_is_an_identifier_not_a_phone(self):
        facts = said_by_assistant("Send it to Mrs Nair, A/c 00914455120, IFSC QRBK0001234.")
        assert ("00914455120", "00914455120") in of_type(facts, "identifier")
        assert of_type(facts, "phone") == []

    def test_a_long_account_after_a_c(self):
        facts = said_by_assistant("The trust's account is A/c 40200077123456 at the Kormangala branch.")
        assert "40200077123456" in [value for value, _ in of_type(facts, "identifier")]

    def test_a_paybill_number(self):
        facts = said_by_assistant("Pay through paybill 600912, account HSE-22.")
        assert "600912" in [value for value, _ in of_type(facts, "identifier")]

    def test_asking_for_the_paybill_states_none(self):
        assert of_type(said_by_user("whats the paybill number"), "identifier") == []


class TestThousandsWithK:
    def test_money_sent(self):
        assert [v for v, _ in of_type(said_by_user("send 12k to my brother for the fees"), "amount")] == [
            "12k"
        ]

    def test_a_sum_answering_one_just_priced(self):
        chat = facts_of(
            "what's the rent there", "The rent is KSh 55,000 a month.", "ok and the other one is 48k."
        )
        assert [value for value, _ in in_turn(chat, 3, "amount")] == ["48k"]

    def test_a_run_is_no_sum(self):
        assert of_type(said_by_user("i ran a 5k this morning"), "amount") == []


class TestBareDaysOfTheMonth:
    def test_a_day_with_its_clock_opening_the_answer(self):
        chat = facts_of(
            "any slots", "They have Thursday 11 March at 09:30 or Monday 15 March at 14:00.", "11th at half 9"
        )
        assert [value for value, _ in in_turn(chat, 3, "date")] == ["11th"]

    def test_a_day_with_its_part_of_the_day(self):
        chat = facts_of("when can they come", "Tuesday 16th or Friday 19th, mornings.", "16th morning")
        assert [value for value, _ in in_turn(chat, 3, "date")] == ["16th"]

    def test_a_day_coming_back(self):
        assert [v for v, _ in of_type(said_by_user("fly out 10th june, back 24th"), "date")] == [
            "10th june",
            "24th",
        ]

    @pytest.mark.parametrize(
        "said", ["its on the 3rd floor", "2nd Main, 5th Cross, near the temple", "4th floor at 10am"]
    )
    def test_an_ordinal_that_counts_is_no_day(self, said):
        assert of_type(said_by_user(said), "date") == []


class TestLowerCaseMay:
    @pytest.mark.parametrize(
        ("said", "day"),
        [("the handover is may 29 at 4", "may 29"), ("final meter reading may 30, then pay", "may 30")],
    )
    def test_may_with_its_day_ending_the_phrase(self, said, day):
        assert [value for value, _ in of_type(said_by_user(said), "date")] == [day]

    @pytest.mark.parametrize("said", ["you may 2 of them", "they may 3, who knows"])
    def test_may_as_a_verb_is_no_day(self, said):
        assert of_type(said_by_user(said), "date") == []
