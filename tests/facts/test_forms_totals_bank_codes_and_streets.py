"""Values said in forms found missing in the museums, repairs, marinas, tests and luggage file and the
touring, bakeries, fieldwork and hives file, read as general forms: sums with no currency that a total after
"so", an extra, another offer, a payment or a card's limit shows to be money; a British sort code with its
account, an account after its bank's capitals, a purchase order's number and a long code of capitals and
digits; two days in digits before their month; a clock changed to on a day of a month; streets with no house
number given as an answer, after "at", "on" or "off", or with an Australian state and postcode. One case per
form, written for these tests, with the sentences that look like them and state none, and turns that only
ask."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, values


class TestTotalsAfterSo:
    @pytest.mark.parametrize(
        "content,total",
        [
            ("lunch is 6.50 a head , so 39 .", "39"),
            ("bread is 3.20 each and rolls 9 a dozen , so 150 total .", "150"),
            ("the lessons are 40 an hour , so you 'll want two of them , 80 .", "80"),
        ],
    )
    def test_a_total_after_a_price_is_read(self, content, total):
        assert total in values(content, "amount")

    def test_numbers_that_add_up_with_plus_are_all_read(self):
        content = "the hull is 350 with the paint , plus the crane at 150 , so 500 ."
        assert values(content, "amount") == ["350", "150", "500"]

    @pytest.mark.parametrize(
        "content,prices",
        [
            ("rooms are 80 a night , so 3 people can share .", ["80 a night"]),
            ("it 's 4.50 each , so 12 children .", ["4.50"]),
            ("we have 3 vans plus 2 cars , so 5 .", []),
            ("the drive is 40 minutes plus 20 for parking , so 60 minutes .", []),
        ],
    )
    def test_a_count_after_so_is_no_total(self, content, prices):
        assert values(content, "amount") == prices

    def test_a_question_gives_none(self):
        assert values("is the hull 350 with the paint , plus the crane at 150 , so 500 ?", "amount") == []


class TestAPriceAndItsExtra:
    def test_a_price_and_an_extra_said_with_it_are_read(self):
        content = "a full valet is 120 for your size , with a wax 30 extra ."
        assert values(content, "amount") == ["120", "30"]

    def test_a_numbered_thing_is_no_price(self):
        assert values("the room is 12 , with a view 5 extra .", "amount") == []

    def test_a_question_gives_none(self):
        assert values("is it 120 for your size , with a wax 30 extra ?", "amount", role="user") == []


class TestAnotherOffer:
    def test_a_price_offered_in_place_of_one_with_pence_is_read(self):
        content = "they have a used one at 42.50 , or they can get a new one for 75 by monday ."
        assert values(content, "amount") == ["42.50", "75"]

    def test_a_count_after_for_is_no_price(self):
        content = "they have a used one at 42.50 , or they can keep it for 30 days ."
        assert values(content, "amount") == ["42.50"]

    def test_with_no_price_before_it_gives_none(self):
        assert values("you can wait here , or they can order one for 75 by monday .", "amount") == []


class TestPaidTakenAndLimits:
    @pytest.mark.parametrize(
        "content,sums",
        [
            ("I paid Tom for the van, 260.", ["260"]),
            ("He wants paying for the lights too, he says 90", ["90"]),
            ("my card limit 's only 300 .", ["300"]),
            ("the venue pays a guarantee of 500 against 70 percent .", ["500"]),
            ("we do n't , but the riding school does , 35 for an hour .", ["35"]),
            ("eggs are 3 a dozen .", ["3"]),
        ],
    )
    def test_a_sum_said_with_what_was_paid_is_read(self, content, sums):
        assert values(content, "amount", role="user") == sums

    def test_what_a_show_took_in_talk_of_money_is_read(self):
        facts = facts_of(
            "Leeds paid a flat £600.", "Noted £600.", "I think York took about 1,900 over two nights."
        )
        assert in_turn(facts, 3, "amount") == [("1,900", "1900")]

    @pytest.mark.parametrize(
        "content",
        [
            "I think York took about 3 hours over two nights.",
            "we took 12 over the weekend .",
            "the speed limit is 30 .",
            "I paid Tom for the van, he came at 6 .",
            "we sold 40 cakes .",
        ],
    )
    def test_counts_and_clocks_give_none(self, content):
        assert values(content, "amount", role="user") == []

    def test_a_question_gives_none(self):
        assert values("did you pay Tom for the van, 260?", "amount", role="user") == []
        assert values("is my card limit 300 ?", "amount", role="user") == []


class TestBankAndOrderCodes:
    @pytest.mark.parametrize(
        "content,codes",
        [
            ("the account is 20-45-77 31829904 for payments", ["20-45-77", "31829904"]),
            ("her account is BNP 194-2281933-0-27.", ["194-2281933-0-27"]),
            ("they want invoices with PO number 5582-C", ["5582-C"]),
            ("it went by Royal Mail, JX0012345678GB", ["JX0012345678GB"]),
        ],
    )
    def test_the_code_is_read(self, content, codes):
        assert values(content, "identifier", role="user") == codes

    @pytest.mark.parametrize(
        "content",
        [
            "the PO is late again.",
            "call 020 7946 0958 0001 about it.",
            "it is a new account with the bank.",
            "the order comes to 25-30 boxes.",
        ],
    )
    def test_what_has_no_code_gives_none(self, content):
        assert values(content, "identifier", role="user") == []

    def test_a_po_box_is_an_address(self):
        assert values("write to PO Box 4471, Leeds.", "identifier") == []

    def test_a_question_gives_none(self):
        assert values("is the PO number 5582-C?", "identifier", role="user") == []


class TestTwoDaysBeforeTheirMonth:
    def test_both_days_are_read(self):
        assert values("the fair runs 3 and 4 June .", "date") == ["3", "4 June"]

    def test_a_first_number_larger_than_the_second_is_no_day(self):
        assert values("we need 12 and 5 june .", "date") == ["5 june"]


class TestClockChangedToOnADay:
    def test_the_clock_is_read_apart_from_the_day(self):
        facts = [(t, v) for _, t, v, _ in facts_of("x", "Moved the pickup on May 1 to 9:30 am.")]
        assert ("date", "May 1") in facts and ("time", "9:30 am") in facts

    def test_a_window_after_a_day_is_still_one(self):
        assert values("on june 3 , 2 to 4 pm .", "time") == ["2 to 4 pm"]


class TestStreetsWithNoNumber:
    @pytest.mark.parametrize(
        "content,streets",
        [
            ("Yes, Sturt Mall Place, Ballarat VIC 3350.", ["Sturt Mall Place, Ballarat VIC 3350"]),
            ("Saved the surgery at Marchmont Crescent, Edinburgh.", ["Marchmont Crescent, Edinburgh"]),
            ("the car park is round the back , off fenwick road .", ["fenwick road"]),
            ("it 's just off the high street , by the bank .", ["the high street"]),
            ("Jr. Huallaga 318, Santiago, Cusco.", ["Jr. Huallaga 318, Santiago, Cusco"]),
        ],
    )
    def test_the_street_is_read(self, content, streets):
        assert values(content, "address") == streets

    def test_a_street_given_as_the_answer_is_read(self):
        facts = facts_of("Where is it?", "Dunmore Place")
        assert in_turn(facts, 2, "address") == [("Dunmore Place", "Dunmore Place")]

    @pytest.mark.parametrize(
        "content",
        [
            "knock 5 off the price .",
            "we are off on holiday next week .",
            "turn off at the roundabout .",
            "we met on Christmas Day.",
        ],
    )
    def test_what_is_no_street_gives_none(self, content):
        assert values(content, "address") == []

    def test_a_question_gives_none(self):
        assert values("is it off fenwick road ?", "address", role="user") == []
        assert values("Is it at Marchmont Crescent?", "address", role="user") == []
