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

- URL rules' parts: ``Rule._parse_rule`` remembered by the rule's text and the map's converter classes
  (``remember_rule_parts``): its parts (regular expressions and weights) and trace are reused, and the converters
  it names are made anew for each app's map, as Werkzeug makes them;
- static files: WhiteNoise's table of the built static files (each file's headers, worked out from its stat),
  remembered by the files' names, sizes and times and WhiteNoise's settings (``remember_static_files``); the
  folder is still read for each app, so a changed file is seen.

Measured on a quiet machine, building an app took about 30 ms in rule parsing and 20 ms in WhiteNoise's table,
for each of the 3,000-odd tests that build one.

Everything else of an app (its config, database, extensions, blueprints, caches) is made anew for each test.
"""

from __future__ import annotations

import os

from flask import Flask
from jinja2 import BytecodeCache
from werkzeug.routing.rules import Rule
from whitenoise.base import WhiteNoise


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


def share_templates() -> None:
    """Every app of the process compiles its templates once per process, whoever makes it (a test's own
    ``create_app``, a world's, a command's): Flask's Jinja environment is made with the shared cache."""
    make = Flask.create_jinja_environment
    if getattr(make, "shared", False):
        return

    def with_shared_templates(self):
        environment = make(self)
        environment.bytecode_cache = TEMPLATES
        return environment

    with_shared_templates.shared = True
    Flask.create_jinja_environment = with_shared_templates


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


def remember_rule_parts() -> None:
    """Every app of the process reuses what Werkzeug parsed of the same rule (module docstring)."""
    parse = Rule._parse_rule
    if getattr(parse, "remembered", False):
        return
    made: dict[tuple, tuple] = {}

    def remembered(self, rule: str):
        key = (rule, tuple(sorted(self.map.converters.items(), key=lambda item: item[0])))
        kept = made.get(key)
        if kept is None:
            asked: list[tuple] = []
            get_converter = self.get_converter
            self.get_converter = lambda *args: (asked.append(args), get_converter(*args))[1]
            try:
                before = len(self._trace)
                parts = list(parse(self, rule))
            finally:
                del self.get_converter
            made[key] = (parts, self._trace[before:], asked)
            return parts
        parts, trace, asked = kept
        for variable, converter, args, kwargs in asked:
            self._converters[variable] = self.get_converter(variable, converter, args, kwargs)
            self.arguments.add(variable)
        self._trace.extend(trace)
        return list(parts)

    remembered.remembered = True
    Rule._parse_rule = remembered


def remember_static_files() -> None:
    """Every app of the process reuses WhiteNoise's table of the same static files (module docstring)."""
    from whitenoise.base import scantree

    update = WhiteNoise.update_files_dictionary
    if getattr(update, "remembered", False):
        return
    made: dict[tuple, dict] = {}

    def code(function):
        return getattr(function, "__code__", function)

    def remembered(self, root: str, prefix: str) -> None:
        files = tuple(sorted((path, stat.st_size, stat.st_mtime_ns) for path, stat in scantree(root)))
        key = (root, prefix, files, getattr(self, "FOREVER", None), self.max_age, self.allow_all_origins,
               self.charset, self.index_file, code(self.add_headers_function),
               code(getattr(self, "immutable_file_test", None)))
        kept = made.get(key)
        if kept is None:
            before = dict(self.files)
            update(self, root, prefix)
            kept = made[key] = {url: entry for url, entry in self.files.items() if before.get(url) is not entry}
        self.files.update(kept)

    remembered.remembered = True
    WhiteNoise.update_files_dictionary = remembered


class AppShelf:
    """One app per configuration for the tests of a process, handed to each test in turn as if just made.

    Building an app registers its 130-odd URL rules and checks its database (about 40 ms, ten times a short
    test's own time). What differs from one test to the next is the database (each test's own copy) and, on
    PostgreSQL, the instance folder beside it (``SCOREKEEPER_INSTANCE``, set per test): ``take`` sets both, puts
    back the configuration the app was made with and empties its own caches (``app.extensions``' entries made by
    requests). The database check is not run again: every test's database is a copy of the one migrated template.

    ``give_back`` keeps the app only if the test left it as it found it: the same configuration, request hooks,
    error handlers, URL rules, extensions, template globals and WSGI callable. A test that changed any of them
    (a ``before_request`` of its own, ``app.config[...] = ...``, a recorder around ``wsgi_app``) leaves its app
    to be dropped, and the next test gets a new one."""

    def __init__(self) -> None:
        self.kept: dict[str, object] = {}  # by configuration (``key``): an app no test holds now

    @staticmethod
    def key(config: dict) -> str:
        return repr(sorted((name, repr(value)) for name, value in config.items() if name != "DATABASE"))

    def take(self, config: dict):
        import copy

        from scorekeeper import create_app
        from scorekeeper.paths import instance_dir

        key = self.key(config)
        app = self.kept.pop(key, None)
        if app is None:
            app = create_app(config)
            app.shelf_extensions = frozenset(app.extensions)
            made = copy.deepcopy(dict(app.config))
            app.shelf_entry = (key, made, "DATA_FOLDER" not in config)
            app.shelf_print = fingerprint(app)
            return app
        _, made, derived = app.shelf_entry
        app._got_first_request = False  # a test may add its own hooks, as to a new app (then it is not kept)
        app.config.clear()
        app.config.update(copy.deepcopy(made))
        app.config["DATABASE"] = config["DATABASE"]
        if derived:  # the data folder follows the instance folder, as create_app sets it
            app.instance_path = str(instance_dir())
            app.config["DATA_FOLDER"] = app.instance_path
        for name in list(app.extensions):
            if name not in app.shelf_extensions:
                del app.extensions[name]
        return app

    def give_back(self, app) -> None:
        key, made, derived = app.shelf_entry
        if fingerprint(app) != app.shelf_print:
            return
        per_test = {"DATABASE", "DATA_FOLDER"} if derived else {"DATABASE"}
        config = {name: value for name, value in app.config.items() if name not in per_test}
        if config == {name: value for name, value in made.items() if name not in per_test}:
            self.kept[key] = app


def fingerprint(app) -> tuple:
    """What a test could add to an app besides its configuration, as counts and identities."""
    hooks = (app.before_request_funcs, app.after_request_funcs, app.teardown_request_funcs,
             app.teardown_appcontext_funcs, app.url_value_preprocessors, app.url_default_functions,
             app.template_context_processors, app.error_handler_spec)
    return (tuple(len(hook) if isinstance(hook, list) else repr(sorted((str(k), len(v)) for k, v in hook.items()))
                  for hook in hooks),
            len(app.url_map._rules), len(app.view_functions), tuple(sorted(app.jinja_env.globals)),
            tuple(sorted(app.jinja_env.filters)), id(app.wsgi_app), id(app.json))
