"""The rules reference at /rules/ in Spanish (issue 14): every section and rule of the English
reference has its Spanish words in `fixtures/locale/es/rules_reference.json`, and the rule IDs
its text cites survive the translation, so the cross-reference links still work."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest
from django.test import Client
from django.utils import translation

from campaign.selectors.rules_reference import rules_reference
from campaign.templatetags.rule_links import RULE_ID

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def _read(path: Path) -> dict:
    with path.open(encoding="utf-8") as handle:
        return json.load(handle)


ENGLISH = _read(FIXTURES / "rules_reference.json")
SPANISH = _read(FIXTURES / "locale" / "es" / "rules_reference.json")


def _english_rules() -> list[tuple[str, dict]]:
    return [(section["key"], rule) for section in ENGLISH["sections"] for rule in section["rules"]]


def _cited(text: str) -> list[str]:
    return sorted(match.group(1) or match.group(2) for match in RULE_ID.finditer(text))


def _list_shape(text: str) -> list[str]:
    """Each line's kind: nested item, item, blank or paragraph."""
    return [
        "nested" if line.startswith("  - ") else "item" if line.startswith("- ") else
        "blank" if not line.strip() else "paragraph"
        for line in text.split("\n")
    ]  # fmt: skip


def test_every_section_has_a_spanish_title_and_no_section_the_english_lacks():
    english = {section["key"]: section for section in ENGLISH["sections"]}
    assert set(SPANISH["sections"]) == set(english)
    for key, section in SPANISH["sections"].items():
        assert section["title"].strip(), key
        assert section["title"] != english[key]["title"], key


def test_every_rule_has_a_spanish_title_and_text_and_no_rule_the_english_lacks():
    spanish_ids = {
        (key, rule_id)
        for key, section in SPANISH["sections"].items()
        for rule_id in section["rules"]
    }
    english_ids = {(key, rule["id"]) for key, rule in _english_rules()}
    assert spanish_ids == english_ids, spanish_ids ^ english_ids
    for key, rule in _english_rules():
        words = SPANISH["sections"][key]["rules"][rule["id"]]
        assert set(words) == {"title", "text"}, rule["id"]
        assert words["title"].strip() and words["text"].strip(), rule["id"]
        assert words["text"] != rule["text"], f"{rule['id']} is still English"


def test_every_rule_id_an_english_text_cites_is_cited_in_its_spanish_text():
    lost = {}
    for key, rule in _english_rules():
        spanish = SPANISH["sections"][key]["rules"][rule["id"]]["text"]
        if _cited(rule["text"]) != _cited(spanish):
            lost[rule["id"]] = (_cited(rule["text"]), _cited(spanish))
    assert not lost, lost


def test_the_spanish_text_keeps_the_lists_and_paragraphs_of_the_english():
    for key, rule in _english_rules():
        spanish = SPANISH["sections"][key]["rules"][rule["id"]]["text"]
        assert _list_shape(spanish) == _list_shape(rule["text"]), rule["id"]


def test_rules_reference_speaks_spanish_under_a_spanish_override():
    with translation.override("es"):
        sections = {section.key: section for section in rules_reference()}
    assert sections["T"].title == "Turno: comienzo, entrar en guerra, reclutar"
    base = next(rule for rule in sections["T"].rules if rule.id == "T-8")
    assert base.title == "Tropas básicas"
    assert [block.is_list for block in base.blocks] == [False, True]
    with translation.override("en"):
        english = {section.key: section for section in rules_reference()}
    assert english["T"].title == "Turn: start, join the war, recruit"


@pytest.mark.django_db
def test_the_rules_page_shows_spanish_rule_titles_at_their_anchors():
    page = unescape(Client().get("/rules/", HTTP_ACCEPT_LANGUAGE="es").content.decode())

    entry = re.search(r'<article class="rule-entry" id="T-8">\s*<h3>(.*?)</h3>', page, re.S)
    assert entry and "Tropas básicas" in entry.group(1)
    assert "Ganan las restricciones" in page and 'id="CONF-1"' in page
    # The cross-references inside the Spanish texts are still links.
    assert 'href="/rules/#G-11"' in page and "Suma los territorios que controlas" in page


@pytest.mark.django_db
def test_the_rules_page_stays_english_for_an_english_reader():
    page = unescape(Client().get("/rules/", HTTP_ACCEPT_LANGUAGE="en").content.decode())

    assert "Base troops" in page and "Tropas básicas" not in page
