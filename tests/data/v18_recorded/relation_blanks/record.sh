#!/bin/sh
# Re-record v1.8's outputs for every line of cases.tsv (run here, in this folder; needs Python 2.7,
# Perl and the published scorer):  PY2=python2.7 V18=/path/to/scorer_v1.8.py ./record.sh
set -u
PY2=${PY2:-/root/.pyenv/versions/2.7.18/bin/python}
V18=${V18:-/work/ref/EvmEval/scorer_v1.8.py}
grep -v '^#' cases.tsv | while IFS="$(printf '\t')" read -r name gold tokens system options; do
    set -- -g "$gold" -s "$system"
    if [ "$tokens" != - ]; then
        set -- "$@" -t "$tokens"
    fi
    rm -rf "$name".*
    # shellcheck disable=SC2086
    "$PY2" "$V18" "$@" -o "$name.scores.txt" \
        $(echo "$options" | sed "s/-d/-d $name.comparison.txt/; s/-c/-c $name.coref/; s/-a/-a $name.seq/") \
        > "$name.stdout" 2> "$name.stderr"
    code=$?
    { echo "exit code: $code"; echo "--- stdout ---"; cat "$name.stdout"; echo "--- stderr ---"; cat "$name.stderr"; } \
        > "$name.v18.txt"
    rm -rf "$name.stdout" "$name.stderr" "$name.coref" "$name.seq"  # the Perl log and the -a folder: not compared
    if [ "$code" != 0 ]; then  # a crash: only its log is kept
        rm -f "$name.scores.txt" "$name.comparison.txt" "$name.coref_gold.conll" "$name.coref_sys.conll"
    fi
done
