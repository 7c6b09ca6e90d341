"""Pages of digital play: seating a new game (start), the game page with its board and move
forms (game, its panel in panel), rewards and abandoning; `access` reads the game for a view."""
