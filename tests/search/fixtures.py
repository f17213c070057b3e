"""An invented game ("Starfall") in English and French, written for these tests.

It has what search must cope with: a keyword chapter whose heading names the keyword, deep and
look-alike numbers (702.6 next to 702.60), inflections ("tapped"/"tap"), accents ("réaction",
"état fermé"), an older English version with words the newest one lacks, markup-like text that
must come out escaped, enough similar rules to need several pages, one slip in the text
("Raection", a common typo of the keyword), and terms that rules define ("Exhausted: …",
"Glimmer is a value…").
"""

from ingest import numbers
from rulebook.models import Card, Document, Game, Rule

GAME = "starfall"
OLD, NEW = "2025-01-10", "2025-06-01"

H1, H2 = 1, 2
EN_NEW = [
    ("100", "Game Concepts", H1),
    ("101", "Exhausting", H2),
    ("101.1", "A tapped unit is exhausted. Tap a unit to pay its cost.", 0),
    ("101.2", "Untap all units at the start of your turn.", 0),
    # A term defined by a rule, not a heading; "Setup:" opens two rules, so it names neither.
    ("101.3", "Exhausted: a unit turned sideways, which cannot attack until it is readied.", 0),
    ("101.4", "Setup: exhausted units stay exhausted while the game is set up.", 0),
    ("101.5", "Setup: a unit that enters exhausted counts as exhausted for every rule.", 0),
    ("101.6", "A sideways unit is exhausted: turn it sideways to exhaust it.", 0),
    ("108", "Zones", H2),
    ("108.1", "Trashes", 0),  # only a title over its sub-rules: a heading in all but markup
    ("108.1.a", "Trashes hold killed units: trashes are public, trash is in order.", 0),
    # Without the title's name, this outranks it: the word in its heading path and its text.
    ("109", "Trash Piles", H2),
    ("109.1", "A trash pile holds the trash.", 0),
    ("140", "Tokens", H2),
    ("140.1", "A token unit is a token: a token made by a token card stays a token.", 0),
    # A term defined in a sentence under a heading that does not name it, beside a heading
    # that holds its word with another (as "Damage is a marked value…" beside *Bonus Damage*).
    ("120", "Unit Statistics", H2),
    ("120.1", "Glimmer is a value marked on units.", 0),
    ("125", "Bonus Glimmer", H2),
    ("125.1", "Bonus Glimmer adds glimmer to the glimmer a unit already has.", 0),
    ("150", "Damage", H2),
    ("150.1", 'Damage <script>alert(1)</script> & "quotes" are dealt to units.', 0),
    ("300", "Playing the Game", H1),
    ("301", "States of the Turn", H2),
    ("301.1", "The turn is in a closed state while a chain exists.", 0),
    ("301.2", "In a closed state, only cards with the right keyword can be played.", 0),
    ("305", "The Turn", H2),  # named with its article, next to a name one letter away
    ("305.1", "A turn has a start of turn step and an end of turn step.", 0),
    ("306", "Turns", H2),
    ("306.1", "Players take turns.", 0),
    ("400", "Resources", H1),
    ("401", "Mana", H2),
    *[
        (f"401.{i}", f"Mana rule number {i}: spend mana from your pool in step {i}.", 0)
        for i in range(1, 30)
    ],
    ("700", "Keywords", H1),
    ("702", "Reaction", H2),
    ("702.1", "Reaction is a permissive keyword.", 0),
    ("702.6", "A card with Reaction can be played during a closed state on any turn.", 0),
    ("702.60", "Reaction cards also ignore the timing limits of spells.", 0),
    ("703", "Shield", H2),
    ("703.1", "Shield prevents damage; it does not grant reaction timing.", 0),
    ("703.2", "A shielded unit can still be chosen by a Raection card.", 0),  # a slip, as printed
    # A champion named in an example, as rule examples name cards.
    (
        "703.3",
        "A shield stays on its unit until the end of the turn, whoever gave it, and a unit "
        "with two shields keeps both of them until each of them ends. Example: Vessa gives "
        "a unit a shield on your turn, then a second card gives the same unit another shield "
        "on your opponent's turn; the unit keeps the first shield until your turn ends and "
        "the second one until the end of your opponent's turn, and loses each in its cleanup.",
        0,
    ),
    ("704", "Backline", H2),  # one word, which a reader may type as two ("back line")
    ("704.1", "A Backline unit stands at the back of the line and is dealt damage last.", 0),
]
EN_OLD = [
    ("700", "Keywords", H1),
    ("702", "Reaction", H2),
    ("702.1", "Reaction is a legacy keyword with older wording.", 0),
]
FR_NEW = [
    ("001", "Règle d'or", H2),  # every word is one a question drops: « règle », « or »
    ("001.1", "Si le texte d'une carte contredit une règle, la carte l'emporte.", 0),
    ("120", "Statistiques des unités", H2),
    ("120.1", "La lueur est une valeur marquée sur les unités.", 0),
    ("125", "Lueur bonus", H2),
    ("125.1", "La lueur bonus ajoute de la lueur à la lueur d'une unité.", 0),
    ("110", "Défausses", H2),  # what a player's « cimetière » is called here
    ("110.1", "La défausse d'un joueur reçoit ses unités éliminées.", 0),
    ("300", "Jouer au jeu", H1),
    ("301", "États du tour", H2),
    ("301.1", "Le tour est dans un état fermé tant qu'une chaîne existe.", 0),
    ("301.2", "L'état ouvert : le tour est ouvert tant qu'aucune chaîne n'existe.", 0),
    ("301.3", "Un état ouvert suit un état fermé ; en état ouvert, tout état ouvert dure.", 0),
    ("700", "Mots-clés", H1),
    ("702", "Réaction", H2),
    ("702.1", "Réaction est un mot-clé permissif.", 0),
    ("702.6", "Une carte avec Réaction peut être jouée pendant un état fermé.", 0),
]


# Cards: one whose name holds a word the rules use ("sideways", 101.6), a champion whose
# name a rule's example uses too (703.3), and one a player's word is a slip of ("steal").
CARDS = [
    ("Sideways Step", "sideways-step", "Exhaust a unit, then draw a card."),
    ("Vessa, Dawnblade", "vessa-dawnblade", "When you play me, give a unit a shield."),
    ("Seal of Dusk", "seal-of-dusk", "Give a unit a shield until your next turn."),
]


def create_game():
    game, _ = Game.objects.get_or_create(slug=GAME, defaults={"name": "Starfall"})
    add_document(game, "en", NEW, EN_NEW)
    add_document(game, "en", OLD, EN_OLD)
    add_document(game, "fr", NEW, FR_NEW)
    for name, slug, text in CARDS:
        Card.objects.create(game=game, name=name, slug=slug, ability_text=text)
    return game


def add_document(game, language, version, rows):
    """A Core Rules document of ``game`` whose rules are ``rows``: (number, text, heading
    level or 0), in reading order."""
    doc = Document.objects.create(
        game=game,
        kind="core-rules",
        language=language,
        version=version,
        source_name=f"{game.slug}-{language}-{version}.md",
        content_hash=f"{language}{version}",
    )
    Rule.objects.bulk_create(
        Rule(
            document=doc,
            number_raw=num + ".",
            number=num,
            anchor=num,
            depth=numbers.depth(num),
            sort_key=numbers.sort_key(num),
            position=pos,
            is_heading=bool(level),
            heading_level=level,
            text=text,
        )
        for pos, (num, text, level) in enumerate(rows, start=1)
    )
    return doc
