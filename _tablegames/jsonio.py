"""Reading the JSON that people and other programs write, and checking it against a schema.

A :class:`Reader` is written once for both games' records; each game gives it the error class to
raise and, where its messages differ, its own :class:`Wording`.

- :meth:`Reader.loads` reads JSON text or bytes (UTF-8, or UTF-8/16/32 with a byte-order mark) and
  refuses what the standard reader lets through: a key given twice in one object, NaN and
  Infinity, numbers of more digits than a limit, nesting past the interpreter's limit, text past
  a size limit.
- :meth:`Reader.validate` checks a decoded value against the subset of JSON Schema (draft
  2020-12) that the records' schemas use: ``type``, ``const``, ``enum``, ``minimum``/``maximum``,
  ``minLength``/``maxLength``, ``minItems``/``maxItems``, ``items``, ``properties``,
  ``required``, ``additionalProperties``, ``minProperties``/``maxProperties``, ``$ref`` into
  ``$defs``, and ``oneOf`` (a union tagged by a constant key such as ``"event"``, or a nullable
  value). Each fault names the key at fault.

Every fault raises the reader's error class with a stable code (``record.missing_key`` ...).

>>> from _tablegames.errors import ParseError
>>> reader = Reader(ParseError)
>>> reader.loads(b'\\xef\\xbb\\xbf{"a": 1}'), reader.loads('{"a": 1}'.encode("utf-16"))
({'a': 1}, {'a': 1})
>>> reader.loads('{"stake": 1000, "stake": 1}')
Traceback (most recent call last):
...
_tablegames.errors.ParseError: the key 'stake' is given twice in one object: give each key once
>>> schema = {"type": "object", "properties": {"amount": {"type": "integer", "minimum": 1}},
...           "required": ["amount"], "additionalProperties": False}
>>> reader.validate({"amount": 0}, schema)
Traceback (most recent call last):
...
_tablegames.errors.ParseError: amount: must be at least 1, not 0
>>> try:
...     reader.validate({"amount": "ten"}, schema)
... except ParseError as e:
...     print(e.code, "|", e)
record.type | amount: must be an integer, not a string ('ten')
"""

from __future__ import annotations

import codecs
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from _tablegames.errors import GameError

__all__ = ["ARTICLES", "LITERAL_NAMES", "VALUE_NAMES", "Fault", "Reader", "Wording", "json_kind", "json_type", "shown"]


def json_kind(value: object) -> str | None:
    """The JSON type of a decoded value (``"integer"`` apart from ``"number"``), ``None`` for a
    Python value JSON has no type for.

    >>> [json_kind(v) for v in (None, True, 1, 1.5, "a", [], {}, (1,))]
    ['null', 'boolean', 'integer', 'number', 'string', 'array', 'object', None]
    """
    for cls, kind in _KINDS:
        if isinstance(value, cls):
            return kind
    return None


_KINDS: Sequence[tuple[type | tuple[type, ...], str]] = (
    (type(None), "null"), (bool, "boolean"), (int, "integer"), (float, "number"), (str, "string"),
    (list, "array"), (Mapping, "object"),
)  # fmt: skip  (bool before int: a bool is an int)


ARTICLES: Mapping[str, str] = {
    "object": "an object", "array": "an array", "string": "a string", "integer": "an integer",
    "number": "a number", "boolean": "a boolean", "null": "null",
}  # fmt: skip
"""How a message names a JSON Schema type that is wanted (``"must be an integer"``)."""

VALUE_NAMES: Mapping[str, str] = {**ARTICLES, "integer": "a number"}
"""How a message names the JSON type of a value that was given (``"not a number (7)"``)."""

LITERAL_NAMES: Mapping[str, str] = {**VALUE_NAMES, "boolean": "{literal}"}
"""As :data:`VALUE_NAMES`, a boolean named by its literal (``"not true"``): the tiles', hands' and
settings' messages."""


def json_type(value: object, names: Mapping[str, str] = VALUE_NAMES, *, shown: bool = False) -> str:
    """How a message names a decoded value's JSON type: ``"a number"``, ``"null"``, ``"an object"``
    ...; with ``shown``, a short value too (``"a number (7)"``); a value JSON has no type for is
    named by its Python type.

    >>> json_type(None), json_type(1.5), json_type([1]), json_type({}), json_type(True)
    ('null', 'a number', 'an array', 'an object', 'a boolean')
    >>> json_type(7, shown=True), json_type(False, shown=True), json_type("x" * 50, shown=True)[:20]
    ('a number (7)', 'a boolean (false)', "a string ('xxxxxxxxx")
    >>> json_type((1, 2)), json_type(False, LITERAL_NAMES)
    ('tuple', 'false')
    """
    kind = json_kind(value)
    if kind is None:
        return type(value).__name__
    name = names[kind].replace("{literal}", json.dumps(value))
    if not shown:
        return name
    if kind == "boolean":
        return f"{name} ({str(value).lower()})"
    if kind in ("integer", "number"):
        if isinstance(value, int) and value.bit_length() > 133:  # more than 40 digits: not shown
            return name
        text = repr(value)
        return f"{name} ({text})" if len(text) <= 40 else name
    if kind == "string":
        assert isinstance(value, str)
        return f"{name} ({value[:40]!r})" if len(value) <= 40 else f"{name} ({value[:40]!r}...)"
    return name


def shown(value: object) -> str:
    """``repr(value)`` cut at 60 characters, for a message.

    >>> shown("key"), shown("k" * 100)[-5:]
    ("'key'", 'kk...')
    """
    text = repr(value)
    return text if len(text) <= 60 else text[:60] + "..."


class Fault(NamedTuple):
    """One kind of fault: its message, a :meth:`str.format` template of the fault's fields (or a
    function of them), and its stable code.

    >>> Fault("needs the key {key!r}", code="record.missing_key").message({"key": "stake"})
    "needs the key 'stake'"
    """

    text: str | Callable[[Mapping[str, Any]], str]
    code: str

    def message(self, fields: Mapping[str, Any]) -> str:
        """The message for these fields."""
        return self.text.format_map(fields) if isinstance(self.text, str) else self.text(fields)


@dataclass(frozen=True, kw_only=True)
class Wording:
    """The words of a reader's messages and their codes; the defaults read as the Pai Gow records
    always have, and a game gives its own where it says something else.

    The schema checker's faults are located: :attr:`located` puts the key at fault (``where``,
    such as ``events[3].amount``, or :attr:`whole` for the value itself) before the message.
    Their fields: ``shown`` (the offending value, by :attr:`quote`), ``got`` (its JSON type, by
    :attr:`value_names`), and per fault ``key``, ``known``, ``tag``, ``tags``, ``const``,
    ``choices``, ``wanted``, ``minimum``, ``maximum``, ``span``, ``count``, ``description``.
    The reader's faults (encoding, size, JSON syntax) stand alone.
    """

    # naming values and places
    type_names: Mapping[str, str] = field(default_factory=lambda: ARTICLES)
    """A wanted type, by its JSON Schema name."""
    value_names: Mapping[str, str] = field(default_factory=lambda: VALUE_NAMES)
    """A given value's type, by :func:`json_kind`."""
    show_values: bool = True
    """Whether ``got`` shows a short value beside its type (``a number (7)``)."""
    quote: Callable[[object], str] = shown
    """How a message quotes the offending value or key."""
    root: str = ""
    """The path of the value checked (a key below it is ``root.key``, or ``key`` when empty)."""
    whole: str = "the record"
    """How a message names the place of a fault in the value itself."""
    located: str = "{where}: {message}"
    """A located message, from the place and the fault's message."""
    tag_where: str = "{where}.{tag}"
    """The place of an unknown tag, from the tagged value's place and the tag's key."""
    format_code: str = "record.format"
    """The code of a wrong constant at the root's ``"format"`` key."""

    # the schema checker
    not_object_event: Fault = Fault("an event is an object, not {got}", code="record.invalid")
    no_tag: Fault = Fault("an event needs the key {tag!r} (one of {tags})", code="record.missing_key")
    unknown_tag: Fault = Fault("unknown event {shown}: events are {tags}", code="record.unknown_event")
    no_match: Fault = Fault("matches none of the forms allowed here", code="record.invalid")
    const: Fault = Fault("must be {const!r}, not {got}", code="record.invalid")
    enum: Fault = Fault("must be one of {choices}, not {got}", code="record.invalid")
    wrong_type: Fault = Fault("must be {wanted}, not {got}", code="record.type")
    below: Fault = Fault("must be {span}, not {shown}", code="record.range")
    above: Fault = Fault("must be {span}, not {shown}", code="record.range")
    length: Fault = Fault("must be {minimum} to {maximum} characters long, not {count}", code="record.range")
    items: Fault = Fault("must have {minimum} to {maximum} items, not {count}", code="record.range")
    missing_key: Fault = Fault("needs the key {key!r}", code="record.missing_key")
    unknown_key: Fault = Fault("unknown key {shown}: the keys here are {known}", code="record.unknown_key")
    keys: Fault = Fault("{description}", code="record.invalid")

    # the reader
    not_text: str = "a record is read from str or bytes, not {type}"
    """The message of the :class:`TypeError` for a value that is not text (fields ``type``, ``shown``)."""
    too_large: Fault = Fault("the record is {size} {unit}, more than {limit}", code="record.size")
    bad_encoding: Fault = Fault("the record is not valid {codec}: {reason} at byte {start}", code="record.encoding")
    """Bytes with a byte-order mark that are not text of its encoding (also ``encoding``, ``byte``)."""
    not_utf8: Fault = Fault("the record is not UTF-8 text (nor UTF-16 with a byte-order mark): byte {byte:#04x} at"
                            " offset {start}", code="record.encoding")
    """Bytes without a byte-order mark that are not UTF-8 (also ``codec``, ``encoding``, ``reason``)."""
    duplicate_key: Fault = Fault("the key {shown} is given twice in one object: give each key once",
                                 code="record.duplicate_key")
    digits: Fault = Fault("a number of {digits} digits: at most {limit} are read", code="record.number")
    constant: Fault = Fault("{name} is not a JSON number", code="record.number")
    not_json: Fault = Fault("the record is not JSON: {msg} at line {lineno} column {colno}", code="record.json")
    """Text that is not JSON (fields ``msg``, ``lineno``, ``colno`` and ``error``, the whole message)."""
    too_deep: Fault = Fault("the record is nested too deeply to be a record", code="record.depth")


_BOMS: Sequence[tuple[bytes, str]] = (
    (codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"), (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"),
)  # fmt: skip  (UTF-32's marks first: UTF-16's little-endian mark begins UTF-32's)

_TYPES: Mapping[str, Callable[[object], bool]] = {
    "object": lambda x: isinstance(x, dict),
    "array": lambda x: isinstance(x, list),
    "string": lambda x: isinstance(x, str),
    "integer": lambda x: isinstance(x, int) and not isinstance(x, bool),
    "number": lambda x: isinstance(x, (int, float)) and not isinstance(x, bool),
    "boolean": lambda x: isinstance(x, bool),
    "null": lambda x: x is None,
}


class _Union(NamedTuple):
    """A ``oneOf``, looked at once: the key that tags its branches (if one does), and the branches
    by tag."""

    branches: Sequence[Mapping[str, Any]]  # kept so that the id it is cached by stays its own
    tag: str | None
    by_tag: Mapping[Any, Mapping[str, Any]]


def _union(branches: Sequence[Mapping[str, Any]]) -> _Union:
    first = branches[0].get("properties", {}) if branches else {}
    for key, sub in first.items():
        if isinstance(sub, Mapping) and "const" in sub and all(
                "const" in b.get("properties", {}).get(key, {}) for b in branches):
            return _Union(branches, key, {b["properties"][key]["const"]: b for b in branches})
    return _Union(branches, None, {})


@dataclass(frozen=True)
class Reader:
    """The JSON reader and schema checker of one format: the error class it raises (called as
    ``error(message, code=...)``), its :class:`Wording`, and its limits: ``max_size``, the most
    bytes (of bytes) or characters (of text) read; ``max_digits``, the most digits of an integer.
    Of an object with several faults, the checker reports its first missing key, then the first
    fault of its keys in order; with ``unknown_keys_first``, an unknown key before either.
    """

    error: type[GameError]
    wording: Wording = field(default_factory=Wording)
    max_size: int | None = None
    max_digits: int | None = None
    unknown_keys_first: bool = False
    _unions: dict[int, _Union] = field(default_factory=dict, init=False, repr=False, compare=False)

    # -- faults --------------------------------------------------------------------------------
    def fault(self, fault: Fault, **fields: Any) -> GameError:
        """The error for ``fault`` with these fields (not located)."""
        return self.error(fault.message(fields), code=fault.code)

    def located(self, where: str, fault: Fault, code: str | None = None, **fields: Any) -> GameError:
        """The error for ``fault`` at ``where`` (a path such as ``events[0].amount``)."""
        w = self.wording
        message = w.located.format(where=where or w.whole, message=fault.message(fields))
        return self.error(message, code=code or fault.code)

    # -- reading -------------------------------------------------------------------------------
    def loads(self, data: str | bytes | bytearray) -> Any:
        """JSON text, or bytes (UTF-8, or UTF-8/16/32 with a byte-order mark), as Python values;
        refused: a key twice in one object, NaN and Infinity, integers past ``max_digits``,
        nesting past the interpreter's limit, more than ``max_size`` bytes or characters."""
        w = self.wording
        if isinstance(data, (bytes, bytearray)):
            if self.max_size is not None and len(data) > self.max_size:
                raise self.fault(w.too_large, size=len(data), unit="bytes", limit=self.max_size)
            text = self._decode(bytes(data))
        elif isinstance(data, str):
            text = data
        else:
            raise TypeError(w.not_text.format(type=type(data).__name__, shown=w.quote(data)))
        text = text.lstrip("\ufeff")
        if self.max_size is not None and len(text) > self.max_size:
            raise self.fault(w.too_large, size=len(text), unit="characters", limit=self.max_size)
        try:
            return json.loads(text, object_pairs_hook=self._pairs, parse_constant=self._constant,
                              parse_int=None if self.max_digits is None else self._int)
        except self.error:
            raise
        except RecursionError:
            raise self.fault(w.too_deep) from None
        except ValueError as e:  # JSONDecodeError, or an integer past the interpreter's digit limit
            msg, line, col = (e.msg, e.lineno, e.colno) if isinstance(e, json.JSONDecodeError) else (str(e), 0, 0)
            raise self.fault(w.not_json, msg=msg, lineno=line, colno=col, error=str(e)) from None

    def _decode(self, data: bytes) -> str:
        w = self.wording
        for bom, codec in _BOMS:
            if data.startswith(bom):
                try:
                    return data.decode(codec)
                except UnicodeDecodeError as e:
                    raise self._encoding_fault(w.bad_encoding, codec, data, e) from None
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as e:
            raise self._encoding_fault(w.not_utf8, "utf-8", data, e) from None

    def _encoding_fault(self, fault: Fault, codec: str, data: bytes, e: UnicodeDecodeError) -> GameError:
        return self.fault(fault, codec=codec.upper(), encoding=codec.upper().removesuffix("-SIG"),
                          reason=e.reason, start=e.start, byte=data[e.start])

    def _pairs(self, pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in pairs:
            if key in out:
                raise self.fault(self.wording.duplicate_key, shown=self.wording.quote(key), key=key)
            out[key] = value
        return out

    def _int(self, text: str) -> int:
        digits = len(text.lstrip("-"))
        if self.max_digits is not None and digits > self.max_digits:
            raise self.fault(self.wording.digits, digits=digits, limit=self.max_digits)
        return int(text)

    def _constant(self, name: str) -> Any:
        raise self.fault(self.wording.constant, name=name)

    # -- checking ------------------------------------------------------------------------------
    def validate(self, value: object, schema: Mapping[str, Any]) -> None:
        """Raise the reader's error unless ``value`` is valid under ``schema``, naming the key at
        fault (the first found)."""
        self._check(value, schema, schema, self.wording.root)

    def _union_of(self, branches: Sequence[Mapping[str, Any]]) -> _Union:
        found = self._unions.get(id(branches))
        if found is None or found.branches is not branches:
            found = self._unions[id(branches)] = _union(branches)
        return found

    def _check(self, x: object, s: Mapping[str, Any], root: Mapping[str, Any], where: str) -> None:
        w = self.wording
        if "$ref" in s:
            return self._check(x, root["$defs"][s["$ref"].rsplit("/", 1)[-1]], root, where)
        if "oneOf" in s:
            return self._one_of(x, s["oneOf"], root, where)
        if "const" in s and (x != s["const"] or type(x) is not type(s["const"])):
            at_format = where == (f"{w.root}.format" if w.root else "format")
            raise self.located(where, w.const, w.format_code if at_format else None, const=s["const"],
                               got=self._got(x), shown=w.quote(x))
        if "enum" in s and not any(x == e and type(x) is type(e) for e in s["enum"]):
            choices = ", ".join("null" if e is None else repr(e) for e in s["enum"])
            raise self.located(where, w.enum, choices=choices, got=self._got(x), shown=w.quote(x))
        types = s.get("type")
        if types is not None:
            wanted = [types] if isinstance(types, str) else list(types)
            if not any(_TYPES[t](x) for t in wanted):
                raise self.located(where, w.wrong_type, wanted=" or ".join(w.type_names[t] for t in wanted),
                                   got=self._got(x), shown=w.quote(x))
        if isinstance(x, bool):
            return None
        if isinstance(x, (int, float)):
            lo, hi = s.get("minimum"), s.get("maximum")
            below, above = lo is not None and x < lo, hi is not None and x > hi
            if below or above:
                span = f"from {lo} to {hi}" if lo is not None and hi is not None else (
                    f"at least {lo}" if lo is not None else f"at most {hi}")
                raise self.located(where, w.below if below else w.above, span=span, minimum=lo, maximum=hi,
                                   shown=w.quote(x))
        elif isinstance(x, str):
            if len(x) < s.get("minLength", 0) or len(x) > s.get("maxLength", len(x)):
                raise self.located(where, w.length, minimum=s.get("minLength", 0), maximum=s.get("maxLength"),
                                   count=len(x))
        elif isinstance(x, list):
            if len(x) < s.get("minItems", 0) or len(x) > s.get("maxItems", len(x)):
                raise self.located(where, w.items, minimum=s.get("minItems", 0),
                                   maximum=s.get("maxItems", "any number of"), count=len(x))
            items = s.get("items")
            if items == {"type": "integer"} and all(type(i) is int for i in x):
                pass  # a plain array of integers (a random generator's state): nothing more to check
            elif items is not None:
                for i, item in enumerate(x):
                    self._check(item, items, root, f"{where}[{i}]")
        elif isinstance(x, dict):
            self._object(x, s, root, where)
        return None

    def _object(self, x: dict[str, Any], s: Mapping[str, Any], root: Mapping[str, Any], where: str) -> None:
        w = self.wording
        props = s.get("properties", {})
        extra = s.get("additionalProperties", True)
        if self.unknown_keys_first and extra is False:
            for key in x:
                if key not in props:
                    raise self.located(where, w.unknown_key, shown=w.quote(key), key=key,
                                       known=", ".join(map(repr, props)))
        for key in s.get("required", ()):
            if key not in x:
                raise self.located(where, w.missing_key, key=key)
        for key, value in x.items():
            if key in props:
                self._check(value, props[key], root, f"{where}.{key}" if where else key)
            elif extra is False:
                raise self.located(where, w.unknown_key, shown=w.quote(key), key=key,
                                   known=", ".join(map(repr, props)))
            elif isinstance(extra, Mapping):
                self._check(value, extra, root, f"{where}.{key}" if where else key)
        if len(x) < s.get("minProperties", 0) or len(x) > s.get("maxProperties", len(x)):
            raise self.located(where, w.keys, description=s.get("description", "the wrong number of keys"))

    def _one_of(self, x: object, branches: Sequence[Mapping[str, Any]], root: Mapping[str, Any], where: str) -> None:
        w = self.wording
        union = self._union_of(branches)
        if union.tag is not None:  # a tagged union: the tag names the branch
            tags = ", ".join(map(repr, union.by_tag))
            if not isinstance(x, dict):
                raise self.located(where, w.not_object_event, got=self._got(x), shown=w.quote(x))
            if union.tag not in x:
                raise self.located(where, w.no_tag, tag=union.tag, tags=tags)
            branch = union.by_tag.get(x[union.tag]) if _hashable(x[union.tag]) else None
            if branch is None or type(x[union.tag]) is not type(branch["properties"][union.tag]["const"]):
                raise self.located(w.tag_where.format(where=where, tag=union.tag), w.unknown_tag,
                                   shown=w.quote(x[union.tag]), tag=union.tag, tags=tags)
            return self._check(x, branch, root, where)
        others = [b for b in branches if b.get("type") != "null"]
        if x is None and len(others) < len(branches):
            return None  # a nullable value
        if len(others) == 1:  # a nullable value that is not null: its form's own fault
            return self._check(x, others[0], root, where)
        matches = 0
        for b in branches:
            try:
                self._check(x, b, root, where)
                matches += 1
            except self.error:
                pass
        if matches != 1:
            raise self.located(where, w.no_match)
        return None

    def _got(self, x: object) -> str:
        return json_type(x, self.wording.value_names, shown=self.wording.show_values)


def _hashable(x: object) -> bool:
    try:
        hash(x)
    except TypeError:
        return False
    return True
