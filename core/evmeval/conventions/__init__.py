"""Scoring conventions: each published event-extraction scorer's rules, on the files of its format.

"My numbers differ from the paper" is most often a convention or a data difference, not a model
bug; scoring the same files under each scorer's own rules, with a fingerprint of the gold data,
shows which. Each convention names its metrics as its scorer does and counts as it counts.
"""

from __future__ import annotations

import os

from evmeval.conventions import dygiepp, ours, strings, textee
from evmeval.conventions.base import Convention, ConventionResult, Fingerprint, Input, Metric, with_options
from evmeval.conventions.bionlp import score_bionlp
from evmeval.conventions.dygiepp import score_dygiepp
from evmeval.conventions.genarg import DESCRIPTION as GENARG_DESCRIPTION
from evmeval.conventions.genarg import genarg_matches, score_genarg
from evmeval.conventions.items import ROWS, Item, Outcome
from evmeval.conventions.maven import DESCRIPTION as MAVEN_DESCRIPTION
from evmeval.conventions.maven import score_maven
from evmeval.conventions.maven_arg import DESCRIPTION as MAVEN_ARG_DESCRIPTION
from evmeval.conventions.maven_arg import score_maven_arg
from evmeval.conventions.maven_ere import DESCRIPTION as MAVEN_ERE_DESCRIPTION
from evmeval.conventions.maven_ere import MAVEN_ERE_FIELDS, score_maven_ere
from evmeval.conventions.paie import DESCRIPTION as PAIE_DESCRIPTION
from evmeval.conventions.paie import score_paie
from evmeval.conventions.rams import DESCRIPTION as RAMS_DESCRIPTION
from evmeval.conventions.rams import rams_matches, score_rams
from evmeval.conventions.textee import score_textee
from evmeval.conventions.uie import DESCRIPTION as UIE_DESCRIPTION
from evmeval.conventions.uie import score_uie, uie_matches
from evmeval.io.bionlp import GIVEN as BIONLP_GIVEN
from evmeval.io.bionlp import TASK as BIONLP_TASK
from evmeval.io.brat import ANN_EXTENSION
from evmeval.io.casie import is_casie
from evmeval.io.errors import FormatError
from evmeval.io.genarg import is_generation, is_wikievents
from evmeval.io.jsonlines import JsonLines, parse_json_lines
from evmeval.io.maven_arg import is_maven_arg
from evmeval.io.paie_log import is_paie_log
from evmeval.io.rams import is_rams
from evmeval.io.reading import MAX_LINE_BYTES, STDIN, decode_text, display_name, long_line, open_binary, read_bytes
from evmeval.io.strings import is_strings_line
from evmeval.io.uie import is_uie_gold, is_uie_record

REGISTRY: dict[str, Convention] = {
    c.name: c for c in (
        Convention("textee", "textee",
                   "TextEE scorer.py (E2E): Tri-I/C, Arg-I/C and attached variants; sets of tuples, so "
                   "duplicates collapse; arguments keyed by event type unless attached; micro over windows",
                   score_textee, comparable=textee.COMPARABLE, outcomes=textee.textee_outcomes, streams=True,
                   matches=textee.textee_matches),
        Convention("dygiepp", "dygiepp",
                   "DyGIE++ event_metrics.py: triggers by token per sentence; an argument counts if any gold "
                   "argument has its span and event type (id) and role (class); arguments of unpredicted "
                   "triggers dropped; micro over sentences",
                   score_dygiepp, comparable=dygiepp.COMPARABLE, outcomes=dygiepp.dygiepp_outcomes, streams=True,
                   matches=dygiepp.dygiepp_matches),
        Convention("evmeval", "textee",
                   "ours, EvmEval v1.8 (evmeval-score's rules): triggers as token spans, Dice credit for partial "
                   "spans, greedy one-to-one mapping (a duplicate is a false alarm), micro over documents with "
                   "gold mentions; no realis, no argument scoring",
                   ours.score_ours, also_reads=tuple(ours.READERS), comparable=ours.COMPARABLE,
                   outcomes=ours.ours_outcomes, ours=True, switch=ours.ours_switch),
        Convention("maven", "maven", MAVEN_DESCRIPTION, score_maven, empty_submission=True, streams=True),
        Convention("maven-ere", "maven-ere", MAVEN_ERE_DESCRIPTION, score_maven_ere, empty_submission=True,
                   streams=True),
        Convention("bionlp", "bionlp", "BioNLP shared task a2-evaluate: whole events (nested ones recursively); "
                   "strict, -s, -p, -sp", score_bionlp),
        Convention("strings", "textee", strings.DESCRIPTION, strings.score_strings, comparable=strings.COMPARABLE,
                   outcomes=strings.strings_outcomes, ours=True, grounded=True, matches=strings.strings_matches),
        Convention("rams", "rams", RAMS_DESCRIPTION, score_rams, matches=rams_matches),
        Convention("gen-arg", "wikievents", GENARG_DESCRIPTION, score_genarg, also_reads=("gen-arg",),
                   empty_submission=True, matches=genarg_matches),
        Convention("uie", "uie", UIE_DESCRIPTION, score_uie, also_reads=("uie-record",), matches=uie_matches),
        Convention("maven-arg", "maven-arg", MAVEN_ARG_DESCRIPTION, score_maven_arg),
        Convention("paie", "rams", PAIE_DESCRIPTION, score_paie,
                   also_reads=("wikievents", "gen-arg", "strings", "paie-log"),
                   empty_submission=True),
    )
}
"""Every convention by name; `all` on the command line means those whose format the files have."""

FORMATS = {"textee": "TextEE/OneIE window JSONL", "dygiepp": "DyGIE++ document JSONL",
           "maven": "MAVEN JSONL (documents or submission)",
           "maven-ere": "MAVEN-ERE JSONL (documents or submission)",
           "bionlp": "BioNLP shared-task standoff folder (.txt, .a1, .a2)",
           "rams": "RAMS JSONL (gold_evt_links, or predictions)",
           "wikievents": "WikiEvents JSONL (doc_id, tokens, event_mentions, entity_mentions)",
           "gen-arg": "gen-arg generations JSONL (doc_key, predicted)",
           "uie": "UIE JSONL (text, tokens, event: a list of records)",
           "uie-record": "UIE record JSONL (event: {string, offset}, as sel2record.py writes it)",
           "maven-arg": "MAVEN-Arg JSONL (the unified gold layout: id, text, events; or a submission: id, preds)"}


def detect_format(source: Input) -> str:
    """The format of an input to `--convention`: a folder is BioNLP standoff by its `.a1`/`.a2` files; a JSONL
    file's first object's fields tell the rest (`wnd_id`: TextEE; `doc_key` and `sentences`: DyGIE++; `id` with
    `content` or `predictions`: MAVEN; `id` with MAVEN-ERE's relation fields, or `id` alone: MAVEN-ERE). A tbf,
    brat or CASIE input is named as such: no convention reads it, `evmeval-score` scores it under v1.8's rules."""
    path = source.path
    if os.path.isdir(path):
        found = "casie" if is_casie(path) else folder_format(path)
    else:
        data = read_bytes(path) if source.data is None and path == STDIN else source.data
        head = (_head(path) if data is None else data[: 1 << 16]).lstrip().removeprefix(b"\xef\xbb\xbf").lstrip()
        found = "tbf" if head[:1] != b"{" else "casie" if b'"cyberevent"' in head else _jsonl_format(data, path)
    if found == "strings":
        raise FormatError(display_name(path), 1, "string predictions as gold: they are a system's output",
                          "them as the system file (-s) beside a TextEE gold file (-g)")
    if found not in FORMATS:
        raise FormatError(display_name(path), 0, f"{FILE_FORMATS[found]}: no convention reads it",
                          "evmeval-score without --convention, which scores it under v1.8's rules; --convention "
                          f"reads {', '.join(FORMATS.values())}")
    return found


def _head(path: str) -> bytes:
    """The first 64 KB of a file: enough to tell tbf from JSON (a corpus is not read whole to be recognised)."""
    try:
        with open(path, "rb") as handle:
            return handle.read(1 << 16)
    except OSError:
        read_bytes(path)  # its FormatError names the failure
        raise


def _first_line(data: bytes | None, path: str) -> bytes:
    """The first line's bytes with its newline: of `data`, else read from the file, which is read no further."""
    if data is not None:
        end = data.find(b"\n")
        return data + b"\n" if end < 0 else data[: end + 1]
    with open_binary(path) as handle:
        line = handle.readline(MAX_LINE_BYTES + 1)
    if len(line) > MAX_LINE_BYTES and not line.endswith(b"\n"):
        raise long_line(path, 1)
    return line if line.endswith(b"\n") else line + b"\n"


def _jsonl_format(data: bytes | None, path: str) -> str:
    """The JSONL format the first line's object has the fields of (`data`: the file's bytes if read; else only
    its first line is read)."""
    for _, value in JsonLines(path, _first_line(data, path)):
        if isinstance(value, dict) and "wnd_id" in value and "event_mentions" in value:
            return "textee"
        if is_strings_line(value):
            return "strings"
        if is_wikievents(value):
            return "wikievents"
        if is_uie_gold(value):
            return "uie"
        if is_uie_record(value):
            return "uie-record"
        if is_generation(value):
            return "gen-arg"
        if is_rams(value):
            return "rams"
        if isinstance(value, dict) and "doc_key" in value and "sentences" in value:
            return "dygiepp"
        if is_maven_arg(value):
            return "maven-arg"
        if isinstance(value, dict) and "id" in value and ("content" in value or "predictions" in value):
            return "maven"
        if isinstance(value, dict) and "id" in value and (MAVEN_ERE_FIELDS & set(value) or len(value) == 1):
            return "maven-ere"  # only `id` is mandatory in its submission (MAVEN's needs `predictions`)
        break
    raise FormatError(display_name(path), 1, "not a format any convention reads",
                      "per line a TextEE window (doc_id, wnd_id, event_mentions), a DyGIE++ document "
                      "(doc_key, sentences), a RAMS example (doc_key, gold_evt_links or predictions), a WikiEvents "
                      "document (doc_id, tokens, event_mentions, entity_mentions), a gen-arg generation (doc_key, "
                      "predicted), "
                      "a MAVEN-Arg document (id, text, events) or submission (id, preds), "
                      "a MAVEN or MAVEN-ERE document or submission (id, …); "
                      "or a BioNLP folder")


FILE_FORMATS = {"tbf": "tbf (event nuggets)", "casie": "CASIE JSON (a file or a folder of them)",
                "brat": "brat standoff (a folder of .ann with .txt, or one .ann)", **FORMATS,
                "strings": "string predictions JSONL (strings/1: a system's strings, grounded on a TextEE gold file)",
                "paie-log": "PAIE's result log (metric.py show_results: best_test_related_results.log)"}
"""Every format `evmeval-validate` checks and `evmeval-convert` reads, by the name both programs print."""


_FOLDER_CONTENTS = {".tab": "token tables: give their folder with -t", ".txt": "texts",
                    ".tbf": "tbf files: give one file, not its folder",
                    ".jsonl": "JSON lines files: give one file, not its folder",
                    ".json": "JSON files"}
"""What a folder's files are, by extension, for the message naming a folder that is none of the formats."""


def folder_format(path: str) -> str:
    """A folder's format: BioNLP by its `.a1`/`.a2` files, brat by its `.ann` files; a `FormatError` saying
    what the folder holds when it is neither (an empty folder, token tables or texts are no annotation)."""
    names = sorted(os.listdir(path))
    if any(n.endswith((BIONLP_TASK, BIONLP_GIVEN)) for n in names):
        return "bionlp"
    if any(n.endswith(ANN_EXTENSION) for n in names):
        return "brat"
    counts: dict[str, int] = {}
    for name in names:
        extension = os.path.splitext(name)[1].lower() or "(no extension)"
        counts[extension] = counts.get(extension, 0) + 1
    held = "; ".join(f"{n} {ext} file{'s' if n != 1 else ''}"
                     + (f" ({_FOLDER_CONTENTS[ext]})" if ext in _FOLDER_CONTENTS else "")
                     for ext, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
    raise FormatError(display_name(path), 0, f"a folder with no annotation files: it holds {held or 'nothing'}",
                      "a BioNLP shared-task folder (.txt, .a1, .a2), a brat folder (.ann with .txt), a folder of "
                      "CASIE .json files, or a file")


def input_format(path: str) -> str:
    """The format of any input (one rule for `evmeval-validate`, `evmeval-convert` and `--convention`):
    CASIE as `is_casie` says; a folder as `folder_format` says; a `.ann` file is brat; a file whose first
    non-blank character is `{` is the JSONL format its first line's fields name (a `FormatError` when none);
    anything else is tbf."""
    if path != STDIN and is_casie(path):
        return "casie"
    if os.path.isdir(path):
        return folder_format(path)
    if path.endswith(ANN_EXTENSION):
        return "brat"
    if _head(path).lstrip().removeprefix(b"\xef\xbb\xbf").lstrip()[:1] != b"{":
        return "tbf"  # a tbf file is not read twice to be recognised
    return _jsonl_format(None, path)


def convention_hint(path: str) -> FormatError | None:
    """Why `evmeval-score` without `--convention` cannot read `path`, when it is a file of a format only a
    convention reads (its first line names it): the error names the format and the `--convention` to give."""
    try:
        found = input_format(path)
    except FormatError:
        return None  # not a format any convention reads: the tbf reader's own message says what is wrong
    if found not in FORMATS:
        return None
    names = [c.name for c in REGISTRY.values() if c.reads(found)]
    return FormatError(display_name(path), 1, f"a {FORMATS[found]} file, which evmeval-score reads only under a "
                       "scorer's convention", f"--convention {' or --convention '.join(names)}, or --convention all "
                       "for each that reads it side by side")


def conventions_for(name: str, gold: Input) -> list[Convention]:
    """The conventions `--convention name` means; `all`: every one whose format the gold file has (those for
    string predictions only when the predictions are strings: `prepare`)."""
    if name == "all":
        found = detect_format(gold)
        return [c for c in REGISTRY.values() if c.reads(found) and not c.grounded]
    if name not in REGISTRY:
        raise ValueError(f"unknown convention {name!r} (expected one of: {', '.join(REGISTRY)}, all)")
    return [REGISTRY[name]]


def is_strings(source: Input) -> bool:
    """Whether an input is string predictions (`evmeval.io.strings`): its first line has `doc_id` and `events`."""
    if (source.path == STDIN and source.data is None) or os.path.isdir(source.path):
        return False
    data = source.data
    if data is None:  # its first line only: the reader reads the file when it is scored
        try:
            with open(source.path, "rb") as handle:
                data = handle.readline(1 << 24)
        except OSError:
            return False  # the reader says what is wrong with it
    head = data[: 1 << 16].lstrip().removeprefix(b"\xef\xbb\xbf").lstrip()
    if head[:1] != b"{":
        return False
    first = decode_text(data, source.path).partition("\n")[0].lstrip("\ufeff") + "\n"
    try:
        return any(is_strings_line(value) for _, value in parse_json_lines(first, display_name(source.path)))
    except FormatError:
        return False


def is_paie_log_input(source: Input) -> bool:
    """Whether an input is PAIE's result log (`evmeval.io.paie_log`), by its first 64 KB."""
    if (source.path == STDIN and source.data is None) or os.path.isdir(source.path):
        return False
    if source.data is not None:
        return is_paie_log(source.data)
    try:
        with open(source.path, "rb") as handle:
            return is_paie_log(handle.read(1 << 16))
    except OSError:
        return False  # the reader says what is wrong with it


def prepare(name: str, gold: Input, system: Input, grounding: str | None = None) -> tuple[list[Convention], Input]:
    """The conventions `name` means and the system input they score: string predictions are grounded on the
    gold windows once (rule `grounding`, default `first`), and every TextEE convention (ours for strings among
    them) scores the grounded input. ValueError for a rule it does not know or `grounding` without strings."""
    if is_paie_log_input(system) and name == "all":
        return [REGISTRY["paie"]], system  # only paie reads PAIE's own log
    if not is_strings(system):
        if grounding is not None:
            raise ValueError(f"--grounding {grounding}: the predictions are not strings (expected a string-prediction "
                             "JSONL, one line per document or window with doc_id and events; see docs/formats.md)")
        return conventions_for(name, gold), system
    found = detect_format(gold)
    if name == "paie" or (name == "all" and found in ("rams", "wikievents")):
        if grounding is not None:
            strings.parse_rule(grounding)  # its ValueError names what is expected
        return [REGISTRY["paie"]], with_options(system, grounding=grounding)  # it grounds on RAMS or WikiEvents
    rule = strings.parse_rule(grounding) if grounding is not None else strings.DEFAULT_RULE
    if name != "all" and name in REGISTRY and not REGISTRY[name].reads("textee"):
        raise ValueError(f"convention {name!r} does not read string predictions (expected strings, all, paie, or a "
                         "TextEE convention, which scores the grounded predictions)")
    if found != "textee":
        raise FormatError(display_name(gold.path), 1, f"a {FORMATS[found]} gold file: string predictions are "
                          "grounded on TextEE windows",
                          "a TextEE window JSONL gold file (evmeval-convert --to textee makes one)")
    chosen = [c for c in REGISTRY.values() if c.reads("textee")] if name == "all" else conventions_for(name, gold)
    return chosen, strings.ground_input(gold, system, rule)


__all__ = ["FILE_FORMATS", "FORMATS", "REGISTRY", "ROWS", "Convention", "ConventionResult", "Fingerprint", "Input",
           "Item", "Metric", "Outcome", "conventions_for", "detect_format", "folder_format", "input_format",
           "is_strings", "prepare"]
