/* Optional C kernel of `evmeval-score -c`: v1.8's coreference lines of one document and the CoNLL
 * scorer v8.01's metrics on them, bit for bit what the pure-Python path gives
 * (evmeval.coref.scoring._fast_document -> evmeval.coref.lines.document_lines).
 *
 * Why C: a 2000-document corpus has ~150k lines; in Python each line costs several dictionary and
 * list operations, here a few array reads. Exactness: every floating-point sum is accumulated in
 * the order v8.01 (and the Python code) accumulates it, with the same IEEE double operations on the
 * same operands (integers below 2**53 convert exactly; int / int is one correctly rounded division
 * in both languages). Build with -ffp-contract=off (no fused multiply-add).
 *
 * `document(...)` returns None for anything outside the common case (repeated mention ids, cluster
 * members that are not mentions, a mention in two clusters, a row in two kept pairs, unexpected
 * types): the caller then takes the Python path, which handles and explains every case.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef Py_ssize_t idx;

/* A count or a figure: Python's int or float (the int/float type decides how it prints). */
typedef struct {
    int is_int;
    long long i;
    double d;
} Num;

#define EXACT (1LL << 53) /* ints below this convert to double exactly, as Python's int / int assumes */

static double value(Num x) { return x.is_int ? (double)x.i : x.d; }
static Num as_float(double d) { Num x = {0, 0, d}; return x; }
static const Num INT_ZERO = {1, 0, 0.0};
static Num as_int(long long i) { Num x = {1, i, 0.0}; return x; }

static PyObject *number(Num x) { return x.is_int ? PyLong_FromLongLong(x.i) : PyFloat_FromDouble(x.d); }

/* evmeval.coref.metrics' LinkCounts, BlancCounts and CorefCounts (NamedTuples), set once by
 * set_count_types; before that, counts come back as a flat tuple of 32 numbers. */
static PyTypeObject *link_type, *blanc_type, *counts_type;

/* An instance of a tuple subclass, built as tuple.__new__ builds one; steals the items. */
static PyObject *named(PyTypeObject *type, PyObject **items, idx count) {
    PyObject *t = type ? type->tp_alloc(type, count) : PyTuple_New(count);
    if (t == NULL) {
        for (idx k = 0; k < count; k++) Py_XDECREF(items[k]);
        return NULL;
    }
    for (idx k = 0; k < count; k++) PyTuple_SET_ITEM(t, k, items[k]);
    return t;
}

static PyObject *link_counts(const Num *c) {
    PyObject *items[4];
    for (int k = 0; k < 4; k++) {
        items[k] = number(c[k]);
        if (items[k] == NULL) {
            for (int t = 0; t < k; t++) Py_DECREF(items[t]);
            return NULL;
        }
    }
    return named(link_type, items, 4);
}

/* The 32 numbers (flat_counts' order) as a CorefCounts. */
static PyObject *counts_object(const Num *c) {
    if (counts_type == NULL) {
        PyObject *items[32];
        for (int k = 0; k < 32; k++) {
            items[k] = number(c[k]);
            if (items[k] == NULL) { for (int t = 0; t < k; t++) Py_DECREF(items[t]); return NULL; }
        }
        return named(NULL, items, 32);
    }
    PyObject *parts[8];
    for (int k = 0; k < 8; k++) {
        parts[k] = link_counts(c + 4 * k);
        if (parts[k] == NULL) { for (int t = 0; t < k; t++) Py_DECREF(parts[t]); return NULL; }
    }
    PyObject *blanc_items[2] = {parts[4], parts[5]};
    PyObject *blanc = named(blanc_type, blanc_items, 2);
    if (blanc == NULL) {
        for (int k = 0; k < 8; k++) if (k != 4 && k != 5) Py_DECREF(parts[k]);
        return NULL;
    }
    PyObject *items[7] = {parts[0], parts[1], parts[2], parts[3], blanc, parts[6], parts[7]};
    return named(counts_type, items, 7);
}

static int read_num(PyObject *o, Num *x) {
    if (PyLong_CheckExact(o)) {
        int overflow;
        x->is_int = 1;
        x->i = PyLong_AsLongLongAndOverflow(o, &overflow);
        x->d = 0.0;
        return overflow == 0 && !(x->i == -1 && PyErr_Occurred()) && x->i > -EXACT && x->i < EXACT;
    }
    if (PyFloat_CheckExact(o)) {
        x->is_int = 0;
        x->d = PyFloat_AS_DOUBLE(o);
        return 1;
    }
    return 0;
}

static int read_four(PyObject *t, Num *c) {
    if (!PyTuple_Check(t) || PyTuple_GET_SIZE(t) != 4) return 0;
    for (int k = 0; k < 4; k++)
        if (!read_num(PyTuple_GET_ITEM(t, k), &c[k])) return 0;
    return 1;
}

/* The 32 numbers of a CorefCounts (or of a flat 32-tuple); 0 when something is not an int or a float. */
static int read_counts(PyObject *o, Num *c) {
    if (!PyTuple_Check(o)) return 0;
    if (PyTuple_GET_SIZE(o) == 32) {
        for (int k = 0; k < 32; k++)
            if (!read_num(PyTuple_GET_ITEM(o, k), &c[k])) return 0;
        return 1;
    }
    if (PyTuple_GET_SIZE(o) != 7) return 0;
    PyObject *blanc = PyTuple_GET_ITEM(o, 4);
    if (!PyTuple_Check(blanc) || PyTuple_GET_SIZE(blanc) != 2) return 0;
    return read_four(PyTuple_GET_ITEM(o, 0), c) && read_four(PyTuple_GET_ITEM(o, 1), c + 4) &&
           read_four(PyTuple_GET_ITEM(o, 2), c + 8) && read_four(PyTuple_GET_ITEM(o, 3), c + 12) &&
           read_four(PyTuple_GET_ITEM(blanc, 0), c + 16) && read_four(PyTuple_GET_ITEM(blanc, 1), c + 20) &&
           read_four(PyTuple_GET_ITEM(o, 5), c + 24) && read_four(PyTuple_GET_ITEM(o, 6), c + 28);
}

/* ---------- Kuhn–Munkres, the same steps as evmeval.align.hungarian.min_cost_assignment ---------- */

/* cost: n x m row-major, n <= m; result[r] = column of row r. Scratch from the caller. */
static void min_cost_assignment(const double *cost, idx n, idx m, idx *result, double *u, double *v, idx *owner,
                                idx *way, double *minv, char *used) {
    for (idx k = 0; k <= n; k++) u[k] = 0.0;
    for (idx k = 0; k <= m; k++) { v[k] = 0.0; owner[k] = 0; way[k] = 0; }
    for (idx row = 1; row <= n; row++) {
        owner[0] = row;
        idx j0 = 0;
        for (idx k = 0; k <= m; k++) { minv[k] = INFINITY; used[k] = 0; }
        for (;;) {
            used[j0] = 1;
            idx i0 = owner[j0];
            double delta = INFINITY;
            idx j1 = 0;
            const double *costs = cost + (i0 - 1) * m;
            double ui0 = u[i0];
            for (idx j = 1; j <= m; j++) {
                if (!used[j]) {
                    double cur = costs[j - 1] - ui0;
                    cur = cur - v[j];
                    if (cur < minv[j]) { minv[j] = cur; way[j] = j0; }
                    if (minv[j] < delta) { delta = minv[j]; j1 = j; }
                }
            }
            for (idx j = 0; j <= m; j++) {
                if (used[j]) { u[owner[j]] += delta; v[j] -= delta; }
                else minv[j] -= delta;
            }
            j0 = j1;
            if (owner[j0] == 0) break;
        }
        while (j0) { idx j1 = way[j0]; owner[j0] = owner[j1]; j0 = j1; }
    }
    for (idx r = 0; r < n; r++) result[r] = -1;
    for (idx j = 1; j <= m; j++)
        if (owner[j]) result[owner[j] - 1] = j - 1;
}

/* ---------- one document ---------- */

typedef struct {
    idx i, j, n;
} Overlap;

static int cmp_idx(const void *a, const void *b) {
    idx x = *(const idx *)a, y = *(const idx *)b;
    return (x > y) - (x < y);
}

static long long pairs_of(long long n) { return n * (n - 1) / 2; }

/* mention id -> row; -1: not a tuple of at least 3 items; -2: a repeated id. */
static PyObject *index_ids(PyObject *mentions, idx count, int *status) {
    PyObject *index = PyDict_New();
    *status = 0;
    if (index == NULL) return NULL;
    for (idx k = 0; k < count; k++) {
        PyObject *m = PyTuple_GET_ITEM(mentions, k);
        if (!PyTuple_Check(m) || PyTuple_GET_SIZE(m) < 5) { *status = -1; return index; }
        PyObject *row = PyLong_FromSsize_t(k);
        if (row == NULL || PyDict_SetItem(index, PyTuple_GET_ITEM(m, 2), row) < 0) {
            Py_XDECREF(row);
            Py_DECREF(index);
            return NULL;
        }
        Py_DECREF(row);
    }
    if (PyDict_GET_SIZE(index) != count) *status = -2;
    return index;
}

/* Cluster number of each row (-1: none) and the number of @Coreference relations; 1 on success, 0 when
 * the Python path must decide (unknown member, a row twice), -1 on a Python error. */
static int cluster_numbers(PyObject *relations, PyObject *index, idx *cluster, idx rows, idx *clusters) {
    for (idx r = 0; r < rows; r++) cluster[r] = -1;
    *clusters = 0;
    idx count = PyTuple_GET_SIZE(relations);
    for (idx k = 0; k < count; k++) {
        PyObject *rel = PyTuple_GET_ITEM(relations, k);
        if (!PyTuple_Check(rel) || PyTuple_GET_SIZE(rel) < 3) return 0;
        PyObject *kind = PyTuple_GET_ITEM(rel, 0);
        if (!PyUnicode_Check(kind) || PyUnicode_CompareWithASCIIString(kind, "Coreference") != 0) continue;
        PyObject *ids = PyTuple_GET_ITEM(rel, 2);
        if (!PyTuple_Check(ids)) return 0;
        idx number = (*clusters)++;
        for (idx t = 0; t < PyTuple_GET_SIZE(ids); t++) {
            PyObject *row = PyDict_GetItemWithError(index, PyTuple_GET_ITEM(ids, t));
            if (row == NULL) return PyErr_Occurred() ? -1 : 0;
            idx r = PyLong_AsSsize_t(row);
            if (cluster[r] != -1) return 0;
            cluster[r] = number;
        }
    }
    return 1;
}

typedef struct {
    /* inputs, per row */
    idx ng, ns, lines;
    idx *gold_cluster, *system_cluster, *system_of, *gold_of, *extras;
    idx ne;
    /* per line */
    idx *gold_label, *system_label, *kc, *rc;
    /* chains */
    idx nk, nr;
    idx *ksize, *rsize, *kfirst, *rfirst, *rstart, *rmembers;
    /* overlaps */
    Overlap *ov;
    idx nov;
} Doc;

static PyObject *int_tuple(const idx *values, idx count) {
    PyObject *t = PyTuple_New(count);
    if (t == NULL) return NULL;
    for (idx k = 0; k < count; k++) {
        PyObject *x = PyLong_FromSsize_t(values[k]);
        if (x == NULL) { Py_DECREF(t); return NULL; }
        PyTuple_SET_ITEM(t, k, x);
    }
    return t;
}

/* Lines grouped into chains by label, chains in order of first appearance (v8.01's order). */
static idx chain_numbers(const idx *label, idx lines, idx labels, idx *chain_of, idx *map, idx *size, idx *first) {
    idx chains = 0;
    for (idx k = 0; k < labels; k++) map[k] = -1;
    for (idx line = 0; line < lines; line++) {
        idx l = label[line];
        if (l < 0) { chain_of[line] = -1; continue; }
        if (map[l] < 0) { map[l] = chains; size[chains] = 0; first[chains] = line; chains++; }
        chain_of[line] = map[l];
        size[map[l]]++;
    }
    return chains;
}

typedef struct {
    long long ceafm;
    double ceafe;
} Ceaf;

/* One tangled component (rows, cols sorted ascending): align by Kuhn–Munkres or, for a star, by the best
 * pair (ties to the first chains), both ways (CEAF-m: common mentions, CEAF-e: similarity). */
static int solve_component(const Doc *d, const Overlap *entries, idx count, idx *rows, idx nrows, idx *cols,
                           idx ncols, long long *am, double *ae, char *has_m, char *has_e) {
    if (nrows == 1 || ncols == 1) {
        long long best_n = -1;
        idx bn_i = 0, bn_j = 0, be_i = 0, be_j = 0;
        double best_s = -1.0;
        for (idx k = 0; k < count; k++) {
            const Overlap *o = &entries[k];
            double s = (double)(2 * o->n) / (double)(d->ksize[o->i] + d->rsize[o->j]);
            if (o->n > best_n || (o->n == best_n && (o->i < bn_i || (o->i == bn_i && o->j < bn_j)))) {
                best_n = o->n; bn_i = o->i; bn_j = o->j;
            }
            if (s > best_s || (s == best_s && (o->i < be_i || (o->i == be_i && o->j < be_j)))) {
                best_s = s; be_i = o->i; be_j = o->j;
            }
        }
        am[bn_i] = best_n; has_m[bn_i] = 1;
        ae[be_i] = best_s; has_e[be_i] = 1;
        return 0;
    }
    idx big = nrows > ncols ? nrows : ncols;
    idx small = nrows > ncols ? ncols : nrows;
    size_t cells = (size_t)nrows * (size_t)ncols;
    double *wm = PyMem_Calloc(cells, sizeof(double));
    double *we = PyMem_Calloc(cells, sizeof(double));
    double *cost = PyMem_Malloc(cells * sizeof(double));
    double *scratch = PyMem_Malloc((size_t)(3 * (big + 1)) * sizeof(double));
    idx *iscratch = PyMem_Malloc((size_t)(2 * (big + 1) + small + nrows) * sizeof(idx));
    char *used = PyMem_Malloc((size_t)(big + 1));
    if (!wm || !we || !cost || !scratch || !iscratch || !used) {
        PyMem_Free(wm); PyMem_Free(we); PyMem_Free(cost); PyMem_Free(scratch); PyMem_Free(iscratch); PyMem_Free(used);
        PyErr_NoMemory();
        return -1;
    }
    for (idx r = 0; r < nrows; r++)  /* an absent pair: common 0, similarity 2*0/(|K|+|R|) = 0.0 */
        for (idx c = 0; c < ncols; c++) we[r * ncols + c] = 0.0 / (double)(d->ksize[rows[r]] + d->rsize[cols[c]]);
    for (idx k = 0; k < count; k++) {
        const Overlap *o = &entries[k];
        idx r = (idx)((idx *)bsearch(&o->i, rows, nrows, sizeof(idx), cmp_idx) - rows);
        idx c = (idx)((idx *)bsearch(&o->j, cols, ncols, sizeof(idx), cmp_idx) - cols);
        wm[r * ncols + c] = (double)o->n;
        we[r * ncols + c] = (double)(2 * o->n) / (double)(d->ksize[o->i] + d->rsize[o->j]);
    }
    idx *owner = iscratch, *way = iscratch + (big + 1), *assigned = iscratch + 2 * (big + 1);
    idx *result = assigned + small;
    for (int entity = 0; entity < 2; entity++) {
        const double *w = entity ? we : wm;
        /* the cost matrix negates the weights, as Python's [-w for w in row] (an int 0 negates to 0) */
        if (nrows <= ncols) {
            for (idx k = 0; k < nrows * ncols; k++) cost[k] = (entity || w[k] != 0.0) ? -w[k] : 0.0;
            min_cost_assignment(cost, nrows, ncols, result, scratch, scratch + (big + 1), owner, way,
                                scratch + 2 * (big + 1), used);
        } else {
            for (idx c = 0; c < ncols; c++)
                for (idx r = 0; r < nrows; r++) {
                    double x = w[r * ncols + c];
                    cost[c * nrows + r] = (entity || x != 0.0) ? -x : 0.0;
                }
            min_cost_assignment(cost, ncols, nrows, assigned, scratch, scratch + (big + 1), owner, way,
                                scratch + 2 * (big + 1), used);
            for (idx r = 0; r < nrows; r++) result[r] = -1;
            for (idx c = 0; c < ncols; c++) result[assigned[c]] = c;
        }
        for (idx r = 0; r < nrows; r++) {
            idx c = result[r];
            if (c >= 0 && w[r * ncols + c] > 0) {
                if (entity) { ae[rows[r]] = w[r * ncols + c]; has_e[rows[r]] = 1; }
                else { am[rows[r]] = (long long)w[r * ncols + c]; has_m[rows[r]] = 1; }
            }
        }
    }
    PyMem_Free(wm); PyMem_Free(we); PyMem_Free(cost); PyMem_Free(scratch); PyMem_Free(iscratch); PyMem_Free(used);
    return 0;
}

static idx find_root(idx *parent, idx x) {
    while (parent[x] != x) { parent[x] = parent[parent[x]]; x = parent[x]; }
    return x;
}

/* CEAF-m's total and CEAF-e's sum (over key chains in order) of the optimal entity alignments. */
static int ceaf(const Doc *d, idx *kdeg, idx *rdeg, Ceaf *out) {
    idx nk = d->nk, nr = d->nr, nov = d->nov;
    long long *am = PyMem_Calloc((size_t)nk + 1, sizeof(long long));
    double *ae = PyMem_Calloc((size_t)nk + 1, sizeof(double));
    char *has_m = PyMem_Calloc((size_t)nk + 1, 1), *has_e = PyMem_Calloc((size_t)nk + 1, 1);
    idx *parent = PyMem_Malloc((size_t)(nk + nr + 1) * sizeof(idx));
    Overlap *tangled = PyMem_Malloc((size_t)(nov + 1) * sizeof(Overlap));
    idx *roots = PyMem_Malloc((size_t)(nov + 1) * sizeof(idx));
    idx *order = PyMem_Malloc((size_t)(nov + 1) * sizeof(idx));
    idx *rows = PyMem_Malloc((size_t)(nov + 1) * sizeof(idx)), *cols = PyMem_Malloc((size_t)(nov + 1) * sizeof(idx));
    Overlap *group = PyMem_Malloc((size_t)(nov + 1) * sizeof(Overlap));
    int status = 0;
    if (!am || !ae || !has_m || !has_e || !parent || !tangled || !roots || !order || !rows || !cols || !group) {
        PyErr_NoMemory();
        status = -1;
        goto done;
    }
    idx nt = 0;
    for (idx k = 0; k < nov; k++) {
        const Overlap *o = &d->ov[k];
        if (kdeg[o->i] == 1 && rdeg[o->j] == 1) {
            am[o->i] = o->n; has_m[o->i] = 1;
            ae[o->i] = (double)(2 * o->n) / (double)(d->ksize[o->i] + d->rsize[o->j]); has_e[o->i] = 1;
        } else {
            tangled[nt++] = *o;
        }
    }
    if (nt) {
        for (idx k = 0; k < nk + nr; k++) parent[k] = k;
        for (idx k = 0; k < nt; k++) {
            idx a = find_root(parent, tangled[k].i), b = find_root(parent, nk + tangled[k].j);
            if (a != b) parent[a] = b;
        }
        for (idx k = 0; k < nt; k++) { roots[k] = find_root(parent, tangled[k].i); order[k] = k; }
        /* group the entries by component (a stable insertion sort on the root: components are few) */
        for (idx k = 1; k < nt; k++) {
            idx x = order[k], t = k;
            while (t > 0 && roots[order[t - 1]] > roots[x]) { order[t] = order[t - 1]; t--; }
            order[t] = x;
        }
        for (idx start = 0; start < nt && status == 0;) {
            idx end = start;
            while (end < nt && roots[order[end]] == roots[order[start]]) end++;
            idx count = end - start, nrows = 0, ncols = 0;
            for (idx k = 0; k < count; k++) {
                group[k] = tangled[order[start + k]];
                rows[nrows++] = group[k].i;
                cols[ncols++] = group[k].j;
            }
            qsort(rows, (size_t)nrows, sizeof(idx), cmp_idx);
            qsort(cols, (size_t)ncols, sizeof(idx), cmp_idx);
            idx ur = 0, uc = 0;
            for (idx k = 0; k < nrows; k++) if (ur == 0 || rows[ur - 1] != rows[k]) rows[ur++] = rows[k];
            for (idx k = 0; k < ncols; k++) if (uc == 0 || cols[uc - 1] != cols[k]) cols[uc++] = cols[k];
            status = solve_component(d, group, count, rows, ur, cols, uc, am, ae, has_m, has_e);
            start = end;
        }
    }
    out->ceafm = 0;
    out->ceafe = 0.0;
    for (idx i = 0; i < nk; i++) {
        if (has_m[i]) out->ceafm += am[i];
        if (has_e[i]) out->ceafe += 1.0 - (1.0 - ae[i]);  /* as v8.01: it minimises 1 - similarity */
    }
done:
    PyMem_Free(am); PyMem_Free(ae); PyMem_Free(has_m); PyMem_Free(has_e); PyMem_Free(parent); PyMem_Free(tangled);
    PyMem_Free(roots); PyMem_Free(order); PyMem_Free(rows); PyMem_Free(cols); PyMem_Free(group);
    return status;
}

/* Every metric of the document's chains; counts as the flat 32-tuple of evmeval.coref.metrics._flat. */
static PyObject *score(Doc *d) {
    idx nk = d->nk, nr = d->nr, lines = d->lines;
    idx *tmp = PyMem_Calloc((size_t)nk + 1, sizeof(idx));
    idx *touched = PyMem_Malloc(((size_t)nk + 1) * sizeof(idx));
    idx *kdeg = PyMem_Calloc((size_t)nk + 1, sizeof(idx)), *rdeg = PyMem_Calloc((size_t)nr + 1, sizeof(idx));
    long long *kcommon = PyMem_Calloc((size_t)nk + 1, sizeof(long long));
    long long *rcommon = PyMem_Calloc((size_t)nr + 1, sizeof(long long));
    long long *kov = PyMem_Calloc((size_t)nk + 1, sizeof(long long)), *rov = PyMem_Calloc((size_t)nr + 1, sizeof(long long));
    d->ov = PyMem_Malloc(((size_t)lines + 1) * sizeof(Overlap));
    PyObject *result = NULL;
    if (!tmp || !touched || !kdeg || !rdeg || !kcommon || !rcommon || !kov || !rov || !d->ov) {
        PyErr_NoMemory();
        goto done;
    }
    /* overlaps, entered in order of response chains and first touch; B³ in v8.01's order */
    double bcub_r = 0.0, bcub_p = 0.0;
    idx nov = 0;
    for (idx j = 0; j < nr; j++) {
        idx *members = d->rmembers + d->rstart[j], size = d->rsize[j], nt = 0;
        for (idx t = 0; t < size; t++) {
            idx i = d->kc[members[t]];
            if (i < 0) continue;
            if (tmp[i]++ == 0) touched[nt++] = i;
        }
        for (idx t = 0; t < size; t++) {
            idx i = d->kc[members[t]];
            if (i < 0) continue;  /* adds 0 / size: nothing */
            idx ci = tmp[i];
            bcub_p += (double)ci / (double)size;
            bcub_r += (double)ci / (double)d->ksize[i];
        }
        for (idx t = 0; t < nt; t++) {
            idx i = touched[t], n = tmp[i];
            d->ov[nov].i = i; d->ov[nov].j = j; d->ov[nov].n = n; nov++;
            tmp[i] = 0;
        }
    }
    d->nov = nov;
    long long muc = 0, both_coref = 0, common = 0;
    for (idx k = 0; k < nov; k++) {
        const Overlap *o = &d->ov[k];
        muc += o->n - 1;
        both_coref += pairs_of(o->n);
        common += o->n;
        kdeg[o->i]++; rdeg[o->j]++;
        kov[o->i] += o->n; rov[o->j] += o->n;
        kcommon[o->i] += pairs_of(o->n); rcommon[o->j] += pairs_of(o->n);
    }
    long long key_links = 0, response_links = 0, key_coref = 0, response_coref = 0, kov_pairs = 0, rov_pairs = 0;
    double lea_r = 0.0, lea_p = 0.0;
    for (idx i = 0; i < nk; i++) {
        idx size = d->ksize[i];
        key_links += size - 1;
        key_coref += pairs_of(size);
        kov_pairs += pairs_of(kov[i]);
        if (size == 1) {
            idx j = d->rc[d->kfirst[i]];
            lea_r += (j >= 0 && d->rsize[j] == 1) ? 1.0 : 0.0;
        } else {
            lea_r += (double)(size * kcommon[i]) / (double)pairs_of(size);
        }
    }
    for (idx j = 0; j < nr; j++) {
        idx size = d->rsize[j];
        response_links += size - 1;
        response_coref += pairs_of(size);
        rov_pairs += pairs_of(rov[j]);
        if (size == 1) {
            idx i = d->kc[d->rfirst[j]];
            lea_p += (i >= 0 && d->ksize[i] == 1) ? 1.0 : 0.0;
        } else {
            lea_p += (double)(size * rcommon[j]) / (double)pairs_of(size);
        }
    }
    Ceaf c;
    if (ceaf(d, kdeg, rdeg, &c) < 0) goto done;
    long long ng = d->ng, ns = d->ns, aligned = 0;
    for (idx g = 0; g < d->ng; g++) aligned += d->system_of[g] >= 0;
    long long both_non = pairs_of(common) - kov_pairs - rov_pairs + both_coref;
    Num counts[32] = {
        as_int(muc), as_int(key_links), as_int(muc), as_int(response_links),
        as_float(bcub_r), as_int(ng), as_float(bcub_p), as_int(ns),
        as_int(c.ceafm), as_int(ng), as_int(c.ceafm), as_int(ns),
        as_float(c.ceafe), as_int(nk), as_float(c.ceafe), as_int(nr),
        as_int(both_coref), as_int(key_coref), as_int(both_coref), as_int(response_coref),
        as_int(both_non), as_int(pairs_of(ng) - key_coref), as_int(both_non), as_int(pairs_of(ns) - response_coref),
        as_float(lea_r), as_int(ng), as_float(lea_p), as_int(ns),
        as_int(aligned), as_int(ng), as_int(aligned), as_int(ns)};
    result = counts_object(counts);
done:
    PyMem_Free(tmp); PyMem_Free(touched); PyMem_Free(kdeg); PyMem_Free(rdeg); PyMem_Free(kcommon);
    PyMem_Free(rcommon); PyMem_Free(kov); PyMem_Free(rov); PyMem_Free(d->ov);
    d->ov = NULL;
    return result;
}

/* v1.8 keeps an aligned pair when its Dice reaches the -ct threshold (NaN never does). */
static int kept(double dice, double threshold) { return dice >= threshold; }

/* Rows of kept pairs (Dice >= threshold); 1 on success, 0 when a row is in two kept pairs or a pair is
 * malformed (the Python path decides), -1 on a Python error. */
static int align(PyObject *pairs, double threshold, Doc *d) {
    for (idx g = 0; g < d->ng; g++) d->system_of[g] = -1;
    for (idx s = 0; s < d->ns; s++) d->gold_of[s] = -1;
    for (idx k = 0; k < PyTuple_GET_SIZE(pairs); k++) {
        PyObject *p = PyTuple_GET_ITEM(pairs, k);
        if (!PyTuple_Check(p) || PyTuple_GET_SIZE(p) < 3) return 0;
        PyObject *dice_obj = PyTuple_GET_ITEM(p, 2);
        if (!PyFloat_CheckExact(dice_obj)) return 0;
        if (!kept(PyFloat_AS_DOUBLE(dice_obj), threshold)) continue;
        idx g = PyLong_AsSsize_t(PyTuple_GET_ITEM(p, 0)), s = PyLong_AsSsize_t(PyTuple_GET_ITEM(p, 1));
        if (PyErr_Occurred()) return -1;
        if (g < 0 || g >= d->ng || s < 0 || s >= d->ns || d->system_of[g] != -1 || d->gold_of[s] != -1) return 0;
        d->system_of[g] = s;
        d->gold_of[s] = g;
    }
    return 1;
}

/* Labels of the lines: a row's cluster number, or a fresh number (from the number of clusters, in line
 * order) for a row in no cluster; -1 where the side has no mention. */
static void labels(Doc *d, idx gold_clusters, idx system_clusters) {
    idx fresh = gold_clusters;
    for (idx g = 0; g < d->ng; g++) d->gold_label[g] = d->gold_cluster[g] >= 0 ? d->gold_cluster[g] : fresh++;
    for (idx e = 0; e < d->ne; e++) d->gold_label[d->ng + e] = -1;
    fresh = system_clusters;
    for (idx line = 0; line < d->lines; line++) {
        idx s = line < d->ng ? d->system_of[line] : d->extras[line - d->ng];
        d->system_label[line] = s < 0 ? -1 : d->system_cluster[s] >= 0 ? d->system_cluster[s] : fresh++;
    }
}

static PyObject *build(Doc *d, idx gold_clusters, idx system_clusters) {
    idx ng = d->ng, lines = d->lines, ne = 0;
    for (idx s = 0; s < d->ns; s++)
        if (d->gold_of[s] < 0) d->extras[ne++] = s;
    d->ne = ne;
    d->lines = lines = ng + ne;
    labels(d, gold_clusters, system_clusters);
    idx key_labels = gold_clusters + ng + 1, response_labels = system_clusters + lines + 1;
    idx *map = PyMem_Malloc((size_t)(key_labels > response_labels ? key_labels : response_labels) * sizeof(idx));
    PyObject *result = NULL, *gold_rows = NULL, *system_rows = NULL, *gl = NULL, *sl = NULL, *counts = NULL;
    if (map == NULL) return PyErr_NoMemory();
    d->nk = chain_numbers(d->gold_label, lines, key_labels, d->kc, map, d->ksize, d->kfirst);
    d->nr = chain_numbers(d->system_label, lines, response_labels, d->rc, map, d->rsize, d->rfirst);
    PyMem_Free(map);
    idx at = 0;
    for (idx j = 0; j < d->nr; j++) { d->rstart[j] = at; at += d->rsize[j]; d->rsize[j] = 0; }
    for (idx line = 0; line < lines; line++) {
        idx j = d->rc[line];
        if (j >= 0) d->rmembers[d->rstart[j] + d->rsize[j]++] = line;
    }
    counts = score(d);
    if (counts == NULL) return NULL;
    /* the rows of each line: gold row k on line k (then -1), system rows aligned then extra */
    for (idx k = 0; k < lines; k++) d->kc[k] = k < ng ? k : -1;
    for (idx k = 0; k < lines; k++) d->rc[k] = k < ng ? d->system_of[k] : d->extras[k - ng];
    gold_rows = int_tuple(d->kc, lines);
    system_rows = int_tuple(d->rc, lines);
    gl = int_tuple(d->gold_label, lines);
    sl = int_tuple(d->system_label, lines);
    if (gold_rows && system_rows && gl && sl) result = PyTuple_Pack(5, gold_rows, system_rows, gl, sl, counts);
    Py_XDECREF(gold_rows); Py_XDECREF(system_rows); Py_XDECREF(gl); Py_XDECREF(sl); Py_DECREF(counts);
    return result;
}

PyDoc_STRVAR(document_doc,
"document(gold, system, gold_relations, system_relations, pairs, threshold)\n--\n\n"
"One document's v1.8 coreference lines and their metric counts: (gold_rows, system_rows, gold_labels,\n"
"system_labels, counts) with counts flat as evmeval.coref.metrics._flat orders them, or None when\n"
"the Python path must decide (repeated ids, unknown cluster members, a mention in two clusters).");

static PyObject *document(PyObject *self, PyObject *args) {
    PyObject *gold, *system, *gold_relations, *system_relations, *pairs;
    double threshold;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOOOOd", &gold, &system, &gold_relations, &system_relations, &pairs, &threshold))
        return NULL;
    if (!PyTuple_Check(gold) || !PyTuple_Check(system) || !PyTuple_Check(gold_relations) ||
        !PyTuple_Check(system_relations) || !PyTuple_Check(pairs))
        Py_RETURN_NONE;
    Doc d;
    memset(&d, 0, sizeof d);
    d.ng = PyTuple_GET_SIZE(gold);
    d.ns = PyTuple_GET_SIZE(system);
    idx cap = d.ng + d.ns + 1;  /* lines <= ng + ns */
    idx *block = PyMem_Malloc((size_t)(16 * cap) * sizeof(idx));
    PyObject *gold_index = NULL, *system_index = NULL, *result = NULL;
    if (block == NULL) return PyErr_NoMemory();
    d.gold_cluster = block; d.system_cluster = block + cap; d.system_of = block + 2 * cap; d.gold_of = block + 3 * cap;
    d.extras = block + 4 * cap; d.gold_label = block + 5 * cap; d.system_label = block + 6 * cap;
    d.kc = block + 7 * cap; d.rc = block + 8 * cap; d.ksize = block + 9 * cap; d.rsize = block + 10 * cap;
    d.kfirst = block + 11 * cap; d.rfirst = block + 12 * cap; d.rstart = block + 13 * cap; d.rmembers = block + 14 * cap;
    int status;
    idx gold_clusters = 0, system_clusters = 0;
    gold_index = index_ids(gold, d.ng, &status);
    if (gold_index == NULL) goto done;
    if (status != 0) goto fallback;
    system_index = index_ids(system, d.ns, &status);
    if (system_index == NULL) goto done;
    if (status != 0) goto fallback;
    status = cluster_numbers(gold_relations, gold_index, d.gold_cluster, d.ng, &gold_clusters);
    if (status < 0) goto done;
    if (status == 0) goto fallback;
    status = cluster_numbers(system_relations, system_index, d.system_cluster, d.ns, &system_clusters);
    if (status < 0) goto done;
    if (status == 0) goto fallback;
    status = align(pairs, threshold, &d);
    if (status < 0) goto done;
    if (status == 0) goto fallback;
    result = build(&d, gold_clusters, system_clusters);
    goto done;
fallback:
    result = Py_NewRef(Py_None);
done:
    Py_XDECREF(gold_index);
    Py_XDECREF(system_index);
    PyMem_Free(block);
    return result;
}


/* Cluster number of each row from member rows (int32, written order) and each cluster's first member
 * (int32, one more: the end); 1 on success, 0 when a row is out of range or in two clusters. */
static int cluster_numbers_of_rows(PyObject *members, PyObject *starts, idx *cluster, idx rows, idx *clusters) {
    const int32_t *m = (const int32_t *)PyBytes_AS_STRING(members), *at = (const int32_t *)PyBytes_AS_STRING(starts);
    idx nm = PyBytes_GET_SIZE(members) / 4, nc = PyBytes_GET_SIZE(starts) / 4 - 1;
    if (nc < 0 || PyBytes_GET_SIZE(members) % 4 || PyBytes_GET_SIZE(starts) % 4 || at[0] != 0 || at[nc] != nm) return 0;
    for (idx r = 0; r < rows; r++) cluster[r] = -1;
    for (idx c = 0; c < nc; c++) {
        if (at[c + 1] < at[c]) return 0;
        for (idx t = at[c]; t < at[c + 1]; t++) {
            idx r = m[t];
            if (r < 0 || r >= rows || cluster[r] != -1) return 0;
            cluster[r] = c;
        }
    }
    *clusters = nc;
    return 1;
}

PyDoc_STRVAR(arrays_doc,
"arrays(partner, dice, gold_members, gold_starts, system_members, system_starts, system_count, threshold)\n--\n\n"
"What document() gives, from evmeval.mention._kernel's arrays instead of Python objects: partner (int32 per gold row,\n"
"-1: none) and dice (double per gold row) are the greedy pairs of the -m combination; members / starts\n"
"(int32) each side's @Coreference members as rows, in written order, and where each cluster starts. None\n"
"when the Python path must decide (a mention in two clusters, a row in two kept pairs).");

static PyObject *arrays(PyObject *self, PyObject *args) {
    PyObject *partner, *dice, *gm, *gs, *sm, *ss;
    Py_ssize_t ns;
    double threshold;
    (void)self;
    if (!PyArg_ParseTuple(args, "SSSSSSnd", &partner, &dice, &gm, &gs, &sm, &ss, &ns, &threshold)) return NULL;
    idx ng = PyBytes_GET_SIZE(partner) / 4;
    if (PyBytes_GET_SIZE(partner) % 4 || PyBytes_GET_SIZE(dice) != ng * (idx)sizeof(double) || ns < 0) Py_RETURN_NONE;
    Doc d;
    memset(&d, 0, sizeof d);
    d.ng = ng;
    d.ns = ns;
    idx cap = d.ng + d.ns + 1;
    idx *block = PyMem_Malloc((size_t)(16 * cap) * sizeof(idx));
    if (block == NULL) return PyErr_NoMemory();
    d.gold_cluster = block; d.system_cluster = block + cap; d.system_of = block + 2 * cap; d.gold_of = block + 3 * cap;
    d.extras = block + 4 * cap; d.gold_label = block + 5 * cap; d.system_label = block + 6 * cap;
    d.kc = block + 7 * cap; d.rc = block + 8 * cap; d.ksize = block + 9 * cap; d.rsize = block + 10 * cap;
    d.kfirst = block + 11 * cap; d.rfirst = block + 12 * cap; d.rstart = block + 13 * cap; d.rmembers = block + 14 * cap;
    idx gold_clusters = 0, system_clusters = 0;
    PyObject *result = NULL;
    const int32_t *p = (const int32_t *)PyBytes_AS_STRING(partner);
    double dv[1];
    if (!cluster_numbers_of_rows(gm, gs, d.gold_cluster, d.ng, &gold_clusters) ||
        !cluster_numbers_of_rows(sm, ss, d.system_cluster, d.ns, &system_clusters))
        goto fallback;
    for (idx g = 0; g < d.ng; g++) d.system_of[g] = -1;
    for (idx s = 0; s < d.ns; s++) d.gold_of[s] = -1;
    for (idx g = 0; g < d.ng; g++) {
        idx s = p[g];
        memcpy(dv, PyBytes_AS_STRING(dice) + g * (idx)sizeof(double), sizeof(double));
        if (s < 0 || !kept(dv[0], threshold)) continue;
        if (s >= d.ns || d.gold_of[s] != -1) goto fallback;
        d.system_of[g] = s;
        d.gold_of[s] = g;
    }
    result = build(&d, gold_clusters, system_clusters);
    PyMem_Free(block);
    return result;
fallback:
    PyMem_Free(block);
    Py_RETURN_NONE;
}

/* ---------- text outputs, as UTF-8 bytes ---------- */

typedef struct {
    char *data;
    size_t size, cap;
} Buffer;

static int grow(Buffer *b, size_t more) {
    if (b->size + more <= b->cap) return 0;
    size_t cap = b->cap ? b->cap : 1 << 16;
    while (cap < b->size + more) cap *= 2;
    char *data = PyMem_Realloc(b->data, cap);
    if (data == NULL) { PyErr_NoMemory(); return -1; }
    b->data = data;
    b->cap = cap;
    return 0;
}

static int put(Buffer *b, const char *text, size_t size) {
    if (grow(b, size) < 0) return -1;
    memcpy(b->data + b->size, text, size);
    b->size += size;
    return 0;
}

/* a string literal, its length counted by the compiler */
#define PUT_LITERAL(b, text) put((b), (text), sizeof(text) - 1)

static int put_long(Buffer *b, long long value) {  /* snprintf costs more than the rest of a CoNLL line */
    char digits[24];
    char *end = digits + sizeof digits, *at = end;
    unsigned long long v = value < 0 ? 0ULL - (unsigned long long)value : (unsigned long long)value;
    do { *--at = (char)('0' + v % 10); v /= 10; } while (v);
    if (value < 0) *--at = '-';
    return put(b, at, (size_t)(end - at));
}

/* repr(float) is the shortest round-tripping text, costly to find; a breakdown prints ~64k figures of
 * which ~2/3 repeat (ratios of small counts), so the texts are remembered by the double's bits. */
typedef struct {
    unsigned long long bits;
    unsigned char size, used;
    char text[30];
} Repr;

#define REPR_SLOTS (1 << 15)
static Repr *repr_cache;

static int put_repr(Buffer *b, double value) {  /* repr(float), as Python writes it */
    unsigned long long bits;
    memcpy(&bits, &value, sizeof bits);
    if (repr_cache == NULL) repr_cache = PyMem_Calloc(REPR_SLOTS, sizeof(Repr));
    Repr *slot = repr_cache ? &repr_cache[(bits * 0x9E3779B97F4A7C15ULL) >> 49] : NULL;
    if (slot && slot->used && slot->bits == bits) return put(b, slot->text, slot->size);
    char *text = PyOS_double_to_string(value, 'r', 0, Py_DTSF_ADD_DOT_0, NULL);
    if (text == NULL) return -1;
    size_t size = strlen(text);
    if (slot && size <= sizeof slot->text) {
        slot->bits = bits;
        slot->size = (unsigned char)size;
        slot->used = 1;
        memcpy(slot->text, text, size);
    }
    int status = put(b, text, size);
    PyMem_Free(text);
    return status;
}

static PyObject *finish(Buffer *b, int ok) {
    PyObject *out = ok ? PyBytes_FromStringAndSize(b->data ? b->data : "", (Py_ssize_t)b->size) : NULL;
    PyMem_Free(b->data);
    return out;
}

/* A mention's text as v1.8 writes it: runs of ASCII whitespace (Python 2's str.split) become one `_`,
 * none at either end. UTF-8 never uses these bytes inside a multi-byte character. */
static int put_mention_text(Buffer *b, const char *text, Py_ssize_t size) {
    if (grow(b, (size_t)size) < 0) return -1;
    char *out = b->data + b->size;
    int gap = 0, any = 0;
    for (Py_ssize_t k = 0; k < size; k++) {
        char c = text[k];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\x0b' || c == '\x0c') { gap = 1; continue; }
        if (gap && any) *out++ = '_';
        gap = 0;
        any = 1;
        *out++ = c;
    }
    b->size = (size_t)(out - b->data);
    return 0;
}

PyDoc_STRVAR(conll_side_doc,
"conll_side(doc_ids, mentions, rows, labels)\n--\n\n"
"One side's CoNLL file as v1.8 writes it, UTF-8: per document `#begin document (ID); part 000`, a line\n"
"`ID<TAB>k<TAB>text<TAB>(label)` per line (text of mentions[d][row], `None` for row -1; `(-)` for\n"
"label -1), `#end document`. None when an item is not as expected (the Python writer then decides).");

/* Each mention's CoNLL text, in the document's mention order (memory order: the system side's lines visit
 * mentions in alignment order, and reading the scattered objects in that order costs twice as much);
 * start[r]..start[r + 1] is row r's text in `texts`. 1: done, 0: not a mention tuple with a str text,
 * -1: a Python error. */
static int mention_texts(PyObject *ms, Buffer *texts, idx **start, idx *capacity) {
    idx count = PyTuple_GET_SIZE(ms);
    if (count + 1 > *capacity) {
        idx *grown = PyMem_Realloc(*start, (size_t)(count + 1) * sizeof(idx));
        if (grown == NULL) { PyErr_NoMemory(); return -1; }
        *start = grown;
        *capacity = count + 1;
    }
    texts->size = 0;
    for (idx r = 0; r < count; r++) {
        PyObject *m = PyTuple_GET_ITEM(ms, r);
        if (!PyTuple_Check(m) || PyTuple_GET_SIZE(m) < 5 || !PyUnicode_Check(PyTuple_GET_ITEM(m, 4))) return 0;
        Py_ssize_t size;
        const char *text = PyUnicode_AsUTF8AndSize(PyTuple_GET_ITEM(m, 4), &size);
        if (text == NULL) return -1;
        (*start)[r] = (idx)texts->size;
        if (put_mention_text(texts, text, size) < 0) return -1;
    }
    (*start)[count] = (idx)texts->size;
    return 1;
}

/* One document's block of a CoNLL file: row r's text is texts[start[r]..start[r + 1]] (`count` rows).
 * 1: done, 0: a row out of range (the Python writer decides), -1: a Python error. */
static int conll_document(Buffer *b, const char *id_text, Py_ssize_t id_size, const Buffer *texts, const idx *start,
                          idx count, PyObject *rs, PyObject *ls) {
    if (PUT_LITERAL(b, "#begin document (") < 0 || put(b, id_text, (size_t)id_size) < 0 ||
        PUT_LITERAL(b, "); part 000\n") < 0)
        return -1;
    for (idx k = 0; k < PyTuple_GET_SIZE(rs); k++) {
        idx row = PyLong_AsSsize_t(PyTuple_GET_ITEM(rs, k)), label = PyLong_AsSsize_t(PyTuple_GET_ITEM(ls, k));
        if (PyErr_Occurred()) return -1;
        if (row >= count) return 0;
        if (put(b, id_text, (size_t)id_size) < 0 || PUT_LITERAL(b, "\t") < 0 || put_long(b, k) < 0 ||
            PUT_LITERAL(b, "\t") < 0)
            return -1;
        if (row < 0 ? PUT_LITERAL(b, "None") < 0
                    : put(b, texts->data + start[row], (size_t)(start[row + 1] - start[row])) < 0)
            return -1;
        if (label < 0) {
            if (PUT_LITERAL(b, "\t(-)\n") < 0) return -1;
        } else if (PUT_LITERAL(b, "\t(") < 0 || put_long(b, label) < 0 || PUT_LITERAL(b, ")\n") < 0) {
            return -1;
        }
    }
    return PUT_LITERAL(b, "#end document\n") < 0 ? -1 : 1;
}

/* The one ending of the CoNLL writers: `outcome` 1 gives the written bytes, 0 None (the Python writer
 * then decides), -1 NULL with the Python error set; the scratch buffers are freed either way. */
static PyObject *conll_end(Buffer *b, Buffer *texts, idx *start, int outcome) {
    PyMem_Free(texts->data);
    PyMem_Free(start);
    if (outcome == 0) {
        PyErr_Clear();
        PyMem_Free(b->data);
        Py_RETURN_NONE;
    }
    return finish(b, outcome > 0);
}

static PyObject *conll_side(PyObject *self, PyObject *args) {
    PyObject *doc_ids, *mentions, *rows, *labels;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!O!O!O!", &PyList_Type, &doc_ids, &PyList_Type, &mentions, &PyList_Type, &rows,
                          &PyList_Type, &labels))
        return NULL;
    idx docs = PyList_GET_SIZE(doc_ids);
    if (PyList_GET_SIZE(mentions) != docs || PyList_GET_SIZE(rows) != docs || PyList_GET_SIZE(labels) != docs)
        Py_RETURN_NONE;
    Buffer b = {NULL, 0, 0}, texts = {NULL, 0, 0};
    idx *start = NULL, capacity = 0;
    int status;
    for (idx d = 0; d < docs; d++) {
        PyObject *id = PyList_GET_ITEM(doc_ids, d), *ms = PyList_GET_ITEM(mentions, d);
        PyObject *rs = PyList_GET_ITEM(rows, d), *ls = PyList_GET_ITEM(labels, d);
        if (!PyUnicode_Check(id) || !PyTuple_Check(ms) || !PyTuple_Check(rs) || !PyTuple_Check(ls) ||
            PyTuple_GET_SIZE(rs) != PyTuple_GET_SIZE(ls))
            goto fallback;
        Py_ssize_t id_size;
        const char *id_text = PyUnicode_AsUTF8AndSize(id, &id_size);
        if (id_text == NULL) goto error;
        status = mention_texts(ms, &texts, &start, &capacity);
        if (status < 0) goto error;
        if (status == 0) goto fallback;
        status = conll_document(&b, id_text, id_size, &texts, start, PyTuple_GET_SIZE(ms), rs, ls);
        if (status < 0) goto error;
        if (status == 0) goto fallback;
    }
    return conll_end(&b, &texts, start, 1);
fallback:
    return conll_end(&b, &texts, start, 0);
error:
    return conll_end(&b, &texts, start, -1);
}


PyDoc_STRVAR(conll_texts_doc,
"conll_texts(doc_ids, texts, counts, rows, labels)\n--\n\n"
"conll_side's file from evmeval.mention._kernel's bytes: `texts` holds every mention's raw text, each followed by a\n"
"newline, document after document (`counts[d]` mentions in document d). None when an item is not as\n"
"expected (the Python writer then decides).");

static PyObject *conll_texts(PyObject *self, PyObject *args) {
    PyObject *doc_ids, *blob, *counts, *rows, *labels;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!SO!O!O!", &PyList_Type, &doc_ids, &blob, &PyList_Type, &counts, &PyList_Type, &rows,
                          &PyList_Type, &labels))
        return NULL;
    idx docs = PyList_GET_SIZE(doc_ids);
    if (PyList_GET_SIZE(counts) != docs || PyList_GET_SIZE(rows) != docs || PyList_GET_SIZE(labels) != docs)
        Py_RETURN_NONE;
    const char *data = PyBytes_AS_STRING(blob);
    Py_ssize_t size = PyBytes_GET_SIZE(blob), pos = 0;
    Buffer b = {NULL, 0, 0}, texts = {NULL, 0, 0};
    idx *start = NULL, capacity = 0;
    int status;
    for (idx d = 0; d < docs; d++) {
        PyObject *id = PyList_GET_ITEM(doc_ids, d), *rs = PyList_GET_ITEM(rows, d), *ls = PyList_GET_ITEM(labels, d);
        idx count = PyLong_AsSsize_t(PyList_GET_ITEM(counts, d));
        if (count < 0 || !PyUnicode_Check(id) || !PyTuple_Check(rs) || !PyTuple_Check(ls) ||
            PyTuple_GET_SIZE(rs) != PyTuple_GET_SIZE(ls))
            goto fallback;
        Py_ssize_t id_size;
        const char *id_text = PyUnicode_AsUTF8AndSize(id, &id_size);
        if (id_text == NULL) goto error;
        if (count + 1 > capacity) {
            idx *grown = PyMem_Realloc(start, (size_t)(count + 1) * sizeof(idx));
            if (grown == NULL) { PyErr_NoMemory(); goto error; }
            start = grown;
            capacity = count + 1;
        }
        texts.size = 0;
        for (idx r = 0; r < count; r++) {
            const char *nl = pos < size ? memchr(data + pos, '\n', (size_t)(size - pos)) : NULL;
            if (nl == NULL) goto fallback;
            start[r] = (idx)texts.size;
            if (put_mention_text(&texts, data + pos, nl - (data + pos)) < 0) goto error;
            pos = nl - data + 1;
        }
        start[count] = (idx)texts.size;
        status = conll_document(&b, id_text, id_size, &texts, start, count, rs, ls);
        if (status < 0) goto error;
        if (status == 0) goto fallback;
    }
    if (pos != size) goto fallback;
    return conll_end(&b, &texts, start, 1);
fallback:
    return conll_end(&b, &texts, start, 0);
error:
    return conll_end(&b, &texts, start, -1);
}

static int put_num(Buffer *b, Num x) { return x.is_int ? put_long(b, x.i) : put_repr(b, x.d); }

/* LinkCounts._ratio: numerator / denominator, an int 0 when the denominator is 0 */
static Num ratio(Num num, Num den) {
    if (value(den) == 0.0) return INT_ZERO;
    return as_float(value(num) / value(den));
}

/* _harmonic: 2 * p * r / (p + r), an int 0 when p + r is 0 */
static Num harmonic(Num p, Num r) {
    double sum = value(p) + value(r);
    if (sum == 0.0) return INT_ZERO;
    return as_float(2.0 * value(p) * value(r) / sum);
}

static const char *const ROW_NAMES[6] = {"muc", "bcub", "ceafm", "ceafe", "blanc_coref_links",
                                         "blanc_non_coref_links"};

static int put_row(Buffer *b, const char *id, Py_ssize_t id_size, const char *name, const Num *c, Num *f1) {
    Num r = ratio(c[0], c[1]), p = ratio(c[2], c[3]), f = harmonic(p, r);
    if (put(b, id, (size_t)id_size) < 0 || PUT_LITERAL(b, "\t") < 0 || put(b, name, strlen(name)) < 0) return -1;
    Num figures[7] = {c[0], c[1], c[2], c[3], r, p, f};
    for (int k = 0; k < 7; k++)
        if (PUT_LITERAL(b, "\t") < 0 || put_num(b, figures[k]) < 0) return -1;
    if (f1 != NULL) *f1 = f;
    return PUT_LITERAL(b, "\n");
}

/* BlancCounts.figures(): the mean of the two link types, or v8.01's fallbacks */
static void blanc_figures(const Num *c, const Num *n, Num out[3]) {
    int no_rc = value(c[1]) == 0.0, no_rn = value(n[1]) == 0.0;
    Num pc = ratio(c[2], c[3]), pn = ratio(n[2], n[3]);
    if (no_rc && no_rn) { out[0] = out[1] = out[2] = INT_ZERO; return; }
    Num rc = ratio(c[0], c[1]), rn = ratio(n[0], n[1]);
    if (no_rc) { out[0] = rn; out[1] = pn; out[2] = harmonic(pn, rn); return; }
    if (no_rn) { out[0] = rc; out[1] = pc; out[2] = harmonic(pc, rc); return; }
    out[0] = as_float((value(rc) + value(rn)) / 2.0);
    out[1] = as_float((value(pc) + value(pn)) / 2.0);
    out[2] = as_float((value(harmonic(pc, rc)) + value(harmonic(pn, rn))) / 2.0);
}

PyDoc_STRVAR(breakdown_doc,
"breakdown(rows)\n--\n\n"
"The rows of the breakdown file (evmeval.report.coref_report._breakdown_rows) for [(doc_id, CorefCounts)],\n"
"UTF-8; None when a count is not an int or a float (the Python formatter then decides).");

static PyObject *breakdown(PyObject *self, PyObject *args) {
    PyObject *rows;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!", &PyList_Type, &rows)) return NULL;
    Buffer b = {NULL, 0, 0};
    for (idx k = 0; k < PyList_GET_SIZE(rows); k++) {
        PyObject *row = PyList_GET_ITEM(rows, k);
        if (!PyTuple_Check(row) || PyTuple_GET_SIZE(row) != 2 || !PyUnicode_Check(PyTuple_GET_ITEM(row, 0)))
            goto fallback;
        Num c[32];
        if (!read_counts(PyTuple_GET_ITEM(row, 1), c)) goto fallback;
        Py_ssize_t id_size;
        const char *id = PyUnicode_AsUTF8AndSize(PyTuple_GET_ITEM(row, 0), &id_size);
        if (id == NULL) goto error;
        Num f1[6];
        for (int m = 0; m < 6; m++)
            if (put_row(&b, id, id_size, ROW_NAMES[m], c + 4 * m, &f1[m]) < 0) goto error;
        Num blanc[3];
        blanc_figures(c + 16, c + 20, blanc);
        if (put(&b, id, (size_t)id_size) < 0 || PUT_LITERAL(&b, "\tblanc\t-\t-\t-\t-") < 0) goto error;
        for (int t = 0; t < 3; t++)
            if (PUT_LITERAL(&b, "\t") < 0 || put_num(&b, blanc[t]) < 0) goto error;
        if (PUT_LITERAL(&b, "\n") < 0 || put_row(&b, id, id_size, "lea", c + 24, NULL) < 0 ||
            put_row(&b, id, id_size, "identification", c + 28, NULL) < 0)
            goto error;
        double conll = (value(f1[0]) + value(f1[1]) + value(f1[3])) / 3.0;  /* muc, bcub, ceafe */
        if (put(&b, id, (size_t)id_size) < 0 || PUT_LITERAL(&b, "\tconll_muc_bcub_ceafe\t-\t-\t-\t-\t-\t-\t") < 0 ||
            put_repr(&b, conll) < 0 || PUT_LITERAL(&b, "\n") < 0)
            goto error;
    }
    return finish(&b, 1);
fallback:
    PyErr_Clear();
    PyMem_Free(b.data);
    Py_RETURN_NONE;
error:
    return finish(&b, 0);
}

PyDoc_STRVAR(sum_counts_doc,
"sum_counts(counts)\n--\n\n"
"evmeval.coref.metrics.sum_counts: each of the 32 numbers summed over the list, in order, from an\n"
"int 0 (ints stay ints, a float makes the sum a float); None when a number is not an int or a float.");

static PyObject *sum_counts(PyObject *self, PyObject *args) {
    PyObject *list;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!", &PyList_Type, &list)) return NULL;
    Num total[32];
    for (int k = 0; k < 32; k++) total[k] = INT_ZERO;
    for (idx n = 0; n < PyList_GET_SIZE(list); n++) {
        Num c[32];
        if (!read_counts(PyList_GET_ITEM(list, n), c)) { PyErr_Clear(); Py_RETURN_NONE; }
        for (int k = 0; k < 32; k++) {
            if (total[k].is_int && c[k].is_int) {
                total[k].i += c[k].i;
                if (total[k].i <= -EXACT || total[k].i >= EXACT) Py_RETURN_NONE;
            } else {
                total[k] = as_float(value(total[k]) + value(c[k]));
            }
        }
    }
    return counts_object(total);
}

PyDoc_STRVAR(assignment_doc,
"max_weight_assignment(weights)\n--\n\n"
"evmeval.align.hungarian.max_weight_assignment, the same steps on the same doubles (so the same\n"
"columns, ties included): weights a list of equally long lists of ints (|x| < 2**53) and finite\n"
"floats; None for anything else (the Python solver then answers).");

/* Row r's column (-1: none); the cost is the negated weight, laid out with the shorter side as rows. */
static PyObject *max_weight_assignment(PyObject *self, PyObject *args) {
    PyObject *list, *out = NULL;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!", &PyList_Type, &list)) return NULL;
    idx rows = PyList_GET_SIZE(list), cols = 0;
    if (rows == 0) return PyList_New(0);
    PyObject *first = PyList_GET_ITEM(list, 0);
    if (!PyList_Check(first)) Py_RETURN_NONE;
    cols = PyList_GET_SIZE(first);
    idx n = rows <= cols ? rows : cols, m = rows <= cols ? cols : rows, big = m;
    double *cost = PyMem_Malloc((size_t)(rows * cols + 1) * sizeof(double));
    double *scratch = PyMem_Malloc((size_t)(3 * (big + 1)) * sizeof(double));
    idx *iscratch = PyMem_Malloc((size_t)(2 * (big + 1) + n + 1) * sizeof(idx));
    char *used = PyMem_Malloc((size_t)(big + 1));
    int fine = cost && scratch && iscratch && used;
    if (!fine) { PyErr_NoMemory(); goto done; }
    for (idx r = 0; r < rows && fine; r++) {
        PyObject *row = PyList_GET_ITEM(list, r);
        if (!PyList_Check(row) || PyList_GET_SIZE(row) != cols) { fine = 0; break; }
        for (idx c = 0; c < cols; c++) {
            Num x;
            if (!read_num(PyList_GET_ITEM(row, c), &x) || (!x.is_int && !isfinite(x.d))) { fine = 0; break; }
            double w = value(x);
            double negated = (x.is_int && x.i == 0) ? 0.0 : -w;  /* Python: -0 is the int 0 */
            if (rows <= cols) cost[r * cols + c] = negated;
            else cost[c * rows + r] = negated;
        }
    }
    if (!fine) { PyErr_Clear(); out = Py_None; Py_INCREF(out); goto done; }
    if (cols == 0) {
        out = PyList_New(rows);
        for (idx r = 0; out && r < rows; r++) PyList_SET_ITEM(out, r, PyLong_FromLong(-1));
        goto done;
    }
    idx *owner = iscratch, *way = iscratch + (big + 1), *result = iscratch + 2 * (big + 1);
    min_cost_assignment(cost, n, m, result, scratch, scratch + (big + 1), owner, way, scratch + 2 * (big + 1), used);
    out = PyList_New(rows);
    if (out == NULL) goto done;
    for (idx r = 0; r < rows; r++) { Py_INCREF(Py_None); PyList_SET_ITEM(out, r, Py_None); }
    if (rows <= cols) {
        for (idx r = 0; r < rows; r++) PyList_SetItem(out, r, PyLong_FromSsize_t(result[r]));
    } else {
        for (idx r = 0; r < rows; r++) PyList_SetItem(out, r, PyLong_FromLong(-1));
        for (idx c = 0; c < cols; c++) PyList_SetItem(out, result[c], PyLong_FromSsize_t(c));
    }
    for (idx r = 0; r < rows; r++)
        if (PyList_GET_ITEM(out, r) == NULL) { Py_CLEAR(out); break; }
done:
    PyMem_Free(cost); PyMem_Free(scratch); PyMem_Free(iscratch); PyMem_Free(used);
    return out;
}

static PyObject *set_count_types(PyObject *self, PyObject *args) {
    PyObject *types[3];
    (void)self;
    if (!PyArg_ParseTuple(args, "OOO", &types[0], &types[1], &types[2])) return NULL;
    for (int k = 0; k < 3; k++)
        if (!PyType_Check(types[k]) || !PyType_IsSubtype((PyTypeObject *)types[k], &PyTuple_Type)) {
            PyErr_SetString(PyExc_TypeError, "set_count_types needs three tuple subclasses");
            return NULL;
        }
    Py_INCREF(types[0]); Py_INCREF(types[1]); Py_INCREF(types[2]);
    Py_XSETREF(link_type, (PyTypeObject *)types[0]);
    Py_XSETREF(blanc_type, (PyTypeObject *)types[1]);
    Py_XSETREF(counts_type, (PyTypeObject *)types[2]);
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"document", document, METH_VARARGS, document_doc},
    {"arrays", arrays, METH_VARARGS, arrays_doc},
    {"conll_side", conll_side, METH_VARARGS, conll_side_doc},
    {"conll_texts", conll_texts, METH_VARARGS, conll_texts_doc},
    {"breakdown", breakdown, METH_VARARGS, breakdown_doc},
    {"sum_counts", sum_counts, METH_VARARGS, sum_counts_doc},
    {"max_weight_assignment", max_weight_assignment, METH_VARARGS, assignment_doc},
    {"set_count_types", set_count_types, METH_VARARGS,
     "set_count_types(LinkCounts, BlancCounts, CorefCounts): the classes counts are returned as."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_corefkernel",
    "Optional C kernel of evmeval-score -c (see evmeval.coref.kernel); the Python path gives the same.",
    -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__corefkernel(void) { return PyModule_Create(&module); }
