"""Reading what the game log holds or is about to hold: what a game about to be written brings
(`follows`) and the logs waiting for an owner's approval (`pending`)."""
