"""A campaign's digital game: its moves and the play between them (`moves`), its start (`start`),
a turn ended in one click (`turn_end`), attacking again (`repeat`), take-backs (`takeback`), a
seat's preferences (`preferences`), turn clocks (`clock`), short decisions' deadlines
(`deadlines`), people away (`absence`), comeback powers (`comeback`), the pack content of a
finished game (`packs`) and its end (`finish`).
"""
