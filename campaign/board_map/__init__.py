"""The board as an SVG picture: territories, sea lines and every mark the campaign world carries.

Geometry comes from `fixtures/board_map.json` and is prepared once per process; each render
only adds what changes (marks, continent names, troops). Everything that comes from people
(city, continent and person names) goes through `format_html`/`escape`.

`render.render_board_svg` draws the picture from `geometry` (the shapes), `territory` (one
territory and what is on it), `icons`, `marks` (what the pockets put on the board), `legend` and
`hit_areas` (tap areas around the small islands, for a phone).
"""
