"""JSON read into a dataclass, checked against its field annotations: the one place where a move
or a world event built from data refuses a wrong shape, in plain words naming the field.

The annotations used are text (`str`), whole numbers (`int`), either of them or nothing (`X |
None`), a slot (`int | str`), lists (`tuple[X, ...]`, read from JSON lists) and records
(`TypedDict`: its required keys present, each of its type, no other keys; kept as read)."""

from __future__ import annotations

import types
from dataclasses import MISSING, fields
from functools import cache
from typing import Any, Union, get_args, get_origin, get_type_hints, is_typeddict

from rules.words import gettext as _


class WrongShape(Exception):
    """What is wrong with the data, in words; the caller raises its own typed refusal."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def from_json(cls: type, data: dict[str, Any], label: str) -> dict[str, Any]:
    """The keyword arguments for `cls` read from `data` (without its type key), or WrongShape:
    a field `cls` lacks, a required one missing, or a value not of the field's type. `label`
    names the move or event in the message."""
    names = [f.name for f in fields(cls)]
    extra = sorted(str(k) for k in set(data) - set(names))
    if extra:
        raise WrongShape(
            _("Unexpected fields for %(type)s: %(fields)s.")
            % {"type": label, "fields": ", ".join(extra)}
        )
    hints = _hints(cls)
    values = {}
    for f in fields(cls):
        if f.name in data:
            values[f.name] = _read(data[f.name], hints[f.name], f.name, label)
        elif f.default is MISSING and f.default_factory is MISSING:
            raise WrongShape(_("%(type)s needs '%(field)s'.") % {"type": label, "field": f.name})
    return values


@cache
def _hints(cls: type) -> dict[str, Any]:
    """A class's annotations, resolved once: resolving them is slow, and they never change."""
    return get_type_hints(cls)


def _read(value: Any, hint: Any, name: str, label: str) -> Any:
    """`value` as `hint` wants it (JSON lists become tuples), or WrongShape naming `name`."""
    origin, args = get_origin(hint), get_args(hint)
    if hint is str:
        if isinstance(value, str):
            return value
        raise WrongShape(_("'%(field)s' must be text.") % {"field": name})
    if hint is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise WrongShape(_("'%(field)s' must be a number.") % {"field": name})
    if origin in (Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        for option in (a for a in args if a is not type(None)):
            try:
                return _read(value, option, name, label)
            except WrongShape:
                continue
        raise WrongShape(_union_words(args, name))
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise WrongShape(_list_words(args[0], name))
        return tuple(_read(v, args[0], f"{name}[{i}]", label) for i, v in enumerate(value))
    if is_typeddict(hint):
        return _record(value, hint, name, label)
    if origin is dict:
        if isinstance(value, dict) and all(isinstance(k, str) for k in value):
            return value
        raise WrongShape(_("'%(field)s' must be an object.") % {"field": name})
    raise TypeError(f"{hint} has no JSON reading")  # a programming error, not bad input


def _record(value: Any, hint: Any, name: str, label: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise WrongShape(_("'%(field)s' must be an object.") % {"field": name})
    hints = _hints(hint)
    extra = sorted(str(k) for k in set(value) - set(hints))
    if extra:
        raise WrongShape(
            _("Unexpected fields for %(type)s: %(fields)s.")
            % {"type": f"{label} {name}", "fields": ", ".join(extra)}
        )
    missing = sorted(hint.__required_keys__ - set(value))
    if missing:
        raise WrongShape(
            _("%(type)s needs '%(field)s'.") % {"type": label, "field": f"{name}.{missing[0]}"}
        )
    for key, item in value.items():
        _read(item, hints[key], f"{name}.{key}", label)
    return value  # as stored: its lists stay lists


def _union_words(args: tuple[Any, ...], name: str) -> str:
    if set(args) == {int, str}:
        return _("'%(field)s' must be a slot number or \"coin\".") % {"field": name}
    if int in args:
        return _("'%(field)s' must be a number or null.") % {"field": name}
    return _("'%(field)s' must be text or null.") % {"field": name}


def _list_words(item: Any, name: str) -> str:
    if item is str:
        return _("'%(field)s' must be a list of names.") % {"field": name}
    if item is int:
        return _("'%(field)s' must be a list of numbers.") % {"field": name}
    return _("'%(field)s' must be a list of objects.") % {"field": name}
