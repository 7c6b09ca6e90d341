"""Forms of digital play: seating a new game (start), the move forms built from the engine's
legal options (moves, worded by move_words), and the end-of-game reward form (rewards)."""
