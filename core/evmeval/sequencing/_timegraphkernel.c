/* Optional C kernel of event sequencing's published closure: one document's temporal awareness with
 * v1.8's incremental time graph, what `evaluate_document(..., PublishedTimegraph)` computes (the pure
 * form: evmeval.sequencing.timegraph and temporal_awareness; a property test compares the two).
 *
 * Why C: `evmeval-score -a` builds two graphs per document and evaluation (Subevent, After, All) and asks
 * each for the other side's final links; in Python each link costs dozens of dictionary lookups and
 * string operations, here a few array reads. Point names are interned: node k's start is point 2k, its
 * end 2k + 1. Each quirk of the published graph is kept: chains with pseudo-times (x_s at -1000 when a
 * new interval goes before a chain's first point), parent/child lists (a list can be "-1", empty or
 * names), the metagraph of connection points in insertion order, the relaxed search then the path
 * search that never re-enters a chain on its current path.
 *
 * `tuple_set_order(keys)` is the Python 2.7 set order the links arrive in (evmeval.sequencing.py2order).
 *
 * `reduce_set_links(links)` is the transitive reduction of one side's links between coreference sets
 * (evmeval.sequencing.links.reduce_set_links), before they are expanded to mention pairs.
 *
 * `evaluate(gold, system, outcome_type)` returns None outside the common case (a link that is not a
 * 7-tuple of strings, a name holding a space, a relation other than BEFORE / INCLUDES): the caller then
 * takes the Python path, which handles (or refuses) every case.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define BASE 100000
#define STEP 1000
enum { BEFORE, AFTER, INCLUDES, IS_INCLUDED };
enum { LT, GT, EQ, UNKNOWN };
enum { KEPT, REDUNDANT, VIOLATED };

typedef struct {
    int32_t *v;
    int32_t n, cap;
} Vec;

static int push(Vec *s, int32_t x) {
    if (s->n == s->cap) {
        int32_t cap = s->cap ? 2 * s->cap : 4;
        int32_t *v = realloc(s->v, (size_t)cap * sizeof(int32_t));
        if (v == NULL) return -1;
        s->v = v;
        s->cap = cap;
    }
    s->v[s->n++] = x;
    return 0;
}

static int contains(const Vec *s, int32_t x) {
    for (int32_t k = 0; k < s->n; k++)
        if (s->v[k] == x) return 1;
    return 0;
}

/* A parent or child list: "-1" (nil), "" (no names, not nil) or space-joined names. */
typedef struct {
    int nil;
    Vec names;
} Names;

static int names_set(Names *l, int32_t x) { l->nil = 0; l->names.n = 0; return push(&l->names, x); }
static void names_nil(Names *l) { l->nil = 1; l->names.n = 0; }
static int names_has(const Names *l, int32_t x) { return !l->nil && contains(&l->names, x); }

typedef struct {
    int exists, is_cp;
    int32_t chain;
    int64_t pseudo;
    Names parent, child;
    Vec later; /* metagraph: points in other chains known to come later (when a connection point) */
} Point;

typedef struct {
    Point *pts;
    int32_t npts, next_chain, nchains;
    Vec *cps;       /* per chain: its connection points, in insertion order */
    char *entered;  /* per chain: some metagraph edge leads into it */
    int64_t *reach; /* per chain: the earliest entry time of the relaxed search, valid where stamp == now */
    uint32_t *stamp, now;
    char *on_path;
    Vec stack;
    /* links, each once, in insertion order: key, status, the order of the violations */
    uint64_t *keys;
    char *status;
    int32_t nlinks;
    Vec violated;
    int32_t *table; /* open addressing: key -> link index + 1 */
    uint64_t mask;
} Graph;

static uint64_t link_key(int32_t x, int32_t y, int rel) { return ((uint64_t)x << 33) | ((uint64_t)y << 2) | (uint64_t)rel; }
static int32_t key_x(uint64_t k) { return (int32_t)(k >> 33); }
static int32_t key_y(uint64_t k) { return (int32_t)((k >> 2) & 0x7fffffff); }
static int key_rel(uint64_t k) { return (int)(k & 3); }

static uint64_t hash_key(uint64_t k) { k ^= k >> 31; k *= 0x9e3779b97f4a7c15ULL; return k ^ (k >> 29); }

/* Index of the link, or -1. */
static int32_t find_link(const Graph *g, uint64_t key) {
    for (uint64_t h = hash_key(key) & g->mask;; h = (h + 1) & g->mask) {
        int32_t at = g->table[h];
        if (at == 0) return -1;
        if (g->keys[at - 1] == key) return at - 1;
    }
}

static void insert_link(Graph *g, uint64_t key, int32_t index) {
    uint64_t h = hash_key(key) & g->mask;
    while (g->table[h] != 0) h = (h + 1) & g->mask;
    g->table[h] = index + 1;
}

static void graph_free(Graph *g) {
    if (g->pts)
        for (int32_t p = 0; p < g->npts; p++) {
            free(g->pts[p].parent.names.v);
            free(g->pts[p].child.names.v);
            free(g->pts[p].later.v);
        }
    if (g->cps)
        for (int32_t c = 0; c < g->nchains; c++) free(g->cps[c].v);
    free(g->pts); free(g->cps); free(g->entered); free(g->reach); free(g->stamp); free(g->on_path);
    free(g->stack.v); free(g->keys); free(g->status); free(g->violated.v); free(g->table);
}

static int graph_init(Graph *g, int32_t nodes, int32_t links) {
    memset(g, 0, sizeof(*g));
    g->npts = 2 * nodes;
    g->nchains = 2 * nodes + 1; /* a chain gets at least one point of its own */
    uint64_t size = 4;
    while (size < 2 * (uint64_t)links + 2) size *= 2;
    g->mask = size - 1;
    g->pts = calloc((size_t)g->npts + 1, sizeof(Point));
    g->cps = calloc((size_t)g->nchains, sizeof(Vec));
    g->entered = calloc((size_t)g->nchains, 1);
    g->reach = calloc((size_t)g->nchains, sizeof(int64_t));
    g->stamp = calloc((size_t)g->nchains, sizeof(uint32_t));
    g->on_path = calloc((size_t)g->nchains, 1);
    g->keys = calloc((size_t)links + 1, sizeof(uint64_t));
    g->status = calloc((size_t)links + 1, 1);
    g->table = calloc((size_t)size, sizeof(int32_t));
    if (!g->pts || !g->cps || !g->entered || !g->reach || !g->stamp || !g->on_path || !g->keys || !g->status ||
        !g->table)
        return -1;
    return 0;
}

/* -- building ------------------------------------------------------------------------------------ */

static int32_t new_chain(Graph *g) { return g->next_chain++; }

/* A fresh point (Python's Point()): chain 0, pseudo 0, parent and child "". */
static Point *fresh(Graph *g, int32_t p) {
    Point *q = &g->pts[p];
    q->exists = 1;
    q->chain = 0;
    q->pseudo = 0;
    q->parent.nil = q->child.nil = 0;
    q->parent.names.n = q->child.names.n = 0;
    return q;
}

/* `earlier` < `later` across chains. */
static int connect(Graph *g, int32_t later, int32_t earlier) {
    g->entered[g->pts[later].chain] = 1;
    Point *e = &g->pts[earlier];
    if (!e->is_cp) {
        e->is_cp = 1;
        if (push(&g->cps[e->chain], earlier) < 0) return -1;
    }
    if (!contains(&e->later, later) && push(&e->later, later) < 0) return -1;
    return 0;
}

static int both_new(Graph *g, const int32_t names[4], int rel) {
    static const char *roles[4] = {"abcd", "cdab", "adbc", "bcad"}; /* BEFORE AFTER INCLUDES IS_INCLUDED */
    const char *r = roles[rel];
    int at[4];
    for (int k = 0; k < 4; k++) at[r[k] - 'a'] = k;
    int32_t chain = new_chain(g);
    for (int k = 0; k < 4; k++) { /* in this order: a self link keeps y's points */
        int position = r[k] - 'a';
        Point *q = fresh(g, names[k]);
        q->chain = chain;
        q->pseudo = BASE + (int64_t)position * STEP;
        if (position > 0) { if (names_set(&q->parent, names[at[position - 1]]) < 0) return -1; }
        else names_nil(&q->parent);
        if (position < 3) { if (names_set(&q->child, names[at[position + 1]]) < 0) return -1; }
        else names_nil(&q->child);
    }
    return 0;
}

static int64_t floor_div3(int64_t a) { int64_t q = a / 3; return (a % 3 != 0 && a < 0) ? q - 1 : q; }

static int new_before(Graph *g, int32_t x1, int32_t x2, int32_t y1) {
    Point *ny1 = &g->pts[y1];
    int64_t y1_pseudo = ny1->pseudo;
    int same = ny1->parent.nil;
    int32_t chain = same ? ny1->chain : new_chain(g);
    Point *nx1 = fresh(g, x1), *nx2 = fresh(g, x2);
    nx1->pseudo = 0 - STEP; /* sic: v1.8 reads x_e's pseudo-time before setting it */
    names_nil(&nx1->parent);
    if (names_set(&nx1->child, x2) < 0) return -1;
    nx2->pseudo = y1_pseudo - STEP;
    if (names_set(&nx2->parent, x1) < 0 || names_set(&nx2->child, y1) < 0) return -1;
    nx1->chain = nx2->chain = chain;
    if (same) return names_set(&ny1->parent, x2);
    if (push(&ny1->parent.names, x2) < 0) return -1;
    return connect(g, y1, x2);
}

static int new_after(Graph *g, int32_t x1, int32_t x2, int32_t y2) {
    Point *ny2 = &g->pts[y2];
    int same = ny2->child.nil;
    int32_t chain = same ? ny2->chain : new_chain(g);
    Point *nx1 = fresh(g, x1), *nx2 = fresh(g, x2);
    nx1->pseudo = ny2->pseudo + STEP;
    if (names_set(&nx1->parent, y2) < 0 || names_set(&nx1->child, x2) < 0) return -1;
    nx2->pseudo = nx1->pseudo + STEP;
    if (names_set(&nx2->parent, x1) < 0) return -1;
    names_nil(&nx2->child);
    nx1->chain = nx2->chain = chain;
    if (same) return names_set(&ny2->child, x1);
    if (push(&ny2->child.names, x1) < 0) return -1;
    return connect(g, x1, y2);
}

/* Python's _point_before / _point_after: one new point just before y (or after), or in a chain of its own. */
static int point_beside(Graph *g, int32_t x, int32_t y, int after) {
    Point *ny = &g->pts[y];
    Names *end = after ? &ny->child : &ny->parent;
    int same = end->nil;
    int64_t pseudo = ny->pseudo + (after ? STEP : -STEP);
    int32_t chain = same ? ny->chain : new_chain(g);
    if (same && names_set(end, x) < 0) return -1;
    Point *nx = fresh(g, x);
    nx->pseudo = pseudo;
    nx->chain = chain;
    if (same) {
        if (after) { if (names_set(&nx->parent, y) < 0) return -1; names_nil(&nx->child); }
        else { names_nil(&nx->parent); if (names_set(&nx->child, y) < 0) return -1; }
        return 0;
    }
    names_nil(&nx->parent);
    names_nil(&nx->child);
    return after ? connect(g, x, y) : connect(g, y, x);
}

static int new_includes(Graph *g, int32_t x1, int32_t x2, int32_t y1, int32_t y2) {
    Point *ny1 = &g->pts[y1], *ny2 = &g->pts[y2];
    if (ny1->parent.nil && ny2->child.nil && ny1->chain == ny2->chain) {
        int32_t chain = ny1->chain;
        int64_t p1 = ny1->pseudo, p2 = ny2->pseudo;
        if (names_set(&ny1->parent, x1) < 0 || names_set(&ny2->child, x2) < 0) return -1;
        Point *nx1 = fresh(g, x1), *nx2 = fresh(g, x2);
        nx1->chain = nx2->chain = chain;
        nx1->pseudo = p1 - STEP;
        names_nil(&nx1->parent);
        if (names_set(&nx1->child, y1) < 0 || names_set(&nx2->parent, y2) < 0) return -1;
        names_nil(&nx2->child);
        nx2->pseudo = p2 + STEP;
        return 0;
    }
    if (!ny1->parent.nil || !ny2->child.nil) {
        int32_t chain = new_chain(g);
        int64_t p1 = ny1->pseudo, p2 = ny2->pseudo;
        Point *nx1 = fresh(g, x1), *nx2 = fresh(g, x2);
        nx1->chain = nx2->chain = chain;
        nx1->pseudo = p1 - STEP;
        nx2->pseudo = p2 + STEP;
        names_nil(&nx1->parent); /* its child stays "" */
        if (names_set(&nx2->parent, x1) < 0) return -1;
        names_nil(&nx2->child);
        if (connect(g, y1, x1) < 0) return -1;
        return connect(g, x2, y2);
    }
    if (point_beside(g, x1, y1, 0) < 0) return -1;
    return point_beside(g, x2, y2, 1);
}

static int new_during(Graph *g, int32_t x1, int32_t x2, int32_t y1, int32_t y2) {
    Point *ny1 = &g->pts[y1], *ny2 = &g->pts[y2];
    int64_t p1 = ny1->pseudo, p2 = ny2->pseudo;
    int64_t first = p1 + floor_div3(p2 - p1), second = p1 + floor_div3((p2 - p1) * 2);
    if (names_has(&ny1->child, y2) && names_has(&ny2->parent, y1) && ny1->chain == ny2->chain) {
        int32_t chain = ny1->chain;
        if (names_set(&ny1->child, x1) < 0) return -1;
        Point *nx1 = fresh(g, x1), *nx2 = fresh(g, x2);
        nx1->pseudo = first;
        nx2->pseudo = second;
        nx1->chain = nx2->chain = chain;
        if (names_set(&nx1->parent, y1) < 0 || names_set(&nx2->child, y2) < 0 ||  /* sibling is always "" */
            names_set(&nx1->child, x2) < 0 || names_set(&nx2->parent, x1) < 0)
            return -1;
        return 0;
    }
    int32_t chain = new_chain(g);
    Point *nx1 = fresh(g, x1), *nx2 = fresh(g, x2);
    nx1->pseudo = first;
    nx2->pseudo = second;
    nx1->chain = nx2->chain = chain;
    names_nil(&nx1->parent);
    if (names_set(&nx1->child, x2) < 0 || names_set(&nx2->parent, x1) < 0) return -1;
    names_nil(&nx2->child);
    if (connect(g, x1, y1) < 0) return -1;
    return connect(g, y2, x2);
}

/* -- reading ------------------------------------------------------------------------------------- */

static int has_meta(const Graph *g, int32_t chain) { return g->cps[chain].n > 0; }

/* The search without the path rule (Python's _may_reach); -1 on memory error. */
static int may_reach(Graph *g, int32_t start, int32_t goal) {
    const Point *pts = g->pts;
    int32_t target_chain = pts[goal].chain;
    int64_t target_pseudo = pts[goal].pseudo;
    if (!has_meta(g, pts[start].chain) || !g->entered[target_chain])
        return pts[start].chain == target_chain && pts[start].pseudo <= target_pseudo;
    if (++g->now == 0) { memset(g->stamp, 0, (size_t)g->nchains * sizeof(uint32_t)); g->now = 1; }
    Vec *stack = &g->stack;
    stack->n = 0;
    if (push(stack, start) < 0) return -1;
    while (stack->n) {
        const Point *p = &pts[stack->v[--stack->n]];
        int32_t c = p->chain;
        int64_t pseudo = p->pseudo;
        if (c == target_chain) {
            if (pseudo <= target_pseudo) return 1;
            continue;
        }
        if (g->stamp[c] == g->now && g->reach[c] <= pseudo) continue;
        g->stamp[c] = g->now;
        g->reach[c] = pseudo;
        const Vec *cps = &g->cps[c];
        for (int32_t k = 0; k < cps->n; k++) {
            const Point *cp = &pts[cps->v[k]];
            if (pseudo <= cp->pseudo)
                for (int32_t m = 0; m < cp->later.n; m++)
                    if (push(stack, cp->later.v[m]) < 0) return -1;
        }
    }
    return 0;
}

/* The published depth-first search (Python's _path_search): entries are 2 * point + backing_up. */
static int path_search(Graph *g, int32_t start, int32_t goal) {
    const Point *pts = g->pts;
    int32_t target_chain = pts[goal].chain;
    int64_t target_pseudo = pts[goal].pseudo;
    Vec *stack = &g->stack;
    stack->n = 0;
    int found = 0;
    if (push(stack, 2 * start) < 0) return -1;
    while (stack->n) {
        int32_t entry = stack->v[--stack->n];
        const Point *p = &pts[entry >> 1];
        int32_t c = p->chain;
        if (entry & 1) {
            g->on_path[c] = 0;
            continue;
        }
        if (c == target_chain) {
            if (p->pseudo <= target_pseudo) { found = 1; break; }
            continue;
        }
        if (!has_meta(g, c)) continue;
        g->on_path[c] = 1;
        if (push(stack, entry | 1) < 0) return -1;
        int64_t pseudo = p->pseudo;
        const Vec *cps = &g->cps[c];
        for (int32_t k = 0; k < cps->n; k++) {
            const Point *cp = &pts[cps->v[k]];
            if (pseudo <= cp->pseudo)
                for (int32_t m = 0; m < cp->later.n; m++) {
                    int32_t after = cp->later.v[m];
                    if (!g->on_path[pts[after].chain] && push(stack, 2 * after) < 0) return -1;
                }
        }
    }
    for (int32_t k = 0; k < stack->n; k++) /* chains still on the path when the goal was found */
        if (stack->v[k] & 1) g->on_path[pts[stack->v[k] >> 1].chain] = 0;
    return found;
}

static int reaches(Graph *g, int32_t a, int32_t b) {
    int r = may_reach(g, a, b);
    return r == 1 ? path_search(g, a, b) : r;
}

static int point_relation(Graph *g, int32_t a, int32_t b) {
    const Point *pa = &g->pts[a], *pb = &g->pts[b];
    if (pa->chain == pb->chain) return pa->pseudo < pb->pseudo ? LT : pa->pseudo > pb->pseudo ? GT : EQ;
    int forward = reaches(g, a, b);
    if (forward < 0) return -1;
    int backward = reaches(g, b, a);
    if (backward < 0) return -1;
    if (forward && backward) return EQ;
    return forward ? LT : backward ? GT : UNKNOWN;
}

/* Whether point_relation(a, b) is '<' (the backward search only when it can matter). */
static int before(Graph *g, int32_t a, int32_t b) {
    const Point *pa = &g->pts[a], *pb = &g->pts[b];
    if (pa->chain == pb->chain) return pa->pseudo < pb->pseudo;
    int forward = reaches(g, a, b);
    if (forward <= 0) return forward;
    int backward = reaches(g, b, a);
    return backward < 0 ? -1 : !backward;
}

/* Python's relation_holds(x, y, relation, merge=True), for BEFORE and INCLUDES: KEPT ('semi-true', the
 * link added as cross-chain connections), REDUNDANT ('true'), VIOLATED ('false'); -1 on memory error. */
static int merge(Graph *g, int32_t x, int32_t y, int rel) {
    int32_t x1 = 2 * x, x2 = 2 * x + 1, y1 = 2 * y, y2 = 2 * y + 1;
    if (!(g->pts[x1].exists && g->pts[y1].exists)) return VIOLATED;
    if (rel == BEFORE) {
        int found = point_relation(g, x2, y1);
        if (found < 0) return -1;
        if (found == LT) return REDUNDANT;
        if (found == UNKNOWN) return connect(g, y1, x2) < 0 ? -1 : KEPT;
        return VIOLATED;
    }
    int starts = point_relation(g, x1, y1);
    if (starts < 0) return -1;
    if (starts != LT && starts != UNKNOWN) return VIOLATED;
    int ends = point_relation(g, y2, x2);
    if (ends < 0) return -1;
    if (ends != LT && ends != UNKNOWN) return VIOLATED;
    if (starts == LT && ends == LT) return REDUNDANT;
    if (connect(g, y1, x1) < 0 || connect(g, x2, y2) < 0) return -1;
    return KEPT;
}

static int reverse(int rel) { return rel ^ 1; }

/* Add one link (an exact repeat is skipped); -1 on memory error. */
static int add(Graph *g, int32_t x, int32_t y, int rel) {
    uint64_t key = link_key(x, y, rel);
    if (find_link(g, key) >= 0) return 0;
    int32_t index = g->nlinks++;
    g->keys[index] = key;
    g->status[index] = KEPT;
    insert_link(g, key, index);
    int handled = 0;
    if (x == y) {
        g->status[index] = VIOLATED;
        if (push(&g->violated, index) < 0) return -1;
        handled = 1;
    }
    int32_t x1 = 2 * x, x2 = 2 * x + 1, y1 = 2 * y, y2 = 2 * y + 1;
    int r = rel;
    int x_in = g->pts[x1].exists, y_in = g->pts[y1].exists;
    if (!y_in && x_in) {
        int32_t t1 = x1, t2 = x2;
        r = reverse(r);
        x1 = y1; x2 = y2; y1 = t1; y2 = t2;
        x_in = 0; y_in = 1;
    }
    if (!x_in && !y_in) {
        int32_t names[4] = {x1, x2, y1, y2};
        return both_new(g, names, r);
    }
    if (!x_in && y_in) {
        switch (r) {
        case BEFORE: return new_before(g, x1, x2, y1);
        case AFTER: return new_after(g, x1, x2, y2);
        case INCLUDES: return new_includes(g, x1, x2, y1, y2);
        default: return new_during(g, x1, x2, y1, y2);
        }
    }
    if (handled) return 0;
    int status = merge(g, x, y, rel);
    if (status < 0) return -1;
    if (status == VIOLATED && push(&g->violated, index) < 0) return -1;
    g->status[index] = (char)status;
    return 0;
}

/* `relation_holds(...) == 'true'` on the finished graph. */
static int entails(Graph *g, uint64_t key) {
    int32_t x = key_x(key), y = key_y(key);
    if (!(g->pts[2 * x].exists && g->pts[2 * y].exists)) return 0;
    if (key_rel(key) == BEFORE) return before(g, 2 * x + 1, 2 * y);
    int starts = before(g, 2 * x, 2 * y);
    if (starts <= 0) return starts;
    return before(g, 2 * y + 1, 2 * x + 1);
}

/* The final links (the reduced graph, then the violations), as link indexes. */
static int final_links(const Graph *g, Vec *out) {
    for (int32_t k = 0; k < g->nlinks; k++)
        if (g->status[k] == KEPT && push(out, k) < 0) return -1;
    for (int32_t k = 0; k < g->violated.n; k++)
        if (push(out, g->violated.v[k]) < 0) return -1;
    return 0;
}

/* -- the document -------------------------------------------------------------------------------- */

static PyObject *s_before, *s_includes, *s_gold, *s_system, *s_matched, *s_implied, *s_missing, *s_spurious,
    *s_redundant;

typedef struct {
    PyObject *fast; /* the tlinks as a fast sequence */
    Py_ssize_t n;
    int32_t *x, *y;
    char *rel;
} Side;

/* Intern one side's names into `nodes`; 0: not the common case (None), -1: error. */
static int read_side(PyObject *tlinks, Side *side, PyObject *nodes) {
    side->fast = PySequence_Fast(tlinks, "tlinks must be a sequence");
    if (side->fast == NULL) return -1;
    side->n = PySequence_Fast_GET_SIZE(side->fast);
    side->x = malloc(((size_t)side->n + 1) * sizeof(int32_t));
    side->y = malloc(((size_t)side->n + 1) * sizeof(int32_t));
    side->rel = malloc((size_t)side->n + 1);
    if (!side->x || !side->y || !side->rel) { PyErr_NoMemory(); return -1; }
    PyObject **items = PySequence_Fast_ITEMS(side->fast);
    for (Py_ssize_t k = 0; k < side->n; k++) {
        PyObject *t = items[k];
        if (!PyTuple_Check(t) || PyTuple_GET_SIZE(t) != 7) return 0;
        PyObject *relation = PyTuple_GET_ITEM(t, 2);
        if (!PyUnicode_Check(relation)) return 0;
        if (relation == s_before || PyUnicode_Compare(relation, s_before) == 0) side->rel[k] = BEFORE;
        else if (relation == s_includes || PyUnicode_Compare(relation, s_includes) == 0) side->rel[k] = INCLUDES;
        else return 0;
        for (int end = 0; end < 2; end++) {
            PyObject *name = PyTuple_GET_ITEM(t, end);
            if (!PyUnicode_Check(name)) return 0;
            PyObject *known = PyDict_GetItemWithError(nodes, name);
            long id;
            if (known != NULL) id = PyLong_AsLong(known);
            else {
                if (PyErr_Occurred()) return -1;
                if (PyUnicode_FindChar(name, ' ', 0, PyUnicode_GET_LENGTH(name), 1) != -1) return 0;
                id = (long)PyDict_GET_SIZE(nodes);
                if (id >= (1L << 29)) return 0;
                PyObject *value = PyLong_FromLong(id);
                if (value == NULL || PyDict_SetItem(nodes, name, value) < 0) { Py_XDECREF(value); return -1; }
                Py_DECREF(value);
            }
            (end ? side->y : side->x)[k] = (int32_t)id;
        }
    }
    return 1;
}

static void side_free(Side *side) {
    Py_XDECREF(side->fast);
    free(side->x); free(side->y); free(side->rel);
}

/* One side's LinkOutcome tuples appended to `out`, in tlink order, each link once. */
static int outcomes(Side *side, Graph *g, const Graph *other, const char *ok, PyObject *side_name,
                    PyObject *not_ok, PyTypeObject *type, PyObject *out) {
    char *done = calloc((size_t)g->nlinks + 1, 1);
    if (done == NULL) { PyErr_NoMemory(); return -1; }
    PyObject **items = PySequence_Fast_ITEMS(side->fast);
    for (Py_ssize_t k = 0; k < side->n; k++) {
        uint64_t key = link_key(side->x[k], side->y[k], side->rel[k]);
        int32_t index = find_link(g, key);
        if (done[index]) continue;
        done[index] = 1;
        PyObject *outcome;
        if (g->status[index] == REDUNDANT) outcome = s_redundant;
        else if (!ok[index]) outcome = not_ok;
        else {
            int32_t there = find_link(other, key);
            outcome = there >= 0 && other->status[there] != REDUNDANT ? s_matched : s_implied;
        }
        PyObject *t = items[k];
        PyObject *o = type->tp_alloc(type, 9);
        if (o == NULL) { free(done); return -1; }
        PyObject *fields[9] = {side_name, PyTuple_GET_ITEM(t, 3), PyTuple_GET_ITEM(t, 4), PyTuple_GET_ITEM(t, 5),
                               PyTuple_GET_ITEM(t, 0), PyTuple_GET_ITEM(t, 1), PyTuple_GET_ITEM(t, 6), outcome,
                               g->status[index] == VIOLATED ? Py_True : Py_False};
        for (int f = 0; f < 9; f++) {
            Py_INCREF(fields[f]);
            PyTuple_SET_ITEM(o, f, fields[f]);
        }
        int failed = PyList_Append(out, o);
        Py_DECREF(o);
        if (failed) { free(done); return -1; }
    }
    free(done);
    return 0;
}

static int build(Graph *g, const Side *side, int32_t nodes) {
    if (graph_init(g, nodes, (int32_t)side->n) < 0) return -1;
    for (Py_ssize_t k = 0; k < side->n; k++)
        if (add(g, side->x[k], side->y[k], side->rel[k]) < 0) return -1;
    return 0;
}

typedef struct {
    long precision_matched, recall_matched, implicit, common;
} Counts;

/* Per final link of `side` (indexes in `final`): whether it is among the other side's links or entailed by
 * its graph, into ok[link index]; `matched` counts them. */
static int judge(Graph *side, const Vec *final, Graph *other, char *ok, long *matched) {
    for (int32_t k = 0; k < final->n; k++) {
        int32_t index = final->v[k];
        int found = find_link(other, side->keys[index]) >= 0;
        if (!found) {
            found = entails(other, side->keys[index]);
            if (found < 0) return -1;
        }
        ok[index] = (char)found;
        *matched += found;
    }
    return 0;
}

static int count(Graph *gold, Graph *system, const Vec *gold_final, const Vec *system_final, char *gold_ok,
                 char *system_ok, int32_t nodes, Counts *c) {
    if (judge(system, system_final, gold, system_ok, &c->precision_matched) < 0) return -1;
    if (judge(gold, gold_final, system, gold_ok, &c->recall_matched) < 0) return -1;
    for (int32_t k = 0; k < system_final->n; k++) { /* system finals not in gold's final, entailed by gold */
        int32_t index = system_final->v[k];
        int32_t there = find_link(gold, system->keys[index]);
        if (there >= 0 && gold->status[there] != REDUNDANT) continue;
        /* not among gold's links: judge() asked the gold graph already; a redundant gold link: ask now */
        int e = there < 0 ? system_ok[index] : entails(gold, system->keys[index]);
        if (e < 0) return -1;
        c->implicit += e;
    }
    char *seen = calloc((size_t)nodes + 1, 1);
    if (seen == NULL) return -1;
    for (int32_t k = 0; k < gold_final->n; k++) {
        uint64_t key = gold->keys[gold_final->v[k]];
        seen[key_x(key)] |= 1;
        seen[key_y(key)] |= 1;
    }
    for (int32_t k = 0; k < system_final->n; k++) {
        uint64_t key = system->keys[system_final->v[k]];
        seen[key_x(key)] |= 2;
        seen[key_y(key)] |= 2;
    }
    for (int32_t k = 0; k < nodes; k++) c->common += seen[k] == 3;
    free(seen);
    return 0;
}

static PyObject *evaluate(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *gold_links, *system_links;
    PyTypeObject *type;
    if (!PyArg_ParseTuple(args, "OOO!", &gold_links, &system_links, &PyType_Type, &type)) return NULL;
    if (!PyType_IsSubtype(type, &PyTuple_Type)) {
        PyErr_SetString(PyExc_TypeError, "outcome_type must be a tuple subclass");
        return NULL;
    }
    PyObject *result = NULL, *out = NULL, *nodes = PyDict_New();
    Side gold = {0}, system = {0};
    Graph gg, sg;
    memset(&gg, 0, sizeof(gg));
    memset(&sg, 0, sizeof(sg));
    Vec gold_final = {0}, system_final = {0};
    char *gold_ok = NULL, *system_ok = NULL;
    if (nodes == NULL) return NULL;
    int r = read_side(gold_links, &gold, nodes);
    if (r == 1) r = read_side(system_links, &system, nodes);
    if (r <= 0) {
        if (r == 0) result = Py_NewRef(Py_None);
        goto done;
    }
    int32_t n_nodes = (int32_t)PyDict_GET_SIZE(nodes);
    Counts c = {0, 0, 0, 0};
    if (build(&gg, &gold, n_nodes) < 0 || build(&sg, &system, n_nodes) < 0 || final_links(&gg, &gold_final) < 0 ||
        final_links(&sg, &system_final) < 0) {
        PyErr_NoMemory();
        goto done;
    }
    gold_ok = calloc((size_t)gg.nlinks + 1, 1);
    system_ok = calloc((size_t)sg.nlinks + 1, 1);
    if (!gold_ok || !system_ok ||
        count(&gg, &sg, &gold_final, &system_final, gold_ok, system_ok, n_nodes, &c) < 0) {
        PyErr_NoMemory();
        goto done;
    }
    out = PyList_New(0);
    if (out == NULL || outcomes(&gold, &gg, &sg, gold_ok, s_gold, s_missing, type, out) < 0 ||
        outcomes(&system, &sg, &gg, system_ok, s_system, s_spurious, type, out) < 0)
        goto done;
    PyObject *tuple = PyList_AsTuple(out);
    if (tuple == NULL) goto done;
    result = Py_BuildValue("(iillllN)", (int)system_final.n, (int)gold_final.n, c.precision_matched,
                           c.recall_matched, c.implicit, c.common, tuple);
done:
    Py_XDECREF(out);
    Py_DECREF(nodes);
    side_free(&gold);
    side_free(&system);
    graph_free(&gg);
    graph_free(&sg);
    free(gold_final.v); free(system_final.v); free(gold_ok); free(system_ok);
    return result;
}

/* -- Python 2.7's set order (evmeval.sequencing.py2order.tuple_set_order) ------------------------- */

/* hash(s) of a Python 2.7 byte string (a str hashed as its UTF-8 bytes), modulo 2**64. */
static int py2_str_hash(PyObject *text, uint64_t *out) {
    Py_ssize_t size;
    const char *data = PyUnicode_AsUTF8AndSize(text, &size);
    if (data == NULL) return -1;
    if (size == 0) { *out = 0; return 0; }
    const unsigned char *p = (const unsigned char *)data;
    uint64_t x = (uint64_t)p[0] << 7;
    for (Py_ssize_t k = 0; k < size; k++) x = (1000003ULL * x) ^ p[k];
    x ^= (uint64_t)size;
    *out = x == UINT64_MAX ? UINT64_MAX - 1 : x; /* a hash of -1 is -2 */
    return 0;
}

/* hash(t) of a Python 2.7 tuple of byte strings, modulo 2**64; 0: not a tuple of str, -1: error. */
static int py2_tuple_hash(PyObject *key, uint64_t *out) {
    if (!PyTuple_Check(key)) return 0;
    Py_ssize_t n = PyTuple_GET_SIZE(key), remaining = n;
    uint64_t x = 0x345678, mult = 1000003;
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *item = PyTuple_GET_ITEM(key, k);
        uint64_t h;
        if (!PyUnicode_Check(item)) return 0;
        if (py2_str_hash(item, &h) < 0) return -1;
        remaining--;
        x = (x ^ h) * mult;
        mult += 82520 + (uint64_t)remaining + (uint64_t)remaining;
    }
    x += 97531;
    *out = x == UINT64_MAX ? UINT64_MAX - 1 : x;
    return 1;
}

/* CPython 2.7's probe for `h` in `table` (mask + 1 slots): the slot holding an equal key, or the first free
 * one; `keys` == NULL: only a free slot is wanted (a resize). -1 on error. */
static Py_ssize_t probe(const Py_ssize_t *table, uint64_t mask, uint64_t h, PyObject *key, PyObject **keys,
                        const uint64_t *hashes) {
    uint64_t i = h & mask, perturb = h;
    for (;;) {
        Py_ssize_t index = table[i & mask];
        if (index < 0) return (Py_ssize_t)(i & mask);
        if (keys != NULL && hashes[index] == h) {
            int same = PyObject_RichCompareBool(keys[index], key, Py_EQ);
            if (same < 0) return -1;
            if (same) return (Py_ssize_t)(i & mask);
        }
        i = 5 * i + perturb + 1;
        perturb >>= 5;
    }
}

static PyObject *tuple_set_order(PyObject *self, PyObject *arg) {
    (void)self;
    PyObject *fast = PySequence_Fast(arg, "keys must be a sequence");
    if (fast == NULL) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    PyObject **items = PySequence_Fast_ITEMS(fast);
    PyObject *result = NULL, **stored = malloc(((size_t)n + 1) * sizeof(PyObject *));
    uint64_t *hashes = malloc(((size_t)n + 1) * sizeof(uint64_t));
    uint64_t size = 8;
    Py_ssize_t *table = malloc(size * sizeof(Py_ssize_t)), used = 0;
    if (!stored || !hashes || !table) { PyErr_NoMemory(); goto done; }
    for (uint64_t k = 0; k < size; k++) table[k] = -1;
    for (Py_ssize_t k = 0; k < n; k++) {
        uint64_t h;
        int ok = py2_tuple_hash(items[k], &h);
        if (ok <= 0) {
            if (ok == 0) result = Py_NewRef(Py_None); /* not string tuples: the Python path */
            goto done;
        }
        Py_ssize_t slot = probe(table, size - 1, h, items[k], stored, hashes);
        if (slot < 0) goto done;
        if (table[slot] >= 0) continue; /* a repeat */
        table[slot] = used;
        stored[used] = items[k];
        hashes[used++] = h;
        if ((uint64_t)used * 3 >= size * 2) { /* set_table_resize: old slots reinserted in slot order */
            uint64_t minused = used > 50000 ? (uint64_t)used * 2 : (uint64_t)used * 4, grown = 8;
            while (grown <= minused) grown <<= 1;
            Py_ssize_t *bigger = malloc(grown * sizeof(Py_ssize_t));
            if (bigger == NULL) { PyErr_NoMemory(); goto done; }
            for (uint64_t s = 0; s < grown; s++) bigger[s] = -1;
            for (uint64_t s = 0; s < size; s++)
                if (table[s] >= 0) bigger[probe(bigger, grown - 1, hashes[table[s]], NULL, NULL, NULL)] = table[s];
            free(table);
            table = bigger;
            size = grown;
        }
    }
    result = PyList_New(used);
    if (result == NULL) goto done;
    Py_ssize_t at = 0;
    for (uint64_t s = 0; s < size; s++)
        if (table[s] >= 0) PyList_SET_ITEM(result, at++, Py_NewRef(stored[table[s]]));
done:
    Py_DECREF(fast);
    free(stored); free(hashes); free(table);
    return result;
}

PyDoc_STRVAR(tuple_set_order_doc,
             "tuple_set_order(keys) -> list or None\n\n"
             "list(s) for a Python 2.7 set s of string tuples filled in the order of keys; None: a key is not "
             "a tuple of str.");

PyDoc_STRVAR(evaluate_doc,
             "evaluate(gold, system, outcome_type) -> (system_final, gold_final, precision_matched, "
             "recall_matched, implicit, common_nodes, outcomes) or None\n\n"
             "One document's temporal awareness with v1.8's time graph, from both sides' Tlinks in order; "
             "outcomes are outcome_type instances (gold's, then system's). None: not the common case.");

/* -- The transitive reduction of one side's set links (evmeval.sequencing.links.reduce_set_links) --- */

#define MAX_SET_NODES 8192 /* reach bitsets of n*n bits: 8 MB at most; larger documents take the Python path */

/* The node of each link end (`links[i][0]`, `[1]`: ints), numbered 0..n-1 in order of appearance; 0: an
   end that is not an int in [0, 2**24) or more than MAX_SET_NODES nodes; -1: error. */
static int link_nodes(PyObject *links, int32_t *ends, int32_t *n_nodes) {
    Py_ssize_t count = PyList_GET_SIZE(links);
    int32_t top = -1;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *link = PyList_GET_ITEM(links, i);
        if (!PyTuple_Check(link) || PyTuple_GET_SIZE(link) < 2) return 0;
        for (int e = 0; e < 2; e++) {
            PyObject *end = PyTuple_GET_ITEM(link, e);
            if (!PyLong_CheckExact(end)) return 0;
            int overflow = 0;
            long v = PyLong_AsLongAndOverflow(end, &overflow);
            if (v == -1 && PyErr_Occurred()) return -1;
            if (overflow || v < 0 || v >= (1L << 24)) return 0;
            ends[2 * i + e] = (int32_t)v;
            if (v > top) top = (int32_t)v;
        }
    }
    int32_t *number = malloc(((size_t)top + 2) * sizeof(int32_t));
    if (!number) return -1;
    memset(number, 0xff, ((size_t)top + 2) * sizeof(int32_t));
    int32_t n = 0;
    for (Py_ssize_t k = 0; k < 2 * count; k++) {
        if (number[ends[k]] < 0) number[ends[k]] = n++;
        ends[k] = number[ends[k]];
    }
    free(number);
    *n_nodes = n;
    return n <= MAX_SET_NODES;
}

#define HAS(row, b) (((row)[(b) >> 6] >> ((b) & 63)) & 1)

/* Each node's reach (paths of length >= 1) as a bitset row of `words` words. */
static int reach_rows(const int32_t *ends, Py_ssize_t count, int32_t n, size_t words, uint64_t *reach) {
    int32_t *first = calloc((size_t)n + 1, sizeof(int32_t)), *next = malloc(((size_t)count + 1) * sizeof(int32_t));
    int32_t *stack = malloc(((size_t)count + 1) * sizeof(int32_t));
    if (!first || !next || !stack) {
        free(first);
        free(next);
        free(stack);
        return -1;
    }
    for (Py_ssize_t i = 0; i < count; i++) first[ends[2 * i] + 1]++;
    for (int32_t v = 0; v < n; v++) first[v + 1] += first[v];
    int32_t *fill = calloc((size_t)n + 1, sizeof(int32_t));
    if (!fill) {
        free(first);
        free(next);
        free(stack);
        return -1;
    }
    for (Py_ssize_t i = 0; i < count; i++) { /* successors of each node, in a CSR array (next) */
        int32_t a = ends[2 * i];
        next[first[a] + fill[a]++] = ends[2 * i + 1];
    }
    free(fill);
    for (int32_t start = 0; start < n; start++) {
        uint64_t *row = reach + (size_t)start * words;
        int32_t top = 0;
        for (int32_t k = first[start]; k < first[start + 1]; k++)
            if (!HAS(row, next[k])) {
                row[next[k] >> 6] |= 1ULL << (next[k] & 63);
                stack[top++] = next[k];
            }
        while (top) {
            int32_t v = stack[--top];
            for (int32_t k = first[v]; k < first[v + 1]; k++)
                if (!HAS(row, next[k])) {
                    row[next[k] >> 6] |= 1ULL << (next[k] & 63);
                    stack[top++] = next[k];
                }
        }
    }
    free(first);
    free(next);
    free(stack);
    return 0;
}

PyDoc_STRVAR(reduce_set_links_doc,
             "reduce_set_links(links: list[(a, b, ...)]) -> list | None\n\n"
             "The links kept by evmeval.sequencing.links.reduce_set_links (a->b goes when some m not a or b has\n"
             "a->...->m->...->b), in order; None outside the common case (an end that is not a small int, or\n"
             "more than 8192 sets): the Python path.");

static PyObject *reduce_set_links(PyObject *self, PyObject *links) {
    (void)self;
    if (!PyList_Check(links)) Py_RETURN_NONE;
    Py_ssize_t count = PyList_GET_SIZE(links);
    int32_t *ends = malloc(((size_t)count + 1) * 2 * sizeof(int32_t)), n = 0;
    if (!ends) return PyErr_NoMemory();
    int found = link_nodes(links, ends, &n);
    if (found <= 0) {
        free(ends);
        if (found < 0) return PyErr_Occurred() ? NULL : PyErr_NoMemory();
        Py_RETURN_NONE;
    }
    size_t words = ((size_t)n + 63) / 64;
    uint64_t *reach = calloc((size_t)n * words + 1, sizeof(uint64_t));
    if (!reach || reach_rows(ends, count, n, words, reach) < 0) {
        free(ends);
        free(reach);
        return PyErr_NoMemory();
    }
    PyObject *kept = PyList_New(0);
    for (Py_ssize_t i = 0; kept && i < count; i++) {
        int32_t a = ends[2 * i], b = ends[2 * i + 1];
        const uint64_t *from = reach + (size_t)a * words;
        int redundant = 0;
        for (size_t w = 0; w < words && !redundant; w++) {
            uint64_t bits = from[w];
            while (bits) {
                int32_t m = (int32_t)(w * 64 + (size_t)__builtin_ctzll(bits));
                bits &= bits - 1;
                if (m != a && m != b && HAS(reach + (size_t)m * words, b)) {
                    redundant = 1;
                    break;
                }
            }
        }
        if (!redundant && PyList_Append(kept, PyList_GET_ITEM(links, i)) < 0) Py_CLEAR(kept);
    }
    free(ends);
    free(reach);
    return kept;
}

static PyMethodDef methods[] = {
    {"evaluate", evaluate, METH_VARARGS, evaluate_doc},
    {"tuple_set_order", tuple_set_order, METH_O, tuple_set_order_doc},
    {"reduce_set_links", reduce_set_links, METH_O, reduce_set_links_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_timegraphkernel",
    "v1.8's time graph and temporal awareness of one document (evmeval.sequencing.timegraph_kernel).", -1,
    methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__timegraphkernel(void) {
    static const char *texts[] = {"BEFORE", "INCLUDES", "gold", "system", "matched", "implied", "missing",
                                  "spurious", "redundant"};
    PyObject **slots[] = {&s_before, &s_includes, &s_gold, &s_system, &s_matched, &s_implied, &s_missing,
                          &s_spurious, &s_redundant};
    for (int k = 0; k < 9; k++) {
        *slots[k] = PyUnicode_InternFromString(texts[k]);
        if (*slots[k] == NULL) return NULL;
    }
    return PyModule_Create(&module);
}
