"""The digital game engine in the reader's language (issue 14): under Spanish a refused move
and the game-log lines of a move come out in Spanish, rule IDs and players' names untouched;
under English every word is what it always was."""

from __future__ import annotations

from django.utils import translation

from rules.data import board
from rules.errors import IllegalMove
from rules.game import Attack, EndTurn, Expand, MoveIn, apply_move
from tests.rules.game.helpers import play, position, rig_dice


def _names(language: str, *keys: str) -> list[str]:
    with translation.override(language):
        return [board().territory(key).name for key in keys]


def _refusal(state, seat, move) -> tuple[str, str]:
    try:
        apply_move(state, seat, move)
    except IllegalMove as refusal:
        return refusal.message, refusal.rule
    raise AssertionError("the move was not refused")


def _refusals(language: str) -> list[tuple[str, str]]:
    state = position(armies={"alaska": (0, 3), "northwest_territory": (1, 2)})
    with translation.override(language):
        return [
            _refusal(state, 0, Attack("northwest_territory", "alaska", 1)),
            _refusal(state, 0, Attack("alaska", "northwest_territory", 3)),
            _refusal(state, 1, Attack("northwest_territory", "alaska", 1)),
            _refusal(state, 0, MoveIn(2)),
            _refusal(state, 0, Expand("alaska", "kamchatka", 9)),
            _refusal(state, 0, Expand("alaska", "northwest_territory", 1)),
        ]


def test_illegal_moves_are_refused_in_spanish_with_their_rule():
    (northwest,) = _names("es", "northwest_territory")
    assert northwest != "Northwest Territory"  # the board's names are Spanish too
    assert _refusals("es") == [
        ("Ataca desde un territorio que controles.", "X-6"),
        ("Ataca con 1 a 2 tropas; 1 se queda fuera del combate.", "X-6"),
        ("No te toca actuar: se espera a Player 0.", "T-1"),
        (
            "Ahora no puedes mover tropas al territorio conquistado: es el paso de expandir y "
            "atacar.",
            "T-1",
        ),
        ("Mueve de 1 a 2 tropas a este territorio.", "X-3"),
        (
            f"{northwest} está ocupado; solo puedes expandirte a territorios desocupados (ataca a "
            "las tropas enemigas en su lugar).",
            "X-2",
        ),
    ]


def test_illegal_moves_are_refused_in_english_as_before():
    assert _refusals("en") == [
        ("Attack from a territory you control.", "X-6"),
        ("Attack with 1 to 2 troops; 1 stays out of the fight.", "X-6"),
        ("It is not your turn to act: waiting for Player 0.", "T-1"),
        ("You cannot move in now: it is the expand and attack step.", "T-1"),
        ("Move 1 to 2 troops into this territory.", "X-3"),
        (
            "Northwest Territory is occupied; only unoccupied territories are expanded into "
            "(attack enemy troops instead).",
            "X-2",
        ),
    ]


def _log(language: str) -> list[str]:
    state = rig_dice(
        position(armies={"alaska": (0, 6), "northwest_territory": (1, 1)}),
        [6, 6, 6],
        [1],
    )
    with translation.override(language):
        _, events = play(
            state,
            (0, Expand("alaska", "kamchatka", 1)),
            (0, Attack("alaska", "northwest_territory", 3)),
            (0, MoveIn(3)),
            (0, EndTurn()),
            (0, EndTurn()),
        )
        return [event.text for event in events]  # an event is worded when it is read


def test_game_log_lines_come_out_in_spanish():
    alaska, northwest, kamchatka = _names("es", "alaska", "northwest_territory", "kamchatka")
    lines = _log("es")
    assert lines == [
        f"Player 0 se expande de {alaska} a {kamchatka} con 1.",
        f"Player 0 ataca {northwest} desde {alaska} con 3.",
        "El ataque saca 6,6,6 contra la defensa 1.",
        "6,6,6 contra 1: el atacante pierde 0, el defensor pierde 1.",
        f"Player 0 conquista {northwest}.",
        "Player 1 se queda sin tropas en el tablero; Player 0 toma sus 0 carta(s) de recurso.",
        f"Player 0 mueve 3 tropas a {northwest}.",
        "Turno 2: juega Player 1 (Enclave del Oso).",
    ]


def test_game_log_lines_stay_english_under_english():
    lines = _log("en")
    assert lines == [
        "Player 0 expands from Alaska into Kamchatka with 1.",
        "Player 0 attacks Northwest Territory from Alaska with 3.",
        "Attack rolls 6,6,6 against defence 1.",
        "6,6,6 against 1: the attacker loses 0, the defender loses 1.",
        "Player 0 conquers Northwest Territory.",
        "Player 1 has no troops left on the board; Player 0 takes their 0 resource card(s).",
        "Player 0 moves 3 troops into Northwest Territory.",
        "Turn 2: Player 1 (Enclave of the Bear) to play.",
    ]
