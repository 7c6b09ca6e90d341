"""Reads of the hottest paths (a move, a poll, a role check) compiled once and run again with
new values, and a move's writes (its log rows, its game row) made the same way.

Building a query through the ORM (cloning it, resolving its lookups, compiling its SQL, finding
its converters) costs several times what running a small one on an index does, and a move runs
the same few reads every time. A `PreparedRead` asks the ORM once per database connection for
the SQL of its queryset, built with placeholder values, then runs that SQL with the caller's
values and turns the rows into model instances (with any `select_related` objects) or value
tuples as the ORM would, its converters included.

Only exact lookups on the arguments are allowed: every argument must reach the SQL as one
parameter, unchanged (checked when the SQL is made).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any
from weakref import WeakKeyDictionary

from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections
from django.db.models import IntegerField, Model, QuerySet
from django.db.models.query import get_related_populators
from django.db.transaction import TransactionManagementError

# Placeholder values, one per argument: numbers no row or constant of these queries holds.
_PLACEHOLDER_BASE = -(2**31) + 7919


@dataclass(frozen=True)
class _Compiled:
    sql: str
    params: tuple[Any, ...]  # constants, with argument names at the arguments' places
    slots: tuple[tuple[int, str], ...]  # (position in params, argument name)
    ranges: tuple[tuple[str, int, int], ...]  # (argument, lowest, highest) of integer columns
    converters: tuple[tuple[int, list, Any], ...]  # (column, converters, expression)
    for_update: bool  # as the ORM, refused outside a transaction where the database locks
    model: type | None  # None: rows are value tuples
    init_list: tuple[str, ...] = ()
    model_columns: slice | None = None
    related: tuple = ()  # django's populators of select_related objects (plain data)
    annotations: tuple[tuple[str, int], ...] = ()  # (attribute, column) of each annotation


class PreparedRead:
    """`build(**placeholders)` gives the queryset; calling the read with the same keyword
    arguments gives the list of its rows (instances, or tuples for a `values_list`)."""

    def __init__(self, build: Callable[..., QuerySet]) -> None:
        self._build = build
        self._names = tuple(inspect.signature(build).parameters)
        self._compiled: WeakKeyDictionary[Any, _Compiled] = WeakKeyDictionary()

    def __call__(self, **values: Any) -> list:
        connection = connections[DEFAULT_DB_ALIAS]
        compiled = self._compiled.get(connection)
        if compiled is None:
            compiled = self._compiled[connection] = self._compile(connection)
        if compiled.for_update and connection.get_autocommit():
            raise TransactionManagementError(
                "select_for_update cannot be used outside of a transaction."
            )
        for name, lowest, highest in compiled.ranges:
            if not lowest <= values[name] <= highest:
                return []  # as the ORM: no integer column holds it
        params = list(compiled.params)
        for position, name in compiled.slots:
            params[position] = values[name]
        with connection.cursor() as cursor:
            cursor.execute(compiled.sql, params)
            rows = cursor.fetchall()
        if compiled.converters:
            rows = [_converted(row, compiled.converters, connection) for row in rows]
        if compiled.model is None:
            return [tuple(row) for row in rows]
        return [_instance(row, compiled) for row in rows]

    def _compile(self, connection) -> _Compiled:
        placeholders = {name: _PLACEHOLDER_BASE + i for i, name in enumerate(self._names)}
        queryset = self._build(**placeholders)
        compiler = queryset.query.get_compiler(connection=connection)
        sql, params = compiler.as_sql()
        slots = []
        for name, placeholder in placeholders.items():
            found = [i for i, value in enumerate(params) if value == placeholder]
            if len(found) != 1:
                raise ValueError(f"{name} must reach the query's SQL as one exact parameter")
            slots.append((found[0], name))
        expressions = [column for column, _sql, _alias in compiler.select]
        converters = tuple(
            (column, functions, expression)
            for column, (functions, expression) in compiler.get_converters(expressions).items()
        )
        common = {
            "sql": sql,
            "params": tuple(params),
            "slots": tuple(slots),
            "ranges": _integer_ranges(queryset, placeholders, connection),
            "converters": converters,
            "for_update": queryset.query.select_for_update
            and connection.features.has_select_for_update,
        }
        klass_info = compiler.klass_info
        if klass_info is None or queryset._fields is not None:
            return _Compiled(model=None, **common)
        fields = klass_info["select_fields"]
        columns = slice(fields[0], fields[-1] + 1)
        return _Compiled(
            model=klass_info["model"],
            init_list=tuple(c[0].target.attname for c in compiler.select[columns]),
            model_columns=columns,
            related=tuple(get_related_populators(klass_info, compiler.select, connection.alias)),
            annotations=tuple(compiler.annotation_col_map.items()),
            **common,
        )


def _integer_ranges(queryset: QuerySet, placeholders: dict[str, int], connection) -> tuple:
    """The range of the integer column each argument is compared with: a number outside it
    finds nothing (the ORM answers so without asking, where the database would refuse it)."""
    names = {placeholder: name for name, placeholder in placeholders.items()}
    ranges = []
    pending = list(queryset.query.where.children)
    while pending:
        node = pending.pop()
        if hasattr(node, "children"):
            pending.extend(node.children)
            continue
        field = getattr(node.lhs, "output_field", None)
        field = getattr(field, "target_field", field)
        name = names.get(node.rhs) if isinstance(node.rhs, int) else None
        if name is not None and isinstance(field, IntegerField):
            lowest, highest = connection.ops.integer_field_range(field.get_internal_type())
            ranges.append((name, lowest, highest))
    return tuple(ranges)


def _converted(row, converters, connection) -> list:
    row = list(row)
    for column, functions, expression in converters:
        value = row[column]
        for function in functions:
            value = function(value, expression, connection)
        row[column] = value
    return row


def _instance(row, compiled: _Compiled):
    obj = compiled.model.from_db(DEFAULT_DB_ALIAS, compiled.init_list, row[compiled.model_columns])
    for populator in compiled.related:
        populator.populate(row, obj)
    for attribute, column in compiled.annotations:
        setattr(obj, attribute, row[column])
    return obj


_UPDATES: WeakKeyDictionary[Any, dict[tuple, str]] = WeakKeyDictionary()


def row_update(obj: Model, fields: Sequence[str]) -> None:
    """`obj.save(update_fields=fields)` for the rows of the hottest path (a move's game row):
    the same values written, `auto_now` fields refreshed, and the same error when the row is
    gone, from an UPDATE made once per connection. No signal is sent: keep it to models that
    have no receivers of `pre_save` / `post_save`."""
    connection = connections[DEFAULT_DB_ALIAS]
    meta = obj._meta
    columns = [meta.get_field(name) for name in fields]
    known = _UPDATES.setdefault(connection, {})
    sql = known.get((type(obj), *fields))
    if sql is None:
        quote = connection.ops.quote_name
        assignments = ", ".join(f"{quote(field.column)} = %s" for field in columns)
        sql = f"UPDATE {quote(meta.db_table)} SET {assignments} WHERE {quote(meta.pk.column)} = %s"
        known[(type(obj), *fields)] = sql
    values = [
        field.get_db_prep_save(field.pre_save(obj, add=False), connection=connection)
        for field in columns
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*values, meta.pk.get_db_prep_value(obj.pk, connection)])
        if cursor.rowcount != 1:
            raise DatabaseError("Save with update_fields did not affect any rows.")


def rows_insert(objs: Sequence[Model]) -> None:
    """`bulk_create(objs)` for rows of one model on the hottest path (a move's log rows): the
    same values written, `auto_now_add` fields set, and the primary keys read back where the
    database returns them, by INSERTs of up to `_INSERT_BATCH` rows made once per connection
    and number of rows. No signal is sent, as with `bulk_create`."""
    for start in range(0, len(objs), _INSERT_BATCH):
        _insert(objs[start : start + _INSERT_BATCH])


# Rows per INSERT: a move and the bots' replies fit in one; a long bots-only stretch takes
# several, each within the oldest SQLite's 999 parameters for the model's few columns.
_INSERT_BATCH = 50
_INSERTS: WeakKeyDictionary[Any, dict[tuple, str]] = WeakKeyDictionary()


def _insert(objs: Sequence[Model]) -> None:
    connection = connections[DEFAULT_DB_ALIAS]
    meta = objs[0]._meta
    fields = [f for f in meta.concrete_fields if f is not meta.auto_field]
    returns = meta.auto_field is not None and connection.features.can_return_rows_from_bulk_insert
    known = _INSERTS.setdefault(connection, {})
    sql = known.get((type(objs[0]), len(objs)))
    if sql is None:
        quote = connection.ops.quote_name
        row = f"({', '.join(['%s'] * len(fields))})"
        sql = (
            f"INSERT INTO {quote(meta.db_table)} ({', '.join(quote(f.column) for f in fields)}) "
            f"VALUES {', '.join([row] * len(objs))}"
        )
        if returns:
            sql += " " + connection.ops.return_insert_columns([meta.auto_field])[0]
        known[(type(objs[0]), len(objs))] = sql
    values = [
        field.get_db_prep_save(field.pre_save(obj, add=True), connection=connection)
        for obj in objs
        for field in fields
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, values)
        keys = cursor.fetchall() if returns else [(None,)] * len(objs)
    for obj, (key,) in zip(objs, keys, strict=True):
        if key is not None:
            setattr(obj, meta.auto_field.attname, key)
        obj._state.adding, obj._state.db = False, DEFAULT_DB_ALIAS
