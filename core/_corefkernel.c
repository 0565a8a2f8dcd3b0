/* Optional C kernel of `evmeval-score -c`: v1.8's coreference lines of one document and the CoNLL
 * scorer v8.01's metrics on them, bit for bit what the pure-Python path gives
 * (core.metrics.coref._fast_document -> core.metrics.coref_lines.document_lines).
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
#include <string.h>

typedef Py_ssize_t idx;

/* ---------- Kuhn–Munkres, the same steps as core.metrics.hungarian.min_cost_assignment ---------- */

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

/* Every metric of the document's chains; counts as the flat 32-tuple of core.metrics.coref_metrics._flat. */
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
    result = Py_BuildValue(
        "(LLLL dLdL LLLL dLdL LLLL LLLL dLdL LLLL)",
        muc, key_links, muc, response_links,
        bcub_r, ng, bcub_p, ns,
        c.ceafm, ng, c.ceafm, ns,
        c.ceafe, (long long)nk, c.ceafe, (long long)nr,
        both_coref, key_coref, both_coref, response_coref,
        both_non, pairs_of(ng) - key_coref, both_non, pairs_of(ns) - response_coref,
        lea_r, ng, lea_p, ns,
        aligned, ng, aligned, ns);
done:
    PyMem_Free(tmp); PyMem_Free(touched); PyMem_Free(kdeg); PyMem_Free(rdeg); PyMem_Free(kcommon);
    PyMem_Free(rcommon); PyMem_Free(kov); PyMem_Free(rov); PyMem_Free(d->ov);
    d->ov = NULL;
    return result;
}

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
        if (!(PyFloat_AS_DOUBLE(dice_obj) >= threshold)) continue;
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
"system_labels, counts) with counts flat as core.metrics.coref_metrics._flat orders them, or None when\n"
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

static PyMethodDef methods[] = {
    {"document", document, METH_VARARGS, document_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_corefkernel",
    "Optional C kernel of evmeval-score -c (see core.metrics.coref_kernel); the Python path gives the same.",
    -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__corefkernel(void) { return PyModule_Create(&module); }
