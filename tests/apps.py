"""What the apps of one test process share, so that building an app for each test costs little.

Profiled on tests/web, two thirds of a typical test's time went into compiling the same code again for each
new app: its templates (Jinja parses and compiles each template once per app) and its URL rules (Werkzeug writes
and compiles a small builder function for each rule of each app). Both are pure functions of their source, so
the test process keeps what it compiled once and every app of the process reuses it:

- templates: Jinja's own ``bytecode_cache`` hook, one in memory for the process (``SharedTemplates``). Jinja keys
  it by template and checks the source's checksum, so a changed template is compiled again;
- URL builders: ``Rule._compile_builder`` remembered by the rule's parsed form, its defaults, its converters and
  the flag it is called with (``remember_url_builders``): the function it answers takes the rule as its first
  argument (``.self``), so one function serves every app's copy of the rule.

Everything else of an app (its config, database, extensions, blueprints, caches) is made anew for each test.
"""

from __future__ import annotations

from jinja2 import BytecodeCache
from werkzeug.routing.rules import Rule


class SharedTemplates(BytecodeCache):
    """Compiled templates kept in memory for the process, for every app (Jinja checks the source's checksum)."""

    def __init__(self) -> None:
        self.kept: dict[str, bytes] = {}

    def load_bytecode(self, bucket) -> None:
        code = self.kept.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket) -> None:
        self.kept[bucket.key] = bucket.bytecode_to_string()


TEMPLATES = SharedTemplates()


def shared(app):
    """``app`` compiling its templates once per process (it is returned)."""
    app.jinja_env.bytecode_cache = TEMPLATES
    return app


def remember_url_builders() -> None:
    """Every app of the process reuses the URL builder Werkzeug compiled for the same rule (module docstring)."""
    compile_builder = Rule._compile_builder
    if getattr(compile_builder, "remembered", False):
        return
    made: dict[tuple, object] = {}

    def remembered(self, append_unknown: bool = True):
        key = (self.rule, tuple(self._trace), repr(sorted((self.defaults or {}).items())), append_unknown,
               tuple((name, type(converter), getattr(converter, "regex", None)) for name, converter in
                     self._converters.items()))
        builder = made.get(key)
        if builder is None:
            builder = made[key] = compile_builder(self, append_unknown)
        return builder

    remembered.remembered = True
    Rule._compile_builder = remembered
