"""Reading a campaign's history: games and what each changed (`games`, each event told by
`describe`), the world's records as of any game (`world`), each territory's and faction card's
story (`stories`), pack status (`packs`) and statistics (`stats`)."""
