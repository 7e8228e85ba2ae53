"""Sums in currencies the extractor had not read, as people type them where they are used: dollars named by
their country ("TT$", "J$", "EC$"), Malaysian ringgit ("RM"), dirhams ("AED", "Dhs"), Zambian kwacha ("K",
"ZMW"), Bangladeshi taka ("Tk", "BDT", "৳") and the codes of other currencies before or after the figure,
stored under their codes. Written for these tests, with sentences that look like them and name no sum: a
plate with a "K" in it, a school year "K12", "RM" and "Tk" with no figure, postcodes that begin with "DH"
or "RM", a room number, a code that is a word of its own ("try 20")."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant, said_by_user


class TestMoreCurrencies:
    @pytest.mark.parametrize(
        "content,amount,normalised",
        [
            ("the plumber charging TT$1,375 to fix the tank", "TT$1,375", "1375.00 TTD"),
            ("water bill is TTD 612.50 this quarter", "TTD 612.50", "612.50 TTD"),
            ("landlord wants RM 2,150 from next month", "RM 2,150", "2150.00 MYR"),
            ("the deposit is RM1.5k can or not", "RM1.5k", "1500.00 MYR"),
            ("parking here is Dhs 45 a day", "Dhs 45", "45.00 AED"),
            ("school fees AED 11,250 for the term", "AED 11,250", "11250.00 AED"),
            ("he wants 3,800 dirhams for the sofa", "3,800 dirhams", "3800.00 AED"),
            ("the mechanic wants K3,150 for the clutch", "K3,150", "3150.00 ZMW"),
            ("paid ZMW 275 for water", "ZMW 275", "275.00 ZMW"),
            ("rent is Tk 27,500 now", "Tk 27,500", "27500.00 BDT"),
            ("the cook asked BDT 9,000 a month", "BDT 9,000", "9000.00 BDT"),
            ("rickshaw was ৳120 only", "৳120", "120.00 BDT"),
            ("the bride's family spent Tk 4.5 lakh", "Tk 4.5 lakh", "450000.00 BDT"),
            ("the flat in Ja was J$95,000 a month", "J$95,000", "95000.00 JMD"),
            ("my cousin sent SAR 700 for the fees", "SAR 700", "700.00 SAR"),
        ],
    )
    def test_a_sum_in_its_currency_is_read(self, content, amount, normalised):
        assert (amount, normalised) in of_type(said_by_user(content), "amount")

    def test_the_assistant_confirming_sums_in_several_currencies_is_read(self):
        facts = of_type(
            said_by_assistant("Paid RM 412.60 to TNB, Dhs 385 to Empower and K1,120 for road tax."), "amount"
        )
        assert [v for v, _ in facts] == ["RM 412.60", "Dhs 385", "K1,120"]

    def test_a_plain_kwacha_sum_is_read_where_kwacha_was_said(self):
        facts = facts_of(
            "the school fees are K14,500 for the term", "Noted, K14,500.", "and the uniform is K350 more"
        )
        assert ("K350", "350.00 ZMW") in in_turn(facts, 3, "amount")

    def test_a_plain_kwacha_sum_is_read_turns_after_kwacha_was_said(self):
        facts = facts_of(
            "rent is K7,200 from next month",
            "Noted.",
            "ok",
            "Anything else?",
            "the clinic fee is K380",
        )
        assert ("K380", "380.00 ZMW") in in_turn(facts, 5, "amount")

    def test_kwacha_with_cents_ending_a_sentence_is_read(self):
        facts = of_type(said_by_assistant("Duty is K1,045 and VAT K512.60. K2,306.15 came in."), "amount")
        assert [v for v, _ in facts] == ["K1,045", "K512.60", "K2,306.15"]

    def test_a_sum_in_ringgit_in_a_talk_of_flights_is_no_flight(self):
        facts = facts_of(
            "need flights to Penang for raya",
            "There's a flight on 9 April at 19:20, RM 289 return each, or RM415 with bags.",
        )
        assert [v for v, _ in in_turn(facts, 2, "amount")] == ["RM 289", "RM415"]
        assert not in_turn(facts, 2, "identifier")

    @pytest.mark.parametrize(
        "content",
        [
            "the car with plate Dubai K 55817 is parked outside",
            "she teaches K12 maths at the academy",
            "my RM said the report is due friday",
            "the Tk note was torn so they didn't take it",
            "the meeting is in Rm 14 on the second floor",
            "try 20 more times and it will open",
            "buy a K500 part for the printer",
            "send it to the Passport Office, Durham DH1 1SL",
            "the depot is in Romford RM7 0AF",
        ],
    )
    def test_no_sum_without_a_currency_and_its_figure(self, content):
        assert not of_type(said_by_user(content), "amount")
