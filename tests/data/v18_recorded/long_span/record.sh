#!/bin/sh
# Re-record v1.8's outputs on system.tbf (run here, in this folder; needs Python 2.7 and the published scorer):
#   PY2=python2.7 V18=/path/to/scorer_v1.8.py ./record.sh
# The comparison file (1.3 MB) is kept as its size and SHA-256 only.
set -u
PY2=${PY2:-/root/.pyenv/versions/2.7.18/bin/python}
V18=${V18:-/work/ref/EvmEval/scorer_v1.8.py}
"$PY2" "$V18" -g gold.tbf -s system.tbf -o scores.txt -d comparison.txt > v18.stdout 2> v18.stderr
code=$?
{ echo "exit code: $code"; echo "--- stdout ---"; cat v18.stdout; echo "--- stderr ---"; cat v18.stderr; } > v18.txt
{ wc -c < comparison.txt | tr -d ' '; sha256sum comparison.txt | cut -d' ' -f1; } > comparison.size_sha256
rm -f v18.stdout v18.stderr comparison.txt
