"""Labelling, agreement and adjudication, as services: who may, what is refused, what is audited."""

import pytest

from conversations.models import LabelledQuery
from facts.models import GoldFact, PinnedFact
from facts.staff import fact_correct
from memadmin.errors import Conflict, InvalidInput, PermissionRefused
from memadmin.models import AuditEntry
from memadmin.permissions import Role
from qa import services
from qa.agreement import cohens_kappa, fleiss_kappa
from qa.models import GoldSet, Label
from tests.factories import ConversationFactory, UserFactory
from tests.qa.scenario import SHORT, label, span, stored, turns_of

pytestmark = pytest.mark.django_db


class TestLabelAdd:
    def test_a_label_is_the_selected_words_of_a_turn(self, short, qa_user):
        made = label(short, qa_user, "amount", "price", 1, "$1,200")

        assert (made.value, made.source_seq, made.span_start, made.span_end) == ("$1,200", 1, 39, 45)
        assert made.label_set.annotator == qa_user and not made.from_suggestion
        entry = AuditEntry.objects.get(action="memadmin.qa.label.added")
        assert (entry.actor, entry.conversation_id, entry.after["value"]) == (qa_user, short.pk, "$1,200")

    @pytest.mark.parametrize(
        "change,code",
        [
            ({"value": "$1,201"}, "span_mismatch"),
            ({"span_end": 999}, "span_mismatch"),
            ({"source_seq": 9}, "unknown_turn"),
            ({"type": "colour"}, "invalid_type"),
            ({"key": "Price!"}, "invalid_key"),
        ],
    )
    def test_bad_input_is_refused_and_nothing_is_stored(self, short, qa_user, change, code):
        fields = {"type": "amount", "key": "price", **span(short, 1, "$1,200"), **change}
        with pytest.raises(InvalidInput) as refused:
            services.label_add(conversation=short, actor=qa_user, **fields)

        assert refused.value.code == code
        assert not Label.objects.exists()

    def test_the_same_words_twice_is_a_conflict(self, short, qa_user):
        label(short, qa_user, "amount", "price", 1, "$1,200")
        with pytest.raises(Conflict):
            label(short, qa_user, "amount", "price", 1, "$1,200")

    @pytest.mark.parametrize("persona", ["support_user", "privacy_user", "outsider", "service_user"])
    def test_only_qa_and_admin_may_label(self, short, persona, request):
        with pytest.raises(PermissionRefused):
            label(short, request.getfixturevalue(persona), "amount", "price", 1, "$1,200")
        assert not Label.objects.exists()

    def test_admin_may_label(self, short, admin_user):
        assert label(short, admin_user, "amount", "price", 1, "$1,200").pk

    def test_a_submitted_set_cannot_change(self, short, qa_user):
        made = label(short, qa_user, "amount", "price", 1, "$1,200")
        services.label_set_submit(conversation=short, actor=qa_user)

        with pytest.raises(Conflict, match="submitted"):
            label(short, qa_user, "identifier", "order_id", 1, "ORD-55120")
        with pytest.raises(Conflict):
            services.label_remove(label=made, actor=qa_user)

    def test_an_annotator_cannot_remove_anothers_label(self, short, qa_user, second_qa):
        theirs = label(short, second_qa, "amount", "price", 1, "$1,200")
        with pytest.raises(PermissionRefused):
            services.label_remove(label=theirs, actor=qa_user)
        assert Label.objects.filter(pk=theirs.pk).exists()


class TestSuggestions:
    def test_a_suggestion_is_taken_only_once_shown_and_is_recorded_as_one(self, short, qa_user):
        fact = stored(short, "identifier", "order_id", "ORD-55120", 1)
        with pytest.raises(Conflict, match="suggestions"):
            services.label_add(
                conversation=short, actor=qa_user, type="", key="", source_seq=0, span_start=0, span_end=0,
                value="", suggestion_id=fact.pk,
            )  # fmt: skip
        label_set = services.label_set_show_suggestions(conversation=short, actor=qa_user)
        taken = services.label_add(
            conversation=short, actor=qa_user, type="", key="", source_seq=0, span_start=0, span_end=0,
            value="", suggestion_id=fact.pk,
        )  # fmt: skip

        assert label_set.suggestions_shown_at is not None
        assert (taken.from_suggestion, taken.value, taken.key, taken.type) == (
            True, "ORD-55120", "order_id", "identifier",
        )  # fmt: skip
        assert AuditEntry.objects.filter(action="memadmin.qa.suggestions.shown", actor=qa_user).count() == 1


class TestAgreement:
    def test_rate_and_kappa_match_a_hand_count(self, short, qa_user, second_qa):
        for args in [
            ("identifier", "order_id", 1, "ORD-55120"),
            ("amount", "price", 1, "$1,200"),
            ("amount", "refund_amount", 2, "1200 dollars"),
            ("date", "refund_date", 2, "3 June 2026"),
            ("address", "return_address", 3, "14 Elm St, Leeds"),
        ]:
            label(short, qa_user, *args)
        label(short, second_qa, "identifier", "order_id", 1, "ORD-55120")  # agrees
        label(short, second_qa, "amount", "refund", 2, "1200 dollars")  # agrees with "$1,200": 1200 USD
        label(short, second_qa, "commitment", "refund", 2, "A refund of 1200 dollars goes back to your card")
        label(short, second_qa, "address", "city", 3, "Leeds")  # same words, another value
        for who in (qa_user, second_qa):
            services.label_set_submit(conversation=short, actor=who)

        agreement = services.agreement_of(short).pairs[0].agreement

        assert [i.status for i in agreement.items] == [
            "agreed", "agreed", "type differs", "first only", "value differs",
        ]  # fmt: skip
        assert agreement.rate == 0.4  # 2 of 5 facts
        # types: first [identifier, amount, amount, date, address],
        # second [identifier, amount, commitment, not labelled, address]: p_o = 3/5,
        # p_e = (1*1 + 2*1 + 1*1) / 25 = 4/25, kappa = (0.6 - 0.16) / 0.84
        assert agreement.kappa == round(0.44 / 0.84, 4)

    def test_three_sets_line_up_fact_by_fact_with_every_pair_measured(self, short, qa_user, second_qa):
        third = UserFactory(username="tess-qa", roles=[Role.QA])
        label(short, qa_user, "identifier", "order_id", 1, "ORD-55120")
        label(short, qa_user, "amount", "price", 1, "$1,200")
        label(short, qa_user, "address", "return_address", 3, "14 Elm St, Leeds")
        label(short, second_qa, "identifier", "order_id", 1, "ORD-55120")
        label(short, second_qa, "amount", "refund", 2, "1200 dollars")  # one amount with "$1,200"
        label(short, second_qa, "address", "city", 3, "Leeds")  # the same words, another value
        label(short, third, "identifier", "order_id", 1, "ORD-55120")
        label(short, third, "date", "refund_date", 2, "3 June 2026")
        label(short, third, "commitment", "refund", 2, "A refund of 1200 dollars goes back to your card")
        for who in (qa_user, second_qa, third):
            services.label_set_submit(conversation=short, actor=who)

        agreement = services.agreement_of(short)

        assert agreement.names == ("quinn-qa", "quentin-qa", "tess-qa")
        # in turn order: the order id, the amount (the commitment overlaps "1200 dollars"), the
        # date only the third labelled, the address the first two read differently
        assert [(f.status, f.kept_by_default) for f in agreement.facts] == [
            ("agreed", True), ("2 of 3 agree", True), ("only tess-qa", False), ("value differs", False),
        ]  # fmt: skip
        assert [[x.value if x else None for x in f.labels] for f in agreement.facts][1] == [
            "$1,200", "1200 dollars", "A refund of 1200 dollars goes back to your card",
        ]  # fmt: skip
        # pairs, counted as compare counts two sets:
        # first/second: id, amount agreed; the address differs: 2 of 3; types all alike: kappa 1
        # first/third: id agreed; 5 facts; p_o = 1/5, p_e = (1*1 + 2*2)/25 = 1/5: kappa 0
        # second/third: id agreed; amount~commitment; 4 facts; p_o = 1/4, p_e = 2/16: kappa 1/7
        assert [(p.agreement.agreed, len(p.agreement.items), p.agreement.rate, p.agreement.kappa)
                for p in agreement.pairs] == [
            (2, 3, 0.6667, 1.0), (1, 5, 0.2, 0.0), (1, 4, 0.25, round(1 / 7, 4)),
        ]  # fmt: skip
        assert agreement.rate == round((0.6667 + 0.2 + 0.25) / 3, 4)
        assert agreement.kappa == round((1.0 + 0.0 + round(1 / 7, 4)) / 3, 4)  # Light's kappa
        # Fleiss over the 4 facts x 3 sets: P_i = 1, 1/3, 1/3, 1/3, mean 1/2; category shares of 12
        # ratings: identifier 3, not labelled 3, amount 2, address 2, commitment 1, date 1
        expected = (2 * 9 + 2 * 4 + 2 * 1) / 144
        assert agreement.fleiss_kappa == round((0.5 - expected) / (1 - expected), 4)
        assert agreement.as_dict()["pairs"][2] == {
            "annotators": ["quentin-qa", "tess-qa"], "facts": 4, "agreed": 1, "rate": 0.25,
            "kappa": round(1 / 7, 4),
        }  # fmt: skip

    def test_fleiss_kappa_matches_a_hand_count(self):
        # 2 items x 3 raters: P_1 = 1, P_2 = 1/3; mean 2/3; shares a 4/6, b 2/6: P_e = 5/9
        assert fleiss_kappa([("a", "a", "a"), ("a", "b", "b")]) == round((2 / 3 - 5 / 9) / (4 / 9), 4)
        assert fleiss_kappa([("a", "a", "a"), ("a", "a", "a")]) == 1.0
        assert fleiss_kappa([]) is None

    def test_kappa_of_perfect_agreement_is_one(self):
        assert cohens_kappa([("amount", "amount"), ("amount", "amount")]) == 1.0
        assert cohens_kappa([]) is None


class TestAdjudication:
    def submitted(self, short, first, second):
        mine = label(short, first, "amount", "price", 1, "$1,200")
        theirs = label(short, second, "amount", "price", 1, "$1,200")
        extra = label(short, second, "identifier", "order_id", 1, "ORD-55120")
        for who in (first, second):
            services.label_set_submit(conversation=short, actor=who)
        return mine, theirs, extra

    def test_the_kept_labels_become_the_gold_set(self, short, qa_user, second_qa, admin_user):
        mine, theirs, extra = self.submitted(short, qa_user, second_qa)
        GoldFact.objects.create(conversation=short, type="email", key="e", value="old@x", source_seq=1)

        gold = services.gold_set_adjudicate(
            conversation=short, actor=admin_user, keep=[mine.pk, theirs.pk, extra.pk], note="ok"
        )

        assert sorted(GoldFact.objects.filter(conversation=short).values_list("value", flat=True)) == [
            "$1,200",
            "ORD-55120",
        ]
        assert (gold.origin, gold.adjudicated_by, gold.agreement["facts"], gold.agreement["agreed"]) == (
            "adjudicated", admin_user, 2, 1,
        )  # fmt: skip
        entry = AuditEntry.objects.get(action="memadmin.qa.gold.adjudicated")
        assert (entry.before["gold_facts"], entry.after["gold_facts"], entry.reason) == (1, 2, "ok")

    def test_labels_of_any_submitted_set_can_be_kept(self, short, qa_user, second_qa, admin_user):
        self.submitted(short, qa_user, second_qa)
        third = UserFactory(username="tess-qa", roles=[Role.QA])
        late = label(short, third, "address", "return_address", 3, "14 Elm St, Leeds")
        services.label_set_submit(conversation=short, actor=third)

        gold = services.gold_set_adjudicate(conversation=short, actor=admin_user, keep=[late.pk])

        assert list(GoldFact.objects.filter(conversation=short).values_list("value", flat=True)) == [
            "14 Elm St, Leeds"
        ]
        assert (gold.agreement["sets"], len(gold.agreement["pairs"]), gold.label_sets.count()) == (3, 3, 3)
        assert gold.agreement["annotators"] == ["quinn-qa", "quentin-qa", "tess-qa"]

    def test_it_needs_two_submitted_sets(self, short, qa_user, admin_user):
        made = label(short, qa_user, "amount", "price", 1, "$1,200")
        services.label_set_submit(conversation=short, actor=qa_user)
        with pytest.raises(Conflict, match="Two annotators"):
            services.gold_set_adjudicate(conversation=short, actor=admin_user, keep=[made.pk])
        assert not GoldSet.objects.exists()

    def test_a_label_of_another_conversation_is_refused(self, short, qa_user, second_qa, admin_user):
        self.submitted(short, qa_user, second_qa)
        other = ConversationFactory()
        turns_of(other, SHORT)
        stray = label(other, qa_user, "amount", "price", 1, "$1,200")
        with pytest.raises(InvalidInput):
            services.gold_set_adjudicate(conversation=short, actor=admin_user, keep=[stray.pk])

    @pytest.mark.parametrize("roles", [[Role.QA], [Role.ADMIN], [Role.QA, Role.ADMIN]])
    def test_no_one_adjudicates_a_conversation_they_labelled(self, short, qa_user, roles):
        """Four eyes: whoever labelled a conversation, admin or not, leaves its gold set to another."""
        labeller = UserFactory(username="labeller", roles=roles)
        _, theirs, _ = self.submitted(short, qa_user, labeller)
        with pytest.raises(PermissionRefused, match="You labelled this conversation") as refused:
            services.gold_set_adjudicate(conversation=short, actor=labeller, keep=[theirs.pk])
        assert refused.value.code == "own_labels"
        assert not GoldSet.objects.exists() and not GoldFact.objects.filter(conversation=short).exists()
        assert not AuditEntry.objects.filter(action="memadmin.qa.gold.adjudicated").exists()
        assert not services.may_adjudicate(short, labeller)

    def test_an_unsubmitted_set_counts_as_labelling(self, short, qa_user, second_qa, admin_user):
        self.submitted(short, qa_user, second_qa)
        label(short, admin_user, "amount", "price", 1, "$1,200")  # started, never submitted
        with pytest.raises(PermissionRefused, match="You labelled this conversation"):
            services.gold_set_adjudicate(conversation=short, actor=admin_user, keep=[])
        other_admin = UserFactory(username="other-admin", roles=[Role.ADMIN])
        assert services.may_adjudicate(short, other_admin)
        services.gold_set_adjudicate(conversation=short, actor=other_admin, keep=[])
        assert GoldSet.objects.get(conversation=short).adjudicated_by == other_admin

    @pytest.mark.parametrize("persona", ["support_user", "privacy_user"])
    def test_support_and_privacy_cannot_change_gold(self, short, qa_user, second_qa, persona, request):
        mine, _, _ = self.submitted(short, qa_user, second_qa)
        with pytest.raises(PermissionRefused):
            services.gold_set_adjudicate(
                conversation=short, actor=request.getfixturevalue(persona), keep=[mine.pk]
            )
        assert not GoldFact.objects.filter(conversation=short).exists()


class TestPinnedFactsStaySupportsBusiness:
    def test_qa_cannot_change_pinned_facts(self, short, qa_user):
        fact = stored(short, "amount", "price", "$1,200", 1)
        with pytest.raises(PermissionRefused):
            fact_correct(fact=fact, value="$1,300", actor=qa_user, reason="I think so")
        assert PinnedFact.objects.get(pk=fact.pk).value == "$1,200"


class TestRetrievalLabels:
    def test_qa_labels_the_turns_that_answer_a_question(self, short, qa_user):
        made = services.labelled_query_add(
            conversation=short,
            actor=qa_user,
            query="  where does the label go? ",
            evidence_seqs=[3, 3],
            category="single-hop",
        )

        assert (made.query, made.evidence_seqs, made.category) == (
            "where does the label go?",
            [3],
            "single-hop",
        )
        assert AuditEntry.objects.filter(action="memadmin.qa.query.labelled", actor=qa_user).exists()

    def test_unknown_turns_and_other_roles_are_refused(self, short, qa_user, support_user):
        with pytest.raises(InvalidInput, match="Turn 9 is not in this conversation: its turns run from 1 to"):
            services.labelled_query_add(conversation=short, actor=qa_user, query="q", evidence_seqs=[1, 9])
        with pytest.raises(PermissionRefused):
            services.labelled_query_add(conversation=short, actor=support_user, query="q", evidence_seqs=[1])
        assert not LabelledQuery.objects.exists()
