"""The phases of Expand & Attack (X): the step itself, the defender's dice, the missile
window and moving in after a conquest."""

EXPAND_ATTACK = "expand_attack"
DEFENDER_DICE = "attack_defender_dice"
MISSILE_WINDOW = "missile_window"
MOVE_IN = "move_in"
