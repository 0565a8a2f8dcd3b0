# -*- coding: utf-8 -*-
# Run with Python 2.7 (PYTHONHASHSEED unset): records hashes and set orders as JSON.
import json, random, sys
rng = random.Random(2017)
def ident(r):
    style = r.randint(0, 5)
    if style == 0: return "E%d" % r.randint(0, 300)
    if style == 1: return "em-%d" % r.randint(0, 3000)
    if style == 2: return "".join(r.choice("abcXYZ019_-.") for _ in range(r.randint(1, 12)))
    if style == 3: return u"\u00e9v\u00e9nement%d".encode("utf-8") % r.randint(0, 50)
    if style == 4: return ""
    return "E%d" % r.randint(0, 40)
strings = sorted(set(ident(rng) for _ in range(300)))
out = {"str_hash": [[s.decode("utf-8"), hash(s)] for s in strings]}
tuples = []
for _ in range(200):
    t = tuple(ident(rng) for _ in range(rng.choice([0, 1, 2, 3, 3, 4])))
    tuples.append([[x.decode("utf-8") for x in t], hash(t)])
out["tuple_hash"] = tuples
sets = []
sizes = list(range(0, 24)) + [40, 64, 85, 86, 87, 100, 341, 342, 343, 700]
for n in sizes:
    for rep in range(1 if n > 100 else 2):
        names = ["After", "Subevent"]
        pool = [ident(rng) for _ in range(max(2, n // 2 + 2))]
        keys = [(rng.choice(pool), rng.choice(pool), rng.choice(names)) for _ in range(n)]
        s = set()
        for k in keys:
            s.add(k)
        uniq = []
        for k in keys:
            if k not in uniq: uniq.append(k)
        order = [uniq.index(k) for k in s]
        pool = sorted(set(x for k in keys for x in k))
        sets.append({"pool": [x.decode("utf-8") for x in pool], "keys": [[pool.index(x) for x in k[:2]] + [names.index(k[2])] for k in keys], "order": order})
out["set_orders"] = sets
json.dump(out, sys.stdout, sort_keys=True, separators=(',', ':'))
