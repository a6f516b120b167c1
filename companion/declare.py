"""Actions are declared once (DESIGN.md, point 11).

Each game lists its action types as ``ActionSpec`` values: the fields each takes and their
kinds, and whether the action draws on randomness (dice, draws, shuffles) or reveals hidden
information. From that one declaration come:

* ``check_shape`` — the request check run before anything is stored: unknown types and unknown
  fields are refused naming what is accepted, kinds are checked, and nothing nested or long
  gets through (so a stored action can always be read back);
* ``json_schema`` — the OpenAPI document's schema for the action;
* ``is_barrier`` — whether undo must stop before the action;
* bots' and tests' lists of action types.
"""

from __future__ import annotations

import enum
import inspect
import math
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Mapping, Sequence

from .errors import BadAction

# Limits on any one action, far above what a game sends and far below what could hurt storage.
MAX_STRING = 200     # characters in one text field
MAX_ITEMS = 40       # entries in one list or map field
MAX_DEPTH = 3        # nesting: action object > list/map > value
MAX_INT = 2 ** 31 - 1  # whole numbers from -MAX_INT to MAX_INT


class Kind(enum.Enum):
    INT = "int"
    STR = "str"
    BOOL = "bool"
    INT_LIST = "int_list"      # [1, 2, 3]
    STR_LIST = "str_list"      # ["A1", "B2"]
    INT_MAP = "int_map"        # {"B3": 2}
    DICE = "dice"              # [1, 1, 0] or text such as "1 1 0" typed on a phone
    INT_OR_STR = "int_or_str"  # a form may send a number as text
    NUMBER = "number"          # a whole number or a decimal: 2 or 2.5
    STR_OR_LIST = "str_or_list"  # one name ("coal") or a list of names (["coal", "coal"])
    POINTS = "points"          # squares as [[x, y], ...]
    RECORDS = "records"        # a list of small objects, each with the fields ``Field.items`` declares


_INT = {"type": "integer", "minimum": -MAX_INT, "maximum": MAX_INT}
_SCHEMAS: dict[Kind, dict] = {
    Kind.INT: _INT,
    Kind.STR: {"type": "string", "maxLength": MAX_STRING},
    Kind.BOOL: {"type": "boolean"},
    Kind.INT_LIST: {"type": "array", "items": _INT, "maxItems": MAX_ITEMS},
    Kind.STR_LIST: {"type": "array", "items": {"type": "string", "maxLength": MAX_STRING}, "maxItems": MAX_ITEMS},
    Kind.INT_MAP: {"type": "object", "additionalProperties": _INT, "maxProperties": MAX_ITEMS,
                   "propertyNames": {"maxLength": MAX_STRING}},
    Kind.DICE: {"oneOf": [{"type": "array", "items": _INT, "maxItems": MAX_ITEMS},
                          {"type": "string", "maxLength": MAX_STRING}]},
    Kind.INT_OR_STR: {"oneOf": [_INT, {"type": "string", "maxLength": MAX_STRING}]},
    Kind.NUMBER: {"type": "number", "minimum": -MAX_INT, "maximum": MAX_INT},
    Kind.STR_OR_LIST: {"oneOf": [{"type": "string", "maxLength": MAX_STRING},
                                 {"type": "array", "items": {"type": "string", "maxLength": MAX_STRING},
                                  "maxItems": MAX_ITEMS}]},
    Kind.POINTS: {"type": "array", "maxItems": MAX_ITEMS,
                  "items": {"type": "array", "items": _INT, "minItems": 2, "maxItems": 2}},
}


@dataclass(frozen=True)
class Field:
    name: str
    kind: Kind = Kind.INT
    required: bool = True
    choices: tuple[str, ...] = ()   # allowed values of a STR field, empty for any
    doc: str = ""
    items: tuple["Field", ...] = ()  # the fields of each object in a RECORDS list


def seat_field(doc: str = "the seat acting (0 = first seat)") -> Field:
    return Field("seat", Kind.INT, True, doc=doc)


@dataclass(frozen=True)
class ActionSpec:
    """One kind of action. ``randomises``: its result comes from dice, a draw or a shuffle.
    ``reveals``: it shows something hidden (a face-down tile, a hand, a peek). Either makes it
    an undo barrier. ``reveals_if`` decides for actions that only sometimes reveal: it is
    called with the game instance, the state the action was applied to and the action. ``randomises_if`` does
    the same for actions that draw on randomness only when the table did not say what its
    own dice or draw showed (``unless_given`` builds the usual one)."""

    type: str
    fields: tuple[Field, ...] = ()
    randomises: bool = False
    reveals: bool = False
    reveals_if: Callable[..., bool] | None = field(default=None, compare=False)
    doc: str = ""
    randomises_if: Callable[..., bool] | None = field(default=None, compare=False)
    # Fields only the seat making the move may see (the cards a player discards face down):
    # the log, the events and the exports show them to nobody else.
    private: tuple[str, ...] = ()
    # Only the table's host may make it (a score pad's "next round" for everyone): the rules
    # cannot tell the host's phone from a player's, so the web room refuses it from others.
    host_only: bool = False

    def is_barrier(self, state: Any, action: Mapping[str, Any], game: Any = None) -> bool:
        if self.randomises or self.reveals:
            return True
        if self.randomises_if is not None and _ask(self.randomises_if, game, state, action):
            return True
        if self.reveals_if is not None and state is not None:
            return bool(_ask(self.reveals_if, game, state, action))
        return False


def _ask(predicate: Callable[..., bool], game: Any, state: Any, action: Mapping[str, Any]) -> bool:
    """A ``reveals_if``/``randomises_if`` answer. It is given the game instance the action is
    played in (its data decides what a card does), the state and the action; a predicate of
    two parameters is given the state and the action only."""
    if _arity(predicate) == 2:
        return predicate(state, action)
    return predicate(game, state, action)


@lru_cache(maxsize=None)
def _arity(predicate: Callable[..., bool]) -> int:
    return len(inspect.signature(predicate).parameters)


def unless_given(*names: str) -> Callable[[Any, Any, Mapping[str, Any]], bool]:
    """For ``randomises_if``: the action draws on randomness unless it carries one of
    ``names`` (what the table's own dice or bag showed)."""
    def draws(game: Any, state: Any, action: Mapping[str, Any]) -> bool:
        return all(action.get(name) is None for name in names)
    return draws


def unless_all_given(*names: str) -> Callable[[Any, Any, Mapping[str, Any]], bool]:
    """For ``randomises_if``: random unless every one of ``names`` is given (two dice)."""
    def draws(game: Any, state: Any, action: Mapping[str, Any]) -> bool:
        return any(action.get(name) is None for name in names)
    return draws


def _is_int(value: Any) -> bool:
    if type(value) is int:  # the usual case, answered first
        return -MAX_INT <= value <= MAX_INT
    return isinstance(value, int) and not isinstance(value, bool) and -MAX_INT <= value <= MAX_INT


def _is_short(value: Any) -> bool:
    return isinstance(value, str) and len(value) <= MAX_STRING


def _list_of(value: Any, item_ok: Callable[[Any], bool]) -> bool:
    return isinstance(value, list) and len(value) <= MAX_ITEMS and all(item_ok(v) for v in value)


def _is_number(value: Any) -> bool:
    return _is_int(value) or (isinstance(value, float) and math.isfinite(value) and abs(value) <= MAX_INT)


def _is_int_map(value: Any) -> bool:
    return (isinstance(value, dict) and len(value) <= MAX_ITEMS
            and all(_is_short(k) and _is_int(v) for k, v in value.items()))


def _is_square(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(_is_int(v) for v in value)


# What each kind accepts as a value (a RECORDS list is checked field by field, not here).
_KIND_CHECKS: dict[Kind, Callable[[Any], bool]] = {
    Kind.INT: _is_int,
    Kind.STR: _is_short,
    Kind.BOOL: lambda v: isinstance(v, bool),
    Kind.INT_LIST: lambda v: _list_of(v, _is_int),
    Kind.STR_LIST: lambda v: _list_of(v, _is_short),
    Kind.INT_MAP: _is_int_map,
    Kind.DICE: lambda v: _is_short(v) or _list_of(v, _is_int),
    Kind.INT_OR_STR: lambda v: _is_int(v) or _is_short(v),
    Kind.NUMBER: _is_number,
    Kind.STR_OR_LIST: lambda v: _is_short(v) or _list_of(v, _is_short),
    Kind.POINTS: lambda v: _list_of(v, _is_square),
}


_KIND_WORDS = {Kind.INT: "a whole number", Kind.STR: f"text of at most {MAX_STRING} characters",
               Kind.BOOL: "true or false", Kind.INT_LIST: f"a list of at most {MAX_ITEMS} whole numbers",
               Kind.STR_LIST: f"a list of at most {MAX_ITEMS} texts",
               Kind.INT_MAP: f"a map of at most {MAX_ITEMS} names to whole numbers",
               Kind.DICE: "dice as a list of numbers or text such as \"1 1 0\"",
               Kind.INT_OR_STR: "a whole number", Kind.NUMBER: "a number",
               Kind.STR_OR_LIST: f"a name or a list of at most {MAX_ITEMS} names",
               Kind.POINTS: f"a list of at most {MAX_ITEMS} squares such as [[1, 2], [1, 3]]",
               Kind.RECORDS: f"a list of at most {MAX_ITEMS} objects"}


class Declaration:
    """A game's actions, by type."""

    def __init__(self, specs: Sequence[ActionSpec]):
        self.specs: dict[str, ActionSpec] = {}
        for spec in specs:
            if spec.type in self.specs:
                raise ValueError(f"action {spec.type!r} declared twice")
            self.specs[spec.type] = spec
        # each action's fields by name, and with the test of their kind, for the request check
        # every action goes through; ``_shapes`` is the quick form of the same check
        self._fields = {kind: {f.name: f for f in spec.fields} for kind, spec in self.specs.items()}
        self._tests = {kind: _tests_of(spec.fields) for kind, spec in self.specs.items()}
        self._shapes = {kind: _Shape.of(spec) for kind, spec in self.specs.items()}

    def __iter__(self):
        return iter(self.specs.values())

    def __contains__(self, kind: object) -> bool:
        return kind in self.specs

    def types(self) -> list[str]:
        return sorted(self.specs)

    def check_shape(self, action: Any) -> None:
        """Raise BadAction unless ``action`` has a declared type and only declared fields of the
        declared kinds. Never looks at the game state.

        Every action a phone, a bot or the lab plays comes through here, so the common case, an
        action that fits, is answered from what ``_Shape`` worked out once per action type;
        anything that does not fit goes through the field-by-field check, which words the
        refusal."""
        if type(action) is not dict and not isinstance(action, Mapping):
            raise BadAction("an action must be an object such as {\"type\": \"pass\", \"seat\": 0}")
        kind = action.get("type")
        shape = self._shapes.get(kind) if isinstance(kind, str) else None
        if shape is None:
            shown = kind[:40] if isinstance(kind, str) else kind
            raise BadAction(f"unknown action {shown!r}; this game takes {', '.join(self.types())}")
        if not shape.fits(action):
            _check_fields(repr(kind), self.specs[kind].fields, action, skip=("type",), declared=self._fields[kind],
                          tests=self._tests[kind])

    def from_form(self, values: Mapping[str, Any]) -> dict:
        """An action from form text: each declared field's text becomes its declared kind
        ("3" for a whole number is 3, "on" for a tick box is true); text that cannot be one
        stays text, for ``check_shape`` to refuse by name."""
        spec = self.specs.get(str(values.get("type")))
        fields = {f.name: f for f in spec.fields} if spec is not None else {}
        action: dict[str, Any] = {}
        for name, value in values.items():
            f = fields.get(name)
            action[name] = _from_text(f.kind, value) if f is not None and isinstance(value, str) else value
        return action

    def is_barrier(self, action: Mapping[str, Any], state: Any = None, game: Any = None) -> bool:
        spec = self.specs.get(str(action.get("type")))
        return spec is not None and spec.is_barrier(state, action, game)

    def seen_by(self, action: Mapping[str, Any], viewer: int | None) -> dict:
        """``action`` as ``viewer`` (a seat, or None for a watcher) may see it: the private
        fields of a move are left out for everyone but the seat that made it."""
        spec = self.specs.get(str(action.get("type")))
        if spec is None or not spec.private or (viewer is not None and action.get("seat") == viewer):
            return dict(action)
        hidden = _private_names(spec)
        return {name: value for name, value in action.items() if name not in hidden}

    def json_schema(self) -> dict:
        """One JSON schema accepting exactly the declared actions (``oneOf`` by type)."""
        variants = []
        for spec in self.specs.values():
            props: dict[str, Any] = {"type": {"type": "string", "enum": [spec.type]}}
            required = ["type"]
            fields, field_required = _field_schemas(spec.fields)
            props.update(fields)
            required += field_required
            variant = {"type": "object", "properties": props, "required": required, "additionalProperties": False}
            notes = [spec.doc] if spec.doc else []
            if spec.randomises:
                notes.append("Draws on randomness: undo stops before it.")
            if spec.reveals:
                notes.append("Reveals hidden information: undo stops before it.")
            if spec.randomises_if is not None:
                notes.append("Draws on randomness unless the table says what its own dice or draw showed; "
                             "undo stops before a random one.")
            if spec.reveals_if is not None:
                notes.append("Undo stops before it when it reveals hidden information.")
            if notes:
                variant["description"] = " ".join(notes)
            variants.append(variant)
        return {"oneOf": variants}


@dataclass(frozen=True)
class _Shape:
    """One action type's request check, worked out once: the names it accepts, and each field
    with whether it is required, the test of its kind and its choices. ``fits`` says only yes or
    no; ``_check_fields`` says why not."""

    accepted: frozenset[str]
    checks: tuple[tuple[str, bool, Callable[[Any], bool], tuple[str, ...]], ...]
    records: bool  # a field is a list of objects, checked field by field (the long way)

    @classmethod
    def of(cls, spec: ActionSpec) -> "_Shape":
        checks = tuple((f.name, f.required, _KIND_CHECKS[f.kind], f.choices)
                       for f in spec.fields if f.kind is not Kind.RECORDS)
        return cls(frozenset(f.name for f in spec.fields) | {"type"}, checks,
                   any(f.kind is Kind.RECORDS for f in spec.fields))

    def fits(self, action: Mapping[str, Any]) -> bool:
        if self.records or not action.keys() <= self.accepted:
            return False
        for name, required, test, choices in self.checks:
            value = action.get(name)
            if value is None:
                if required:
                    return False
            elif not test(value) or (choices and value not in choices):
                return False
        return True


def _private_names(spec: ActionSpec) -> frozenset[str]:
    """The declared private fields, and a form's one-field-per-item spellings of them
    (``discard_A`` for ``discard``)."""
    names = set(spec.private)
    for f in spec.fields:
        if any(f.name.startswith(f"{name}_") for name in spec.private):
            names.add(f.name)
    return frozenset(names)


def _field_schemas(fields: Sequence[Field]) -> tuple[dict, list[str]]:
    props: dict[str, Any] = {}
    required = []
    for f in fields:
        if f.kind is Kind.RECORDS:
            inner, inner_required = _field_schemas(f.items)
            schema: dict[str, Any] = {"type": "array", "maxItems": MAX_ITEMS, "items": {
                "type": "object", "properties": inner, "required": inner_required, "additionalProperties": False}}
        else:
            schema = dict(_SCHEMAS[f.kind])
        if f.choices:
            schema["enum"] = list(f.choices)
        if f.doc:
            schema["description"] = f.doc
        props[f.name] = schema
        if f.required:
            required.append(f.name)
    return props, required


def _tests_of(fields: Sequence[Field]) -> tuple[tuple[Field, Callable[[Any], bool] | None], ...]:
    return tuple((f, _KIND_CHECKS.get(f.kind)) for f in fields)


def _check_fields(label: str, fields: Sequence[Field], obj: Mapping[str, Any], skip: Sequence[str] = (),
                  declared: Mapping[str, Field] | None = None,
                  tests: Sequence[tuple[Field, Callable[[Any], bool] | None]] | None = None) -> None:
    """Refuse ``obj`` unless it has only the declared ``fields`` (``declared``: by name), each
    of its kind (``tests``: each field with the test of its kind), and the required ones."""
    if declared is None:
        declared = {f.name: f for f in fields}
    if tests is None:
        tests = _tests_of(fields)
    for name in obj:
        if name in skip:
            continue
        if name not in declared:
            accepted = ", ".join(sorted(declared)) or "no other fields"
            raise BadAction(f"{label} has no field {str(name)[:40]!r}; it takes {accepted}")
    for f, test in tests:
        if f.name not in obj or obj[f.name] is None:
            if f.required:
                raise BadAction(f"{label} needs a {f.name!r} field ({_KIND_WORDS[f.kind]})")
            continue
        value = obj[f.name]
        if f.kind is Kind.RECORDS:
            if not isinstance(value, list) or len(value) > MAX_ITEMS:
                raise BadAction(f"{label}: {f.name!r} must be {_KIND_WORDS[f.kind]}")
            for index, entry in enumerate(value):
                if not isinstance(entry, Mapping):
                    raise BadAction(f"{label}: each entry of {f.name!r} must be an object")
                _check_fields(f"{label} {f.name}[{index}]", f.items, entry)
            continue
        if test is None or not test(value):
            raise BadAction(f"{label}: {f.name!r} must be {_KIND_WORDS[f.kind]}")
        if f.choices and value not in f.choices:
            raise BadAction(f"{label}: {f.name!r} must be one of {', '.join(f.choices)}")


_WHOLE = re.compile(r"-?\d{1,18}")
_DECIMAL = re.compile(r"-?\d{1,18}\.\d{1,18}")
_TRUE = frozenset({"on", "true", "yes", "1"})
_FALSE = frozenset({"off", "false", "no", "0"})


def _from_text(kind: Kind, text: str) -> Any:
    raw = text.strip()
    if kind in (Kind.INT, Kind.INT_OR_STR) and _WHOLE.fullmatch(raw):
        return int(raw)
    if kind is Kind.NUMBER:
        if _WHOLE.fullmatch(raw):
            return int(raw)
        if _DECIMAL.fullmatch(raw):
            return float(raw)
    if kind is Kind.BOOL and raw.lower() in _TRUE | _FALSE:
        return raw.lower() in _TRUE
    return text


def depth_of(value: Any, limit: int) -> int:
    """Nesting depth of a JSON value, counting at most ``limit + 1`` (no recursion, so a hostile
    document cannot exhaust the stack)."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, dict)):
            deepest = max(deepest, depth)
            if deepest > limit:
                return deepest
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return deepest


__all__ = ["ActionSpec", "Declaration", "Field", "Kind", "MAX_DEPTH", "MAX_INT", "MAX_ITEMS", "MAX_STRING", "depth_of",
           "seat_field", "unless_all_given", "unless_given"]
