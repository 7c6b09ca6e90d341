"""The bring-in's steps in the order they are filled in."""

from __future__ import annotations

from campaign.forms.bring_in.base import StepForm
from campaign.forms.bring_in.board import BoardForm
from campaign.forms.bring_in.cards import CardsForm
from campaign.forms.bring_in.factions import FactionsForm
from campaign.forms.bring_in.games import GamesForm, PacksForm

# The cards before the board: a World Capital's place is checked against its card (E-8).
STEPS: list[type[StepForm]] = [GamesForm, PacksForm, CardsForm, BoardForm, FactionsForm]
