"""The guided game-log pages: the steps and the confirmation (`wizard`), the draft they keep
and read (`draft`), and the logs sent to the owners for approval (`pending`)."""
