"""The rules reference at /rules/ and the "why" links refusals carry to it (issue 13)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from django.template import Context, Template

from campaign.selectors.rules_reference import rule_ids, rules_reference
from tests.campaign.spoilers.walk import spoilers_in

RULES_PACKAGE = Path(__file__).resolve().parents[3] / "rules"
REFUSALS = {"Violation", "IllegalMove", "IllegalWorldEvent", "fail"}
RULEBOOK_ORDER = ["G", "C", "P", "S", "T", "X", "M", "E", "W", "END", "U", "PRI", "CONF"]


def _rules_cited_by_refusals() -> dict[str, str]:
    """Every rule ID given as the `rule` of a refusal in the engine (third argument or
    `rule=`), with one file citing it; "DESIGN" marks the service's own choices."""
    cited: dict[str, str] = {}
    for path in RULES_PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name not in REFUSALS:
                continue
            rule = next((k.value for k in node.keywords if k.arg == "rule"), None)
            if rule is None and len(node.args) >= 3:
                rule = node.args[2]
            for constant in ast.walk(rule) if rule is not None else ():
                if isinstance(constant, ast.Constant) and isinstance(constant.value, str):
                    cited.setdefault(constant.value, path.name)
    cited.pop("DESIGN", None)
    return cited


def test_every_rule_a_refusal_cites_has_an_anchor_on_the_rules_page(anon_client):
    cited = _rules_cited_by_refusals()
    assert len(cited) > 30  # the collector found the engine's refusals
    page = anon_client.get("/rules/").content.decode()
    missing = [
        f"{rule} ({where})" for rule, where in sorted(cited.items()) if f'id="{rule}"' not in page
    ]
    assert not missing, missing


def test_the_rules_page_is_open_to_anyone_with_a_contents_list(anon_client):
    response = anon_client.get("/rules/")

    assert response.status_code == 200
    page = response.content.decode()
    assert 'id="rules-toc-title"' in page
    for key in RULEBOOK_ORDER:
        assert f'href="#{key}"' in page
    assert 'id="T-8"' in page and 'id="X-7"' in page and 'id="CONF-1"' in page


def test_the_sections_follow_the_rulebook_order():
    assert [section.key for section in rules_reference()] == RULEBOOK_ORDER


def test_every_anchor_on_the_rules_page_is_unique(anon_client):
    page = anon_client.get("/rules/").content.decode()
    anchors = re.findall(r'\bid="([^"]+)"', page)
    assert len(anchors) == len(set(anchors)), sorted(a for a in anchors if anchors.count(a) > 1)
    assert len(rule_ids()) > 100


def test_the_rules_page_speaks_to_players_not_to_the_source_files(anon_client):
    page = anon_client.get("/rules/").content.decode()
    for meta in ("[EN", "[ES", "OPEN-", "DIFF-", "CLASSIC-", "inference", "tracker", "fixtures"):
        assert meta not in page


def test_the_rules_page_names_nothing_of_a_sealed_pack_U8(anon_client):
    page = anon_client.get("/rules/").content.decode()
    assert spoilers_in(page, ("pack_1", "pack_2", "pack_3", "pack_4")) == []


def test_the_rules_page_links_each_of_your_campaigns_rules_page(campaign, player, client_for):
    page = client_for(player).get("/rules/").content.decode()

    assert f'href="/campaigns/{campaign.slug}/rules/"' in page


def test_the_campaign_rules_page_and_the_footer_link_the_rules(campaign, player, client_for):
    page = client_for(player).get(f"/campaigns/{campaign.slug}/rules/").content.decode()

    assert page.count('href="/rules/"') >= 2  # in the page's words and in the footer


def _render(source: str, **context: object) -> str:
    return Template(source).render(Context(context))


def test_rule_links_puts_a_refusals_code_after_its_words_as_a_small_link_X7():
    html = _render("{{ m|rule_links }}", m="Ties go to the defender (X-7).")

    assert html == (
        'Ties go to the defender. <a class="rule rule-link" href="/rules/#X-7" '
        'title="The rule X-7">X-7</a>'
    )


@pytest.mark.parametrize(
    ("text", "words", "codes"),
    [
        (
            "The world needs its customization (P-1 to P-3).",
            "The world needs its customization.",
            ["P-1", "P-3"],
        ),
        (
            "Three missiles on one roll (Pocket 1, U-6)",
            "Three missiles on one roll (Pocket 1)",
            ["U-6"],
        ),
        ("Name the city (rule END-5); then go on.", "Name the city; then go on.", ["END-5"]),
    ],
)
def test_rule_links_leaves_words_first_and_the_codes_after_them_P1_U6(text, words, codes):
    html = _render("{{ t|rule_links }}", t=text)

    assert html.startswith(words + " <a")
    assert re.findall(r">([A-Z]+-\d+)</a>", html) == codes
    assert "why:" not in html


def test_rule_links_links_a_bare_rule_attribute_and_keeps_plain_cross_references_T8():
    assert _render("{{ r|rule_links }}", r="T-8") == (
        '<a class="rule rule-link" href="/rules/#T-8" title="The rule T-8">T-8</a>'
    )
    plain = _render('{{ t|rule_links:"plain" }}', t="as in (T-8) and S-7 a/b")
    assert '(<a class="rule rule-link" href="/rules/#T-8" title="The rule T-8">T-8</a>)' in plain
    assert 'title="The rule S-7">S-7</a> a/b' in plain


@pytest.mark.parametrize("text", ["DESIGN", "One digital move at a time (DESIGN)"])
def test_rule_links_drops_the_services_own_design_code(text):
    assert "DESIGN" not in _render("{{ t|rule_links }}", t=text)


def test_rule_links_escapes_the_text_and_leaves_unknown_codes_alone():
    html = _render("{{ t|rule_links }}", t="<b>B73</b> (Z-9)")

    assert html == "&lt;b&gt;B73&lt;/b&gt; (Z-9)"
