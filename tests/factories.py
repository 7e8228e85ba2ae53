import factory
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.utils import timezone

from conversations.models import ContextSnapshot, Conversation, Turn
from facts.models import PinnedFact


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ["username"]
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.django.Password("correct horse battery staple")

    @factory.post_generation
    def roles(self, create, extracted, **kwargs):
        # get_or_create: transactional tests flush the groups the migration made.
        if create and extracted:
            self.groups.add(*(Group.objects.get_or_create(name=role)[0] for role in extracted))


class ConversationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Conversation

    external_id = factory.Sequence(lambda n: f"conv-{n:04d}")
    subject_id = factory.Sequence(lambda n: f"cust-{n}")
    title = factory.Faker("sentence", nb_words=4)


class TurnFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Turn

    conversation = factory.SubFactory(ConversationFactory)
    seq = factory.Sequence(lambda n: n + 1)
    role = Turn.Role.USER
    content = factory.Faker("sentence")
    created_at = factory.LazyFunction(timezone.now)


class PinnedFactFactory(factory.django.DjangoModelFactory):
    """A fact the extractor pinned: a refund amount said in turn 1 unless told otherwise."""

    class Meta:
        model = PinnedFact

    conversation = factory.SubFactory(ConversationFactory)
    type = "amount"
    key = "refund_amount"
    value = "£147.50"
    source_seq = 1
    origin = PinnedFact.Origin.EXTRACTOR


class ContextSnapshotFactory(factory.django.DjangoModelFactory):
    """A context the chat service asked for, with nothing assembled in it unless told otherwise."""

    class Meta:
        model = ContextSnapshot

    conversation = factory.SubFactory(ConversationFactory)
    message = "hi"
    upto_seq = 1
    messages = factory.LazyFunction(list)
    layers = factory.LazyFunction(dict)
    token_counts = factory.LazyFunction(dict)
    token_count_method = "estimate"
    budget = 8000
