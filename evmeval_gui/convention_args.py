"""`evmeval-gui`'s convention options: `--grounding` and the options `evmeval-score` takes beside a convention
(`--ontology`, `--coref-file`, `--match-mode`, `--window-size`, `--regime`, defined once in
`evmeval.cli.score_options`), given to every convention of the opened corpus that reads them, as the Convention
options… dialog gives them."""

from __future__ import annotations

import argparse

from evmeval.cli.score_options import add_convention_options

OPTION_NAMES = ("coref_file", "ontology", "window_size", "match_mode", "regime")
"""The argument names `add_convention_options` makes (`evmeval.conventions.options.OPTION_FLAGS`' keys: that
module is imported only when one is given, to keep the launch light)."""


def add_convention_arguments(group: argparse._ArgumentGroup) -> None:
    """`--grounding` (the window's words) and `evmeval-score`'s convention options."""
    group.add_argument("--grounding", metavar="RULE",
                       help="string predictions (-s, against TextEE gold): how a string becomes a span, as "
                            "evmeval-score --grounding: first (default), closest, first-unused, all, fuzzy:0.8")
    add_convention_options(group)


def convention_options(args: argparse.Namespace) -> tuple[tuple[str, str], ...]:
    """The options given, as the window's request keeps them (`OpenRequest.options`), each value checked by the
    library: ValueError saying what is expected, FormatError for a file that is not there. Which conventions read
    them is known once the corpus is read (a refusal then is the loading's error)."""
    if args.grounding is not None:
        from evmeval.grounding import parse_rule

        parse_rule(args.grounding)  # a ValueError saying what is expected
    given = {name: str(value) for name in OPTION_NAMES if (value := getattr(args, name, None)) is not None}
    if not given:
        return ()
    from evmeval.conventions.options import OPTION_READERS, check_board, given_options, options_from

    options = options_from(given)
    check_board(sorted(set().union(*OPTION_READERS.values())), options)  # the values; the readers come later
    return tuple(given_options(options).items())
