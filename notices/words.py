"""A notice in words, in the language active when it is read (a page, or an e-mail written in
its reader's language), and where it leads."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from notices.kinds import Kind
from notices.models import Notice
from rules.data import content
from rules.rule_sets import RULE_SETS

# What a person not on turn is asked for, by the phase that waits on them.
_DECISIONS = {
    "attack_defender_dice": gettext_lazy("choose how many dice you defend with"),
    "missile_window": gettext_lazy("use a missile or let the roll stand"),
    "scar_before_roll": gettext_lazy("play a scar card or pass"),
    "scar_turn_start": gettext_lazy("play a scar card or pass"),
    "setup_order": gettext_lazy("roll for the order of play"),
    "comeback_pick": gettext_lazy("pick a comeback power"),
    "missile_power_pick": gettext_lazy("pick a missile power"),
    "open_pack": gettext_lazy("open the pack the game just unlocked"),
    "event_choice": gettext_lazy("choose what the event card does"),
    "lead_mission": gettext_lazy("choose the mission"),
    "take_back": gettext_lazy("accept or decline taking back a move"),  # PRI-4
}


def _game_number(notice: Notice) -> int | str:
    return notice.game.game_number if notice.game is not None else ""


def table_words(notice: Notice) -> dict[str, object]:
    """How a standalone game is named: its table (the lobby's number) and rule set."""
    found = RULE_SETS.get(notice.game.rule_set)
    return {"table": notice.game.pk, "rule_set": _(found.name) if found else notice.game.rule_set}


def _table_text(notice: Notice) -> str:
    words = table_words(notice)
    if notice.kind == Kind.TURN:
        return _("Your turn at table %(table)s (%(rule_set)s).") % words
    if notice.kind == Kind.DECISION:
        what = _DECISIONS.get(notice.params.get("phase", ""), gettext_lazy("a decision waits"))
        return _("Table %(table)s (%(rule_set)s): %(what)s.") % {**words, "what": what}
    if notice.kind == Kind.DEADLINE:
        return _("Table %(table)s (%(rule_set)s): your time to play is nearly up.") % words
    if winner := notice.params.get("winner"):
        return _("Table %(table)s (%(rule_set)s) is over: %(winner)s won.") % {
            **words,
            "winner": winner,
        }
    return _("Table %(table)s (%(rule_set)s) is over.") % words


def notice_text(notice: Notice) -> str:
    """One line saying what waits, with the campaign and game (or the standalone table) it
    belongs to."""
    if notice.campaign_id is None and notice.game is not None:
        return _table_text(notice)
    words = {"campaign": notice.campaign.name, "game": _game_number(notice)}
    if notice.kind == Kind.TURN:
        return _("Your turn in %(campaign)s, game %(game)s.") % words
    if notice.kind == Kind.DECISION:
        what = _DECISIONS.get(notice.params.get("phase", ""), gettext_lazy("a decision waits"))
        return _("%(campaign)s, game %(game)s: %(what)s.") % {**words, "what": what}
    if notice.kind == Kind.DEADLINE:
        return _("%(campaign)s, game %(game)s: your time to play is nearly up.") % words
    if notice.kind == Kind.GAME_OVER:
        if winner := notice.params.get("winner"):
            return _("%(campaign)s, game %(game)s is over: %(winner)s won.") % {
                **words,
                "winner": winner,
            }
        return _("%(campaign)s, game %(game)s is over.") % words
    pack = content().packs.get(notice.params.get("pack", ""))
    return _("A pack opened in %(campaign)s: %(pack)s.") % {
        **words,
        "pack": pack.name if pack is not None else notice.params.get("pack", ""),
    }


def notice_path(notice: Notice) -> str:
    """The page where the person does what the notice asks, or reads what it tells."""
    if notice.game is not None:
        return notice.game.get_absolute_url()
    if notice.kind == Kind.PACK_OPENED and notice.params.get("pack") in content().packs:
        return reverse(
            "campaign:pack", kwargs={"slug": notice.campaign.slug, "pack": notice.params["pack"]}
        )
    return notice.campaign.get_absolute_url()
