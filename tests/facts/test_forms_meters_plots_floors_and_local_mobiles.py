"""Forms of household admin said abroad: a prepaid meter and its token, a waybill, a scheme's letters before
a long number, an account opened by a single digit, a company's UEN, an enrollee's slashed ID; a floor or a
plot before the street, a Malaysian street's own number, a locality in capitals; a shortened weekday where
a day is set; a local mobile of eight digits. Written for this test."""

from tests.facts.booking_chats import facts_of, of_type, said_by_assistant, said_by_user


def _ids(found: list[tuple[str, str, str]]) -> list[str]:
    return [v for v, _ in of_type(found, "identifier")]


# ------------------------------------------------------------------ identifiers


def test_a_meter_number_after_its_word_is_an_identifier_not_a_phone():
    found = said_by_user("lights are about to go, top it up please. meter no 61234009871")
    assert _ids(found) == ["61234009871"]
    assert of_type(found, "phone") == []


def test_a_meter_named_alone_before_its_number():
    assert _ids(said_by_assistant("Done, R300 loaded on meter 07711230045.")) == ["07711230045"]


def test_a_meter_as_a_length_is_no_code():
    assert _ids(said_by_user("it is a 400 meter walk, then 1200000 people at the fair")) == []


def test_a_prepaid_token_in_fours():
    found = said_by_assistant("Purchase done. Your token is 5512 0034 8871 2290 4406.")
    assert _ids(found) == ["5512 0034 8871 2290 4406"]


def test_a_token_counted_is_no_code():
    assert _ids(said_by_user("how many tokens do I get for 2000 rand?")) == []


def test_a_waybill_with_letters_and_groups():
    assert _ids(said_by_assistant("Collected, waybill KT 20417 3381.")) == ["KT 20417 3381"]


def test_a_scheme_s_letters_before_a_long_number():
    assert _ids(said_by_user("bill my medical aid, member no GX 55120981")) == ["GX 55120981"]


def test_an_account_opened_by_a_single_digit():
    found = said_by_user("water bill is $88.10, account 7 004 318 552")
    assert _ids(found) == ["7 004 318 552"]
    assert of_type(found, "phone") == []


def test_an_account_for_a_sum_is_no_code():
    assert _ids(said_by_user("put 2 000 into the account for me")) == []


def test_a_company_uen():
    assert _ids(said_by_assistant("Pay them by PayNow to UEN 53112233D.")) == ["53112233D"]


def test_an_enrollee_id_with_slashes():
    assert _ids(said_by_user("my HMO enrollee ID is HYG/3301/11842")) == ["HYG/3301/11842"]


# ------------------------------------------------------------------ addresses


def test_a_floor_before_the_street():
    found = said_by_user("2nd floor, 14 Long St, Cape Town 8001. ring when you are here")
    assert [v for v, _ in of_type(found, "address")] == ["2nd floor, 14 Long St, Cape Town 8001"]


def test_a_floor_alone_is_no_address():
    assert of_type(said_by_user("the lift stops at the 3rd floor, 20 Seats left"), "address") == []


def test_a_plot_is_the_house():
    found = said_by_assistant("The guesthouse at Plot 27 Adeola Crescent, Ikoyi, Lagos has a room.")
    assert [v for v, _ in of_type(found, "address")] == ["Plot 27 Adeola Crescent, Ikoyi, Lagos"]


def test_a_plot_of_land_is_no_address():
    assert of_type(said_by_user("the plot is 600 square metres"), "address") == []


def test_a_malaysian_street_with_its_own_number_and_a_postcode_before_the_town():
    found = said_by_user("send it to 8 Jalan Cempaka 3, Taman Bukit Indah, 81200 Johor Bahru")
    assert [v for v, _ in of_type(found, "address")] == [
        "8 Jalan Cempaka 3, Taman Bukit Indah, 81200 Johor Bahru"
    ]


def test_a_locality_that_opens_with_capitals():
    found = said_by_user("drop it at 12 Elelenwo Rd, GRA Phase 3, Port Harcourt. thanks")
    assert [v for v, _ in of_type(found, "address")] == ["12 Elelenwo Rd, GRA Phase 3, Port Harcourt"]


# ------------------------------------------------------------------ shortened weekdays


def _dates(text: str) -> list[str]:
    return [v for v, _ in of_type(said_by_user(text), "date")]


def test_a_shortened_weekday_said_last_where_a_day_is_set():
    assert _dates("do the transfer on the week after instead, thurs") == ["thurs"]


def test_a_shortened_weekday_last_in_a_list_is_no_day():
    assert _dates("we need eggs, milk, sun") == []


def test_a_shortened_weekday_before_a_clock_with_an_h():
    assert _dates("remind me weds at 16h30 to call the plumber") == ["weds"]


def test_a_shortened_weekday_after_what_is_held_on_it():
    assert _dates("drinks there thurs for his farewell") == ["thurs"]


def test_a_shortened_weekday_accepted():
    assert _dates("Fri can. 10 ok") == ["Fri"]


def test_two_weekdays_joined_by_and_at_a_clock_are_two_days():
    found = said_by_assistant("The choir sings on thursday and saturday at 7.30 pm.")
    assert [v for v, _ in of_type(found, "date")] == ["thursday", "saturday"]


def test_a_range_of_weekdays_at_a_clock_names_no_day():
    assert of_type(said_by_assistant("The shuttle runs monday to friday at 7.30 am."), "date") == []


# ------------------------------------------------------------------ local mobiles


def test_a_local_mobile_in_a_conversation_about_singapore():
    facts = facts_of(
        "Find me a plumber in Tampines, Singapore please",
        "Ah Seng Plumbing can come at 3pm. They are on +65 6123 4410.",
        "ok. my neighbour Mei Ling Tan 9123 4567, she has the key",
    )
    assert [(seq, v) for seq, t, v, _ in facts if t == "phone"] == [(2, "+65 6123 4410"), (3, "9123 4567")]


def test_eight_digits_with_no_country_are_no_phone():
    assert of_type(said_by_user("my neighbour Mei Ling Tan 9123 4567, she has the key"), "phone") == []


def test_eight_digits_counted_are_no_phone():
    facts = facts_of(
        "We are in Singapore now",
        "Welcome!",
        "the stadium had 5512 0034 fans on the phone app. call Lee Tan 9123 4567 too",
    )
    assert [v for _, t, v, _ in facts if t == "phone"] == ["9123 4567"]
