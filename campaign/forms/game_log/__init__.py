"""The guided game-log form: up to five steps and a confirmation, each a plain Django form
(the step for what packs brought shows only once the campaign's box holds such things, see
`packs`).

The steps keep what the user typed (raw POST data) in a draft held in the session, so a
half-filled log survives a reload; nothing reaches the world until the confirmation. Each step
checks its own fields, then the rules: the draft so far is planned with
`campaign.services.game_log.plan.game_log_plan` and the refusals that belong to this step's fields
are shown next to them with their rule IDs.

The steps are `steps` (who played, during the game, how it ended, the confirmation) and `rewards`
(signature and rewards); `entry` turns the steps into the `GameLogEntry` the service takes and
back. The fields what opened packs bring are `packs`, `missions`, `red_slots` and `pockets`;
`gaps` is the "not recorded" choice, `prefill` what the form fills in before anyone types.
"""
