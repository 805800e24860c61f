"""The CEL validation rules of the vendored CRD schemas, evaluated as the API server does.

A CustomResourceDefinition's `x-kubernetes-validations` rules sit on schema nodes; the API
server evaluates each on the value at that node (`self`), after defaulting, and refuses the
object when a rule is false or cannot be evaluated.  jsonschema ignores them, so a
rendered object can pass its schema here and still be refused by a cluster.  This module
walks a rendered object with its schema, binds `self` as Kubernetes does (property names
escaped, formats typed, defaults applied) and evaluates the rules with cel-python
(`celpy`), plus the Kubernetes library functions the vendored rules use.

Nothing is passed silently: a rule that names a function neither CEL nor this module
implements is reported by `unsupported_functions` (tests fail on it unless the function is
in UNSUPPORTED, which must not apply to anything the chart renders), and a rule whose
evaluation errors is a failure, as it is for the API server.  Transition rules (`oldSelf`)
only run on updates; `install` is a create, so they are counted and skipped.
"""

from __future__ import annotations

import base64
import copy
import datetime
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import celpy
import celpy.evaluation
import lark
from celpy import celtypes

Schema = dict[str, Any]

# --- Kubernetes CEL library functions beyond standard CEL --------------------------------
# https://kubernetes.io/docs/reference/using-api/cel/#cel-options-language-features-and-libraries
# (cel-go's strings extension).  Only what the vendored rules call, each as cel-go defines it.


def _upper_ascii(text: celtypes.StringType) -> celtypes.StringType:
    """ASCII letters upper-cased, every other character as it is."""
    return celtypes.StringType(text.translate(_ASCII_UPPER))


def _lower_ascii(text: celtypes.StringType) -> celtypes.StringType:
    return celtypes.StringType(text.translate(_ASCII_LOWER))


def _trim(text: celtypes.StringType) -> celtypes.StringType:
    """Leading and trailing Unicode White_Space removed (cel-go: strings.TrimSpace...)."""
    return celtypes.StringType(text.strip(_UNICODE_WHITE_SPACE))


_ASCII_UPPER = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
# The Unicode White_Space property (what Go's unicode.IsSpace tests).
_UNICODE_WHITE_SPACE = (
    "\t\n\v\f\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008"
    "\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
)

EXTENSIONS: dict[str, Callable[..., Any]] = {
    "upperAscii": _upper_ascii,
    "lowerAscii": _lower_ascii,
    "trim": _trim,
}

# Kubernetes CEL functions this module does not implement (e.g. isURL, quantity, ip, cidr,
# format, the two-variable all/exists).  A rule naming one cannot be evaluated here; it
# may be listed, with the reason, only while no object the chart renders reaches such a
# rule (tests/deploy/test_cel_rules.py checks both).  None is needed today: every rule of
# the vendored schemas names only functions CEL, cel-python or EXTENSIONS provide.
UNSUPPORTED: dict[str, str] = {}

# Macros: parsed by cel-python itself, with the argument count each takes.
MACROS = {"has": {1}, "all": {2}, "exists": {2}, "exists_one": {2}, "map": {2, 3}, "filter": {2}}
BUILTINS = {name for name in celpy.evaluation.base_functions if name[0].isalpha()}
KNOWN = BUILTINS | set(EXTENSIONS) | set(MACROS)


@dataclass(frozen=True)
class Rule:
    """One rule of one schema node: `path` is where it sits (`.spec.extProc[]`)."""

    schema: str
    path: str
    index: int
    rule: str
    message: str

    @property
    def key(self) -> tuple[str, str, int]:
        return (self.schema, self.path, self.index)

    @property
    def transition(self) -> bool:
        return "oldSelf" in identifiers(self.rule)


def rules(schema: Schema, name: str) -> list[Rule]:
    """Every rule the API server evaluates: those on nodes reached through `properties`,
    `items` and `additionalProperties` (structural schemas allow no rules elsewhere)."""
    found: list[Rule] = []

    def walk(node: Schema, path: str) -> None:
        for index, item in enumerate(node.get("x-kubernetes-validations", [])):
            found.append(Rule(name, path, index, item["rule"], item.get("message", "")))
        for key, child in node.get("properties", {}).items():
            walk(child, f"{path}.{key}")
        if isinstance(node.get("items"), dict):
            walk(node["items"], f"{path}[]")
        if isinstance(node.get("additionalProperties"), dict):
            walk(node["additionalProperties"], f"{path}{{}}")

    walk(schema, "")
    return found


def rule_count_anywhere(node: Any) -> int:
    """Rules anywhere in a schema document, whatever key holds them (to prove `rules`
    misses none, e.g. one inside an allOf)."""
    if isinstance(node, dict):
        here = node.get("x-kubernetes-validations", [])
        return len(here) + sum(rule_count_anywhere(v) for v in node.values())
    if isinstance(node, list):
        return sum(rule_count_anywhere(v) for v in node)
    return 0


# --- parsing -------------------------------------------------------------------------------


@cache
def _environment() -> celpy.Environment:
    return celpy.Environment()


@cache
def parse(text: str) -> lark.Tree[Any]:
    tree: lark.Tree[Any] = _environment().compile(text)
    return tree


@cache
def program(text: str) -> celpy.Runner:
    return _environment().program(parse(text), functions=EXTENSIONS)


def calls(text: str) -> list[tuple[str, int]]:
    """Every function, method and macro the rule calls, with its argument count."""
    found = []
    for node in parse(text).iter_subtrees():
        if node.data == "ident_arg":  # f(args)
            name, args = node.children[0], node.children[1:]
        elif node.data == "member_dot_arg":  # target.f(args)
            name, args = node.children[1], node.children[2:]
        else:
            continue
        count = len(args[0].children) if args and isinstance(args[0], lark.Tree) else 0
        found.append((str(name), count))
    return found


def identifiers(text: str) -> set[str]:
    return {
        str(node.children[0])
        for node in parse(text).iter_subtrees()
        if node.data == "ident" and node.children
    }


def unsupported_functions(rule: Rule) -> set[str]:
    """The calls of a rule that cannot be evaluated: unknown names, and macros with an
    argument count cel-python does not expand (e.g. two-variable `all(i, v, p)`)."""
    found = set()
    for name, count in calls(rule.rule):
        if name not in KNOWN:
            found.add(name)
        elif name in MACROS and count not in MACROS[name]:
            found.add(f"{name}/{count}")
    return found


# --- binding `self` as the API server does ------------------------------------------------

# CEL reserved words: properties so named are reached as `self.__{name}__`.
RESERVED = {
    "true", "false", "null", "in", "as", "break", "const", "continue", "else", "for",
    "function", "if", "import", "let", "loop", "package", "namespace", "return", "var",
    "void", "while",
}  # fmt: skip
ACCESSIBLE = re.compile(r"^[a-zA-Z_.\-/][a-zA-Z0-9_.\-/]*$")


def escape(name: str) -> str | None:
    """A property name as CEL sees it (apiextensions-apiserver's escaping); None when a
    rule cannot reach it at all."""
    if name in RESERVED:
        return f"__{name}__"
    if not ACCESSIBLE.match(name):
        return None
    for plain, escaped in (("__", "__underscores__"), (".", "__dot__"), ("-", "__dash__"),
                           ("/", "__slash__")):  # fmt: skip
        name = name.replace(plain, escaped)
    return name


def apply_defaults(value: Any, schema: Schema) -> Any:
    """Structural defaulting, which runs before validation: each absent property with a
    `default` gets it (the default itself defaulted in turn)."""
    if isinstance(value, dict):
        properties = schema.get("properties", {})
        for key, child in properties.items():
            if key not in value and "default" in child:
                value[key] = copy.deepcopy(child["default"])
        for key in list(value):
            child = properties.get(key, schema.get("additionalProperties"))
            if isinstance(child, dict):
                value[key] = apply_defaults(value[key], child)
    elif isinstance(value, list) and isinstance(schema.get("items"), dict):
        return [apply_defaults(item, schema["items"]) for item in value]
    return value


def to_cel(value: Any, schema: Schema) -> Any:
    """The CEL value of a (defaulted) JSON value: objects as maps with escaped property
    names, `additionalProperties` maps with their keys as they are, `number` as double,
    `format: byte` as bytes and `format: date-time` as timestamp."""
    if value is None:
        return None
    if isinstance(value, bool):
        return celtypes.BoolType(value)
    if isinstance(value, dict):
        properties = schema.get("properties", {})
        extra = schema.get("additionalProperties")
        result = celtypes.MapType()
        for key, item in value.items():
            if key in properties:
                name = escape(key)
                if name is not None:
                    result[celtypes.StringType(name)] = to_cel(item, properties[key])
            else:
                child = extra if isinstance(extra, dict) else {}
                result[celtypes.StringType(key)] = to_cel(item, child)
        return result
    if isinstance(value, list):
        items = schema.get("items") if isinstance(schema.get("items"), dict) else {}
        return celtypes.ListType([to_cel(item, items) for item in value])
    if isinstance(value, int) and schema.get("type") != "number":
        return celtypes.IntType(value)
    if isinstance(value, int | float):
        return celtypes.DoubleType(float(value))
    if isinstance(value, str):
        if schema.get("format") == "byte":
            return celtypes.BytesType(base64.b64decode(value))
        if schema.get("format") == "date-time":
            stamp = datetime.datetime.fromisoformat(value.replace("Z", "+00:00"))
            return celtypes.TimestampType(stamp)
        return celtypes.StringType(value)
    raise TypeError(f"no CEL value for {value!r}")


# --- evaluation ---------------------------------------------------------------------------


@dataclass
class Result:
    """The rules evaluated on some objects, and what went wrong."""

    evaluations: int = 0
    applied: set[tuple[str, str, int]] = field(default_factory=set)
    skipped_transition: set[tuple[str, str, int]] = field(default_factory=set)
    violations: list[str] = field(default_factory=list)  # false: the API server refuses
    errors: list[str] = field(default_factory=list)  # cannot be evaluated: refused too

    @property
    def failures(self) -> list[str]:
        return self.violations + self.errors


def values_at(instance: Any, schema: Schema, path: str = "") -> Iterator[tuple[str, Any, Schema]]:
    """(schema path, value, schema node) for every value present in the object."""
    yield path, instance, schema
    if isinstance(instance, dict):
        properties = schema.get("properties", {})
        extra = schema.get("additionalProperties")
        for key, value in instance.items():
            if value is None:
                continue  # the API server drops nulls of non-nullable fields
            if key in properties:
                yield from values_at(value, properties[key], f"{path}.{key}")
            elif isinstance(extra, dict):
                yield from values_at(value, extra, f"{path}{{}}")
    elif isinstance(instance, list) and isinstance(schema.get("items"), dict):
        for value in instance:
            if value is not None:
                yield from values_at(value, schema["items"], f"{path}[]")


def evaluate(
    manifest: dict[str, Any], schema: Schema, name: str, result: Result | None = None
) -> Result:
    """Evaluate every rule of `schema` on `manifest` (a rendered object), with `self` the
    value at the rule's node; `name` (the schema file) labels the rules."""
    result = result if result is not None else Result()
    instance = apply_defaults(copy.deepcopy(manifest), schema)
    for path, value, node in values_at(instance, schema):
        for index, item in enumerate(node.get("x-kubernetes-validations", [])):
            rule = Rule(name, path, index, item["rule"], item.get("message", ""))
            where = f"{manifest['kind']}/{manifest['metadata']['name']} {path or '.'}"
            if rule.transition:
                result.skipped_transition.add(rule.key)
                continue
            result.applied.add(rule.key)
            result.evaluations += 1
            missing = unsupported_functions(rule)
            if missing:
                result.errors.append(f"{where}: cannot evaluate {rule.rule!r}: {missing}")
                continue
            try:
                outcome = program(rule.rule).evaluate({"self": to_cel(value, node)})
            except celpy.CELEvalError as error:
                outcome = error
            if isinstance(outcome, celpy.CELEvalError) or not isinstance(
                outcome, celtypes.BoolType
            ):
                result.errors.append(f"{where}: {rule.rule!r} evaluated to {outcome!r}")
            elif not outcome:
                result.violations.append(f"{where}: {rule.message} ({rule.rule})")
    return result
