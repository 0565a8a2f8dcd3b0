"""Scoring conventions: each published event-extraction scorer's rules, on the files of its format.

"My numbers differ from the paper" is most often a convention or a data difference, not a model
bug; scoring the same files under each scorer's own rules, with a fingerprint of the gold data,
shows which. Each convention names its metrics as its scorer does and counts as it counts.
"""

from __future__ import annotations

import os

from evmeval.conventions.base import Convention, ConventionResult, Fingerprint, Input, Metric, lazy, with_options
from evmeval.conventions.items import (
    DYGIEPP_ROWS,
    GENARG_ROWS,
    OURS_ROWS,
    PAIE_ROWS,
    RAMS_ROWS,
    ROWS,
    SAME_ROWS,
    Item,
    Outcome,
)
from evmeval.io.detect import (
    MAVEN_ERE_FIELDS,
    is_generation,
    is_maven_arg,
    is_omnievent_prediction,
    is_rams,
    is_strings_line,
    is_uie_gold,
    is_uie_record,
    is_wikievents,
)
from evmeval.io.errors import FormatError
from evmeval.io.jsonlines import JsonLines, parse_json_lines
from evmeval.io.reading import MAX_LINE_BYTES, STDIN, decode_text, display_name, long_line, open_binary, read_bytes

REGISTRY: dict[str, Convention] = {
    c.name: c for c in (  # each module is imported when its convention first runs (`lazy`)
        Convention("textee", "textee",
                   "TextEE scorer.py (E2E): Tri-I/C, Arg-I/C and attached variants; sets of tuples, so duplicates "
                   "collapse; arguments keyed by event type unless attached; micro over windows",
                   lazy("textee", "score_textee"), comparable=SAME_ROWS,
                   outcomes=lazy("textee", "textee_outcomes"), streams=True,
                   matches=lazy("textee", "textee_matches")),
        Convention("dygiepp", "dygiepp",
                   "DyGIE++ event_metrics.py: triggers by token per sentence; an argument counts if any gold "
                   "argument has its span and event type (id) and role (class); arguments of unpredicted triggers "
                   "dropped; micro over sentences",
                   lazy("dygiepp", "score_dygiepp"), comparable=DYGIEPP_ROWS,
                   outcomes=lazy("dygiepp", "dygiepp_outcomes"), streams=True,
                   matches=lazy("dygiepp", "dygiepp_matches")),
        Convention("evmeval", "textee",
                   "ours, EvmEval v1.8 (evmeval-score's rules): triggers as token spans, Dice credit for partial "
                   "spans, greedy one-to-one mapping (a duplicate is a false alarm), micro over documents with gold "
                   "mentions; no realis, no argument scoring",
                   lazy("ours", "score_ours"), also_reads=("textee", "dygiepp"), comparable=OURS_ROWS,
                   outcomes=lazy("ours", "ours_outcomes"), ours=True, switch=lazy("ours", "ours_switch")),
        Convention("maven", "maven",
                   "MAVEN evaluate.py: every gold event mention and negative trigger classified; a mention not "
                   "predicted is 0 (negative); scikit-learn micro and macro P/R/F1 over type ids 1..168",
                   lazy("maven", "score_maven"), empty_submission=True, streams=True),
        Convention("maven-ere", "maven-ere",
                   "MAVEN-ERE evaluate.py: coreference over gold mentions (B3, CEAF-e, MUC, its smoothed BLANC, "
                   "their mean); temporal, causal, subevent relations as ordered mention pairs after cluster "
                   "expansion, scikit-learn micro P/R/F1; overall_f1 the mean of the four",
                   lazy("maven_ere", "score_maven_ere"), empty_submission=True, streams=True),
        Convention("bionlp", "bionlp", "BioNLP shared task a2-evaluate: whole events (nested ones recursively); "
                   "strict, -s, -p, -sp", lazy("bionlp", "score_bionlp")),
        Convention("strings", "textee",
                   "ours, string predictions grounded under a named rule (--grounding): exact tuples matched one to "
                   "one, arguments attached to their trigger; a string not in the text is a false alarm, never "
                   "dropped; the grounding ceiling is gold's own strings grounded by the same rule",
                   lazy("strings", "score_strings"), comparable=SAME_ROWS,
                   outcomes=lazy("strings", "strings_outcomes"), ours=True, grounded=True,
                   matches=lazy("strings", "strings_matches")),
        Convention("rams", "rams",
                   "RAMS 1.0 scorer.py --do_all: multisets of (trigger span, argument span, role) per example; its "
                   "Precision is correct/gold and its Recall correct/predicted (as the script divides); per-role "
                   "table; by sentence distance -2..+2",
                   lazy("rams", "score_rams"), matches=lazy("rams", "rams_matches"), comparable=RAMS_ROWS,
                   outcomes=lazy("published_arguments", "rams_outcomes")),
        Convention("gen-arg", "wikievents",
                   "gen-arg scorer.py (KAIROS/WikiEvents): template-aligned argument strings "
                   "grounded nearest the trigger, split at 'and' when not found; sets per event; gold spans lose a "
                   "leading the/an/a; each prediction matched on its own (no one-to-one); Coref F1 with --coref-file; "
                   "head F1 with --head-only (spaCy's en_core_web_sm parse)",
                   lazy("genarg", "score_genarg"), also_reads=("gen-arg",), empty_submission=True,
                   matches=lazy("genarg", "genarg_matches"), comparable=GENARG_ROWS,
                   outcomes=lazy("published_arguments", "genarg_outcomes")),
        Convention("uie", "uie",
                   "UIE eval_extraction.py EventScorer: per instance (type, trigger) and (type, role, argument) by "
                   "token offsets and by string; match mode normal (multiset), set or multimatch; roles not tied to "
                   "their trigger; string-only record lines placed by UIE's sel2record map (closest/first), its "
                   "drops said",
                   lazy("uie", "score_uie"), also_reads=("uie-record",), matches=lazy("uie", "uie_matches")),
        Convention("maven-arg", "maven-arg",
                   "MAVEN-Arg evaluate.py: argument strings per trigger and role, paired by SciPy's assignment on "
                   "bag-of-words F1; exact match and BoW P/R/F1 averaged over entries (mentions, entities, events); "
                   "gold in the unified layout the script reads (not the README's), label2role.json as --ontology",
                   lazy("maven_arg", "score_maven_arg")),
        Convention("paie", "rams",
                   "PAIE metric.py: span, text (SQuAD-normalised) and head F1, classification (gold spans as a list "
                   "per role) and identification (sets per event); gold outside the model's window (--window-size, "
                   "250) counted against recall; F1 0 when P + R <= 1e-4",
                   lazy("paie", "score_paie"), also_reads=("wikievents", "gen-arg", "strings", "paie-log"),
                   empty_submission=True, comparable=PAIE_ROWS, outcomes=lazy("published_arguments", "paie_outcomes")),
        Convention("omnievent", "omnievent",
                   "OmniEvent unified evaluation (event detection): each regime's output (--regime tc, sl, s2s, mrc) "
                   "turned into a label per gold candidate (triggers and negative triggers), then scikit-learn's "
                   "micro P/R/F1 over the positive labels (the gold file's types; every type under tc); with "
                   "`arguments` on the lines, its argument extraction per mode (gold, or default, loose, strict)",
                   lazy("omnievent", "score_omnievent"), also_reads=("omnievent-dump",),
                   gold_formats=("maven-arg",)),
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
           "maven-arg": "MAVEN-Arg JSONL (the unified gold layout: id, text, events; or a submission: id, preds)",
           "omnievent": "OmniEvent prediction JSONL (id, outputs; its gold is the unified layout MAVEN-Arg reads)",
           "omnievent-dump": "OmniEvent's dumped ED predictions (test_preds.json: a JSON list, a label per candidate)"}


def detect_format(source: Input) -> str:
    """The format of an input to `--convention`: a folder is BioNLP standoff by its `.a1`/`.a2` files; a JSONL
    file's first object's fields tell the rest (`wnd_id`: TextEE; `doc_key` and `sentences`: DyGIE++; `id` with
    `content` or `predictions`: MAVEN; `id` with MAVEN-ERE's relation fields, or `id` alone: MAVEN-ERE). A tbf,
    brat or CASIE input is named as such: no convention reads it, `evmeval-score` scores it under v1.8's rules."""
    path = source.path
    if os.path.isdir(path):
        from evmeval.io.casie import is_casie  # a folder's readers only for a folder

        found = "casie" if is_casie(path) else folder_format(path)
    else:
        data = read_bytes(path) if source.data is None and path == STDIN else source.data
        head = (_head(path) if data is None else data[: 1 << 16]).lstrip().removeprefix(b"\xef\xbb\xbf").lstrip()
        found = ("omnievent-dump" if head[:1] == b"[" else "tbf" if head[:1] != b"{"
                 else "casie" if b'"cyberevent"' in head else _jsonl_format(data, path))
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
        if is_omnievent_prediction(value):
            return "omnievent"
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
    from evmeval.io.bionlp import GIVEN as BIONLP_GIVEN
    from evmeval.io.bionlp import TASK as BIONLP_TASK
    from evmeval.io.brat import ANN_EXTENSION

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
    from evmeval.io.brat import ANN_EXTENSION
    from evmeval.io.casie import is_casie

    if path != STDIN and is_casie(path):
        return "casie"
    if os.path.isdir(path):
        return folder_format(path)
    if path.endswith(ANN_EXTENSION):
        return "brat"
    first = _head(path).lstrip().removeprefix(b"\xef\xbb\xbf").lstrip()[:1]
    if first != b"{":
        return "omnievent-dump" if first == b"[" else "tbf"  # a tbf file is not read twice to be recognised
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
    names = [c.name for c in REGISTRY.values() if c.reads_gold(found)]
    return FormatError(display_name(path), 1, f"a {FORMATS[found]} file, which evmeval-score reads only under a "
                       "scorer's convention", f"--convention {' or --convention '.join(names)}, or --convention all "
                       "for each that reads it side by side")


def conventions_for(name: str, gold: Input) -> list[Convention]:
    """The conventions `--convention name` means; `all`: every one whose format the gold file has (those for
    string predictions only when the predictions are strings: `prepare`)."""
    if name == "all":
        found = detect_format(gold)
        return [c for c in REGISTRY.values() if c.reads_gold(found) and not c.grounded]
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
    from evmeval.io.paie_log import is_paie_log

    if source.data is not None:
        return is_paie_log(source.data)
    try:
        with open(source.path, "rb") as handle:
            return is_paie_log(handle.read(1 << 16))
    except OSError:
        return False  # the reader says what is wrong with it


def _reading_system(chosen: list[Convention], name: str, system: Input) -> list[Convention]:
    """Under `all`, where a convention reads the gold file as another's gold (MAVEN-Arg's and OmniEvent's share a
    gold layout, not a prediction file), those that read the system file too, when some do; the rest is
    `check_formats`' to say."""
    if name != "all" or not any(c.gold_formats for c in chosen) or system.data == b"":
        return chosen  # elsewhere every convention of `all` reads both files, or check_formats says which not
    try:
        found = detect_format(system)
    except FormatError:
        return chosen
    return [c for c in chosen if c.reads(found)] or chosen


def prepare(name: str, gold: Input, system: Input, grounding: str | None = None) -> tuple[list[Convention], Input]:
    """The conventions `name` means and the system input they score: string predictions are grounded on the
    gold windows once (rule `grounding`, default `first`), and every TextEE convention (ours for strings among
    them) scores the grounded input. ValueError for a rule it does not know or `grounding` without strings."""
    if name == "all" and is_paie_log_input(system):
        return [REGISTRY["paie"]], system  # only paie reads PAIE's own log
    if not is_strings(system):
        if grounding is not None:
            raise ValueError(f"--grounding {grounding}: the predictions are not strings (expected a string-prediction "
                             "JSONL, one line per document or window with doc_id and events; see docs/formats.md)")
        return _reading_system(conventions_for(name, gold), name, system), system
    from evmeval.conventions import strings  # only for string predictions

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
