"""The demo's fixed tables: the constants other modules share, names, places, products and the
small talk that pads a conversation without pinning anything."""

from __future__ import annotations

DEFAULT_SEED = 20260314
ROLES = ("user", "assistant", "system", "tool")
FACT_TYPES = ("amount", "date", "time", "identifier", "address", "email", "phone")
FACT_TYPES += ("commitment", "preference")
QUERY_CATEGORIES = ("single-hop", "multi-hop", "temporal", "exact")
LONG_TURNS = 240
# The named scenarios, by what they exercise. Their external ids say what they are.
SCENARIO_IDS = {
    "long_address_change": "demo-long-240-address-change",
    "corrected_fact": "demo-corrected-city-brussels-to-lisbon",
    "temporary_preference": "demo-temporary-preference-text-while-travelling",
    "tool_calls": "demo-tool-calls-two-orders",
    "forget_request": "demo-forget-card-and-old-address",
    "prompt_injection": "demo-prompt-injection-refund",
    "same_subject_a": "demo-same-subject-a-laptop-refund",
    "same_subject_b": "demo-same-subject-b-tv-wall-mounting",
}
GENERIC_COUNT = 42


_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August")
_MONTHS += ("September", "October", "November", "December")
_WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
_CURRENCY = {"uk": "£", "us": "$", "eu": "€"}
_FIRST = {
    "uk": ("Hannah", "Oliver", "Priya", "Callum", "Zoë", "Amir", "Grace", "Rhys", "Niamh", "Tunde"),
    "us": ("Jordan", "Maya", "Tyler", "Keisha", "Diego", "Megan", "Brandon", "Leah", "Andre", "Hailey"),
    "eu": ("Inês", "Lucas", "Sophie", "Matteo", "Anouk", "Jonas", "Chloé", "Tomás", "Elena", "Pieter"),
}
_LAST = {
    "uk": ("Whitfield", "Okafor", "Patel", "Morrison", "Hughes", "Karimi", "Lloyd", "Davies", "Byrne"),
    "us": ("Ramirez", "Coleman", "Nguyen", "Brooks", "Sullivan", "Carter", "Hayes", "Kowalski", "Ortiz"),
    "eu": ("Costa", "Dubois", "Janssens", "Rossi", "de Vries", "Müller", "Lefèvre", "Ferreira", "Novak"),
}
_UK_CITIES = (("Leeds", "LS6"), ("Bristol", "BS3"), ("Manchester", "M20"), ("Norwich", "NR2"))
_UK_CITIES += (("Cardiff", "CF11"), ("Edinburgh", "EH9"))
_UK_STREETS = ("Larkfield Road", "Mill Lane", "Albert Street", "Cedar Grove", "Station Road")
_UK_STREETS += ("Kingsley Avenue", "Chapel Street", "Beech Crescent")
# city, state, phone area code, first three zip digits
_US_CITIES = (("Portland", "OR", "503", "972"), ("Austin", "TX", "512", "787"))
_US_CITIES += (("Columbus", "OH", "614", "432"), ("Madison", "WI", "608", "537"))
_US_CITIES += (("Raleigh", "NC", "919", "276"),)
_US_STREETS = ("Alder Street", "Maple Avenue", "Lakeview Drive", "Oak Ridge Road", "Harbor Way")
# city: (postcodes, mobile prefix, streets)
_EU_CITIES = {
    "Brussels": (("1050", "1000", "1060"), "+32 470", ("Rue des Fleurs", "Rue du Bailli")),
    "Lisbon": (("1200-195", "1100-148"), "+351 912", ("Rua da Prata", "Rua do Salitre")),
    "Lyon": (("69003", "69007"), "+33 6", ("Rue Paul Bert", "Cours Gambetta")),
    "Utrecht": (("3511 LN", "3581 KC"), "+31 6", ("Oudegracht", "Biltstraat")),
    "Munich": (("80799", "80801"), "+49 151", ("Schellingstraße", "Türkenstraße")),
    "Milan": (("20144", "20123"), "+39 347", ("Via Solari", "Via Tortona")),
}
_CARRIERS = {"uk": ("DPD", "Evri", "Royal Mail"), "us": ("UPS", "FedEx", "USPS")}
_CARRIERS["eu"] = ("DHL", "GLS", "PostNL")
_PRODUCTS = (("kettle", 39.99), ("air fryer", 119.00), ("bluetooth speaker", 89.00))
_PRODUCTS += (("standing desk", 429.00), ("espresso machine", 349.50), ("robot vacuum", 299.00))
_PRODUCTS += (("office chair", 189.00), ("winter coat", 147.50), ("blender", 84.99))
_PRODUCTS += (("e-reader", 129.99), ("baby monitor", 99.00), ("food processor", 139.00))
_PRODUCTS += (("smartwatch", 219.00), ("duvet set", 64.99))
_APPLIANCES = ("washing machine", "dishwasher", "fridge freezer", "tumble dryer", "range cooker")
_AGENTS = ("Priya", "Tom", "Aisha", "Marco", "Sofie", "Daniel", "Keiko", "Ines", "Liam", "Fatima")
_PETS = ("dog", "cat", "puppy", "toddler", "parrot")
_RELATIVES = ("sister", "neighbour", "dad", "colleague", "mother-in-law", "best friend")
_COLOURS = ("sage green", "charcoal", "navy", "stone", "matte black", "dusty pink")
_LEADS = ("Quick one: ", "Oh, and ", "Random question — ", "Before I forget, ", "Also, ")
_NUDGES = (
    "Are you still there, {first}? No rush at all.",
    "Just checking in — take whatever time you need.",
    "I'll keep the chat open while you look.",
    "No hurry, {first}; I'm here when you're ready.",
)
_OPENING_NOTES = (
    "Chat started from the Orders page. Customer signed in.",
    "Customer verified with a one-time code sent by SMS.",
    "Conversation transferred from the virtual assistant to a human agent.",
    "Chat opened from the mobile app (Android).",
)


def _pairs(text: str) -> tuple[tuple[str, str], ...]:
    """Read a block of alternating lines: a customer's line, then the indented reply."""
    lines = [line.strip() for line in text.strip().splitlines()]
    return tuple(zip(lines[::2], lines[1::2], strict=True))


# Small talk and generic support back-and-forth: padding that reads like a real chat but pins
# nothing, so it never competes with the gold facts. Slots are filled per exchange.
_SMALL_TALK = _pairs(
    """
Sorry, bear with me — the {pet} has decided now is the time for attention.
  No rush at all, {first}. I'll keep the chat open.
Is it always this busy on a {weekday}?
  {weekday}s are usually fairly calm, so you've caught us at a good moment.
How long have you worked on the support team?
  I'm {agent}, and it's just over {years} years now. I've seen most things by this point!
Does the {product} come in any other colours?
  It's also made in {colour}, though that one sells out quickly.
What's the best way to keep the {product} clean?
  A soft damp cloth is best — skip anything abrasive, it dulls the finish.
The weather in {city} is grim today.
  Sorry to hear that! Hopefully getting this sorted brightens the day a little.
Will I get a copy of this chat?
  Yes, a transcript is emailed automatically when the chat closes.
Thanks for being patient, I'm hopeless with websites.
  Not at all — our site confuses plenty of people, it's not you.
*Do you have a loyalty scheme?
  We do; points are added automatically once an order has been delivered.
Hang on, let me find my reading glasses.
  Of course, take your time.
Can I get updates in the app rather than by email?
  Yes — in the app, go to Settings, then Notifications, and switch on order updates.
What are your weekend hours?
  Chat is open from eight till eight on Saturdays and nine till five on Sundays.
Still there? My screen froze for a second.
  Still here! The window sometimes refreshes, but nothing gets lost.
My {relative} recommended you lot, by the way.
  That's really kind — please thank them from us.
*Do you sell gift cards?
  We do — digital ones can be scheduled to arrive on a day you pick.
sorry for the typos, typing on my phone on the bus
  No problem at all, I can follow you fine.
You must get chats like mine all day.
  Every chat's a bit different — that's what keeps the job interesting.
*What happens to returned stuff, out of interest?
  Everything is inspected; items in good condition are refurbished and resold.
Does the {product} warranty cover accidental damage?
  Faults only, I'm afraid, unless a care plan was added at checkout.
Do you actually enjoy this job?
  Honestly, yes — sorting something out for someone is a nice feeling.
You've been really helpful.
  Thank you, that's kind! Happy to help.
*Can I leave feedback about the courier somewhere?
  Yes — there's a short survey link in the delivery confirmation email.
*I heard you might open a shop in {city}?
  Nothing official that I know of, but store news goes to newsletter subscribers first.
*Do you price match?
  We match major retailers on identical items, as long as they're in stock there.
Is the {product} a popular one?
  Very — it's been one of our best sellers this season.
Just making a cup of tea, one sec.
  Enjoy! I'll be right here.
Where is your support team based?
  We're spread across a few countries, so it depends who picks up the chat.
*Do you know if there's a sale coming up?
  I can't share dates, I'm afraid, but sale alerts reach the app first.
Is it normal for the chat to ask me to rate you halfway through?
  You can ignore that pop-up — it comes back at the end anyway.
My {relative} is visiting this weekend, so I'd love this sorted.
  Understood, I'll keep things moving.
Do I need to keep the box the {product} came in?
  It helps for returns, but it isn't required as long as the item is well packed.
How do I know this chat is really with your company?
  Good question — we'll never ask for your password or full card number in chat.
"""
)
# Extra padding for the long furnishing conversation: home-move small talk.
_HOME_TALK = _pairs(
    """
Do you think a light sofa will show every mark?
  Mid tones are fairly forgiving — it's the very dark fabrics that show everything.
Can I pay for the armchair in instalments?
  Yes — larger orders can be split into three monthly payments at checkout.
What if the sofa goes on sale right after it's delivered?
  If the price drops shortly after delivery, message us and we'll refund the difference.
What's the difference between the oatmeal and the sand fabric?
  Oatmeal is a touch warmer; sand leans slightly grey.
Are the cushion covers washable?
  The seat cushion covers unzip and can go in a cool wash.
My friend says I should have bought a corner sofa.
  Corner sofas are lovely, but a 3-seater is far easier to get up the stairs!
Is the bookshelf deep enough for vinyl records?
  It's a little shallow for LPs — they'd overhang the front slightly.
I'm tempted by the matching coffee table too.
  It's a nice match; it uses the same oak as the bookshelf.
Does oak darken over time?
  A little — it mellows to a warmer honey tone after a year or two in the sun.
My landlord would rather I didn't drill. Any ideas?
  Some customers use a removable adhesive anchor for the anti-tip strap — check with them first.
I've spent the whole weekend flat-packing.
  Flat-pack weekends are a rite of passage — treat yourself to a takeaway!
The kitchen in the new place is tiny.
  Small kitchens make you organised — every cupboard counts.
I measured the alcove three times, I'm paranoid.
  Measuring three times is exactly the right instinct!
Any storage ideas for a small hallway?
  A slim shoe cabinet and a row of wall hooks make a big difference.
My old sofa is going to my cousin.
  That's a lovely way to give it a second life.
Can I get fabric samples for cushions?
  Yes — up to five free swatches can be ordered from any sofa page.
Does the bookshelf come with shelf pins?
  Yes, plus a few spares in the hardware bag.
The cat has already claimed the sofa box.
  Classic — the box is always the best part for them.
Would a rug pad stop a rug slipping on laminate?
  Yes, a rubber rug pad grips laminate really well.
Are the sofa cushions feather or foam?
  Foam wrapped in a fibre layer, so they keep their shape without plumping.
I'm going to need a bigger bookshelf at this rate.
  There's a wider version in the range if the collection keeps growing!
Do you do wall shelves in the same oak?
  Yes, floating shelves in two lengths.
What's the trick to getting a sofa up a narrow staircase?
  Legs off, wrap it, and tilt it on its end round the tight corners.
The movers quoted me an absolute fortune, by the way.
  Moving is expensive enough — I'll make sure our side at least goes smoothly.
Does the bookshelf need fixing to the wall?
  We recommend it; the wall-anchoring kit is in the small hardware bag.
I still haven't decided on curtains. Any advice?
  Go a bit wider than the window frame — it makes a room look bigger.
What's the best way to get a coffee stain out of the sofa fabric?
  Blot, don't rub, then lukewarm water with a drop of washing-up liquid.
Do you also sell rugs, or just furniture?
  Rugs too, in the Home section, including some machine-washable ones.
My {relative} thinks I've bought too many cushions.
  There's no such thing as too many cushions, in my professional opinion.
Are the sofa legs removable? The hallway is narrow.
  Yes, they unscrew by hand, which usually buys you a few centimetres.
Can I assemble the bookshelf on my own?
  It's doable solo, but a second pair of hands helps when you stand the frame up.
How do I stop the cat scratching the new sofa?
  A scratching post right next to it tends to work better than any spray.
How do I get rid of all this cardboard?
  Most councils take flattened cardboard in recycling; big loads can go to the tip.
The new place has really uneven floors.
  The bookshelf has adjustable feet at the front, which should help level it.
I'm painting the living room this weekend.
  Good luck! Cover the furniture if it's in the room before the paint dries.
Is there a matching armchair for that sofa?
  There is, in the same range, though it's on a longer lead time at the moment.
Have other customers said the sofa is comfy?
  Reviews are mostly glowing — people mention the deep seats a lot.
How long does the new-furniture smell last?
  Usually a few days with a window open.
I've got no internet at the new flat yet, so I'm on mobile data.
  No problem — the chat is light on data, and I'll keep messages short.
Is there an app version of the room planner?
  Yes, the app has the room planner under Inspiration.
I love the oak finish in the photos.
  It's one of our most popular finishes — it ages nicely too.
The flat came with a horrible beige carpet.
  A big rug can hide a multitude of sins.
I've been living out of boxes for a week.
  The box phase is the worst bit of any move — you're nearly there!
Does the oak need oiling?
  Once a year is plenty, with furniture oil along the grain.
How long does a new sofa take to soften up?
  Most people say a couple of weeks of regular use.
Housewarming party is next month, so the pressure is on!
  How exciting — the sofa will be the star of the show.
Do you sell felt pads for wooden floors?
  We do, in packs of a few sizes.
Is the bookshelf solid oak or veneer?
  Solid oak frame, with an oak-veneer back panel.
My plants are finally getting some sun in the new place.
  Lucky plants! A bright window makes such a difference.
I'm trying to keep the living room quite minimal.
  The bookshelf suits that look — it's quite slim.
Do you do lamps as well?
  Yes, a decent range of floor and table lamps under Lighting.
Any tips for stopping a bookshelf wobbling?
  Re-tighten the cam locks after a week or so — the wood settles a little.
"""
)
