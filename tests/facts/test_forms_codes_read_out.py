"""Codes read out as they were given, letters first and groups joined by slashes or hyphens, in lower case as
a visitor types them or in capitals ("it 's kt/25/11902", "they said fp-2026-0457", "i 've logged it for you :
rb/cx/55120"); and a code said first in a turn that then asks for it to be noted ("it 's kt/25/11902 , can you
keep it ?"). Not a date, a web address, a count of years or a question about a code.
Written for these tests; the chats are said on Monday 6 July 2026."""

import pytest

from tests.facts.booking_chats import of_type, said_by_user, values


class TestCodesReadOut:
    @pytest.mark.parametrize(
        ("said", "code"),
        [
            ("they said fp-2026-0457 .", ("fp-2026-0457", "FP-2026-0457")),
            ("it 's kt/25/11902 .", ("kt/25/11902", "KT/25/11902")),
            ("it was mw/26/4410 .", ("mw/26/4410", "MW/26/4410")),
        ],
    )
    def test_a_visitor_reads_a_code_out(self, said, code):
        assert of_type(said_by_user(said), "identifier") == [code]

    def test_a_desk_gives_one_after_a_colon(self):
        said = "you can follow it up online . i 've logged it for you : rb/cx/55120 ."
        assert values(said, "identifier") == ["rb/cx/55120"]

    def test_a_code_said_then_asked_to_be_kept(self):
        said = "it 's kt/25/11902 , can you keep it ?"
        assert values(said, "identifier", role="user") == ["kt/25/11902"]


class TestNoCodeReadOut:
    @pytest.mark.parametrize(
        "said",
        [
            "is it kt/25/11902 ?",
            "what is fp-2026-0457 for ?",
            "the form is at gov.uk/forms/20461 online .",
            "we come back on 12-mar-2026 .",
            "prices are back to pre-2020-levels now .",
            "it was a pre-war-1938 model .",
            "it was covid-19 that stopped us .",
        ],
    )
    def test_no_code(self, said):
        assert values(said, "identifier", role="user") == []
