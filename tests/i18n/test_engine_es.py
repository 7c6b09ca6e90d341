"""The rules engine's refusals and words in the reader's language (issue 14): under Spanish a
world event's refusal comes out in Spanish with its rule ID still attached; under English every
word is what it always was."""

from __future__ import annotations

import pytest
from django.utils import translation

from rules.data import board
from rules.errors import IllegalWorldEvent
from rules.lead_faction import lead_among
from rules.rewards import RewardChoice, reward_violations, winner_reward_options
from rules.unlocks import ordinal
from rules.world import World
from rules.world_events import (
    CityFounded,
    ScarCancelled,
    VictorSigned,
    WorldNamed,
    event_from_json,
)
from rules.world_events.bring_in import GamesBroughtIn
from rules.world_events.pockets import NuclearStrike
from rules.world_naming import world_naming_rolloff


def _signed() -> World:
    world = World()
    signed = VictorSigned(person="ana", game=1, date="2026-01-01")
    assert signed.check(world) == []
    return signed.apply(world)


def _refusals(language: str):
    """(message, rule) of a handful of refusals, built under `language`."""
    with translation.override(language):
        world = _signed()
        found = [
            VictorSigned(person="bo", game=1, date="2026-01-02").check(world)[0],
            CityFounded("atlantis", "minor", "Nueva", "ana", 1).check(world)[0],
            ScarCancelled("alaska", "ana", 1).check(world)[0],
            NuclearStrike("alaska", "khan_industries").check(world)[0],
            WorldNamed(name=" ", person="ana").check(world)[0],
            reward_violations(world, RewardChoice("H1", "alaska"), winner=True)[0],
        ]
        return [(v.message, v.rule, str(v)) for v in found]


def test_world_event_refusals_come_out_in_spanish_with_their_rule():
    with translation.override("es"):
        alaska = board().territory("alaska").name
    assert _refusals("es") == [
        (
            "La partida 1 ya está firmada.",
            "END-4",
            "La partida 1 ya está firmada. (END-4)",
        ),
        (
            "No existe el territorio 'atlantis'.",
            "C-2",
            "No existe el territorio 'atlantis'. (C-2)",
        ),
        (
            f"{alaska} no tiene ninguna cicatriz que cancelar.",
            "END-5",
            f"{alaska} no tiene ninguna cicatriz que cancelar. (END-5)",
        ),
        (
            "Nada en la caja de esta campaña hace eso.",
            "U-6",
            "Nada en la caja de esta campaña hace eso. (U-6)",
        ),
        (
            "El mundo se nombra al final de la partida 15.",
            "END-8",
            "El mundo se nombra al final de la partida 15. (END-8)",
        ),
        (
            "H1 no es una recompensa para el ganador.",
            "END-5",
            "H1 no es una recompensa para el ganador. (END-5)",
        ),
    ]


def test_under_english_the_refusals_are_unchanged():
    assert _refusals("en") == [
        ("Game 1 is already signed.", "END-4", "Game 1 is already signed. (END-4)"),
        ("There is no territory 'atlantis'.", "C-2", "There is no territory 'atlantis'. (C-2)"),
        ("Alaska has no scar to cancel.", "END-5", "Alaska has no scar to cancel. (END-5)"),
        (
            "Nothing in this campaign's box does that.",
            "U-6",
            "Nothing in this campaign's box does that. (U-6)",
        ),
        (
            "The world is named at the end of game 15.",
            "END-8",
            "The world is named at the end of game 15. (END-8)",
        ),
        (
            "H1 is not a reward for the winner.",
            "END-5",
            "H1 is not a reward for the winner. (END-5)",
        ),
    ]


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("es", "Tipo de evento del mundo desconocido: 'nope'. (DESIGN)"),
        ("en", "Unknown world event kind 'nope'. (DESIGN)"),
    ],
)
def test_a_raised_refusal_carries_the_readers_words_and_its_rule(language, message):
    with translation.override(language), pytest.raises(IllegalWorldEvent) as raised:
        event_from_json({"kind": "nope"})
    assert str(raised.value) == message
    assert raised.value.rule == "DESIGN"
    assert raised.value.code == "unknown_event"


def test_a_roll_off_refusal_in_spanish():
    world = World()
    for game, person in enumerate(("ana", "bo"), 1):
        world = VictorSigned(person=person, game=game, date="2026-01-01").apply(world)
    with translation.override("es"), pytest.raises(IllegalWorldEvent) as raised:
        world_naming_rolloff(world, rounds=[{"ana": 3, "bo": 3}])
    assert raised.value.message == "ana y bo siguen empatados; vuelven a tirar."
    assert raised.value.rule == "END-8"


@pytest.mark.parametrize(
    ("language", "one", "three"),
    [
        (
            "es",
            "Partida 1 incorporada: el registro empieza en la partida 2",
            "Partidas 1-3 incorporadas: el registro empieza en la partida 4",
        ),
        (
            "en",
            "Game 1 brought in: the record begins at game 2",
            "Games 1-3 brought in: the record begins at game 4",
        ),
    ],
)
def test_descriptions_and_their_plurals(language, one, three):
    with translation.override(language):
        assert GamesBroughtIn(1, 2).describe() == one
        assert GamesBroughtIn(3, 4).describe() == three


def test_reward_names_ordinals_and_the_lead_in_spanish():
    with translation.override("es"):
        names = {o.code: o.name for o in winner_reward_options(World())}
        assert names["R1"] == "Nombrar un continente"
        assert names["R6"] == "Destruir una carta de territorio"
        assert ordinal(9, feminine=True) == "9.ª"
        assert ordinal(2) == "2.º"
        assert lead_among(World(), ["khan_industries"]).why == (
            "Ninguna facción de esta partida ha ganado todavía, así que ninguna lidera"
        )
    with translation.override("en"):
        assert {o.code: o.name for o in winner_reward_options(World())}["R1"] == "Name a continent"
        assert ordinal(9, feminine=True) == "9th"
        assert ordinal(22) == "22nd"
