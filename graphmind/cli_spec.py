"""The commands' declarations, held without typer: `Option`/`Argument` specs in each command's signature
(read the way typer's own are) and an `App` that records commands and groups. Two readers of the same
declarations: `bind` takes the plain command line of a top-level command to its keyword arguments here,
so that a query process never imports typer or click (about 40% of its CPU); `run_typer` builds the
typer app for every other line (help, usage errors, groups, anything `bind` is not sure of). Only this
module imports typer, and only on `run_typer`'s path."""
from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from graphmind.errors import EXIT_USAGE

REQUIRED = ...                         # typer's mark of a parameter without a default


class Param:
    """One parameter as declared: typer.Option or typer.Argument's own arguments, kept for later."""
    __slots__ = ("decls", "default", "kind", "settings")

    def __init__(self, kind: str, default, decls: tuple[str, ...], settings: dict) -> None:
        self.kind, self.default, self.decls, self.settings = kind, default, decls, settings


def Option(default=REQUIRED, *decls: str, **settings) -> Param:
    """An option, declared with typer.Option's arguments (default, names, help=, metavar=, hidden=, ...)."""
    return Param("option", default, decls, settings)


def Argument(default=REQUIRED, **settings) -> Param:
    """A positional argument, declared with typer.Argument's arguments."""
    return Param("argument", default, (), settings)


class App:
    """Commands, a callback and subgroups by name, with typer.Typer's settings (help, no_args_is_help, ...)."""

    def __init__(self, **settings) -> None:
        self.settings = settings
        self.commands: dict[str, Callable] = {}
        self.groups: dict[str, Callable[[], App]] = {}
        self.main: Callable | None = None

    def command(self, name: str) -> Callable[[Callable], Callable]:
        def record(func: Callable) -> Callable:
            self.commands[name] = func
            return func
        return record

    def callback(self, func: Callable) -> Callable:
        self.main = func
        return func

    def add_group(self, name: str, load: Callable[[], App]) -> None:
        """A subgroup, loaded only when typer builds the app (its module may import typer itself)."""
        self.groups[name] = load


# The annotations a plain command line is bound to here (from __future__ annotations: their text), with
# the conversion click and typer make; a parameter annotated otherwise leaves its command to typer.
_TYPES: dict[str, type] = {"bool": bool, **{f"{spelling}": kind for name, kind in
                                             (("int", int), ("float", float), ("str", str), ("Path", Path))
                                             for spelling in (name, f"Optional[{name}]", f"{name} | None")}}


def _params(func: Callable) -> dict[str, tuple[Param, type]] | None:
    """Each parameter's spec and type, or None when one is beyond this module (typer judges that command)."""
    code, defaults = func.__code__, func.__defaults__ or ()
    names = code.co_varnames[:code.co_argcount]
    if len(defaults) != len(names) or code.co_kwonlyargcount:
        return None
    out = {}
    for name, spec in zip(names, defaults):
        kind = _TYPES.get(func.__annotations__.get(name))
        if not isinstance(spec, Param) or kind is None or set(spec.settings) - {"help", "metavar", "hidden"}:
            return None
        if any("/" in d for d in spec.decls) or (kind is bool and (spec.kind != "option" or spec.default is not False)):
            return None
        if spec.default not in (REQUIRED, None) and not isinstance(spec.default, kind):
            return None
        out[name] = (spec, kind)
    return out


def _value(kind: type, text: str):
    """The value click would pass for this text, or REQUIRED where it would not take it as it is."""
    if kind is Path:
        return Path(text) if text else REQUIRED
    if kind is str:
        return text
    try:
        return kind(text)
    except ValueError:
        return REQUIRED


def bind(app: App, args: list[str]) -> tuple[Callable, dict] | None:
    """(function, keyword arguments) for a plain command line of one of the app's own commands: its name
    first, then its options as declared (`--name value`, `--name=value`, flags) and its arguments. None
    for anything else (help, groups, a missing or extra argument, a value click would refuse, `--`,
    `-d3`): typer then parses it and answers as it always did."""
    func = app.commands.get(args[0]) if args else None
    params = _params(func) if func is not None else None
    if params is None:
        return None
    by_name = {d: name for name, (spec, _k) in params.items() if spec.kind == "option" for d in spec.decls}
    positional = [name for name, (spec, _k) in params.items() if spec.kind == "argument"]
    values = {name: spec.default for name, (spec, _k) in params.items()}
    given, rest = [], iter(args[1:])
    for token in rest:
        if not token.startswith("-") or token == "-":
            given.append(token)
            continue
        key, eq, text = token.partition("=") if token.startswith("--") else (token, "", "")
        name = by_name.get(key)
        if name is None:
            return None
        kind = params[name][1]
        if kind is bool:
            if eq:
                return None
            values[name] = True
            continue
        if not eq:
            text = next(rest, None)
            if text is None or text.startswith("-"):
                return None
        values[name] = _value(kind, text)
    if len(given) > len(positional):
        return None
    for name, text in zip(positional, given):
        values[name] = _value(params[name][1], text)
    if any(v is REQUIRED for v in values.values()):
        return None
    return func, values


def _typed(func: Callable) -> Callable:
    """The function as typer reads it: each Param default made the typer.Option/Argument it declares, its
    annotations resolved with typer at hand (a `typer.Context` is imported only for type checking where
    it is declared)."""
    import functools
    import inspect
    import typing

    import typer
    sig = inspect.signature(func)
    params = [p.replace(default=_typer_param(p.default)) if isinstance(p.default, Param) else p
              for p in sig.parameters.values()]

    @functools.wraps(func)
    def call(*args, **kwargs):
        return func(*args, **kwargs)
    call.__signature__ = sig.replace(parameters=params)
    call.__annotations__ = typing.get_type_hints(func, localns={"typer": typer})
    return call


def _typer_param(spec: Param):
    import typer
    if spec.kind == "argument":
        return typer.Argument(spec.default, **spec.settings)
    return typer.Option(spec.default, *spec.decls, **spec.settings)


def build(app: App, only: str | None = None):
    """The typer app of `app`; with `only`, of just the command or group so named (typer turns every
    command's signature into click parameters on each run: about a third of its own time), unless no
    command or group has that name (click then lists them and suggests one)."""
    import typer
    if only not in app.commands and only not in app.groups:
        only = None
    out = typer.Typer(**app.settings)
    if app.main is not None:
        out.callback()(_typed(app.main))
    for name, func in app.commands.items():
        if only in (None, name):
            out.command(name)(_typed(func))
    for name, load in app.groups.items():
        if only in (None, name):
            out.add_typer(build(load()), name=name)
    return out


def _tidy_help(command) -> None:
    """Help that reads like a manual: `--limit N`, `SYMBOL`, never typer's `<int>`, `<list[str]>`, `<bool>`."""
    from typer.core import TyperArgument, TyperOption
    for param in command.params:
        if isinstance(param, TyperArgument):
            param.metavar = param.metavar or param.name.upper()
            param.display_type_rich = lambda ctx: None        # the metavar says it; no `<str>` after it
            usage = param.metavar if param.required else f"[{param.metavar}]"
            param.get_usage_pieces = lambda ctx, u=usage + ("..." if param.nargs != 1 else ""): [u]
        elif isinstance(param, TyperOption) and not param.is_flag and param.metavar is None:
            kind = getattr(getattr(param, "type", None), "name", None) or param.bare_type()
            param.metavar = {"int": "N", "float": "SECONDS", "path": "PATH", "Path": "PATH"}.get(kind, param.name.upper())
    for sub in getattr(command, "commands", {}).values():
        _tidy_help(sub)


def run_typer(app: App, args: list[str], as_json: bool, emit: Callable[[dict, bool], None]):
    """Run the command line through typer and click; a usage error is shown (or, under --json, given as
    a JSON object) and exits 2, an interrupt exits 130; the command's own errors go to the caller."""
    import typer
    try:                                      # typer >= 0.20 carries its own copy of click
        from typer._click.exceptions import UsageError
    except ImportError:                       # pragma: no cover - older typer, on click
        from click.exceptions import UsageError
    name = next((a for a in args if not a.startswith("-")), None)
    command = typer.main.get_command(build(app, name))
    _tidy_help(command)
    try:
        return command.main(args=args, prog_name="graphmind", standalone_mode=False)
    except UsageError as exc:
        if not as_json:
            exc.show()
            sys.exit(EXIT_USAGE)
        emit({"error": "usage", "message": exc.format_message()}, True)
        sys.exit(EXIT_USAGE)
    except typer.Abort:
        sys.stderr.write("error: interrupted\n")
        sys.exit(130)
