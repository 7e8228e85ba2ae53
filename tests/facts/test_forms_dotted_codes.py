"""A payment's transaction id in capitals and digits with groups joined by dots, as mobile-money and prepaid
meter receipts print it: read anywhere with three groups or more, and with two after the word for a
transaction or reference. Written for these tests, with sentences that look like them and name no code: a
decimal sum, a version number, a dotted id asked about."""

import pytest

from tests.facts.booking_chats import of_type, said_by_assistant, said_by_user


class TestDottedCodes:
    @pytest.mark.parametrize(
        "content,code",
        [
            ("Sent GH₵300 to your sister. Transaction MT271104.0915.B20417.", "MT271104.0915.B20417"),
            ("Bought the water credit, receipt WP20270412.1130.77.", "WP20270412.1130.77"),
            ("Paid, KQ550918.2231.X0042, balance GH₵14.", "KQ550918.2231.X0042"),
            ("The bank transfer is done, transaction id is TX44120987.0031.", "TX44120987.0031"),
            ("Refund went out as reference RF88120.04.", "RF88120.04"),
        ],
    )
    def test_a_dotted_transaction_id_is_read_whole(self, content, code):
        assert (code, code) in of_type(said_by_assistant(content), "identifier")

    def test_the_user_reading_one_out_is_read(self):
        facts = of_type(said_by_user("momo says txn DL70215.1822.M3301 went through"), "identifier")
        assert facts == [("DL70215.1822.M3301", "DL70215.1822.M3301")]

    @pytest.mark.parametrize(
        "content",
        [
            "is the transaction MT271104.0915.B20417 or another one?",
            "update the app to v2.14.1 first",
            "the old tariff was 1204.50 and now 1310.75",
            "we sat in room B1204.2 for the exam",
        ],
    )
    def test_no_dotted_code_from_a_question_a_sum_or_a_version(self, content):
        assert of_type(said_by_user(content), "identifier") == []
