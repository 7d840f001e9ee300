"""The engine's refusal read apart into its rule and its reason (REPL and web screen alike)."""

from slovariki.referee.texts import split_rule


def test_a_refusal_citing_a_rule_is_split_into_rule_and_reason():
    assert split_rule("правило D2: карты 8♠ нет на столе") == ("правило D2", "карты 8♠ нет на столе")
    assert split_rule("правило 9: у карт «сорока»\nи «ребята» нет общей сложной буквы")[1].endswith("буквы")


def test_a_refusal_without_a_rule_or_without_a_reason_stays_whole():
    assert split_rule("нет игрока с номером 5") == (None, "нет игрока с номером 5")
    assert split_rule("правило 7: ") == (None, "правило 7: ")


def test_the_pass_words_the_referee_hears_are_the_rulesets_own():
    """R9 «пас», D3 «бито»: each ruleset's word once, and each ruleset hears the other's too."""
    from slovariki.game import RULESETS
    from slovariki.referee.texts import PASS_WORDS, other_pass_word

    assert sorted(PASS_WORDS) == sorted({rules.pass_word for rules in RULESETS.values()}) == ["бито", "пас"]
    for rules in RULESETS.values():
        assert other_pass_word(rules) in PASS_WORDS and other_pass_word(rules) != rules.pass_word
