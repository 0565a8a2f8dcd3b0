#!/bin/sh
# Re-record v1.8's runs with options it only logs (run here, in this folder, which holds no token table;
# needs Python 2.7 and the published scorer):  PY2=python2.7 V18=/path/to/scorer_v1.8.py ./record.sh
set -u
PY2=${PY2:-/root/.pyenv/versions/2.7.18/bin/python}
V18=${V18:-/work/ref/EvmEval/scorer_v1.8.py}
DEMO=../../evmeval/scoring_demo/token_based
record() {  # NAME OPTIONS...
    name=$1
    shift
    "$PY2" "$V18" -g "$DEMO/gold.tbf" -s "$DEMO/sample_system_C.tbf" -o "$name.scores.txt" \
        -d "$name.comparison.txt" "$@" > "$name.stdout" 2> "$name.stderr"
    code=$?
    { echo "exit code: $code"; echo "--- stdout ---"; cat "$name.stdout"; echo "--- stderr ---"; cat "$name.stderr"; } \
        > "$name.v18.txt"
    rm -f "$name.stdout" "$name.stderr"
}
record tkn_missing -t no_such_folder
record of_letters -t "$DEMO/tkn" -of x
record of_three -t "$DEMO/tkn" -of 2,3,4
