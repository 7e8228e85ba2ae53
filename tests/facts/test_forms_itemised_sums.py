"""Sums said with no currency where the words around them make them money: the items of an expense list, a
sum per pay period and the choice beside it, a budget, a sum in cash and a sum in a currency named by its
country; with near forms that stay unread (a question, a count in a budget, a list with one item)."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, values


def test_the_items_of_an_expense_list_are_read():
    content = "work trip done. expenses: taxi to the station 26, lunch 12.50, hotel 140"
    assert values(content, "amount", role="user") == ["26", "12.50", "140"]


def test_a_list_head_with_one_item_reads_nothing():
    assert values("costs: parking 3 hours", "amount", role="user") == []


def test_a_sum_per_pay_period_and_the_choice_beside_it():
    assert values("dental is 95 a paycheck or vision at 60", "amount", role="user") == ["95", "60"]


def test_a_sum_per_pay_period_asked_about_stays_unread():
    assert values("is it 95 a paycheck?", "amount", role="user") == []


@pytest.mark.parametrize(
    "content,amount", [("budget is around 250", "250"), ("my budget's 1,200 for the lot", "1,200")]
)
def test_a_budget_is_a_sum(content, amount):
    assert values(content, "amount", role="user") == [amount]


def test_a_budget_of_a_count_is_no_sum():
    assert values("the budget is 20 people max", "amount", role="user") == []


def test_a_sum_in_cash_where_money_was_said():
    facts = facts_of(
        "the stall fee was $40", "Noted. How did the day go?", "took $310 on card and about 90 cash"
    )
    assert ("90", "90") in in_turn(facts, 3, "amount")


def test_a_count_of_cash_with_no_money_said_stays_unread():
    assert values("we counted 90 cash registers", "amount", role="user") == []


def test_a_sum_in_a_currency_named_by_its_country():
    assert values("my old boss still owes me 1,200 canadian", "amount", role="user") == ["1,200"]


def test_a_count_of_people_of_a_country_is_no_sum():
    assert values("there were 30 canadian students there", "amount", role="user") == []


def test_a_count_before_a_name_of_a_country_is_no_sum():
    assert values("there is 1 American Airlines flight at 9", "amount", role="user") == []
    assert values("we got 2 Canadian Tire vouchers", "amount", role="user") == []
