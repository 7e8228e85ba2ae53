"""Titles of songs, playlists and albums are no address and no day.

- a playlist, song or album "called" or "named" something ("a playlist called Coast Road to Dover") names a
  work: its street word is no street, and said again later ("Hey Jude is now on Coast Road to Dover") it is
  still the title;
- what is played ("Now playing Blue Monday Blues", "play the song Sunday Morning Coming Home") is a title: its
  weekday is no day;
- a day said about playing ("Can you play it Sunday?", "we're playing on Saturday at 3") keeps its day, and a
  street said with no title stays an address.

Every sentence is written for these tests."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, values


class TestTitlesAreNoPlaces:
    def test_a_named_playlist_is_no_street_now_or_later(self):
        facts = facts_of(
            "Make me a playlist for the drive.",
            "I made a playlist called Coast Road to Dover with 30 songs.",
            "Add Hey Jude.",
            "Hey Jude by the Beatles is now on Coast Road to Dover.",
        )
        assert in_turn(facts, 2, "address") == [] and in_turn(facts, 4, "address") == []

    @pytest.mark.parametrize(
        "said",
        [
            "Now playing Blue Monday Blues.",
            "Playing Sunday Morning Coming Home by the Kettle Band.",
            "Sure, I'll play the song Tuesday Night Rain.",
            "I've queued up Friday Lights Avenue for you.",
        ],
    )
    def test_a_title_played_has_no_day_and_no_street(self, said):
        assert values(said, "date") == [] and values(said, "address") == []


class TestDaysAndStreetsStay:
    @pytest.mark.parametrize(
        "said,day",
        [
            ("Sure, I can play it Sunday.", "Sunday"),
            ("We're playing on Saturday at 3.", "Saturday"),
            ("I'll play them Friday evening.", "Friday evening"),
        ],
    )
    def test_a_day_to_play_keeps_its_day(self, said, day):
        assert values(said, "date") == [day]

    def test_a_street_with_no_title_stays(self):
        facts = facts_of("I live on Park Road.", "Noted, Park Road.")
        assert in_turn(facts, 1, "address") == [("Park Road", "Park Road")]
