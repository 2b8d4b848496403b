"""Every test builds a new app, and werkzeug compiles two URL-builder functions for each of its ~80 rules.

That compiling (ast + compile(), about 2 ms a rule) was most of create_app()'s cost: ~150 ms a test.
The functions it makes depend only on the rule's text, its parsed parts, its defaults and whether
unknown arguments are appended; they take the rule as their first argument (`.self`) and hold no
reference to an app. So within a test run the same rule always compiles to the same function, and
the tests keep the first one they compile. The app itself is unchanged (production compiles once
per process anyway); if werkzeug's private method changes shape, the cache is simply not installed.
"""

import inspect

from werkzeug.routing.rules import Rule

_compiled: dict = {}


def _key(rule: Rule, append_unknown: bool):
    defaults = rule.defaults or {}
    converters = tuple(sorted((name, type(converter)) for name, converter in rule._converters.items()))
    return (append_unknown, rule.rule, tuple(rule._trace), repr(sorted(defaults.items())), converters)


def install() -> None:
    original = Rule._compile_builder
    if getattr(original, "cached", False):
        return
    if list(inspect.signature(original).parameters) != ["self", "append_unknown"]:
        return  # a werkzeug we have not read: compile as usual

    def compile_builder(self, append_unknown: bool = True):
        try:
            key = _key(self, append_unknown)
            hash(key)
        except (AttributeError, TypeError):
            return original(self, append_unknown)
        if key not in _compiled:
            _compiled[key] = original(self, append_unknown)
        return _compiled[key]

    compile_builder.cached = True
    Rule._compile_builder = compile_builder
