"""How a query is read before any engine sees it (no database: no lexicon of names)."""

from rulebook.search.query import parse
from rulebook.search.understand import (
    described,
    read_words,
    rules_words,
    understand,
    without_kind_words,
)
from rulebook.search.weights import SYNONYM_WEIGHT


def test_function_words_are_not_content_words():
    plan = understand("what happens to the shield of an exhausted unit by the base?", "en", None)
    assert plan.question and plan.words == ["shield", "exhausted", "unit", "base"]
    french = understand("que se passe-t-il pour le bouclier d'une unité à la base ?", "fr", None)
    assert french.words == ["bouclier", "unite", "base"]
    for question in ("qui gagne", "c'est quoi un bouclier"):  # "who wins", "what's a shield"
        plan = understand(question, "fr", None)
        assert plan.question and plan.words == [question.split()[-1]]


def test_a_row_must_hold_half_the_content_words():
    assert understand("shield of an exhausted unit?", "en", None).min_match == 2
    long = understand("can a shield stop combat damage to an exhausted unit at a base?", "en", None)
    assert len(long.words) == 7 and long.min_match == 4


def test_a_question_around_quoted_card_text_is_a_question():
    plan = understand('Does "deal 3 damage" count as combat for a shield?', "en", None)
    assert plan.question
    assert ["deal", "3", "damage"] in plan.phrases
    assert {"deal", "damage", "combat", "shield"} <= set(plan.words)


def test_quoted_phrases_alone_are_read_as_typed():
    assert not understand('"closed state"', "en", None).question
    assert not understand('"closed state" chain', "en", None).question


def test_neighbour_runs_keep_the_function_words_between():
    plan = understand("how many cards do I draw at the start of a game?", "en", None)
    assert ["draw", "at", "the", "start"] in plan.bigrams
    assert ["cards", "draw"] in plan.bigrams  # question words between are not in the rules


def test_player_words_the_rules_lack_bring_the_rules_words():
    plan = understand("what happens if I mill my last card?", "en", None)
    assert plan.described and ("burn", SYNONYM_WEIGHT) in plan.extra
    block = understand("can I block with an exhausted unit?", "en", None)
    assert ("defender", SYNONYM_WEIGHT) in block.extra
    assert understand("can I block with an exhausted unit?", "fr", None).extra == []


def test_a_players_word_typed_alone_is_read_as_a_description():
    """One word the rules lack is searched with the rules' words, as a phrase of several is:
    typed alone it used to be a name, and a bank question or example holding it was the
    whole answer ("graveyard" opened on a rule about discarding)."""
    plan = understand("graveyard", "en", None)
    assert plan.question and plan.described and ("trash", SYNONYM_WEIGHT) in plan.extra
    assert understand("the stack", "en", None).question
    assert not understand("shield", "en", None).question  # no trigger: a name, as typed
    assert not understand("graveyard", "fr", None).question  # the English table only


def test_the_rules_words_of_a_description_are_named_once_each():
    assert rules_words("graveyard", "en") == ["trash"]
    assert rules_words("graveyard or discard pile", "en") == ["trash"]
    assert rules_words("stack in my graveyard", "en") == ["chain", "trash"]
    assert rules_words("shield", "en") == [] and rules_words("graveyard", "fr") == []


def test_a_sacrifice_is_read_as_the_rules_action_not_one_example_of_it():
    """Players sacrifice; the rules kill (Riftbound's "Kill", « Éliminer »). The table once
    gave the words of one example cost ("kill a friendly", « éliminez une unité alliée »), so
    the rule quoting that example came first and the action's own rules not at all."""
    assert rules_words("sacrifice a unit", "en") == ["kill"]
    assert rules_words("sacrifier une unité", "fr") == ["éliminer"]


def test_the_opponents_turn_in_french_reads_the_rules_noun():
    """French players say « tour adverse »; the rules name the opponent « adversaire » (the
    adjective is rare there). The stemmer keeps « advers » and « adversair » apart, so the
    adjective found the one rule whose bank question used it, not the spells' timing."""
    plan = understand("puis-je jouer un sort pendant le tour adverse", "fr", None)
    assert ("adversaire", SYNONYM_WEIGHT) in plan.extra


def test_asking_what_a_game_starts_with_or_when_one_draws_reads_the_rules_words():
    start = understand("how many cards do I start with", "en", None)
    assert ("setup", SYNONYM_WEIGHT) in start.extra and ["each", "draw"] in start.phrases
    draw = understand("when do I draw cards", "en", None)
    assert ["draw", "phase"] in draw.phrases
    pioche = understand("quand est-ce que je pioche ?", "fr", None)
    assert ["phase", "de", "pioche"] in pioche.phrases


def test_a_coin_or_a_die_reads_the_rules_random_method_and_turn_order():
    for question, language, random in (
        ("do we flip a coin to go first", "en", "random"),
        ("on lance un dé pour savoir qui joue", "fr", "aleatoire"),
    ):
        plan = understand(question, language, None)
        assert (random, SYNONYM_WEIGHT) in plan.extra, plan.extra
    # Only a coin or a die is a random method: going first alone is the turn order.
    assert ("random", SYNONYM_WEIGHT) not in understand("who goes first", "en", None).extra


def test_the_words_the_search_reads_itself_are_known_words():
    assert {"mana", "mill", "cast", "how", "combien"} <= read_words("en")
    assert "cimetiere" in read_words("fr") and "cimetiere" not in read_words("en")
    assert read_words(None) >= read_words("en") | read_words("fr")
    assert "starting hand" not in read_words("en")  # phrases are not words


def test_asking_what_a_word_means_leaves_the_word():
    assert understand("what does exhausted mean?", "en", None).words == ["exhausted"]
    assert understand("que veut dire épuisé ?", "fr", None).words == ["epuise"]


def test_a_query_described_in_the_rules_words():
    assert described("graveyard", "en") == "trash"
    assert (
        described("can I tap a unit in my discard pile", "en") == "can I exhaust a unit in my trash"
    )
    assert described("jetons", "fr") == "création"
    assert described("redresser une unité", "fr") == "préparer une unité"  # as typed
    assert described("graveyard", "fr") == ""  # the English table is not the French one
    assert described("shield", "en") == ""
    assert described("haste", "en") == "accelerate" and described("scry", "en") == "predict"


def test_a_name_is_also_tried_with_a_plural_mark_changed():
    assert parse("legend").name_variants == ["legends"]
    assert parse("Tokens").name_variants == ["token"]
    assert parse("champ de bataille").name_variants == ["champ de batailles", "champs de bataille"]
    assert parse("glass").name_variants == ["glasses"] and parse("xp").name_variants == []
    assert parse("trash").name_variants == ["trashes", "trashs"]
    assert parse("trashes").name_variants == ["trash", "trashe"]


def test_how_many_and_how_much_are_scaffolding():
    assert understand("how many cards do I draw?", "en", None).words == ["cards", "draw"]
    assert understand("how much energy do runes give?", "en", None).words == [
        "energy",
        "runes",
        "give",
    ]


def test_a_question_of_nothing_but_scaffolding_searches_the_name_inside_it():
    from rulebook.search.lexicon import Lexicon

    lexicon = Lexicon(names={"fr": {"regle d or": "heading"}, "en": {"rules": "heading"}})
    # Every word of this name is one a question drops: « règle » and the stopword « or ».
    for question in ("quelle est la règle d'or ?", "c'est quoi la règle d'or"):
        plan = understand(question, "fr", lexicon)
        assert not plan.question and plan.parsed.text == "règle d'or"
    plan = understand("what is a rule?", "en", lexicon)  # no name inside: as typed
    assert not plan.question and plan.parsed.text == "what is a rule?"


def test_a_question_naming_a_name_with_an_article_inside_is_read_as_that_name():
    from rulebook.search.lexicon import Lexicon

    lexicon = Lexicon(names={"fr": {"marquer des points": "heading"}, "en": {"tokens": "heading"}})
    # Its key drops « des » as a query's does; "token" names *Tokens* by the plural.
    assert understand("comment marquer des points", "fr", lexicon).mode == "name"
    assert understand("what is a token?", "en", lexicon).mode == "name"
    assert understand("comment marquer des cartes", "fr", lexicon).mode == "question"


def test_a_state_named_with_the_word_status_is_read_as_that_name():
    """ "Status" says what kind of thing a term names, as "keyword" does: "contested status"
    means the term *Contested*, not every rule that clears the status."""
    from rulebook.search.lexicon import Lexicon

    lexicon = Lexicon(names={"en": {"contested": "term"}, "fr": {"conteste": "term"}})
    plan = understand("contested status", "en", lexicon)
    assert plan.mode == "name" and plan.parsed.text == "contested"
    plan = understand("statut contesté", "fr", lexicon)
    assert plan.mode == "name" and plan.parsed.text == "contesté"
    assert without_kind_words("statut de la bataille") == "de la bataille"


def test_only_words_saying_what_kind_of_thing_is_meant_are_kind_words():
    assert without_kind_words("mulligan rules") == "mulligan"
    assert without_kind_words("règle du combat") == "du combat"
    # An article is dropped from a name's key, but says nothing of the kind of thing meant.
    assert without_kind_words("marquer des points") == ""
    assert without_kind_words("the chain") == ""


def test_asking_how_a_thing_works_or_what_it_is_asks_about_the_thing():
    # "fonctionne" shares its stem with « fonction », which many rules' text holds.
    for question, language, word in (
        ("how does a shield work?", "en", "shield"),
        ("how do shields works", "en", "shields"),
        ("comment fonctionne le bouclier ?", "fr", "bouclier"),
        ("comment fonctionnent les boucliers", "fr", "boucliers"),
        ("whats a shield", "en", "shield"),  # "what's", its apostrophe left out
    ):
        plan = understand(question, language, None)
        assert plan.question and plan.words == [word], question


def test_a_query_of_nothing_but_a_players_word_is_renamed_to_the_rules_name():
    from rulebook.search.lexicon import Lexicon
    from rulebook.search.understand import renamed

    lexicon = Lexicon(names={"en": {"chains": "heading"}, "fr": {"defausse": "heading"}})
    assert renamed("the stack", "en", lexicon) == "chain"  # the plural mark toggled
    assert renamed("what is the stack?", "en", lexicon) == "chain"
    assert renamed("cimetière", "fr", lexicon) == "défausse"
    assert renamed("stack of cards", "en", lexicon) == ""  # a word of its own beside it
    assert renamed("graveyard", "en", lexicon) == ""  # the rules' word names nothing here
    assert renamed("chains", "en", lexicon) == "" and renamed("stack", "en", None) == ""


def test_a_players_word_is_renamed_only_to_a_name_of_the_game_searched():
    """The names serve every game of a language; a game whose rules have no Chains keeps
    reading "the stack" as a description."""
    from rulebook.search.lexicon import Lexicon
    from rulebook.search.understand import renamed

    lexicon = Lexicon(names={"en": {"chains": "heading"}}, games={"chains": {"starfall"}})
    assert renamed("the stack", "en", lexicon, "starfall") == "chain"
    assert renamed("the stack", "en", lexicon, "lanternfall") == ""
    assert renamed("the stack", "en", lexicon, None) == "chain"  # every game searched


def test_a_few_words_no_name_holds_together_are_read_as_a_description():
    """ "combat damage assignment" names nothing: read as a name, no row bears it, and each
    engine put a keyword page sharing a word first; read as a question, the rules ranked by
    what they say answer it. Words one name holds ("lee sin", of *Lee Sin, Blind Monk*) and a
    single word stay names, and nothing changes unless the caller asks (``describe``)."""
    from rulebook.search.lexicon import Lexicon

    lexicon = Lexicon(
        names={"en": {"combat": "heading", "damage": "heading", "lee sin blind monk": "card"}}
    )
    plan = understand("combat damage assignment", "en", lexicon, describe=True)
    assert plan.question and plan.words == ["combat", "damage", "assignment"]
    assert not understand("combat damage assignment", "en", lexicon).question
    for name_like in ("lee sin", "Lee Sin", "the combat", "assignment", "blind monks"):
        assert not understand(name_like, "en", lexicon, describe=True).question, name_like
    assert not understand("combat damage", "en", None, describe=True).question  # no lexicon


def test_a_french_question_naming_a_keyword_in_english_also_searches_its_french_name():
    """French players name keywords and actions as the cards print them: « showdown »,
    « stun ». The French rules file them under « Confrontations » and « Étourdissement », so
    those names are read as a synonym's additions are (a several-word name is a phrase too)."""
    from rulebook.search.lexicon import Lexicon

    lexicon = Lexicon(
        glossary_names=[
            {"en": "Showdowns", "fr": "Confrontations"},
            {"en": "Battlefields", "fr": "Champs de bataille"},
            {"en": "Action", "fr": "Action"},
            {"en": "Deflect", "fr": "Protection"},
        ]
    )
    plan = understand("un sort normal pendant un showdown, c'est possible ?", "fr", lexicon)
    assert ("confrontations", SYNONYM_WEIGHT) in plan.extra
    assert "showdown" in plan.words  # the bank's French questions say it too
    plan = understand("mon unité reste-t-elle au battlefield ?", "fr", lexicon)
    assert ["champs", "de", "bataille"] in plan.phrases
    # A name spelt alike in both adds nothing; nor does a French name the question holds.
    plan = understand("une action pendant une confrontation ou un showdown ?", "fr", lexicon)
    assert [w for w, _ in plan.extra] == []
    # English questions borrow nothing: « Protection » is an English word, not Deflect.
    plan = understand("what protection does a unit get during a showdown?", "en", lexicon)
    assert plan.extra == []
