"""The spoiler check itself: which words count as a sealed pack's, and how they are found."""

from __future__ import annotations

from rules import box
from rules.rewards import REWARD_NAMES
from tests.campaign.spoilers.walk import spoilers_in


def test_a_name_the_base_game_also_uses_is_no_spoiler_but_its_card_code_is_U8():
    """The R5 reward "Fortify a city" is printed in the base rules; the Fortify event card is
    known by its code instead."""
    assert "Fortify" in REWARD_NAMES["R5"]
    assert "Fortify" not in box.spoiler_terms("pack_1")
    assert "B73" in box.spoiler_terms("pack_1")
    assert not spoilers_in(REWARD_NAMES["R5"], ["pack_1", "pack_2"])


def test_names_are_found_in_any_case_from_the_start_of_a_word():
    assert spoilers_in("a BIOHAZARD scar", ["pack_1"]) == ["pack_1: 'Biohazard'"]
    assert "pack_2: 'comeback power'" in spoilers_in("two comeback powers", ["pack_2"])
    assert not spoilers_in("the patriots", ["pack_1"])


def test_print_codes_are_found_exactly_so_random_tokens_do_not_count():
    assert spoilers_in("card C106s", ["pack_2"]) == ["pack_2: 'C106s'"]
    assert not spoilers_in('csrf="xYb95Q" colour="#1b95ff" c106s', ["pack_1", "pack_2"])


def test_an_unknown_pack_has_no_words():
    assert box.spoiler_terms("pack_9") == ()
