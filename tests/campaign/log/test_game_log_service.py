"""game_log / game_log_correct: every refusal names its field and rule and writes nothing;
owners may override with a reason; corrections void and replace, never edit."""

from dataclasses import replace

import pytest

from campaign.errors import ConflictError, ForbiddenError
from campaign.models import GameLog, Person, WorldEventRecord
from campaign.selectors.world import world_as_of, world_current, world_replay
from campaign.services.game_log.correct import game_log_correct
from campaign.services.game_log.entry import GameLogEntry, IncidentEntry, ScarEntry, WearEntry
from campaign.services.game_log.plan import game_log_plan
from campaign.services.game_log.record import game_log
from campaign.services.game_log.refusals import GameLogRefused
from campaign.services.world import world_event_append
from rules.rewards import RewardChoice
from rules.world_events import CityFortified, CityFounded, ContinentNamed, ScarPlaced
from tests.campaign.log.factories import DESTROYED_CARDS, three_player_entry, with_player

pytestmark = pytest.mark.django_db


def _counts(campaign):
    return (
        WorldEventRecord.objects.filter(campaign=campaign).count(),
        GameLog.objects.filter(campaign=campaign).count(),
        Person.objects.filter(campaign=campaign).count(),
    )


def _refused(campaign, user, entry, **kwargs):
    """Log `entry`, expect a refusal, check nothing was written; return {field: (code, rule)}."""
    before = _counts(campaign)
    with pytest.raises(GameLogRefused) as refused:
        game_log(campaign=campaign, user=user, entry=entry, **kwargs)
    assert _counts(campaign) == before
    return {
        r.field: (r.violation.code, r.violation.rule, r.violation.message)
        for r in refused.value.refusals
    }


def _prepare(campaign, owner, *events):
    world_event_append(campaign=campaign, events=list(events), user=owner, source="setup")


def test_a_legal_game_writes_its_events_and_the_log(campaign, owner, persons):
    log = game_log(campaign=campaign, user=owner, entry=three_player_entry(persons))
    world = world_current(campaign=campaign)
    assert log.game_number == 1
    assert world.games_played == 1
    assert world.cities["brazil"].kind == "major"
    assert world.cities["egypt"].founder == persons["player"].key
    assert world.signatures[0].slogan == "First blood"
    assert [r.outcome for r in world.faction_history("saharan_republic")] == ["eliminated"]
    assert [r.player for r in world.faction_history("imperial_balkania")] == [None]  # sat out
    assert world == world_replay(campaign=campaign)
    kinds = list(
        WorldEventRecord.objects.filter(campaign=campaign)
        .order_by("seq")
        .values_list("kind", flat=True)[:5]
    )
    # The first elimination opens Pack 2 during the game, right after it is recorded (U-3).
    assert kinds == [
        "game_recorded",
        "pack_opened",
        "victor_signed",
        "city_founded",
        "city_founded",
    ]


def test_a_guest_becomes_a_person(campaign, owner, persons):
    entry = with_player(three_player_entry(persons), 2, person="", guest_name="Gina Guest")
    game_log(campaign=campaign, user=owner, entry=entry)
    gina = Person.objects.get(campaign=campaign, display_name="Gina Guest")
    assert gina.user is None
    assert world_current(campaign=campaign).faction_records[-1].player in {gina.key, None}


def test_start_in_a_city_is_refused_S7(campaign, owner, persons):
    _prepare(campaign, owner, CityFounded("egypt", "minor", "Cairo", persons["owner"].key, 0))
    refusals = _refused(campaign, owner, three_player_entry(persons))
    code, rule, message = refusals["players.1.start"]
    assert (code, rule) == ("start_in_city", "S-7")
    assert message == "Egypt holds the minor city Cairo; nobody starts there."


def test_start_in_someone_elses_major_city_is_refused_but_own_is_fine_S7(campaign, owner, persons):
    _prepare(campaign, owner, CityFounded("peru", "major", "Lima", persons["owner"].key, 0))
    refusals = _refused(campaign, owner, three_player_entry(persons))
    assert refusals["players.2.start"][:2] == ("start_in_others_city", "S-7")
    own = with_player(three_player_entry(persons), 0, start="peru")
    own = with_player(own, 2, start="ural")
    game_log(campaign=campaign, user=owner, entry=own)


def test_start_on_a_scar_is_refused_S7(campaign, owner, persons):
    _prepare(campaign, owner, ScarPlaced("peru", "territory", "bunker", None, 0))
    refusals = _refused(campaign, owner, three_player_entry(persons))
    assert refusals["players.2.start"][:2] == ("start_marked", "S-7")


def test_hqs_may_not_start_next_to_each_other_S7_1(campaign, owner, persons):
    entry = with_player(three_player_entry(persons), 2, start="northwest_territory")
    refusals = _refused(campaign, owner, entry)
    assert refusals["players.2.start"][:2] == ("hq_adjacent", "S-7.1")
    assert "Alaska" in refusals["players.2.start"][2]


def test_a_faction_is_played_once_S6(campaign, owner, persons):
    entry = with_player(three_player_entry(persons), 1, faction="die_mechaniker")
    refusals = _refused(campaign, owner, entry)
    assert refusals["players.1.faction"][:2] == ("faction_twice", "S-6")


def test_the_winner_must_take_a_reward_END5(campaign, owner, persons):
    refusals = _refused(campaign, owner, three_player_entry(persons, winner_reward=None))
    assert refusals["winner_reward"][:2] == ("reward_required", "END-5")


def test_a_continent_is_named_once_END5_R1(campaign, owner, persons):
    _prepare(campaign, owner, ContinentNamed("africa", "Afrik", persons["owner"].key, 0))
    entry = three_player_entry(persons, winner_reward=RewardChoice("R1", "africa", "Again"))
    code, rule, message = _refused(campaign, owner, entry)["winner_reward"]
    assert (code, rule) == ("continent_already_named", "END-5")
    assert "already named Afrik" in message


def test_one_city_per_territory_across_rewards_G2(campaign, owner, persons):
    entry = three_player_entry(persons, winner_reward=RewardChoice("R2", "egypt", "Rome"))
    refusals = _refused(campaign, owner, entry)
    assert refusals["players.1.reward"][:2] == ("city_exists", "G-2")


def test_held_on_city_must_be_on_a_held_territory_END6(campaign, owner, persons):
    entry = with_player(three_player_entry(persons), 1, reward=RewardChoice("H1", "india", "Delhi"))
    refusals = _refused(campaign, owner, entry)
    assert refusals["players.1.reward"][:2] == ("not_held", "END-6")


def test_eliminated_players_get_no_reward_END6(campaign, owner, persons):
    entry = with_player(three_player_entry(persons), 2, held=(), reward=RewardChoice("H2", "peru"))
    refusals = _refused(campaign, owner, entry)
    assert refusals["players.2.reward"][:2] == ("reward_not_held_on", "END-6")


def test_no_minor_city_after_the_ninth_C10(campaign, owner, persons):
    towns = [
        CityFounded(t, "minor", f"Town {i}", persons["owner"].key, 0)
        for i, t in enumerate(
            [
                "ural",
                "siberia",
                "yakutsk",
                "kamchatka",
                "irkutsk",
                "mongolia",
                "japan",
                "china",
                "india",
            ]
        )
    ]
    _prepare(campaign, owner, *towns)
    refusals = _refused(campaign, owner, three_player_entry(persons))
    assert refusals["players.1.reward"][:2] == ("supply_exhausted", "C-10")


def test_cards_stop_at_six_coins_END6_H2(campaign, owner, persons):
    from rules.world_events import CardUpgraded

    _prepare(campaign, owner, *[CardUpgraded("congo", persons["owner"].key, 0)] * 5)
    entry = with_player(three_player_entry(persons), 1, reward=RewardChoice("H2", "congo"))
    refusals = _refused(campaign, owner, entry)
    assert refusals["players.1.reward"][:2] == ("card_full", "END-6")


def test_one_scar_per_territory_G4(campaign, owner, persons):
    _prepare(campaign, owner, ScarPlaced("india", "territory", "bunker", None, 0))
    entry = three_player_entry(persons, scars=(ScarEntry("ammo_shortage", "territory", "india"),))
    refusals = _refused(campaign, owner, entry)
    assert refusals["scars.0"][:2] == ("scar_exists", "G-4")


def test_wear_needs_an_active_fortification_X9(campaign, owner, persons):
    entry = three_player_entry(persons, wear=(WearEntry("india", 2),))
    refusals = _refused(campaign, owner, entry)
    assert refusals["wear.0"][:2] == ("not_fortified", "X-9")


def test_fortification_wear_is_recorded_X9(campaign, owner, persons):
    _prepare(
        campaign,
        owner,
        CityFounded("india", "major", "Delhi", persons["owner"].key, 0),
        CityFortified("india", persons["owner"].key, 0),
    )
    entry = three_player_entry(persons, wear=(WearEntry("india", 3),))
    game_log(campaign=campaign, user=owner, entry=entry)
    assert world_current(campaign=campaign).fortifications["india"].uses_left == 7


def test_a_player_may_log_and_a_viewer_may_not(campaign, player, viewer, persons):
    with pytest.raises(ForbiddenError):
        game_log(campaign=campaign, user=viewer, entry=three_player_entry(persons))
    assert game_log(campaign=campaign, user=player, entry=three_player_entry(persons))


def test_an_owner_may_accept_a_refused_entry_with_a_reason(campaign, owner, persons):
    _prepare(campaign, owner, ScarPlaced("peru", "territory", "bunker", None, 0))
    log = game_log(
        campaign=campaign,
        user=owner,
        entry=three_player_entry(persons),
        override_reason="Our board has no scar on Peru; the sticker fell off.",
    )
    assert log.override_reason.startswith("Our board")
    assert log.overridden[0]["rule"] == "S-7"
    assert log.overridden[0]["field"] == "players.2.start"
    assert world_current(campaign=campaign).games_played == 1


def test_a_player_may_not_override(campaign, owner, player, persons):
    _prepare(campaign, owner, ScarPlaced("peru", "territory", "bunker", None, 0))
    before = _counts(campaign)
    with pytest.raises(ForbiddenError):
        game_log(
            campaign=campaign,
            user=player,
            entry=three_player_entry(persons),
            override_reason="please",
        )
    assert _counts(campaign) == before


def test_hard_refusals_cannot_be_overridden(campaign, owner, persons):
    entry = with_player(three_player_entry(persons), 1, faction="die_mechaniker")
    refusals = _refused(campaign, owner, entry, override_reason="house rule")
    assert refusals["players.1.faction"][0] == "faction_twice"


def test_mid_game_incidents_are_logged_U6(campaign, owner, persons):
    entry = three_player_entry(
        persons,
        incidents=(IncidentEntry("missiles_on_one_roll", "khan_industries", 3),),
    )
    game_log(campaign=campaign, user=owner, entry=entry)
    record = WorldEventRecord.objects.get(campaign=campaign, kind="game_incident")
    assert record.payload["person"] == persons["player"].key


def test_after_game_fifteen_nobody_takes_rewards_END9(campaign, owner, persons):
    from rules.world import World

    snapshot = campaign.snapshots.filter(is_current=True)
    assert not snapshot.exists()
    # Fifteen quick games through the service, then game 16 with a reward.
    _log_games(campaign, owner, persons, 15)
    entry = three_player_entry(persons, winner_reward=RewardChoice("R6", "india"))
    entry = _fresh_starts(entry, 16)
    refusals = _refused(campaign, owner, entry)
    assert refusals["winner_reward"][:2] == ("no_rewards", "END-9")
    assert isinstance(world_current(campaign=campaign), World)


def _fresh_starts(entry: GameLogEntry, game: int) -> GameLogEntry:
    # Starting territories far apart, unmarked: pick by game to avoid cities founded earlier.
    starts = [("alaska", "egypt", "peru"), ("greenland", "congo", "argentina")][game % 2]
    for i, start in enumerate(starts):
        entry = with_player(entry, i, start=start)
    return entry


def _log_games(campaign, owner, persons, n):
    for game in range(1, n + 1):
        entry = _fresh_starts(three_player_entry(persons), game)
        entry = with_player(entry, 1, reward=None, troops_at_end=True)
        entry = with_player(entry, 2, troops_at_end=True)
        entry = replace(entry, winner_reward=RewardChoice("R6", DESTROYED_CARDS[game - 1]))
        if game == 15:
            entry = replace(entry, world_name="Ridgeland", world_namer=persons["owner"].key)
        game_log(campaign=campaign, user=owner, entry=entry)


def test_game_fifteen_must_name_the_world_END8(campaign, owner, persons):
    _log_games(campaign, owner, persons, 14)
    entry = _fresh_starts(three_player_entry(persons), 15)
    entry = with_player(entry, 1, reward=None)
    entry = replace(entry, winner_reward=RewardChoice("R6", "ukraine"))
    refusals = _refused(campaign, owner, entry)
    assert refusals["world_name"][:2] == ("world_name_required", "END-8")
    wrong = replace(entry, world_name="Nope", world_namer=persons["player"].key)
    assert _refused(campaign, owner, wrong)["world_namer"][:2] == ("not_most_signatures", "END-8")
    game_log(
        campaign=campaign,
        user=owner,
        entry=replace(entry, world_name="Ridgeland", world_namer=persons["owner"].key),
    )
    assert world_current(campaign=campaign).world_name == "Ridgeland"


def test_correcting_the_latest_game_voids_and_replaces(campaign, owner, persons):
    game_log(campaign=campaign, user=owner, entry=three_player_entry(persons))
    logged = WorldEventRecord.objects.filter(campaign=campaign).count()
    fixed = three_player_entry(persons, winner_reward=RewardChoice("R2", "argentina", "BA"))
    log = game_log_correct(
        campaign=campaign,
        user=owner,
        game_number=1,
        entry=fixed,
        reason="The Major City went on Argentina, not Brazil.",
    )
    world = world_current(campaign=campaign)
    assert "brazil" not in world.cities
    assert world.cities["argentina"].name == "BA"
    assert world.games_played == 1
    assert world == world_replay(campaign=campaign)
    voiding = WorldEventRecord.objects.get(campaign=campaign, kind="events_voided")
    assert voiding.seq == logged + 1
    assert log.corrects.game_number == 1
    assert log.correction_reason.startswith("The Major City")
    # Nothing was edited: the original records are all still there.
    assert WorldEventRecord.objects.filter(campaign=campaign, seq__lte=logged).count() == logged


def test_only_owners_correct(campaign, owner, player, persons):
    game_log(campaign=campaign, user=player, entry=three_player_entry(persons))
    with pytest.raises(ForbiddenError):
        game_log_correct(
            campaign=campaign,
            user=player,
            game_number=1,
            entry=three_player_entry(persons),
            reason="x",
        )


def test_correcting_an_earlier_game_re_records_the_later_ones(
    campaign, owner, persons, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        _log_games(campaign, owner, persons, 3)
    assert set(world_current(campaign=campaign).packs_opened) == {"pack_3"}  # ann signed twice
    entry = _fresh_starts(three_player_entry(persons), 1)
    entry = with_player(entry, 1, reward=None, troops_at_end=True)
    entry = with_player(entry, 2, troops_at_end=True)
    entry = replace(entry, winner_reward=RewardChoice("R2", "ural", "Yekaterinburg"))
    log = game_log_correct(
        campaign=campaign,
        user=owner,
        game_number=1,
        entry=entry,
        reason="Game 1's reward was a Major City, not a destroyed card.",
    )
    world = world_current(campaign=campaign)
    assert world.cities["ural"].name == "Yekaterinburg"
    assert "ural" not in world.destroyed_cards
    assert world.games_played == 3
    assert world == world_replay(campaign=campaign)
    assert set(world.packs_opened) == {"pack_3"}  # carried after its game, still open
    assert "ural" in world_as_of(campaign=campaign, game_number=1).cities
    assert world_as_of(campaign=campaign, game_number=2).games_played == 2
    assert log.game_number == 1
    rerecorded = GameLog.objects.filter(campaign=campaign, corrects__isnull=False)
    assert sorted(rerecorded.values_list("game_number", flat=True)) == [1, 2, 3]
    assert rerecorded.get(game_number=3).correction_reason.startswith(
        "Re-recorded after the correction of game 1"
    )
    # The world as of game 2 follows the corrected game 1, in order.
    records = [r.game for r in world.faction_records if r.faction == "die_mechaniker"]
    assert records == [1, 2, 3]


def test_a_correction_that_breaks_a_later_game_names_it(campaign, owner, persons):
    _log_games(campaign, owner, persons, 2)
    entry = _fresh_starts(three_player_entry(persons), 1)
    entry = with_player(entry, 1, reward=None, troops_at_end=True)
    entry = with_player(entry, 2, troops_at_end=True)
    # A Major City on Egypt: the player started game 2 there, which S-7 then forbids.
    entry = replace(entry, winner_reward=RewardChoice("R2", "egypt", "Thebes"))
    before = _counts(campaign)
    with pytest.raises(GameLogRefused) as refused:
        game_log_correct(campaign=campaign, user=owner, game_number=1, entry=entry, reason="x")
    [refusal] = refused.value.refusals
    assert refusal.field == "games.2.players.1.start"
    assert refusal.violation.message.startswith("Game 2: Egypt holds Thebes")
    assert refusal.violation.rule == "S-7"
    assert _counts(campaign) == before
    game_log_correct(
        campaign=campaign,
        user=owner,
        game_number=1,
        entry=entry,
        reason="x",
        override_reason="The city was founded after game 2 started, at the table.",
    )
    assert world_current(campaign=campaign).cities["egypt"].name == "Thebes"


def test_a_digitally_played_later_game_blocks_correcting_earlier_ones(campaign, owner, persons):
    _log_games(campaign, owner, persons, 1)
    later = _fresh_starts(three_player_entry(persons), 2)
    later = with_player(later, 1, reward=None)
    plan = game_log_plan(
        world=world_current(campaign=campaign),
        entry=replace(later, winner_reward=RewardChoice("R6", "peru")),
        persons={p.key: p.display_name for p in campaign.persons.all()},
    )
    world_event_append(campaign=campaign, events=plan.events, user=owner, source="digital")
    with pytest.raises(ConflictError):
        game_log_correct(
            campaign=campaign,
            user=owner,
            game_number=1,
            entry=_fresh_starts(three_player_entry(persons), 1),
            reason="late fix",
        )
