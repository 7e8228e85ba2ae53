"""Values people give a virtual assistant that books appointments, sends money and rents storage, in the
forms the rules used to miss: "this week" or "today" said of whoever can take one in, or of what a short
request wants ("a dentist who can see me this week?", "Somewhere in Reno this week."); a sum to send
changed in the reply before it goes ("Actually make it forty." after "send $32.50"), or said in words in the
sentence after the sum to send is named ("Pay Theo his share. It's twenty two fifty."); a bare hour asked
of the other side after clocks were offered ("Can they do 11?"), or asked with tickets ("Two tickets for
around 11." after "open from 10 am to 5 pm"). And values that are none: a size said as two numbers ("a 10
by 10 unit") is no deadline clock; a day one will not make it ("I won't make it today") is turned down.
One case per form, written for these tests (the chat's turns are dated Monday 6 July 2026), with sentences
that look like them and state none."""

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant, said_by_user


class TestADayOfWhoCanTakeOneIn:
    def test_a_doctor_who_can_see_me_this_week(self):
        facts = said_by_user("Could you find an optician who can see me this week?")
        assert of_type(facts, "date") == [("this week", "2026-07-12")]

    def test_can_they_fit_us_in_today(self):
        assert of_type(said_by_user("Can they fit us in today?"), "date") == [("today", "2026-07-06")]

    def test_a_short_request_for_somewhere_this_week(self):
        facts = said_by_user("My brakes squeal. Somewhere in Reno this week.")
        assert of_type(facts, "date") == [("this week", "2026-07-12")]

    def test_someone_who_saw_me_today_is_no_request(self):
        assert of_type(said_by_user("Did the nurse see me today?"), "date") == []

    def test_somewhere_that_is_busy_this_week_is_no_request(self):
        assert of_type(said_by_user("Somewhere is always packed this week."), "date") == []


class TestASumChangedBeforeItIsSent:
    def test_make_it_a_round_sum_in_words(self):
        facts = facts_of(
            "Send Ravi $27.80 for the tickets.",
            "Please confirm: send $27.80 to Ravi Menon.",
            "Actually make it thirty.",
        )
        assert in_turn(facts, 3, "amount") == [("thirty", "30.00")]

    def test_round_it_to_a_sum_asked_for(self):
        facts = facts_of(
            "Request the hotel money from Mia.",
            "Please confirm: request $286.40 from Mia Lund.",
            "Round it down to two eighty. No, round it to three hundred.",
        )
        assert ("three hundred", "300.00") in in_turn(facts, 3, "amount")

    def test_a_question_proposing_the_sum(self):
        facts = facts_of(
            "Pay the window cleaner.", "Please confirm: pay $45 to Clearview.", "Can you make it fifty?"
        )
        assert in_turn(facts, 3, "amount") == [("fifty", "50.00")]

    def test_make_it_a_count_of_tickets_is_no_sum(self):
        facts = facts_of("Seats for the play?", "Please confirm: 2 seats for $36.", "Make it three.")
        assert in_turn(facts, 3, "amount") == []

    def test_make_it_people_is_no_sum(self):
        facts = facts_of("Send Ola $5.", "Please confirm: send $5 to Ola Berg.", "Make it 4 people.")
        assert in_turn(facts, 3, "amount") == []

    def test_dollars_and_cents_after_a_share_to_send(self):
        facts = said_by_user("Pay Theo his share of the groceries. It's twenty two fifty.")
        assert of_type(facts, "amount") == [("twenty two fifty", "22.50")]

    def test_a_rent_in_words_is_not_read_as_cents(self):
        assert of_type(said_by_user("Send Ana the rent. It's twelve fifty."), "amount") == []


class TestAnHourAskedOfTheOtherSide:
    def test_can_they_do_a_bare_hour_after_clocks_offered(self):
        facts = facts_of(
            "A trim for the dog on Tuesday?",
            "They have 9:30 am and 1 pm on Tuesday.",
            "Hmm, can they do 11?",
        )
        assert in_turn(facts, 3, "time") == [("11", "11:00")]

    def test_could_you_do_an_hour_instead(self):
        facts = facts_of("A lesson Friday?", "I have 3:30 pm or 5 pm.", "Could you do 4 instead?")
        assert in_turn(facts, 3, "time") == [("4", "16:00")]

    def test_with_no_clock_offered_it_is_no_hour(self):
        facts = facts_of("Do they sell the big boxes?", "Yes, they do.", "Can they do 11?")
        assert in_turn(facts, 3, "time") == []


class TestASizeIsNoClock:
    OFFER = (
        "Keepsafe at 4420 Lakeview Dr has a 10 by 10 unit for $130 a month."
        " Boxit has a 5 by 10 for $80 a month."
    )

    def test_units_said_as_two_numbers_after_an_address(self):
        assert of_type(said_by_assistant(self.OFFER), "time") == []

    def test_a_size_chosen_at_a_sentence_start(self):
        facts = facts_of("Any storage nearby?", self.OFFER, "10 by 10 at Keepsafe. From the 3rd.")
        assert in_turn(facts, 3, "time") == []

    def test_a_temperature_by_an_hour_after_a_clock_is_one(self):
        facts = said_by_assistant("It'll be 50 degrees at 8 am and 64 by 11.")
        assert ("11", "11:00") in of_type(facts, "time")


class TestADayOneWillNotMakeIt:
    def test_i_wont_make_it_today_turns_the_day_down(self):
        facts = said_by_user("Move the pickup to tomorrow night, I won't make it today.")
        assert of_type(facts, "date") == [("tomorrow night", "2026-07-07")]

    def test_we_cant_make_it_a_weekday(self):
        assert of_type(said_by_user("We can't make it Thursday after all."), "date") == []

    def test_ill_make_it_a_weekday_keeps_the_day(self):
        assert of_type(said_by_user("I'll make it Thursday then."), "date") == [("Thursday", "2026-07-09")]


class TestTicketsForAnHourOffered:
    def test_tickets_for_around_an_hour_after_opening_hours(self):
        facts = facts_of(
            "Is the aquarium open Sunday?",
            "Yes, from 9 am to 6 pm, $28 a person.",
            "Three tickets for around 10.",
        )
        assert in_turn(facts, 3, "time") == [("10", "10:00")]
        assert in_turn(facts, 3, "amount") == []

    def test_tickets_for_about_a_sum_of_the_price_s_size_stay_a_price(self):
        facts = facts_of("The late show?", "It's at 9 pm, $12 a seat.", "Two tickets for about 10.")
        assert in_turn(facts, 3, "time") == []

    def test_with_no_clock_offered_it_is_no_hour(self):
        facts = facts_of("Tickets for the zoo?", "They're $28 a person.", "Three tickets for around 10.")
        assert in_turn(facts, 3, "time") == []
