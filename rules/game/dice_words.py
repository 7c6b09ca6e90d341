"""How a roll's dice read in the game's words ("6,4,1")."""

from __future__ import annotations

from itertools import product


def dice_words(values: list[int]) -> str:
    return _DICE_WORDS.get(tuple(values)) or ",".join(map(str, values))


_DICE_WORDS = {
    dice: ",".join(map(str, dice))
    for count in (1, 2, 3)
    for dice in product(range(1, 7), repeat=count)
}
"""Every roll of 1 to 3 dice as a roll's words write it ("6,4,1"), made once."""
