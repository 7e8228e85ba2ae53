"""Dollars named by their country with a prefix before the sign ("J$", "TT$", "EC$", "Bds$", "BZ$", "NT$",
"FJ$", beside "NZ$", "A$", "C$", "HK$", "S$", "US$") and the same currencies by their ISO code before or after
the figure, stored under their own code. Written for these tests, with sentences that look like them and name
no sum: a sign with no figure, a code asked about, a prefix glued to a longer word."""

import pytest

from tests.facts.booking_chats import of_type, said_by_assistant, said_by_user


class TestCountryDollars:
    @pytest.mark.parametrize(
        "content,amount,normalised",
        [
            ("the taxi from the airport was J$4,800", "J$4,800", "4800.00 JMD"),
            ("my aunt sends JA$ 15,000 every month", "JA$ 15,000", "15000.00 JMD"),
            ("doubles were TT$12 each at the stall", "TT$12", "12.00 TTD"),
            ("the ferry to bequia is EC$ 40 one way", "EC$ 40", "40.00 XCD"),
            ("the rum tour costs Bds$95 a head", "Bds$95", "95.00 BBD"),
            ("bus to belmopan was BZ$8.50", "BZ$8.50", "8.50 BZD"),
            ("night market dinner came to NT$350", "NT$350", "350.00 TWD"),
            ("the kava bowl was FJ$25", "FJ$25", "25.00 FJD"),
            ("landlord wants JMD 95,000 a month", "JMD 95,000", "95000.00 JMD"),
            ("the course fee is 1,850 TTD", "1,850 TTD", "1850.00 TTD"),
            ("we still owe the builder NZ$3,200", "NZ$3,200", "3200.00 NZD"),
            ("the hostel was HK$280 a night", "HK$280", "280.00 HKD"),
        ],
    )
    def test_a_dollar_named_by_its_country_is_read_in_its_currency(self, content, amount, normalised):
        assert (amount, normalised) in of_type(said_by_user(content), "amount")

    def test_a_scaled_sum_keeps_its_country(self):
        facts = of_type(
            said_by_assistant("The plot is listed at J$18.5m, and the deposit is JA$85k."), "amount"
        )
        assert facts == [("J$18.5m", "18500000.00 JMD"), ("JA$85k", "85000.00 JMD")]

    @pytest.mark.parametrize(
        "content",
        [
            "is the price in J$ or US$?",
            "what is the JMD rate to the pound today?",
            "TTD stands for something else at my office",
            "the MAJ$40 voucher code did not work",
        ],
    )
    def test_no_sum_without_a_figure_after_the_sign(self, content):
        assert of_type(said_by_user(content), "amount") == []
