"""A British plate in lower case with its two parts spaced ("pk19 wzd"), said alone where the turn or
the turns before speak of a car: the answer to "what 's the registration ?", a list of the cars' plates, a
permit made for one. Not where no car is spoken of, nor a word in place of its last part. Written for these
tests."""

from tests.facts.booking_chats import facts_of, in_turn


def _plates(facts, seq):
    return [value for value, _ in in_turn(facts, seq, "identifier")]


def test_the_answer_to_the_registration_asked_is_a_plate():
    facts = facts_of(
        "can my brother park here tonight ?", "yes . what 's the car 's registration ?", "it 's pk19 wzd ."
    )
    assert _plates(facts, 3) == ["pk19 wzd"]


def test_plates_listed_for_the_cars_are_each_read():
    facts = facts_of(
        "we 're bringing three cars for the weekend .",
        "give me the registrations , please .",
        "dn20 fxk , lm63 oeb and bt71 ruw .",
    )
    assert _plates(facts, 3) == ["dn20 fxk", "lm63 oeb", "bt71 ruw"]


def test_a_plate_said_back_in_the_permit_is_read():
    facts = facts_of("the van is a white transit .", "the permit for hx18 kpa runs until monday .")
    assert _plates(facts, 2) == ["hx18 kpa"]


def test_the_same_shape_with_no_car_spoken_of_is_none():
    facts = facts_of("where do we meet ?", "by the gate , bz14 tql is on the sign .")
    assert _plates(facts, 2) == []


def test_a_word_after_the_digits_is_no_plate():
    facts = facts_of(
        "which car park is it ?", "the car park by block cx12 for the visitors .", "at12 for lunch then ."
    )
    assert _plates(facts, 2) == [] and _plates(facts, 3) == []
