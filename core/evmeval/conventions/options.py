"""A convention's own options (`--grounding`, `--ontology`, `--coref-file`, `--match-mode`) applied to a
system input, each checked once: `evmeval-score --convention`, `evmeval-compare --convention` and the
window's Compare mode share this rule."""

from __future__ import annotations

from dataclasses import dataclass

from evmeval.conventions import prepare
from evmeval.conventions.base import Convention, Input, with_options
from evmeval.conventions.genarg import with_companions
from evmeval.conventions.paie import WINDOW, window_size
from evmeval.conventions.uie import checked_options

ONTOLOGY_READERS = {"gen-arg", "paie", "maven-arg"}
"""The conventions `--ontology` is for (gen-arg's templates, which paie reads too; maven-arg's label2role.json)."""


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

    def companions(self) -> list[str]:
        """The further files these options make a convention read."""
        return [path for path in (self.ontology, self.coref_file) if path]


def prepare_with(name: str, gold: Input, system: Input,
                 options: ConventionOptions = ConventionOptions()) -> tuple[list[Convention], Input]:
    """`prepare`'s conventions and the system input carrying `options`; ValueError saying what is wrong for a
    bad rule or an option the convention does not read (a bad file is a `FormatError`)."""
    uie = name == "uie"
    extra = checked_options(options.match_mode, options.grounding if uie else None)
    conventions, system = prepare(name, gold, system, None if uie else options.grounding)
    names = [c.name for c in conventions]
    if (options.coref_file and names != ["gen-arg"]) or (options.ontology and not set(names) <= ONTOLOGY_READERS):
        readers = "" if options.coref_file else ", --convention paie and --convention maven-arg"
        raise ValueError(f"{'--coref-file' if options.coref_file else '--ontology'} is read by --convention "
                         f"gen-arg{readers} only")
    if options.window_size is not None:
        if "paie" not in names:
            raise ValueError("--window-size is read by --convention paie only")
        extra[WINDOW] = str(options.window_size)
        window_size(with_options(system, **extra))  # a ValueError saying what is expected
    if options.match_mode and not uie:
        raise ValueError("--match-mode is read by --convention uie only")
    return conventions, with_options(with_companions(system, ontology=options.ontology,
                                                     coref_file=options.coref_file), **extra)
