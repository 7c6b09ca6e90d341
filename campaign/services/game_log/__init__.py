"""Logging a game played on the physical board: the typed entry (`entry`), its planning into
checked world events (`planner`, `plan` and the parts it calls: `seating`, `packs`, `events`,
`missions`, `red_slots`, `pockets`, `gaps`), why the rules refuse one (`refusals`), recording it
(`record`), correcting it (`correct`) and a player's refused log sent to the owners (`pending`).
"""
