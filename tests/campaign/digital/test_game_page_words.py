"""The game page explains the game's words (Red Stars, missiles, face-up cards…) with links to
the rules' word list (issue 13)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_the_game_page_explains_red_stars_and_missiles_W2_X10(owner_client, hotseat_game):
    page = owner_client.get(hotseat_game.get_absolute_url()).content.decode()
    help_box = page[page.index('class="card glossary-help"') :].split("</details>")[0]
    for anchor in ("term-red_stars", "term-missiles", "term-face_up_cards", "X-10"):
        assert f'href="/rules/#{anchor}"' in help_box
