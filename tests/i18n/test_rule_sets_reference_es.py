"""The rule sets on /rules/ (RS, CL, IN) in Spanish: every rule of the English text has its
Spanish words, with the same rule IDs cited, and the page shows them at their anchors."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest
from django.test import Client

from campaign.templatetags.rule_links import RULE_ID

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
ENGLISH = json.loads((FIXTURES / "rule_sets_reference.json").read_text(encoding="utf-8"))
SPANISH = json.loads(
    (FIXTURES / "locale" / "es" / "rule_sets_reference.json").read_text(encoding="utf-8")
)


def _cited(text: str) -> list[str]:
    return sorted(match.group(1) or match.group(2) for match in RULE_ID.finditer(text))


def test_every_rule_set_rule_has_spanish_words_citing_the_same_rules():
    english = {(s["key"], r["id"]): r for s in ENGLISH["sections"] for r in s["rules"]}
    spanish = {
        (key, rule_id): words
        for key, section in SPANISH["sections"].items()
        for rule_id, words in section["rules"].items()
    }
    assert set(spanish) == set(english)
    for key, rule in english.items():
        words = spanish[key]
        assert words["text"] != rule["text"], f"{key} is still English"
        assert _cited(words["text"]) == _cited(rule["text"]), key
        assert words["text"].count("\n- ") == rule["text"].count("\n- "), key


@pytest.mark.django_db
def test_the_rules_page_shows_classic_risk_and_invasion_in_spanish():
    page = unescape(Client().get("/rules/", HTTP_ACCEPT_LANGUAGE="es").content.decode())
    entry = re.search(r'<article class="rule-entry" id="CL-11">\s*<h3>(.*?)</h3>', page, re.S)
    assert entry and "Lo que vale un grupo" in entry.group(1)
    assert 'id="IN-6"' in page and "Límite de cartas" in page
    assert "Otros juegos de reglas" in page


@pytest.mark.django_db
def test_the_rules_page_has_an_anchor_for_every_classic_and_invasion_rule():
    page = Client().get("/rules/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    for section in ENGLISH["sections"]:
        assert f'href="#{section["key"]}"' in page
        for rule in section["rules"]:
            assert f'id="{rule["id"]}"' in page
