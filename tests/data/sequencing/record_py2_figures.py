# Python 2.7: the published figure str(100 * round(x, 6)) for fractions x, keyed by x.hex().
import json, random, sys
rng = random.Random(15)
xs = set()
for n in range(1, 130):
    for k in range(0, n + 1):
        if rng.random() < 0.06 or n < 9:
            xs.add(k * 1.0 / n)
for m in range(1, 30):
    xs.add(2.0 ** -m); xs.add(1 - 2.0 ** -m); xs.add(3 * 2.0 ** -m if 3 * 2.0 ** -m < 1 else 0.5)
for _ in range(60):
    xs.add(rng.randint(0, 10 ** 6) / 1e6)
    xs.add(rng.random())
xs.add(0.0078125); xs.add(0.0000005); xs.add(0.0000015); xs.add(0.99999951)
out = [[x.hex(), str(100 * round(x, 6))] for x in sorted(xs)]
json.dump(out, sys.stdout, separators=(",", ":"))
