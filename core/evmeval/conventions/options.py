"""A convention's own options (`--grounding`, `--ontology`, `--coref-file`, `--match-mode`, `--window-size`,
`--regime`, `--head-only`) applied to a
system input, each checked once: `evmeval-score --convention`, `evmeval-compare --convention` and the
window's Compare mode share this rule."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, replace

from evmeval.conventions import prepare
from evmeval.conventions.base import Convention, Input, with_companions, with_options
from evmeval.io.detect import REGIMES
from evmeval.io.errors import FormatError

WINDOW, DEFAULT_WINDOW = "window-size", 250
"""The system `Input` option holding `--window-size` (PAIE's `--window_size`, 250 by default)."""
WINDOW_REGIME = REGIMES[0]
"""The regime the window reads and scores OmniEvent's lines under when none is given (tc: a label per candidate);
`evmeval-score` asks for one."""

ONTOLOGY_READERS = {"gen-arg", "paie", "maven-arg", "omnievent"}
"""The conventions `--ontology` is for (gen-arg's templates, which paie reads too; maven-arg's label2role.json;
omnievent's type2id.json)."""


@dataclass(frozen=True)
class ConventionOptions:
    """What a user may give beside a convention's files (None: not given)."""

    grounding: str | None = None
    """String predictions' grounding rule; with uie, UIE's map."""
    ontology: str | None = None
    """gen-arg's and MAVEN-Arg's ontology file."""
    coref_file: str | None = None
    """gen-arg's coreference file."""
    match_mode: str | None = None
    """UIE's match mode."""
    window_size: int | None = None
    """paie's window (`--window-size`)."""
    regime: str | None = None
    """omnievent's regime (`--regime`): how its prediction lines are read."""
    head_only: bool = False
    """gen-arg's `--head-only` (its head F1; spaCy's parse): the command line's only, not the window's."""

    def companions(self) -> list[str]:
        """The further files these options make a convention read."""
        return [path for path in (self.ontology, self.coref_file) if path]


OPTION_READERS: dict[str, frozenset[str]] = {
    "coref_file": frozenset({"gen-arg"}), "ontology": frozenset(ONTOLOGY_READERS),
    "window_size": frozenset({"paie"}), "match_mode": frozenset({"uie"}), "regime": frozenset({"omnievent"})}
"""Each option beside `grounding` and the conventions that read it: the window's options dialog shows an option
only when one of the open corpus's conventions reads it."""
OPTION_FLAGS = {"coref_file": "--coref-file", "ontology": "--ontology", "window_size": "--window-size",
                "match_mode": "--match-mode", "regime": "--regime"}
"""Each option's command-line name (`evmeval-score`, `evmeval-compare`, `evmeval-gui`)."""
DEFAULTS = {"ontology": "the one beside the gold file",
            "coref_file": "none: no Coref Role figures (gen-arg's default)",
            "window_size": f"{DEFAULT_WINDOW} (PAIE's default)", "match_mode": "normal (UIE's default)",
            "regime": f"{WINDOW_REGIME} in the window (evmeval-score needs --regime)"}
"""What each option is when not given, as a user reads it."""


def not_read(option: str) -> str:
    """Why `option` cannot be given to conventions that do not read it (the one message of every caller)."""
    if option == "ontology":
        return ("--ontology is read by --convention gen-arg, --convention paie, --convention maven-arg and "
                "--convention omnievent only")
    reader = next(iter(OPTION_READERS[option]))
    return f"{OPTION_FLAGS[option]} is read by --convention {reader} only"


def options_read(names: Sequence[str]) -> list[str]:
    """The options (beside `grounding`) that some of the conventions `names` read, in `OPTION_FLAGS`' order."""
    return [option for option, readers in OPTION_READERS.items() if readers & set(names)]


def given_options(options: ConventionOptions) -> dict[str, str]:
    """The options given (beside `grounding`), as text: what a session stores and a title shows."""
    return {option: str(value) for option in OPTION_FLAGS if (value := getattr(options, option)) is not None}


def options_from(given: dict[str, str], grounding: str | None = None) -> ConventionOptions:
    """`given_options`' inverse; ValueError saying what is expected for a window size that is not a number."""
    values = {k: v.strip() for k, v in given.items() if k in OPTION_FLAGS and v.strip()}
    size = values.get("window_size")
    try:
        window = None if size is None else int(size)
    except ValueError:
        raise ValueError(f"--window-size {size}: not a whole number (expected an even number of words, e.g. "
                         f"{DEFAULT_WINDOW}, PAIE's default)") from None
    return ConventionOptions(grounding, values.get("ontology"), values.get("coref_file"), values.get("match_mode"),
                             window, values.get("regime"))


def options_for(name: str, options: ConventionOptions) -> ConventionOptions:
    """`options` without those convention `name` does not read (grounding kept: `prepare` says where it applies):
    what one convention of a corpus is given when the options were chosen for all of them (the window's Compare
    mode)."""
    kept = {option: None for option, readers in OPTION_READERS.items() if name not in readers}
    return replace(options, **kept)  # type: ignore[arg-type]


def _checked(names: Sequence[str], options: ConventionOptions, *, uie: bool, each: bool) -> dict[str, str | None]:
    """The system input's options (`with_options`) for `options` under the conventions `names`, each checked:
    ValueError saying what is wrong. `each`: every convention must read an option given (`--convention all` on
    the command line); else one of them (the window's switchboard: the others leave it alone)."""
    extra = _uie_options(options, uie)
    for option, readers in OPTION_READERS.items():
        if getattr(options, option) is None:
            continue
        read = set(names) <= readers if each and option == "ontology" else bool(readers & set(names))
        if option == "coref_file" and each:
            read = list(names) == ["gen-arg"]
        if not read:
            raise ValueError(not_read(option))
    if options.head_only:
        extra.update(_head_only(names, each))
    if options.window_size is not None:
        from evmeval.conventions.paie import window_size

        extra[WINDOW] = str(options.window_size)
        window_size(Input("", options={WINDOW: str(options.window_size)}))  # a ValueError saying what is expected
    if options.regime is None and "omnievent" not in names:
        return extra  # OmniEvent's rule has nothing to say: its module is not imported
    from evmeval.conventions.omnievent import REGIME, regime_refusal

    refusal = regime_refusal(options.regime, names)
    if refusal is not None and (options.regime is not None or each):  # the window opens OmniEvent without one
        raise ValueError(refusal)
    if options.regime is not None:
        extra[REGIME] = options.regime
    return extra


def _head_only(names: Sequence[str], each: bool) -> dict[str, str | None]:
    """The option `--head-only` sets, checked: ValueError when the conventions do not read it or spaCy's parse
    is not importable (what to install)."""
    if (list(names) != ["gen-arg"]) if each else ("gen-arg" not in names):
        raise ValueError("--head-only is read by --convention gen-arg only")
    from evmeval.conventions.genarg import HEAD_ONLY, head_parse

    head_parse(Input("", options={HEAD_ONLY: "1"}))  # a ValueError saying what to install
    return {HEAD_ONLY: "1"}


def _uie_options(options: ConventionOptions, uie: bool) -> dict[str, str | None]:
    """UIE's checked match mode and map (`uie.checked_options`); its module is imported only when one is given."""
    strategy = options.grounding if uie else None
    if options.match_mode is None and strategy is None:
        return {}
    from evmeval.conventions.uie import checked_options

    return checked_options(options.match_mode, strategy)


def prepare_with(name: str, gold: Input, system: Input,
                 options: ConventionOptions = ConventionOptions()) -> tuple[list[Convention], Input]:
    """`prepare`'s conventions and the system input carrying `options`; ValueError saying what is wrong for a
    bad rule or an option the convention does not read (a bad file is a `FormatError`)."""
    uie = name == "uie"
    _uie_options(options, uie)
    conventions, system = prepare(name, gold, system, None if uie else options.grounding)
    extra = _checked([c.name for c in conventions], options, uie=uie, each=True)
    return conventions, with_options(with_companions(system, ontology=options.ontology,
                                                     coref_file=options.coref_file), **extra)


def check_board(names: Sequence[str], options: ConventionOptions) -> None:
    """Whether `options` can go with a switchboard of the conventions `names` (the window's options dialog):
    ValueError saying what is wrong; a companion file that cannot be read is a `FormatError`."""
    _checked(names, options, uie=False, each=False)
    for path in options.companions():
        if not os.path.isfile(path):
            raise FormatError(path, 0, "no such file", "an existing file")


def board_input(names: Sequence[str], system: Input, options: ConventionOptions) -> Input:
    """The system input a switchboard of the conventions `names` scores under `options` (`check_board`'s errors;
    grounding is `prepare`'s)."""
    check_board(names, options)
    extra = _checked(names, options, uie=False, each=False)
    return with_options(with_companions(system, ontology=options.ontology, coref_file=options.coref_file), **extra)
