"""English left on a page in the browser: in its visible text, the tooltips and labels read
aloud, the options of its lists and the map's titles (`tests.english_words`)."""

from __future__ import annotations

from tests.english_words import english_in

TEXTS = """() => {
  const texts = [document.title, document.body.innerText];
  for (const el of document.querySelectorAll('[title], [aria-label], [placeholder], [alt]')) {
    for (const name of ['title', 'aria-label', 'placeholder', 'alt']) {
      if (el.hasAttribute(name)) texts.push(el.getAttribute(name));
    }
  }
  for (const el of document.querySelectorAll('svg title, option')) texts.push(el.textContent);
  return texts;
}"""


def english_left(page) -> list[str]:
    """Each English word found, with the line it stands in."""
    return [hit for text in page.evaluate(TEXTS) for hit in english_in(text or "")]
