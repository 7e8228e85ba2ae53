"""The task dialogues written for the extractor (tests/facts/data), each read whole.

Each file's floor sits a little under what the rules reach on it, so a change that
loses values anywhere in a file fails here. "check" files were written after the
rules they measure; docs/benchmarks.md gives their first-run figures.
"""

from pathlib import Path

import pytest

from facts.evaluation import conversations_from_file, evaluate

DATA = Path(__file__).parent / "data"


@pytest.mark.parametrize(
    ("name", "values", "recall", "precision", "clean"),
    [
        ("task_dialogues_dev.jsonl", 190, 0.97, 0.0, 0.9),
        ("natural_dialogues_check.jsonl", 230, 0.98, 0.0, 0.8),
        ("task_dialogues_check_places.jsonl", 90, 0.98, 0.97, 0.7),
        ("task_dialogues_check_values.jsonl", 260, 0.98, 0.98, 0.8),
        ("task_dialogues_check_long.jsonl", 500, 0.97, 0.97, 0.7),
        ("task_dialogues_check_heldout.jsonl", 670, 0.98, 0.98, 0.8),
        ("natural_dialogues_check_services.jsonl", 130, 0.98, 0.98, 0.5),
        ("natural_dialogues_check_forms.jsonl", 160, 0.97, 0.96, 0.5),
        ("task_dialogues_check_forms.jsonl", 76, 0.98, 0.98, 0.5),
        ("errand_dialogues_check_unseen.jsonl", 400, 0.95, 0.95, 0.6),
        ("vendor_dialogues_check_unseen.jsonl", 210, 0.98, 0.95, 0.6),
        ("desk_dialogues_check_unseen.jsonl", 390, 0.97, 0.95, 0.5),
        ("assistant_dialogues_check_unseen.jsonl", 420, 0.97, 0.94, 0.5),
        ("assistant_services_check_unseen.jsonl", 340, 0.98, 0.98, 0.5),
        ("tourist_desk_check_unseen.jsonl", 300, 0.98, 0.98, 0.5),
        ("assistant_tasks_check_unseen.jsonl", 530, 0.98, 0.98, 0.7),
        ("town_desk_check_unseen.jsonl", 600, 0.99, 0.99, 0.8),
        ("abroad_and_home_check_unseen.jsonl", 720, 0.985, 0.98, 0.8),
        ("information_desk_check_unseen.jsonl", 525, 0.98, 0.98, 0.6),
        ("life_admin_check_unseen.jsonl", 545, 0.95, 0.965, 0.6),
        ("service_desk_check_unseen.jsonl", 475, 0.97, 0.99, 0.6),
        ("houses_games_and_trips_check_unseen.jsonl", 630, 0.97, 0.98, 0.8),
        ("weddings_moves_and_refunds_check_unseen.jsonl", 680, 0.97, 0.97, 0.6),
        ("travel_desk_check_unseen.jsonl", 515, 0.98, 0.98, 0.8),
        ("town_visits_check_unseen.jsonl", 470, 0.98, 0.98, 0.8),
        ("term_care_shop_and_pets_check_unseen.jsonl", 555, 0.985, 0.95, 0.6),
        ("seaside_teams_and_arrivals_check_unseen.jsonl", 470, 0.975, 0.95, 0.6),
        ("night_shifts_road_trips_and_campuses_check_unseen.jsonl", 770, 0.985, 0.965, 0.6),
        ("transfers_trips_and_visits_check_unseen.jsonl", 565, 0.99, 0.99, 0.6),
        ("desk_weekends_and_first_posts_check_unseen.jsonl", 500, 0.97, 0.98, 0.4),
        ("payroll_kitchens_and_cruises_check_unseen.jsonl", 730, 0.99, 0.97, 0.6),
        ("graduations_delays_tournaments_and_fairs_check_unseen.jsonl", 470, 0.98, 0.99, 0.4),
        ("salons_festivals_rentals_and_layovers_check_unseen.jsonl", 390, 0.985, 0.975, 0.4),
        ("eye_exams_ferries_storage_and_concerts_check_unseen.jsonl", 600, 0.99, 0.98, 0.6),
        ("museums_repairs_marinas_tests_and_luggage_check_unseen.jsonl", 425, 0.97, 0.93, 0.6),
        ("touring_bakeries_fieldwork_and_hives_check_unseen.jsonl", 685, 0.97, 0.965, 0.4),
        ("birthdays_new_jobs_claims_allotments_and_dentists_check_unseen.jsonl", 730, 0.985, 0.975, 0.4),
        ("dinners_flights_viewings_and_vets_check_unseen.jsonl", 715, 0.985, 0.975, 0.2),
        ("ferries_lodges_box_offices_vets_and_permits_check_unseen.jsonl", 375, 0.96, 0.935, 0.2),
        ("market_town_visitor_desk_check_unseen.jsonl", 370, 0.97, 0.95, 0.4),
        ("city_information_desk_check_unseen.jsonl", 415, 0.98, 0.96, 0.5),
        ("wrists_rugby_berlin_and_bachelorettes_check_unseen.jsonl", 935, 0.99, 0.985, 0.6),
        ("airports_halls_replacement_buses_and_coach_tours_check_unseen.jsonl", 440, 0.965, 0.965, 0.2),
        ("chained_desk_tasks_check_unseen.jsonl", 585, 0.995, 0.97, 0.8),
        ("visas_disputes_leaks_enrolments_and_rental_cars_check_unseen.jsonl", 710, 0.987, 0.96, 0.8),
        ("concierge_chats_abroad_check_unseen.jsonl", 680, 0.985, 0.96, 0.6),
        ("assistant_errands_across_services_check_unseen.jsonl", 990, 0.985, 0.985, 0.0),
        ("households_in_five_countries_check_unseen.jsonl", 1125, 0.955, 0.945, 0.0),
        ("station_travel_centre_and_city_desk_check_unseen.jsonl", 735, 0.955, 0.965, 0.0),
        ("chained_bookings_of_a_university_town_check_unseen.jsonl", 700, 0.985, 0.975, 0.6),
        ("a_family_month_through_an_assistant_check_unseen.jsonl", 1315, 0.97, 0.94, 0.0),
        ("home_and_work_in_five_more_countries_check_unseen.jsonl", 900, 0.94, 0.9, 0.0),
        ("festival_week_help_desk_check_unseen.jsonl", 770, 0.965, 0.945, 0.0),
        ("households_in_five_more_places_check_unseen.jsonl", 1035, 0.925, 0.94, 0.0),
        ("small_businesses_through_the_month_check_unseen.jsonl", 1270, 0.97, 0.935, 0.0),
        ("seaside_hotel_front_desk_check_unseen.jsonl", 880, 0.96, 0.975, 0.0),
    ],
)
def test_each_file_is_read_whole_with_nothing_unsupported(name, values, recall, precision, clean):
    figures = evaluate(conversations_from_file(DATA / name), name=name, measure_summaries=False).as_dict()

    assert figures["gold_values"] >= values
    assert figures["unsupported"] == 0
    assert figures["recall"] >= recall
    assert figures["precision"] >= precision
    assert figures["clean_rate"] >= clean
