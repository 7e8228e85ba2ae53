"""Codes in capitals whose prefix is two groups, the second a single letter for the kind of thing the code
is for ("CL-R-30671" a repair, "CL-T-11902" a tenancy, "TIS-J-30419" a job card), read wherever they are
said, as codes with a longer second group ("EXC-RTB-30217") are. Written for these tests, with sentences that
look like them and name no code: letters and a year, a letter grade, a road, a count after a dash."""

import pytest

from tests.facts.booking_chats import of_type, said_by_assistant, said_by_user


class TestLetteredCodes:
    @pytest.mark.parametrize(
        "content,code",
        [
            ("The plumber is booked, repair HB-R-40917. He comes Thursday.", "HB-R-40917"),
            ("Your lease is filed as tenancy KL-T-55021.", "KL-T-55021"),
            ("Booked for Friday at 9, job MCS-J-20884.", "MCS-J-20884"),
            ("The claim went in as AV-C-7731-02 this morning.", "AV-C-7731-02"),
        ],
    )
    def test_a_code_with_a_single_letter_group_is_read(self, content, code):
        assert (code, code) in of_type(said_by_assistant(content), "identifier")

    def test_the_user_giving_one_is_read(self):
        facts = of_type(said_by_user("the landlord's ref on the letter is PQ-L-30045"), "identifier")
        assert ("PQ-L-30045", "PQ-L-30045") in facts

    @pytest.mark.parametrize(
        "content",
        [
            "we are on the X-Y-2020 plan at work",
            "she got an A-B grade in maths",
            "take the A-1 and then the M-4 west",
            "the trains run every A-B-12 minutes",
        ],
    )
    def test_no_code_without_enough_digits_or_with_a_year(self, content):
        assert of_type(said_by_user(content), "identifier") == []
