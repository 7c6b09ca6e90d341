"""Words of the game page: each phase's name, what happens when a decision's time runs out,
and how much of the log the page shows."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

PHASE_NAMES = {
    "setup_order": gettext_lazy("Rolling for the order of choice"),
    "setup_faction": gettext_lazy("Choosing factions and starting territories"),
    "setup_draft": gettext_lazy("Drafting factions and draft cards"),
    "setup_place": gettext_lazy("Placing HQs in the order of the placement cards"),
    "scar_turn_start": gettext_lazy("Start of turn: scar cards"),
    "start_of_turn": gettext_lazy("Start of turn"),
    "place": gettext_lazy("Placing recruits"),
    "expand_attack": gettext_lazy("Expand and attack"),
    "attack_defender_dice": gettext_lazy("The defender chooses dice"),
    "scar_before_roll": gettext_lazy("Scar cards before the roll"),
    "missile_window": gettext_lazy("Missile window"),
    "move_in": gettext_lazy("Moving in after a conquest"),
    "end_of_turn": gettext_lazy("End of turn"),
    "open_pack": gettext_lazy("A sealed pack opens"),
    "comeback_pick": gettext_lazy("A comeback power is picked"),
    "event_choice": gettext_lazy("An event card asks for a choice"),
    "lead_mission": gettext_lazy("The lead faction lays out the face-up mission"),
    "nuke_choice": gettext_lazy("Choosing where the nuke falls"),
    "missile_power_pick": gettext_lazy("A missile power is picked"),
    "bad_intel_window": gettext_lazy("Start of turn: Bad Intel may be used"),
    "interference_window": gettext_lazy("A card is about to be taken: Interference may block it"),
    "mindshackle_window": gettext_lazy(
        "End of turn: the Mutants may swap the card they drew (Mindshackle)"
    ),
    "alien_island_placement": gettext_lazy("Placing Alien Island's sea lines"),
    "game_over": gettext_lazy("Game over"),
    # Classic Risk and Invasión.
    "cl_order": gettext_lazy("Rolling for who starts"),
    "cl_claim": gettext_lazy("Claiming the territories"),
    "cl_setup_place": gettext_lazy("Placing the starting armies"),
    "cl_headquarters": gettext_lazy("Choosing secret headquarters"),
    "cl_reinforce": gettext_lazy("Reinforcements"),
    "cl_attack": gettext_lazy("Attacking"),
    "cl_defend": gettext_lazy("The defender chooses dice"),
    "cl_move_in": gettext_lazy("Moving in after a conquest"),
}
LOG_MOVES = 60
PACK_BANNER_MOVES = 400
DEFAULT_WORDS = {
    "attack_defender_dice": gettext_lazy("they defend with the most dice"),
    "missile_window": gettext_lazy("they fire no missile"),
    "scar_before_roll": gettext_lazy("they keep their scar card"),
    "scar_turn_start": gettext_lazy("they keep their scar card"),
    "comeback_pick": gettext_lazy("they take the first power left on the sheet"),
    "bad_intel_window": gettext_lazy("they use no Bad Intel"),
    "interference_window": gettext_lazy("they let the card be taken"),
    "mindshackle_window": gettext_lazy("they keep the card they drew"),
    "missile_power_pick": gettext_lazy("a power is picked for them as a careful player would"),
    "nuke_choice": gettext_lazy("the nuke falls where it hurts their enemies most"),
    "alien_island_placement": gettext_lazy(
        "the island's sea lines go where their troops are strongest"
    ),
    "open_pack": gettext_lazy("play resumes"),
    "event_choice": gettext_lazy("the card does nothing, or its first option is taken"),
}
