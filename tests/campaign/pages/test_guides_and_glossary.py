"""Help for people new to the service: a guide for each use (log, play, read the history) linked
from the home page and every page's footer, the game's words explained where the pages use them
and at /rules/#glossary, and a README that stands on its own."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from campaign.glossary import glossary

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[3]
GUIDES = {"log": "Log a table game", "play": "Play in the browser", "history": "Read the history"}


@pytest.mark.parametrize("reader", ["anon_client", "player_client"])
def test_each_guide_is_a_page_for_anyone_linked_from_home_and_footer(request, reader):
    client = request.getfixturevalue(reader)
    home = client.get("/").content.decode()
    footer = home[home.index('class="site-footer"') :]
    for topic, title in GUIDES.items():
        assert f'href="/guide/{topic}/"' in home.split('class="site-footer"')[0]
        assert f'href="/guide/{topic}/"' in footer
        page = client.get(f"/guide/{topic}/")
        assert page.status_code == 200
        assert f"<h1>{title}</h1>" in page.content.decode()
    assert client.get("/guide/").status_code == 200
    assert client.get("/guide/nothing/").status_code == 404


def test_the_rules_page_lists_every_word_with_an_anchor_and_its_rule():
    from django.test import Client

    page = Client().get("/rules/").content.decode()
    assert 'id="glossary"' in page
    for term in glossary().values():
        assert f'id="{term.anchor}"' in page, term.key
        assert f'id="{term.rule}"' in page, term.rule  # the rule it points to exists


def test_the_glossary_explains_the_words_issue_13_names():
    """Stars/Red Stars, missiles, face-up cards, held on, HQ, population, coins."""
    assert {
        "red_stars",
        "missiles",
        "face_up_cards",
        "held_on",
        "hq",
        "population",
        "coins",
    } <= set(glossary())


def test_the_world_page_explains_its_words_with_links_to_the_rules(viewer_client, campaign):
    page = viewer_client.get(f"/campaigns/{campaign.slug}/").content.decode()
    help_box = page[page.index('class="card glossary-help"') :].split("</details>")[0]
    assert "<summary>Words on this page</summary>" in help_box
    assert 'href="/rules/#term-red_stars"' in help_box and 'href="/rules/#W-2"' in help_box
    assert re.search(r'<abbr title="[^"]+">Held on</abbr>', help_box)


def test_the_log_form_explains_its_words_without_naming_a_sealed_pack_U8(owner_client, campaign):
    page = owner_client.get(f"/campaigns/{campaign.slug}/log/players/").content.decode()
    assert 'class="card glossary-help"' in page
    assert 'href="/rules/#term-held_on"' in page
    assert "world capital" not in page.lower()


def test_the_readme_stands_on_its_own():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    wanted = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["requires-python"]
    assert "3.11" in wanted and "Python 3.11" in readme
    assert ".venv/bin/python manage.py createsuperuser" in readme
    assert "/guide/" in readme
    assert not re.search(r"\.\./|/work/", readme)  # no file outside the repository
