/* evmeval.mention._kernel: the common case of `evmeval-score -o [-d]` (v1.8, token mode) in plain C.
 *
 * Optional speed-up, never a second set of rules: it parses both tbf files (two threads), probes the
 * token ids against the token tables, maps mentions greedily and writes the -d text. It declines
 * ("not mine": returns None) on anything unusual, so the Python path runs and words every message;
 * documents whose mentions or relations need a closer look are only *flagged* (Python re-reads and
 * checks them with evmeval.io.validate). Canonical values, attribute agreement, which attributes each
 * combination checks and the document order all come from Python. See docs/features/kernel.md.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

typedef struct {
    const char *p;
    Py_ssize_t n;
} Str;

static int str_eq(Str a, Str b) { return a.n == b.n && (a.n == 0 || memcmp(a.p, b.p, (size_t)a.n) == 0); }

static uint64_t str_hash(Str s) { /* 8 bytes at a time, multiply-xorshift mixing */
    uint64_t h = 0x9E3779B97F4A7C15ULL ^ (uint64_t)s.n, v;
    Py_ssize_t i = 0;
    for (; i + 8 <= s.n; i += 8) {
        memcpy(&v, s.p + i, 8);
        h = (h ^ v) * 0xff51afd7ed558ccdULL;
        h ^= h >> 32;
    }
    v = 0;
    memcpy(&v, s.p + i, (size_t)(s.n - i));
    h = (h ^ v) * 0xc4ceb9fe1a85ec53ULL;
    return h ^ (h >> 29);
}

/* ------------------------------------------------------------------------------------------------
 * A string -> int map whose clearing is O(1) (generation stamps): reused per document.
 */
typedef struct {
    Str *keys;
    int32_t *vals;
    uint32_t *stamp;
    size_t cap, count;
    uint32_t gen;
} Map;

static int map_init(Map *m, size_t cap) {
    size_t c = 16;
    while (c < cap * 2) c <<= 1;
    m->keys = malloc(c * sizeof(Str));
    m->vals = malloc(c * sizeof(int32_t));
    m->stamp = calloc(c, sizeof(uint32_t));
    m->cap = c;
    m->count = 0;
    m->gen = 1;
    return m->keys && m->vals && m->stamp ? 0 : -1;
}

static void map_free(Map *m) {
    free(m->keys);
    free(m->vals);
    free(m->stamp);
    memset(m, 0, sizeof(*m));
}

static void map_clear(Map *m) {
    m->count = 0;
    if (++m->gen == 0) {
        memset(m->stamp, 0, m->cap * sizeof(uint32_t));
        m->gen = 1;
    }
}

static int map_grow(Map *m) {
    Map bigger;
    size_t c = m->cap * 2;
    bigger.keys = malloc(c * sizeof(Str));
    bigger.vals = malloc(c * sizeof(int32_t));
    bigger.stamp = calloc(c, sizeof(uint32_t));
    if (!bigger.keys || !bigger.vals || !bigger.stamp) {
        free(bigger.keys);
        free(bigger.vals);
        free(bigger.stamp);
        return -1;
    }
    bigger.cap = c;
    bigger.gen = 1;
    bigger.count = m->count;
    for (size_t i = 0; i < m->cap; i++) {
        if (m->stamp[i] != m->gen) continue;
        size_t j = (size_t)str_hash(m->keys[i]) & (c - 1);
        while (bigger.stamp[j]) j = (j + 1) & (c - 1);
        bigger.stamp[j] = 1;
        bigger.keys[j] = m->keys[i];
        bigger.vals[j] = m->vals[i];
    }
    map_free(m);
    *m = bigger;
    return 0;
}

/* The value of `key`, or -1 if absent. */
static int32_t map_get(const Map *m, Str key) {
    size_t j = (size_t)str_hash(key) & (m->cap - 1);
    while (m->stamp[j] == m->gen) {
        if (str_eq(m->keys[j], key)) return m->vals[j];
        j = (j + 1) & (m->cap - 1);
    }
    return -1;
}

/* The value of `key`; inserts `value` when absent (then *found = 0). Returns -2 on memory failure. */
static int32_t map_put(Map *m, Str key, int32_t value, int *found) {
    if ((m->count + 1) * 2 > m->cap && map_grow(m) < 0) return -2;
    size_t j = (size_t)str_hash(key) & (m->cap - 1);
    while (m->stamp[j] == m->gen) {
        if (str_eq(m->keys[j], key)) {
            *found = 1;
            return m->vals[j];
        }
        j = (j + 1) & (m->cap - 1);
    }
    m->stamp[j] = m->gen;
    m->keys[j] = key;
    m->vals[j] = value;
    m->count++;
    *found = 0;
    return value;
}

/* ------------------------------------------------------------------------------------------------
 * Growable arrays.
 */
#define GROW(ptr, n, cap, type)                                                                 \
    do {                                                                                        \
        if ((n) >= (cap)) {                                                                     \
            size_t newcap_ = (cap) ? (cap) * 2 : 64;                                            \
            type *np_ = realloc((ptr), newcap_ * sizeof(type));                                 \
            if (!np_) return -2;                                                                \
            (ptr) = np_;                                                                        \
            (cap) = newcap_;                                                                    \
        }                                                                                       \
    } while (0)

/* ------------------------------------------------------------------------------------------------
 * Parsing one tbf file.
 */
typedef struct {
    Str id, span, text;
    int32_t type, realis; /* value ids (per file while parsing, global afterwards) */
    int32_t line;
} KMention;

typedef struct {
    Str kind, id, members;
    int32_t line;
} KRelation;

typedef struct {
    Str id;
    int32_t line;
    Py_ssize_t start, end; /* bytes of the document, from its #BeginOfDocument line to its end line */
    int32_t m0, nm, r0, nr;
    int flagged; /* its mentions or relations need evmeval.io.validate's closer look */
} KDoc;

typedef struct {
    const char *buf;
    Py_ssize_t len;
    KMention *m;
    size_t nm, capm;
    KRelation *r;
    size_t nr, capr;
    KDoc *d;
    size_t nd, capd;
    Str *values;
    size_t nvalues, capv;
    Map value_ids, doc_ids, mention_ids, members;
    int declined; /* 1: not mine; -2 memory */
} KFile;

#define DECLINE 1

static unsigned char byte_class[256]; /* 0 plain ASCII, tab, newline; 1 another control; 2 non-ASCII */

static void init_byte_class(void) {
    for (int c = 0; c < 256; c++) byte_class[c] = c >= 0x80 ? 2 : (c < 0x20 && c != '\t' && c != '\n');
}

static int utf8_ok(const unsigned char *s, Py_ssize_t n);

static int text_ok(const unsigned char *s, Py_ssize_t n) {
    /* Strict UTF-8 (what bytes.decode("utf-8") accepts) and no control character but tab and newline:
       CR, vertical tab, form feed, NUL... are Python's business. A branch-free pass first: most
       files are plain ASCII. */
    unsigned char seen = 0;
    for (Py_ssize_t i = 0; i < n; i++) seen |= byte_class[s[i]];
    if (seen & 1) return 0;
    return seen ? utf8_ok(s, n) : 1;
}

static int utf8_ok(const unsigned char *s, Py_ssize_t n) {
    Py_ssize_t i = 0;
    while (i < n) {
        unsigned char c = s[i];
        if (c < 0x80) {
            if (c < 0x20 && c != '\t' && c != '\n') return 0;
            i++;
            continue;
        }
        int len;
        uint32_t cp;
        if (c >= 0xC2 && c <= 0xDF) {
            len = 2;
            cp = c & 0x1F;
        } else if (c >= 0xE0 && c <= 0xEF) {
            len = 3;
            cp = c & 0x0F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            len = 4;
            cp = c & 0x07;
        } else {
            return 0;
        }
        if (i + len > n) return 0;
        for (int k = 1; k < len; k++) {
            unsigned char cc = s[i + k];
            if ((cc & 0xC0) != 0x80) return 0;
            cp = (cp << 6) | (cc & 0x3F);
        }
        if ((len == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)))
            return 0;
        i += len;
    }
    return 1;
}

static int is_blank_byte(unsigned char c) { return c == ' ' || c == '\t' || c >= 0x80; }

static int starts_with(Str s, const char *prefix) {
    size_t n = strlen(prefix);
    return (size_t)s.n >= n && memcmp(s.p, prefix, n) == 0;
}

static Str slice(Str s, Py_ssize_t from, Py_ssize_t to) {
    Str out = {s.p + from, to - from};
    return out;
}

/* Whether two token spans (comma-separated ids) hold the same set of ids. */
static int same_span_set(Str a, Str b) {
    for (int pass = 0; pass < 2; pass++) {
        Str x = pass ? b : a, y = pass ? a : b;
        Py_ssize_t i = 0;
        while (i <= x.n) {
            Py_ssize_t j = i;
            while (j < x.n && x.p[j] != ',') j++;
            Str piece = slice(x, i, j);
            int seen = 0;
            Py_ssize_t k = 0;
            while (k <= y.n && !seen) {
                Py_ssize_t l = k;
                while (l < y.n && y.p[l] != ',') l++;
                seen = str_eq(piece, slice(y, k, l));
                k = l + 1;
            }
            if (!seen) return 0;
            i = j + 1;
        }
    }
    return 1;
}

#define MAX_CLUSTER 64

/* An @After or @Subevent link evmeval.io.validate._check_relations finds nothing in: two known mentions. */
static int link_clean(KFile *f, const KRelation *rel) {
    Py_ssize_t comma = 0;
    while (comma < rel->members.n && rel->members.p[comma] != ',') comma++;
    if (comma >= rel->members.n) return 0;
    Str to = slice(rel->members, comma + 1, rel->members.n);
    for (Py_ssize_t k = 0; k < to.n; k++)
        if (to.p[k] == ',') return 0;
    return map_get(&f->mention_ids, slice(rel->members, 0, comma)) >= 0 && map_get(&f->mention_ids, to) >= 0;
}

/* The usual relations (what evmeval.io.validate._check_relations finds nothing in): coreference clusters of
   known mentions, each mention in one cluster once, no span twice in a cluster; @After and @Subevent links
   between two known mentions. Anything else: flag. */
static int relations_clean(KFile *f, KDoc *doc) {
    map_clear(&f->members);
    for (int32_t r = doc->r0; r < doc->r0 + doc->nr; r++) {
        KRelation *rel = &f->r[r];
        if ((rel->kind.n == 5 && memcmp(rel->kind.p, "After", 5) == 0) ||
            (rel->kind.n == 8 && memcmp(rel->kind.p, "Subevent", 8) == 0)) {
            if (!link_clean(f, rel)) return 0;
            continue;
        }
        if (!(rel->kind.n == 11 && memcmp(rel->kind.p, "Coreference", 11) == 0)) return 0;
        int32_t cluster[MAX_CLUSTER];
        int k = 0;
        Py_ssize_t i = 0;
        while (i <= rel->members.n) {
            Py_ssize_t j = i;
            while (j < rel->members.n && rel->members.p[j] != ',') j++;
            Str id = slice(rel->members, i, j);
            int32_t mention = map_get(&f->mention_ids, id);
            int found = 0;
            if (mention < 0 || k == MAX_CLUSTER) return 0;
            if (map_put(&f->members, id, 0, &found) == -2) return -2;
            if (found) return 0;
            for (int c = 0; c < k; c++)
                if (same_span_set(f->m[cluster[c]].span, f->m[doc->m0 + mention].span)) return 0;
            cluster[k++] = doc->m0 + mention;
            i = j + 1;
        }
    }
    return 1;
}

static int close_doc(KFile *f, KDoc *doc, Py_ssize_t end) {
    int found = 0;
    doc->end = end;
    doc->nm = (int32_t)f->nm - doc->m0;
    doc->nr = (int32_t)f->nr - doc->r0;
    if (map_put(&f->doc_ids, doc->id, (int32_t)(doc - f->d), &found) == -2) return -2;
    if (found) return DECLINE; /* a document twice: Python warns and keeps the later copy */
    if (!doc->flagged && doc->nr) {
        int clean = relations_clean(f, doc);
        if (clean < 0) return clean;
        doc->flagged = !clean;
    }
    return 0;
}

static int value_id(KFile *f, Str value, int32_t *out) {
    int found = 0;
    int32_t id = map_put(&f->value_ids, value, (int32_t)f->nvalues, &found);
    if (id == -2) return -2;
    if (!found) {
        GROW(f->values, f->nvalues, f->capv, Str);
        f->values[f->nvalues++] = value;
    }
    *out = id;
    return 0;
}

static int mention_line(KFile *f, KDoc *doc, Str line, int32_t number) {
    Str fields[7];
    int nf = 0;
    Py_ssize_t i = 0;
    while (nf < 7) {
        const char *tab = memchr(line.p + i, '\t', (size_t)(line.n - i));
        Py_ssize_t j = tab ? tab - line.p : line.n;
        fields[nf++] = slice(line, i, j);
        if (!tab) break;
        i = j + 1;
    }
    if (nf < 7) return DECLINE; /* too few fields: a reading problem */
    Str span = fields[3];
    if (span.n == 0 || span.p[0] == ',' || span.p[span.n - 1] == ',') return DECLINE;
    for (Py_ssize_t k = 0; k < span.n; k++) {
        char c = span.p[k];
        if (c == ' ' || (c == ',' && span.p[k + 1] == ',')) return DECLINE;
    }
    GROW(f->m, f->nm, f->capm, KMention);
    KMention *m = &f->m[f->nm];
    m->id = fields[2];
    m->span = span;
    m->text = fields[4];
    m->line = number;
    if (value_id(f, fields[5], &m->type) < 0 || value_id(f, fields[6], &m->realis) < 0) return -2;
    int found = 0;
    if (map_put(&f->mention_ids, m->id, (int32_t)(f->nm - doc->m0), &found) == -2) return -2;
    if (found || !str_eq(fields[1], doc->id)) doc->flagged = 1; /* repeated id, or another document's */
    f->nm++;
    return 0;
}

/* The kind, id and members of a relation line as Python reads it (`line[1:].strip().split("\t")`), where
   the kernel reads it so: 1; 0 when stripping would take something off or the line has not three fields.
   The one rule for a relation line in C: the parse below and `relations` (what -a reads) both use it. */
static int relation_fields(Str line, Str fields[3]) {
    Str parts[4];
    int nf = 0;
    Py_ssize_t i = 1;
    if (line.n < 2 || line.p[1] == '\t') return 0; /* Python strips what follows the @ */
    for (Py_ssize_t k = 0; k < line.n; k++)
        if (line.p[k] == ' ' || (unsigned char)line.p[k] >= 0x80) return 0; /* stripped pieces */
    while (nf < 4) {
        Py_ssize_t j = i;
        while (j < line.n && line.p[j] != '\t') j++;
        parts[nf++] = slice(line, i, j);
        if (j >= line.n) break;
        i = j + 1;
    }
    if (nf != 3) return 0;
    for (int k = 0; k < 3; k++) fields[k] = parts[k];
    return 1;
}

static int relation_line(KFile *f, Str line, int32_t number) {
    Str fields[3];
    if (!relation_fields(line, fields)) return DECLINE;
    GROW(f->r, f->nr, f->capr, KRelation);
    f->r[f->nr].kind = fields[0];
    f->r[f->nr].id = fields[1];
    f->r[f->nr].members = fields[2];
    f->r[f->nr].line = number;
    f->nr++;
    return 0;
}

static int begin_doc(KFile *f, Str line, int32_t number, Py_ssize_t start) {
    static const char BEGIN[] = "#BeginOfDocument ";
    Py_ssize_t b = (Py_ssize_t)sizeof(BEGIN) - 1;
    if (line.n <= b || memcmp(line.p, BEGIN, (size_t)b) != 0) return DECLINE;
    Str id = slice(line, b, line.n);
    for (Py_ssize_t k = 0; k < id.n; k++)
        if (id.p[k] == ' ' || id.p[k] == '\t' || id.p[k] == '/') return DECLINE;
    if (is_blank_byte((unsigned char)id.p[0])) return DECLINE;
    GROW(f->d, f->nd, f->capd, KDoc);
    KDoc *doc = &f->d[f->nd++];
    memset(doc, 0, sizeof(*doc));
    doc->id = id;
    doc->line = number;
    doc->start = start;
    doc->m0 = (int32_t)f->nm;
    doc->r0 = (int32_t)f->nr;
    map_clear(&f->mention_ids);
    return 0;
}

static int parse_line(KFile *f, KDoc **open, Str line, int32_t number, Py_ssize_t start) {
    if (is_blank_byte((unsigned char)line.p[0]) || is_blank_byte((unsigned char)line.p[line.n - 1]))
        return DECLINE; /* what str.strip() would take off: Python's reading */
    int rc;
    if (line.p[0] == '#') {
        if (starts_with(line, "#BeginOfDocument")) {
            if (*open) return DECLINE; /* not closed */
            if ((rc = begin_doc(f, line, number, start)) != 0) return rc;
            *open = &f->d[f->nd - 1];
        } else if (starts_with(line, "#EndOfDocument")) {
            if (line.n != 14 || !*open) return DECLINE;
            if ((rc = close_doc(f, *open, start + line.n)) != 0) return rc;
            *open = NULL;
        }
        return 0; /* another # line is a comment */
    }
    if (!*open) return DECLINE; /* outside a document */
    if (line.p[0] == '@') return relation_line(f, line, number);
    return mention_line(f, *open, line, number);
}

static void parse_file(KFile *f) {
    if (!text_ok((const unsigned char *)f->buf, f->len)) {
        f->declined = DECLINE;
        return;
    }
    if (map_init(&f->value_ids, 256) || map_init(&f->doc_ids, 1024) || map_init(&f->mention_ids, 256) ||
        map_init(&f->members, 64)) {
        f->declined = -2;
        return;
    }
    KDoc *open = NULL;
    int32_t number = 0;
    Py_ssize_t pos = 0;
    for (;;) {
        const char *nl = memchr(f->buf + pos, '\n', (size_t)(f->len - pos));
        Py_ssize_t end = nl ? nl - f->buf : f->len;
        number++;
        if (end > pos) {
            Str line = {f->buf + pos, end - pos};
            int rc = parse_line(f, &open, line, number, pos);
            if (rc) {
                f->declined = rc;
                return;
            }
        }
        if (!nl) break;
        pos = end + 1;
    }
    if (open || f->nd == 0) f->declined = DECLINE; /* never closed / no document: Python words it */
}

static void *parse_thread(void *arg) {
    parse_file((KFile *)arg);
    return NULL;
}

static void file_free(KFile *f) {
    free(f->m);
    free(f->r);
    free(f->d);
    free(f->values);
    map_free(&f->value_ids);
    map_free(&f->doc_ids);
    map_free(&f->mention_ids);
    map_free(&f->members);
}

/* ------------------------------------------------------------------------------------------------
 * The token-id probe: every token id of every mention is in its document's token table.
 */
typedef struct {
    KFile *gold, *system;
    const char *folder, *ext;
    int ok; /* 1 every id found; 0 something for Python to say */
    int32_t *rows;
    size_t caprows;
} TokenProbe;

static int read_file(const char *path, char **out, Py_ssize_t *n) {
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC); /* a FIFO must not block */
    if (fd < 0) return -1;
    struct stat st;
    if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        return -1;
    }
    char *buf = malloc((size_t)st.st_size + 1);
    Py_ssize_t got = 0;
    while (buf) {
        ssize_t r = read(fd, buf + got, (size_t)st.st_size + 1 - (size_t)got);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) break;
        got += r;
        if (got == st.st_size + 1) break; /* grew while reading: let Python read it */
    }
    close(fd);
    if (!buf || got != st.st_size) {
        free(buf);
        return -1;
    }
    *out = buf;
    *n = got;
    return 0;
}

typedef struct {
    const char *buf;
    Py_ssize_t len;
    int32_t *rows; /* start of each row (data.split(b"\n")) */
    Py_ssize_t nrows;
    Map ids; /* first field of each row, stripped: built only if a probe by row number fails */
    int have_ids;
} Table;

/* Start of every row after the first (rows[0] = 0 is set by the caller); returns the row count.
   Newlines are found 16 bytes at a time where SSE2 exists (every x86-64), else with memchr. */
static Py_ssize_t index_rows(const char *buf, Py_ssize_t len, int32_t *rows) {
    Py_ssize_t n = 1, i = 0;
#ifdef __SSE2__
    const __m128i newline = _mm_set1_epi8('\n');
    for (; i + 16 <= len; i += 16) {
        unsigned mask = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(buf + i)), newline));
        while (mask) {
            rows[n++] = (int32_t)(i + __builtin_ctz(mask) + 1);
            mask &= mask - 1;
        }
    }
#endif
    for (const char *q = buf + i; (q = memchr(q, '\n', (size_t)(buf + len - q))) != NULL; q++)
        rows[n++] = (int32_t)(q - buf + 1);
    return n;
}

static int row_starts_with(const Table *t, Py_ssize_t k, Str id) {
    Py_ssize_t start = t->rows[k];
    Py_ssize_t end = k + 1 < t->nrows ? t->rows[k + 1] - 1 : t->len;
    return end - start > id.n && memcmp(t->buf + start, id.p, (size_t)id.n) == 0 && t->buf[start + id.n] == '\t';
}

static int is_ascii_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

static int table_ids(Table *t) {
    if (map_init(&t->ids, (size_t)t->nrows) < 0) return -2;
    t->have_ids = 1;
    for (Py_ssize_t k = 0; k < t->nrows; k++) {
        Py_ssize_t start = t->rows[k];
        Py_ssize_t end = k + 1 < t->nrows ? t->rows[k + 1] - 1 : t->len;
        const char *tab = memchr(t->buf + start, '\t', (size_t)(end - start));
        if (tab) end = tab - t->buf;
        while (start < end && is_ascii_space(t->buf[start])) start++;
        while (end > start && is_ascii_space(t->buf[end - 1])) end--;
        Str id = {t->buf + start, end - start};
        int found;
        if (map_put(&t->ids, id, 0, &found) == -2) return -2;
    }
    return 0;
}

/* The answer of evmeval.io.tokens.find_unknown_token_ids (the plain rule: the set of the table's ids), as a yes/no,
 * found by looking at row k (or k - 1) for `t<k>`, else the set: part of the mention kernel's 6.2x. */
static int table_has(Table *t, Str id) {
    if (id.n >= 2 && id.n <= 10 && id.p[0] == 't') {
        Py_ssize_t k = 0;
        int digits = 1;
        for (Py_ssize_t i = 1; i < id.n; i++) {
            if (id.p[i] < '0' || id.p[i] > '9') {
                digits = 0;
                break;
            }
            k = k * 10 + (id.p[i] - '0');
        }
        if (digits && ((k < t->nrows && row_starts_with(t, k, id)) || (k > 0 && k <= t->nrows && row_starts_with(t, k - 1, id))))
            return 1;
    }
    if (!t->have_ids && table_ids(t) < 0) return -2;
    Str empty = {"", 0};
    if (id.n == 0 || str_eq(id, empty)) return 0;
    return map_get(&t->ids, id) >= 0;
}

static int probe_doc(TokenProbe *p, Str doc_id, KFile **files, KDoc **docs, int nversions) {
    char path[4096];
    size_t fl = strlen(p->folder), el = strlen(p->ext);
    if (fl + 1 + (size_t)doc_id.n + el + 1 > sizeof(path)) return 0;
    memcpy(path, p->folder, fl);
    if (fl && path[fl - 1] != '/') path[fl++] = '/';
    memcpy(path + fl, doc_id.p, (size_t)doc_id.n);
    memcpy(path + fl + (size_t)doc_id.n, p->ext, el + 1);
    if (memchr(path, 0, fl + (size_t)doc_id.n + el) != NULL) return 0;
    Table t;
    memset(&t, 0, sizeof(t));
    char *buf;
    if (read_file(path, &buf, &t.len) < 0) return 0; /* no table: Python says so */
    t.buf = buf;
    if ((size_t)t.len + 2 > p->caprows) { /* at most one row per byte, plus one; kept for the next table */
        free(p->rows);
        p->caprows = (size_t)t.len * 2 + 2;
        p->rows = malloc(p->caprows * sizeof(int32_t));
        if (!p->rows) p->caprows = 0;
    }
    t.rows = p->rows;
    int ok = t.rows != NULL && t.len < INT32_MAX;
    if (ok) {
        t.rows[0] = 0;
        t.nrows = 1;
        t.nrows = index_rows(buf, t.len, t.rows);
    }
    for (int v = 0; v < nversions && ok; v++) {
        for (int32_t m = docs[v]->m0; m < docs[v]->m0 + docs[v]->nm && ok; m++) {
            Str span = files[v]->m[m].span;
            Py_ssize_t i = 0;
            while (i <= span.n && ok) {
                Py_ssize_t j = i;
                while (j < span.n && span.p[j] != ',') j++;
                ok = table_has(&t, slice(span, i, j)) == 1;
                i = j + 1;
            }
        }
    }
    free(buf);
    if (t.have_ids) map_free(&t.ids);
    return ok;
}

static void *probe_thread(void *arg) {
    TokenProbe *p = (TokenProbe *)arg;
    p->ok = 1;
    for (size_t g = 0; g < p->gold->nd && p->ok; g++) {
        KFile *files[2] = {p->gold, p->system};
        KDoc *docs[2] = {&p->gold->d[g], NULL};
        int n = 1;
        int32_t s = map_get(&p->system->doc_ids, docs[0]->id);
        if (s >= 0) docs[n++] = &p->system->d[s];
        if (docs[0]->nm + (n > 1 ? docs[1]->nm : 0) > 0) p->ok = probe_doc(p, docs[0]->id, files, docs, n);
    }
    for (size_t s = 0; s < p->system->nd && p->ok; s++) {
        KDoc *doc = &p->system->d[s];
        if (map_get(&p->gold->doc_ids, doc->id) >= 0 || doc->nm == 0) continue;
        KFile *files[1] = {p->system};
        KDoc *docs[1] = {doc};
        p->ok = probe_doc(p, doc->id, files, docs, 1);
    }
    free(p->rows);
    p->rows = NULL;
    p->caprows = 0;
    return NULL;
}

/* ------------------------------------------------------------------------------------------------
 * The parsed pair, kept in a capsule between `parse` and `score`.
 */
typedef struct {
    PyObject *gold_bytes, *system_bytes;
    KFile gold, system;
    int32_t *system_value; /* system value id -> global value id */
    Str *values;           /* global values: gold's, then system's new ones */
    size_t nvalues;
    char *folder, *ext;
    TokenProbe probe;
    pthread_t probe_tid;
    int probing;
} Parsed;

static void parsed_free(Parsed *k) {
    if (k->probing) pthread_join(k->probe_tid, NULL);
    file_free(&k->gold);
    file_free(&k->system);
    free(k->system_value);
    free(k->values);
    free(k->folder);
    free(k->ext);
    Py_XDECREF(k->gold_bytes);
    Py_XDECREF(k->system_bytes);
    free(k);
}

static void capsule_free(PyObject *capsule) {
    Parsed *k = PyCapsule_GetPointer(capsule, "evmeval.mention._kernel.Parsed");
    if (k) parsed_free(k);
}

static int merge_values(Parsed *k) {
    k->values = malloc((k->gold.nvalues + k->system.nvalues + 1) * sizeof(Str));
    k->system_value = malloc((k->system.nvalues + 1) * sizeof(int32_t));
    if (!k->values || !k->system_value) return -2;
    memcpy(k->values, k->gold.values, k->gold.nvalues * sizeof(Str));
    k->nvalues = k->gold.nvalues;
    for (size_t v = 0; v < k->system.nvalues; v++) {
        int32_t id = map_get(&k->gold.value_ids, k->system.values[v]);
        if (id < 0) {
            id = (int32_t)k->nvalues;
            k->values[k->nvalues++] = k->system.values[v];
        }
        k->system_value[v] = id;
    }
    for (size_t m = 0; m < k->system.nm; m++) {
        k->system.m[m].type = k->system_value[k->system.m[m].type];
        k->system.m[m].realis = k->system_value[k->system.m[m].realis];
    }
    return 0;
}

static PyObject *str_object(Str s) { return PyUnicode_DecodeUTF8(s.p, s.n, "strict"); }

static PyObject *doc_list(KFile *f) {
    PyObject *ids = PyList_New((Py_ssize_t)f->nd);
    for (size_t d = 0; ids && d < f->nd; d++) {
        PyObject *s = str_object(f->d[d].id);
        if (!s) {
            Py_CLEAR(ids);
            break;
        }
        PyList_SET_ITEM(ids, (Py_ssize_t)d, s);
    }
    return ids;
}

static PyObject *flagged_list(KFile *f, int all) { /* all: every document, not only the flagged ones */
    PyObject *out = PyList_New(0);
    for (size_t d = 0; out && d < f->nd; d++) {
        KDoc *doc = &f->d[d];
        if (!doc->flagged && !all) continue;
        PyObject *item = Py_BuildValue("(nnni)", (Py_ssize_t)d, doc->start, doc->end, doc->line);
        if (!item || PyList_Append(out, item) < 0) Py_CLEAR(out);
        Py_XDECREF(item);
    }
    return out;
}

PyDoc_STRVAR(parse_doc,
             "parse(gold: bytes, system: bytes, token_folder: str, extension: str) -> (handle, info) | None\n\n"
             "Parse both tbf files (two threads) and start probing token ids; None: not the kernel's case.\n"
             "info = (gold doc ids, system doc ids, raw values, gold flagged, system flagged), a flagged\n"
             "document being (index, start byte, end byte, first line).");

static PyObject *k_parse(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *gold, *system;
    const char *folder, *ext;
    if (!PyArg_ParseTuple(args, "SSss", &gold, &system, &folder, &ext)) return NULL;
    Parsed *k = calloc(1, sizeof(Parsed));
    if (!k) return PyErr_NoMemory();
    Py_INCREF(gold);
    Py_INCREF(system);
    k->gold_bytes = gold;
    k->system_bytes = system;
    k->gold.buf = PyBytes_AS_STRING(gold);
    k->gold.len = PyBytes_GET_SIZE(gold);
    k->system.buf = PyBytes_AS_STRING(system);
    k->system.len = PyBytes_GET_SIZE(system);
    k->folder = strdup(folder);
    k->ext = strdup(ext);
    int declined = 0;
    Py_BEGIN_ALLOW_THREADS
    pthread_t tid;
    int threaded = pthread_create(&tid, NULL, parse_thread, &k->system) == 0;
    parse_file(&k->gold);
    if (threaded)
        pthread_join(tid, NULL);
    else
        parse_file(&k->system);
    declined = k->gold.declined ? k->gold.declined : k->system.declined;
    if (!declined) declined = merge_values(k);
    if (!declined && k->folder && k->ext) {
        k->probe.gold = &k->gold;
        k->probe.system = &k->system;
        k->probe.folder = k->folder;
        k->probe.ext = k->ext;
        k->probing = pthread_create(&k->probe_tid, NULL, probe_thread, &k->probe) == 0;
        if (!k->probing) probe_thread(&k->probe);
    }
    Py_END_ALLOW_THREADS
    if (declined || !k->folder || !k->ext) {
        parsed_free(k);
        if (declined == -2) return PyErr_NoMemory();
        Py_RETURN_NONE;
    }
    PyObject *capsule = PyCapsule_New(k, "evmeval.mention._kernel.Parsed", capsule_free);
    if (!capsule) {
        parsed_free(k);
        return NULL;
    }
    PyObject *values = PyList_New((Py_ssize_t)k->nvalues);
    for (size_t v = 0; values && v < k->nvalues; v++) {
        PyObject *s = str_object(k->values[v]);
        if (!s) {
            Py_CLEAR(values);
            break;
        }
        PyList_SET_ITEM(values, (Py_ssize_t)v, s);
    }
    PyObject *out = NULL;
    PyObject *gids = doc_list(&k->gold), *sids = doc_list(&k->system);
    PyObject *gflag = flagged_list(&k->gold, 0), *sflag = flagged_list(&k->system, 0);
    if (values && gids && sids && gflag && sflag)
        out = Py_BuildValue("(N(NNNNN))", capsule, gids, sids, values, gflag, sflag);
    else {
        Py_DECREF(capsule);
        Py_XDECREF(values);
        Py_XDECREF(gids);
        Py_XDECREF(sids);
        Py_XDECREF(gflag);
        Py_XDECREF(sflag);
    }
    return out;
}

/* ------------------------------------------------------------------------------------------------
 * Scoring: Dice candidates, greedy per combination, per-type sums and the -d text.
 */
typedef struct {
    double dice;
    int32_t s, g;
} Cand;

static int cand_cmp(const void *a, const void *b) {
    const Cand *x = a, *y = b;
    if (x->dice != y->dice) return x->dice > y->dice ? -1 : 1; /* best first */
    if (x->s != y->s) return x->s < y->s ? -1 : 1;             /* then the order they were found in */
    return x->g < y->g ? -1 : (x->g > y->g);
}

typedef struct {
    char *p; /* NULL: only count the bytes (the first pass sizes the bytes object, written in place) */
    size_t n, cap;
} Buf;

static int buf_add(Buf *b, const char *s, size_t n) {
    if (b->p) {
        if (b->n + n > b->cap) return -1;
        memcpy(b->p + b->n, s, n);
    }
    b->n += n;
    return 0;
}

static int buf_str(Buf *b, Str s) { return buf_add(b, s.p, (size_t)s.n); }

typedef struct {
    Str *canon; /* canonical value of each global value id, as bytes */
    int32_t *canon_id;
    Py_ssize_t ncanon;
    const unsigned char *agree; /* ncanon x ncanon: values_agree(gold, system) */
    int checks[4][2];           /* per combination: checks type, checks realis */
    int plain, typed;           /* the combination the -d file shows; the one per-type sums use */
    int typed2;                 /* the combination of the second per-type TP sums (-1: none) */
    int coref;                  /* the combination whose greedy pairs -c aligns with (-1: no -c) */
    Str run;
} Rules;

typedef struct {
    Map tokens;
    int32_t *units, *unit_off, *unit_n; /* per mention (gold first), sorted distinct token numbers */
    size_t capu, capm, capn;
    int32_t *index_off, *index, *cursor; /* token -> gold mentions */
    size_t capt, capi, capcur;
    int32_t *shared, *touched;
    size_t capsh, captouch;
    Cand *cands;
    size_t capc;
    int32_t *gold_taken, *sys_taken, *plain_sys, *coref_sys;
    double *plain_dice, *typed_dice, *typed2_dice, *coref_dice;
    size_t capg, caps, capps, cappd, captd, capt2d, capcs, capcd;
} Work;

/* One chosen pair (--json lists them): gold and system rows within the document, and their Dice. */
typedef struct {
    int32_t g, s;
    double dice;
} KPair;

typedef struct {
    KPair *p;
    size_t n, cap;
} PairList;

static int fields(Buf *b, const Rules *r, const KMention *m) {
    return buf_str(b, m->id) || buf_add(b, "\t", 1) || buf_str(b, m->span) || buf_add(b, "\t", 1) ||
           buf_str(b, r->canon[r->canon_id[m->type]]) || buf_add(b, "\t", 1) || buf_str(b, r->canon[r->canon_id[m->realis]]) ||
           buf_add(b, "\t", 1) || buf_str(b, m->text);
}

#define ENSURE(ptr, cap, need, type)                                                            \
    do {                                                                                        \
        if ((size_t)(need) > (cap)) {                                                           \
            size_t c_ = (cap) ? (cap) : 64;                                                     \
            while (c_ < (size_t)(need)) c_ *= 2;                                                \
            type *np_ = realloc((ptr), c_ * sizeof(type));                                      \
            if (!np_) return -2;                                                                \
            (ptr) = np_;                                                                        \
            (cap) = c_;                                                                         \
        }                                                                                       \
    } while (0)

static int int_cmp(const void *a, const void *b) {
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

/* Token numbers of every mention (gold 0..ng-1, then system), sorted and distinct. */
static int intern_units(Work *w, const KMention *gm, int32_t ng, const KMention *sm, int32_t ns, int32_t *ntokens) {
    map_clear(&w->tokens);
    int32_t total = ng + ns;
    size_t off = 0;
    ENSURE(w->unit_off, w->capm, total + 1, int32_t);
    ENSURE(w->unit_n, w->capn, total + 1, int32_t);
    for (int32_t i = 0; i < total; i++) {
        const KMention *m = i < ng ? &gm[i] : &sm[i - ng];
        w->unit_off[i] = (int32_t)off;
        Py_ssize_t a = 0;
        int32_t n = 0;
        while (a <= m->span.n) {
            Py_ssize_t b = a;
            while (b < m->span.n && m->span.p[b] != ',') b++;
            int found;
            int32_t t = map_put(&w->tokens, slice(m->span, a, b), (int32_t)w->tokens.count, &found);
            if (t == -2) return -2;
            ENSURE(w->units, w->capu, off + (size_t)n + 1, int32_t);
            w->units[off + (size_t)n++] = t;
            a = b + 1;
        }
        if (n > 1) {
            qsort(w->units + off, (size_t)n, sizeof(int32_t), int_cmp);
            int32_t k = 1;
            for (int32_t j = 1; j < n; j++)
                if (w->units[off + (size_t)j] != w->units[off + (size_t)k - 1]) w->units[off + (size_t)k++] = w->units[off + (size_t)j];
            n = k;
        }
        w->unit_n[i] = n;
        off += (size_t)n;
    }
    *ntokens = (int32_t)w->tokens.count;
    return 0;
}

/* The ranked (dice, system, gold) candidates, as evmeval.align.overlap.candidate_pairs ranks them. */
static int candidates(Work *w, int32_t ng, int32_t ns, int32_t ntokens, size_t *ncand) {
    ENSURE(w->index_off, w->capt, ntokens + 1, int32_t);
    memset(w->index_off, 0, (size_t)(ntokens + 1) * sizeof(int32_t));
    for (int32_t g = 0; g < ng; g++)
        for (int32_t j = 0; j < w->unit_n[g]; j++) w->index_off[w->units[w->unit_off[g] + j] + 1]++;
    for (int32_t t = 0; t < ntokens; t++) w->index_off[t + 1] += w->index_off[t];
    ENSURE(w->index, w->capi, w->index_off[ntokens] + 1, int32_t);
    ENSURE(w->shared, w->capsh, ng + 1, int32_t);
    ENSURE(w->touched, w->captouch, ng + 1, int32_t);
    ENSURE(w->cursor, w->capcur, ntokens + 1, int32_t);
    memcpy(w->cursor, w->index_off, (size_t)(ntokens + 1) * sizeof(int32_t));
    for (int32_t g = 0; g < ng; g++) /* each token's gold mentions, in gold order */
        for (int32_t j = 0; j < w->unit_n[g]; j++) w->index[w->cursor[w->units[w->unit_off[g] + j]]++] = g;
    memset(w->shared, 0, (size_t)(ng + 1) * sizeof(int32_t));
    size_t n = 0;
    for (int32_t s = 0; s < ns; s++) {
        int32_t m = ng + s, nt = 0;
        for (int32_t j = 0; j < w->unit_n[m]; j++) {
            int32_t t = w->units[w->unit_off[m] + j];
            for (int32_t k = w->index_off[t]; k < w->index_off[t + 1]; k++) {
                int32_t g = w->index[k];
                if (w->shared[g]++ == 0) w->touched[nt++] = g;
            }
        }
        if (nt > 1) qsort(w->touched, (size_t)nt, sizeof(int32_t), int_cmp);
        ENSURE(w->cands, w->capc, n + (size_t)nt + 1, Cand);
        for (int32_t k = 0; k < nt; k++) {
            int32_t g = w->touched[k];
            w->cands[n].dice = 2.0 * w->shared[g] / (double)(w->unit_n[g] + w->unit_n[m]);
            w->cands[n].s = s;
            w->cands[n].g = g;
            n++;
            w->shared[g] = 0;
        }
    }
    if (n > 1) qsort(w->cands, n, sizeof(Cand), cand_cmp);
    *ncand = n;
    return 0;
}

typedef struct {
    double *type_tp, *type_tp2;
    long *type_gold, *type_sys;
} TypeSums;

/* One document: TP of each combination (added in the order pairs are chosen), the per-type sums,
   and its -d block. */
static int score_doc(Work *w, const Rules *r, const KDoc *gdoc, const KMention *gm, const KDoc *sdoc,
                     const KMention *sm, double tp[4], TypeSums *sums, int32_t *partner, double *partner_dice,
                     int32_t *coref_partner, double *coref_dice, PairList *chosen) {
    int32_t ng = gdoc->nm, ns = sdoc ? sdoc->nm : 0, ntokens = 0;
    size_t ncand = 0;
    int rc = intern_units(w, gm, ng, sm, ns, &ntokens);
    if (!rc) rc = candidates(w, ng, ns, ntokens, &ncand);
    if (rc) return rc;
    ENSURE(w->gold_taken, w->capg, ng + 1, int32_t);
    ENSURE(w->plain_sys, w->capps, ng + 1, int32_t);
    ENSURE(w->plain_dice, w->cappd, ng + 1, double);
    ENSURE(w->typed_dice, w->captd, ng + 1, double);
    ENSURE(w->typed2_dice, w->capt2d, ng + 1, double);
    ENSURE(w->sys_taken, w->caps, ns + 1, int32_t);
    ENSURE(w->coref_sys, w->capcs, ng + 1, int32_t);
    ENSURE(w->coref_dice, w->capcd, ng + 1, double);
    for (int c = 0; c < 4; c++) {
        memset(w->gold_taken, 0, (size_t)(ng + 1) * sizeof(int32_t));
        memset(w->sys_taken, 0, (size_t)(ns + 1) * sizeof(int32_t));
        if (c == r->plain)
            for (int32_t g = 0; g < ng; g++) w->plain_sys[g] = -1;
        if (c == r->typed)
            for (int32_t g = 0; g < ng; g++) w->typed_dice[g] = -1.0;
        if (c == r->typed2)
            for (int32_t g = 0; g < ng; g++) w->typed2_dice[g] = -1.0;
        if (c == r->coref)
            for (int32_t g = 0; g < ng; g++) w->coref_sys[g] = -1, w->coref_dice[g] = 0.0;
        double sum = 0.0;
        for (size_t k = 0; k < ncand; k++) {
            const Cand *x = &w->cands[k];
            if (w->gold_taken[x->g] || w->sys_taken[x->s]) continue;
            const KMention *g = &gm[x->g], *s = &sm[x->s];
            if (r->checks[c][0] && !r->agree[r->canon_id[g->type] * r->ncanon + r->canon_id[s->type]]) continue;
            if (r->checks[c][1] && !r->agree[r->canon_id[g->realis] * r->ncanon + r->canon_id[s->realis]]) continue;
            w->gold_taken[x->g] = w->sys_taken[x->s] = 1;
            sum += x->dice;
            if (c == r->plain) {
                w->plain_sys[x->g] = x->s;
                w->plain_dice[x->g] = x->dice;
            }
            if (c == r->typed) w->typed_dice[x->g] = x->dice;
            if (c == r->typed2) w->typed2_dice[x->g] = x->dice;
            if (chosen) {
                PairList *l = &chosen[c];
                ENSURE(l->p, l->cap, l->n + 1, KPair);
                l->p[l->n].g = x->g;
                l->p[l->n].s = x->s;
                l->p[l->n].dice = x->dice;
                l->n++;
            }
            if (c == r->coref) {
                w->coref_sys[x->g] = x->s;
                w->coref_dice[x->g] = x->dice;
            }
        }
        tp[c] = sum;
    }
    for (int32_t g = 0; g < ng; g++) {
        int32_t t = r->canon_id[gm[g].type];
        sums->type_gold[t]++;
        if (w->typed_dice[g] >= 0.0) sums->type_tp[t] += w->typed_dice[g];
        if (r->typed2 >= 0 && w->typed2_dice[g] >= 0.0) sums->type_tp2[t] += w->typed2_dice[g];
    }
    for (int32_t s = 0; s < ns; s++) sums->type_sys[r->canon_id[sm[s].type]]++;
    memcpy(partner, w->plain_sys, (size_t)ng * sizeof(int32_t));
    memcpy(partner_dice, w->plain_dice, (size_t)ng * sizeof(double));
    if (coref_partner) {
        memcpy(coref_partner, w->coref_sys, (size_t)ng * sizeof(int32_t));
        memcpy(coref_dice, w->coref_dice, (size_t)ng * sizeof(double));
    }
    return 0;
}

/* "\t%.2f\n" of a Dice: a corpus holds a few hundred distinct values (2 * shared / sizes), so each is
   formatted once by printf, whose rounding is Python's (the exact binary value, ties to even). */
typedef struct {
    double value;
    int n; /* 0: empty slot */
    char text[24];
} Figure;

#define FIGURES 1024

static const Figure *dice_figure(Figure *figures, double value) {
    uint64_t bits;
    memcpy(&bits, &value, sizeof(bits));
    Figure *f = &figures[(bits ^ (bits >> 29) ^ (bits >> 41)) & (FIGURES - 1)];
    if (f->n <= 0 || f->value != value) {
        f->value = value;
        f->n = snprintf(f->text, sizeof(f->text), "\t%.2f\n", value);
        if (f->n >= (int)sizeof(f->text)) f->n = -1;
    }
    return f;
}

/* One document's block of the -d file (evmeval.report.comparison.format_comparison's layout): gold
   mentions beside their plain-mapping partner, then the system mentions left over. `mapped`: scratch. */
static int comparison_block(Buf *b, const Rules *r, const KDoc *gdoc, const KMention *gm, int32_t ns,
                            const KMention *sm, const int32_t *partner, const double *partner_dice,
                            unsigned char *mapped, Figure *figures) {
    int err = buf_add(b, "#BeginOfDocument ", 17) || buf_str(b, gdoc->id) || buf_add(b, "\n", 1);
    memset(mapped, 0, (size_t)ns + 1);
    for (int32_t g = 0; g < gdoc->nm && !err; g++) {
        err = buf_str(b, r->run) || buf_add(b, "\t", 1) || fields(b, r, &gm[g]) || buf_add(b, "\t|\t", 3);
        if (err) break;
        int32_t s = partner[g];
        if (s < 0) {
            err = buf_add(b, "-\t-\n", 4);
        } else {
            const Figure *figure = dice_figure(figures, partner_dice[g]);
            mapped[s] = 1;
            err = figure->n <= 0 || fields(b, r, &sm[s]) || buf_add(b, figure->text, (size_t)figure->n);
        }
    }
    for (int32_t s = 0; s < ns && !err; s++)
        if (!mapped[s])
            err = buf_str(b, r->run) || buf_add(b, "\t-\t|\t", 5) || fields(b, r, &sm[s]) || buf_add(b, "\t-\n", 3);
    if (!err) err = buf_add(b, "#EndOfDocument \n", 16);
    return err ? -2 : 0;
}

static void work_free(Work *w) {
    map_free(&w->tokens);
    free(w->units);
    free(w->unit_off);
    free(w->unit_n);
    free(w->index_off);
    free(w->index);
    free(w->cursor);
    free(w->shared);
    free(w->touched);
    free(w->cands);
    free(w->gold_taken);
    free(w->sys_taken);
    free(w->plain_sys);
    free(w->plain_dice);
    free(w->typed_dice);
    free(w->typed2_dice);
    free(w->coref_sys);
    free(w->coref_dice);
}

static int read_rules(Rules *r, Parsed *k, PyObject *canon_ids, PyObject *canon_strs, PyObject *agree, PyObject *checks) {
    if ((size_t)PyList_GET_SIZE(canon_ids) != k->nvalues) {
        PyErr_SetString(PyExc_ValueError, "one canonical id per raw value");
        return -1;
    }
    r->ncanon = PyList_GET_SIZE(canon_strs);
    if (PyBytes_GET_SIZE(agree) != r->ncanon * r->ncanon || PyList_GET_SIZE(checks) != 4) {
        PyErr_SetString(PyExc_ValueError, "agreement matrix or checks of the wrong size");
        return -1;
    }
    r->agree = (const unsigned char *)PyBytes_AS_STRING(agree);
    r->canon_id = malloc((k->nvalues + 1) * sizeof(int32_t));
    r->canon = malloc((size_t)(r->ncanon + 1) * sizeof(Str));
    if (!r->canon_id || !r->canon) {
        PyErr_NoMemory();
        return -1;
    }
    for (size_t v = 0; v < k->nvalues; v++) {
        long id = PyLong_AsLong(PyList_GET_ITEM(canon_ids, (Py_ssize_t)v));
        if (id < 0 || id >= r->ncanon) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "canonical id out of range");
            return -1;
        }
        r->canon_id[v] = (int32_t)id;
    }
    for (Py_ssize_t c = 0; c < r->ncanon; c++) {
        PyObject *b = PyList_GET_ITEM(canon_strs, c);
        if (!PyBytes_Check(b)) {
            PyErr_SetString(PyExc_TypeError, "canonical values as bytes");
            return -1;
        }
        r->canon[c].p = PyBytes_AS_STRING(b);
        r->canon[c].n = PyBytes_GET_SIZE(b);
    }
    for (int c = 0; c < 4; c++) {
        PyObject *pair = PyList_GET_ITEM(checks, c);
        if (!PyArg_ParseTuple(pair, "pp", &r->checks[c][0], &r->checks[c][1])) return -1;
    }
    return 0;
}


/* ------------------------------------------------------------------------------------------------
 * What -c needs besides the mention scores (evmeval.cli.fastpath hands it to evmeval.coref._corefkernel.arrays).
 */
static PyObject *int32_bytes(const int32_t *values, Py_ssize_t count) {
    return PyBytes_FromStringAndSize((const char *)values, count * (Py_ssize_t)sizeof(int32_t));
}

/* The @Coreference members of one side's document as mention rows, in written order, and where each
   relation's members start (one more start: the end). 1: done; 0: a repeated mention id or a member that
   is not a mention of the document (evmeval.coref.scoring's Python path decides those); -1: error. Which
   relations are clusters is evmeval.coref.clusters' rule (kind "Coreference"); numbering is their order. */
static int side_members(const KFile *f, const KDoc *doc, Map *ids, PyObject **members, PyObject **starts) {
    int32_t nm = doc ? doc->nm : 0, nr = doc ? doc->nr : 0, nmembers = 0, nclusters = 0;
    map_clear(ids);
    for (int32_t row = 0; row < nm; row++) {
        int found = 0;
        if (map_put(ids, f->m[doc->m0 + row].id, row, &found) == -2) return -1;
        if (found) return 0;
    }
    for (int32_t r = 0; r < nr; r++) {
        const KRelation *rel = &f->r[doc->r0 + r];
        if (!(rel->kind.n == 11 && memcmp(rel->kind.p, "Coreference", 11) == 0)) continue;
        nclusters++;
        for (Py_ssize_t k = 0; k < rel->members.n; k++) nmembers += rel->members.p[k] == ',';
        nmembers++;
    }
    int32_t *rows = malloc(((size_t)nmembers + 1) * sizeof(int32_t));
    int32_t *at = malloc(((size_t)nclusters + 1) * sizeof(int32_t));
    int status = rows && at ? 1 : -1;
    int32_t n = 0, c = 0;
    for (int32_t r = 0; status == 1 && r < nr; r++) {
        const KRelation *rel = &f->r[doc->r0 + r];
        if (!(rel->kind.n == 11 && memcmp(rel->kind.p, "Coreference", 11) == 0)) continue;
        at[c++] = n;
        Py_ssize_t i = 0;
        while (status == 1 && i <= rel->members.n) {
            Py_ssize_t j = i;
            while (j < rel->members.n && rel->members.p[j] != ',') j++;
            int32_t row = map_get(ids, slice(rel->members, i, j));
            if (row < 0) status = 0;
            else rows[n++] = row;
            i = j + 1;
        }
    }
    if (status == 1) {
        at[c] = n;
        *members = int32_bytes(rows, n);
        *starts = int32_bytes(at, nclusters + 1);
        if (!*members || !*starts) {
            Py_CLEAR(*members);
            Py_CLEAR(*starts);
            status = -1;
        }
    }
    free(rows);
    free(at);
    if (status < 0 && !PyErr_Occurred()) PyErr_NoMemory();
    return status;
}

/* One field of every mention of the scored documents (`text` or `id`), each followed by a newline (no
   field holds one), in report order: gold side or system side. */
static PyObject *field_blob(const KFile *f, const KDoc *const *docs, Py_ssize_t ndocs, int text) {
    size_t size = 0;
    for (Py_ssize_t i = 0; i < ndocs; i++)
        for (int32_t m = 0; docs[i] && m < docs[i]->nm; m++) {
            const KMention *x = &f->m[docs[i]->m0 + m];
            size += (size_t)(text ? x->text.n : x->id.n) + 1;
        }
    PyObject *out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)size);
    if (!out) return NULL;
    char *p = PyBytes_AS_STRING(out);
    for (Py_ssize_t i = 0; i < ndocs; i++)
        for (int32_t m = 0; docs[i] && m < docs[i]->nm; m++) {
            const KMention *x = &f->m[docs[i]->m0 + m];
            Str v = text ? x->text : x->id;
            memcpy(p, v.p, (size_t)v.n);
            p += v.n;
            *p++ = '\n';
        }
    return out;
}

/* The relation id of every @Coreference line of the scored documents (one side), each followed by a newline,
   document after document: the clusters' names the --json explanations give (numbered as side_members). */
static PyObject *cluster_ids_blob(const KFile *f, const KDoc *const *docs, Py_ssize_t ndocs) {
    size_t size = 0;
    for (int pass = 0; pass < 2; pass++) {
        PyObject *out = pass ? PyBytes_FromStringAndSize(NULL, (Py_ssize_t)size) : NULL;
        if (pass && !out) return NULL;
        char *p = out ? PyBytes_AS_STRING(out) : NULL;
        for (Py_ssize_t i = 0; i < ndocs; i++)
            for (int32_t r = 0; docs[i] && r < docs[i]->nr; r++) {
                const KRelation *rel = &f->r[docs[i]->r0 + r];
                if (!(rel->kind.n == 11 && memcmp(rel->kind.p, "Coreference", 11) == 0)) continue;
                if (p) {
                    memcpy(p, rel->id.p, (size_t)rel->id.n);
                    p += rel->id.n;
                    *p++ = '\n';
                } else {
                    size += (size_t)rel->id.n + 1;
                }
            }
        if (pass) return out;
    }
    return NULL;
}

/* (per document: (partner, dice, gold members, gold starts, system members, system starts) or None,
   gold texts, system texts, gold ids, system ids, gold cluster ids, system cluster ids); partner / dice: the
   -m combination's greedy pairs; cluster ids: cluster_ids_blob. */
static PyObject *coref_output(Parsed *k, const int32_t *docs, const int32_t *sys_of, Py_ssize_t ndocs,
                              const int32_t *partner, const double *dice) {
    const KDoc **gdocs = malloc(((size_t)ndocs + 1) * sizeof(KDoc *));
    const KDoc **sdocs = malloc(((size_t)ndocs + 1) * sizeof(KDoc *));
    PyObject *rows = PyList_New(ndocs), *out = NULL;
    Map ids;
    memset(&ids, 0, sizeof(ids));
    int ok = gdocs && sdocs && rows && map_init(&ids, 256) == 0;
    if (!ok && !PyErr_Occurred()) PyErr_NoMemory();
    for (Py_ssize_t i = 0; ok && i < ndocs; i++) {
        const KDoc *g = gdocs[i] = &k->gold.d[docs[i]];
        const KDoc *sd = sdocs[i] = sys_of[i] >= 0 ? &k->system.d[sys_of[i]] : NULL;
        PyObject *gm = NULL, *gs = NULL, *sm = NULL, *ss = NULL, *item = NULL;
        int status = side_members(&k->gold, g, &ids, &gm, &gs);
        if (status == 1) status = side_members(&k->system, sd, &ids, &sm, &ss);
        if (status == 1) {
            PyObject *p = int32_bytes(partner + g->m0, g->nm);
            PyObject *d = PyBytes_FromStringAndSize((const char *)(dice + g->m0), g->nm * (Py_ssize_t)sizeof(double));
            item = p && d ? PyTuple_Pack(6, p, d, gm, gs, sm, ss) : NULL;
            Py_XDECREF(p);
            Py_XDECREF(d);
        } else if (status == 0) {
            item = Py_NewRef(Py_None);
        }
        Py_XDECREF(gm);
        Py_XDECREF(gs);
        Py_XDECREF(sm);
        Py_XDECREF(ss);
        if (!item) ok = 0;
        else PyList_SET_ITEM(rows, i, item);
    }
    if (ok)
        out = Py_BuildValue("(NNNNNNN)", rows, field_blob(&k->gold, gdocs, ndocs, 1),
                            field_blob(&k->system, sdocs, ndocs, 1), field_blob(&k->gold, gdocs, ndocs, 0),
                            field_blob(&k->system, sdocs, ndocs, 0), cluster_ids_blob(&k->gold, gdocs, ndocs),
                            cluster_ids_blob(&k->system, sdocs, ndocs));
    else
        Py_XDECREF(rows);
    map_free(&ids);
    free(gdocs);
    free(sdocs);
    return out;
}

/* --json's lists of chosen pairs, as text. A second form of evmeval.report.json_report.mapping_json with
   Python's C JSON encoder (ensure_ascii, default separators), tested against it byte for byte: ids escaped
   as json.encoder.encode_basestring_ascii does, Dice written as float.__repr__ writes it. */
static int buf_escaped(Buf *b, Str s) { /* a JSON string of UTF-8 `s`, ASCII only */
    static const char hex[] = "0123456789abcdef";
    char u[12];
    if (buf_add(b, "\"", 1)) return -1;
    for (Py_ssize_t i = 0; i < s.n;) {
        unsigned char c = (unsigned char)s.p[i];
        Py_ssize_t run = i;
        while (run < s.n && (unsigned char)s.p[run] >= ' ' && (unsigned char)s.p[run] <= '~' && s.p[run] != '"' &&
               s.p[run] != '\\')
            run++;
        if (run > i) {
            if (buf_add(b, s.p + i, (size_t)(run - i))) return -1;
            i = run;
            continue;
        }
        uint32_t cp = c;
        int len = 1;
        if (c >= 0xF0) cp = c & 0x07, len = 4;
        else if (c >= 0xE0) cp = c & 0x0F, len = 3;
        else if (c >= 0xC0) cp = c & 0x1F, len = 2;
        for (int k = 1; k < len && i + k < s.n; k++) cp = (cp << 6) | ((unsigned char)s.p[i + k] & 0x3F);
        i += len;
        const char *short_form = cp == '"' ? "\\\"" : cp == '\\' ? "\\\\" : cp == '\n' ? "\\n" : cp == '\r' ? "\\r"
                               : cp == '\t' ? "\\t" : cp == '\b' ? "\\b" : cp == '\f' ? "\\f" : NULL;
        if (short_form) {
            if (buf_add(b, short_form, 2)) return -1;
            continue;
        }
        uint32_t units[2] = {cp, 0};
        int nunits = 1;
        if (cp >= 0x10000) {
            cp -= 0x10000;
            units[0] = 0xD800 | (cp >> 10);
            units[1] = 0xDC00 | (cp & 0x3FF);
            nunits = 2;
        }
        for (int k = 0; k < nunits; k++) {
            u[0] = '\\', u[1] = 'u';
            for (int d = 0; d < 4; d++) u[2 + d] = hex[(units[k] >> (12 - 4 * d)) & 0xF];
            if (buf_add(b, u, 6)) return -1;
        }
    }
    return buf_add(b, "\"", 1);
}

/* float.__repr__ of a Dice: few distinct values, each formatted once (as dice_figure caches %.2f). */
typedef struct {
    double value;
    int n; /* 0: empty slot */
    char text[32];
} Repr;

static const Repr *dice_repr(Repr *reprs, double value) {
    uint64_t bits;
    memcpy(&bits, &value, sizeof(bits));
    Repr *f = &reprs[(bits ^ (bits >> 29) ^ (bits >> 41)) & (FIGURES - 1)];
    if (f->n <= 0 || f->value != value) {
        char *text = PyOS_double_to_string(value, 'r', 0, Py_DTSF_ADD_DOT_0, NULL);
        if (!text) return NULL;
        size_t n = strlen(text);
        f->value = value;
        f->n = n < sizeof(f->text) ? (int)n : -1;
        if (f->n > 0) memcpy(f->text, text, n);
        PyMem_Free(text);
        if (f->n < 0) return NULL;
    }
    return f;
}

/* (text, ends, type_tp2): for document i and combination c, its pairs' list is text[ends[4i + c - 1]:ends[4i + c]]
   (from 0 for the first); ends as native int64. */
static int pair_lists(Buf *text, int64_t *ends, Repr *reprs, Parsed *k, const int32_t *docs, const int32_t *sys_of,
                      Py_ssize_t ndocs, const PairList *chosen, const int32_t *starts) {
    char number[96]; /* two int32 and the keys: at most 68 bytes */
    int ok = 1;
    for (Py_ssize_t i = 0; ok && i < ndocs; i++) {
        const KDoc *g = &k->gold.d[docs[i]], *sd = sys_of[i] >= 0 ? &k->system.d[sys_of[i]] : NULL;
        const KMention *gm = k->gold.m + g->m0, *sm = sd ? k->system.m + sd->m0 : NULL;
        for (int c = 0; ok && c < 4; c++) {
            int32_t first = starts[c * (ndocs + 1) + i], last = starts[c * (ndocs + 1) + i + 1];
            ok = !buf_add(text, "[", 1);
            for (int32_t j = first; ok && j < last; j++) {
                const KPair *x = &chosen[c].p[j];
                const Repr *dice = dice_repr(reprs, x->dice);
                int n = snprintf(number, sizeof(number), ", \"gold_index\": %d, \"system_index\": %d, \"dice\": ",
                                 (int)x->g, (int)x->s);
                ok = dice && n > 0 && n < (int)sizeof(number) &&
                     !buf_add(text, j > first ? ", {\"gold\": " : "{\"gold\": ", j > first ? 11 : 9) &&
                     !buf_escaped(text, gm[x->g].id) && !buf_add(text, ", \"system\": ", 12) &&
                     !buf_escaped(text, sm[x->s].id) && !buf_add(text, number, (size_t)n) &&
                     !buf_add(text, dice->text, (size_t)dice->n) && !buf_add(text, "}", 1);
            }
            ok = ok && !buf_add(text, "]", 1);
            if (ok) ends[4 * i + c] = (int64_t)text->n;
        }
    }
    return ok;
}

/* (text, ends, type_tp2): for document i and combination c, its pairs' list is text[ends[4i + c - 1]:ends[4i + c]]
   (from 0 for the first); ends as native int64. The text is sized first, then written in place. */
static PyObject *listing_output(Parsed *k, const int32_t *docs, const int32_t *sys_of, Py_ssize_t ndocs,
                                const PairList *chosen, const int32_t *starts, const TypeSums *sums, Py_ssize_t ncanon) {
    Buf size = {NULL, 0, 0};
    int64_t *ends = malloc(((size_t)ndocs * 4 + 1) * sizeof(int64_t));
    Repr *reprs = calloc(FIGURES, sizeof(Repr));
    PyObject *tp2 = PyList_New(ncanon), *text = NULL, *out = NULL;
    int ok = ends && reprs && tp2 && pair_lists(&size, ends, reprs, k, docs, sys_of, ndocs, chosen, starts);
    if (ok) ok = (text = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)size.n)) != NULL;
    if (ok) {
        Buf fill = {PyBytes_AS_STRING(text), 0, size.n};
        ok = pair_lists(&fill, ends, reprs, k, docs, sys_of, ndocs, chosen, starts) && fill.n == size.n;
    }
    for (Py_ssize_t c = 0; ok && c < ncanon; c++) {
        PyObject *v = PyFloat_FromDouble(sums->type_tp2[c]);
        if (!v) ok = 0;
        else PyList_SET_ITEM(tp2, c, v);
    }
    if (ok)
        out = Py_BuildValue("(NNN)", text, PyBytes_FromStringAndSize((const char *)ends,
                                                                     ndocs * 4 * (Py_ssize_t)sizeof(int64_t)), tp2);
    else {
        Py_XDECREF(text);
        Py_XDECREF(tp2);
        if (!PyErr_Occurred()) PyErr_NoMemory();
    }
    free(ends);
    free(reprs);
    return out;
}

PyDoc_STRVAR(score_doc_str,
             "score(handle, order, canon_ids, canon_values, agree, checks, plain, typed, run_name, coref=-1)\n"
             "  -> (documents, type_tp, type_gold, type_system, comparison, coref_arrays)\n\n"
             "order: gold document indexes in report order; canon_ids: canonical id of each raw value;\n"
             "canon_values: canonical values as bytes; agree: bytes, agree[g * n + s] = values_agree;\n"
             "checks: per combination (checks type, checks realis); plain / typed: the combinations of\n"
             "the -d file and of the per-type table; run_name: bytes, or None for no -d text.\n"
             "documents: per document (#gold, #system, in_system, tp of each combination).\n"
             "coref: the combination -c aligns with (-1: none; coref_arrays is then None), see coref_output.\n"
             "listed: for --json, the combination of the second per-type table (-1: none; listing is then\n"
             "None), else listing = (text, ends, type_tp2): each document's and combination's chosen pairs\n"
             "as the JSON array evmeval.report.json_report.mapping_json makes (ASCII), ends of those texts\n"
             "(native int64, document by document, combination by combination), the type mapping's TP sums.");

static PyObject *k_score(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *capsule, *order, *canon_ids, *canon_strs, *agree, *checks, *run_name;
    Rules r;
    memset(&r, 0, sizeof(r));
    r.coref = -1;
    r.typed2 = -1;
    if (!PyArg_ParseTuple(args, "OO!O!O!SO!iiO|ii", &capsule, &PyList_Type, &order, &PyList_Type, &canon_ids, &PyList_Type,
                          &canon_strs, &agree, &PyList_Type, &checks, &r.plain, &r.typed, &run_name, &r.coref, &r.typed2))
        return NULL;
    Parsed *k = PyCapsule_GetPointer(capsule, "evmeval.mention._kernel.Parsed");
    if (!k) return NULL;
    if (r.plain < 0 || r.plain > 3 || r.typed < 0 || r.typed > 3 || r.coref < -1 || r.coref > 3 || r.typed2 < -1 ||
        r.typed2 > 3) {
        PyErr_SetString(PyExc_ValueError, "combination index out of range");
        return NULL;
    }
    if (read_rules(&r, k, canon_ids, canon_strs, agree, checks) < 0) {
        free(r.canon_id);
        free(r.canon);
        return NULL;
    }
    int want_cmp = run_name != Py_None;
    if (want_cmp) {
        if (!PyBytes_Check(run_name)) {
            free(r.canon_id);
            free(r.canon);
            PyErr_SetString(PyExc_TypeError, "run_name as bytes");
            return NULL;
        }
        r.run.p = PyBytes_AS_STRING(run_name);
        r.run.n = PyBytes_GET_SIZE(run_name);
    }
    Py_ssize_t ndocs = PyList_GET_SIZE(order);
    int32_t *docs = malloc((size_t)(ndocs + 1) * sizeof(int32_t));
    double *tps = malloc((size_t)(ndocs + 1) * 4 * sizeof(double));
    int32_t *sys_of = malloc((size_t)(ndocs + 1) * sizeof(int32_t));
    TypeSums sums = {calloc((size_t)r.ncanon + 1, sizeof(double)), calloc((size_t)r.ncanon + 1, sizeof(double)),
                     calloc((size_t)r.ncanon + 1, sizeof(long)), calloc((size_t)r.ncanon + 1, sizeof(long))};
    int listing = r.typed2 >= 0;
    PairList chosen[4];
    memset(chosen, 0, sizeof(chosen));
    int32_t *starts = listing ? malloc((size_t)(ndocs + 1) * 4 * sizeof(int32_t)) : NULL;
    int rc = (docs && tps && sys_of && sums.type_tp && sums.type_tp2 && sums.type_gold && sums.type_sys &&
              (!listing || starts)) ? 0 : -2;
    for (Py_ssize_t i = 0; !rc && i < ndocs; i++) {
        long d = PyLong_AsLong(PyList_GET_ITEM(order, i));
        if (d < 0 || (size_t)d >= k->gold.nd) {
            rc = -1;
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "document index out of range");
        } else {
            docs[i] = (int32_t)d;
        }
    }
    int32_t *partner = malloc((k->gold.nm + 1) * sizeof(int32_t));
    double *partner_dice = malloc((k->gold.nm + 1) * sizeof(double));
    int32_t *coref_partner = r.coref >= 0 ? malloc((k->gold.nm + 1) * sizeof(int32_t)) : NULL;
    double *coref_dice = r.coref >= 0 ? malloc((k->gold.nm + 1) * sizeof(double)) : NULL;
    unsigned char *mapped = NULL;
    Figure *figures = calloc(FIGURES, sizeof(Figure));
    if (!partner || !partner_dice || !figures || (r.coref >= 0 && (!coref_partner || !coref_dice))) rc = rc ? rc : -2;
    Buf cmp = {NULL, 0, 0};
    if (!rc) {
        Py_BEGIN_ALLOW_THREADS
        Work w;
        memset(&w, 0, sizeof(w));
        rc = map_init(&w.tokens, 256) ? -2 : 0;
        for (Py_ssize_t i = 0; !rc && i < ndocs; i++) {
            const KDoc *g = &k->gold.d[docs[i]];
            int32_t s = map_get(&k->system.doc_ids, g->id);
            const KDoc *sd = s >= 0 ? &k->system.d[s] : NULL;
            sys_of[i] = s;
            if (listing)
                for (int c = 0; c < 4; c++) starts[c * (ndocs + 1) + i] = (int32_t)chosen[c].n;
            rc = score_doc(&w, &r, g, k->gold.m + g->m0, sd, sd ? k->system.m + sd->m0 : NULL, tps + 4 * i, &sums,
                           partner + g->m0, partner_dice + g->m0, coref_partner ? coref_partner + g->m0 : NULL,
                           coref_dice ? coref_dice + g->m0 : NULL, listing ? chosen : NULL);
        }
        if (listing && !rc)
            for (int c = 0; c < 4; c++) starts[c * (ndocs + 1) + ndocs] = (int32_t)chosen[c].n;
        work_free(&w);
        mapped = malloc(k->system.nm + 1);
        if (!mapped) rc = -2;
        for (Py_ssize_t i = 0; want_cmp && !rc && i < ndocs; i++) { /* the size of the -d text */
            const KDoc *g = &k->gold.d[docs[i]], *sd = sys_of[i] >= 0 ? &k->system.d[sys_of[i]] : NULL;
            rc = comparison_block(&cmp, &r, g, k->gold.m + g->m0, sd ? sd->nm : 0, sd ? k->system.m + sd->m0 : NULL,
                                  partner + g->m0, partner_dice + g->m0, mapped, figures);
        }
        Py_END_ALLOW_THREADS
        if (rc == -2) PyErr_NoMemory();
    }
    PyObject *cmp_bytes = NULL;
    if (!rc && want_cmp) { /* written in place: the -d text exists once in memory */
        cmp_bytes = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)cmp.n);
        if (!cmp_bytes) rc = -1;
        else {
            Buf fill = {PyBytes_AS_STRING(cmp_bytes), 0, cmp.n};
            Py_BEGIN_ALLOW_THREADS
            for (Py_ssize_t i = 0; !rc && i < ndocs; i++) {
                const KDoc *g = &k->gold.d[docs[i]], *sd = sys_of[i] >= 0 ? &k->system.d[sys_of[i]] : NULL;
                rc = comparison_block(&fill, &r, g, k->gold.m + g->m0, sd ? sd->nm : 0,
                                      sd ? k->system.m + sd->m0 : NULL, partner + g->m0, partner_dice + g->m0, mapped,
                                      figures);
            }
            Py_END_ALLOW_THREADS
            if (rc || fill.n != cmp.n) {
                Py_CLEAR(cmp_bytes);
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_RuntimeError, "comparison text changed size");
                rc = -1;
            }
        }
    } else if (!rc) {
        cmp_bytes = Py_NewRef(Py_None);
    }
    free(partner);
    free(partner_dice);
    free(mapped);
    free(figures);
    PyObject *out = NULL;
    if (!rc) {
        PyObject *doc_rows = PyList_New(ndocs);
        PyObject *tp_list = PyList_New(r.ncanon), *g_list = PyList_New(r.ncanon), *s_list = PyList_New(r.ncanon);
        int ok = doc_rows && tp_list && g_list && s_list && cmp_bytes;
        for (Py_ssize_t i = 0; ok && i < ndocs; i++) {
            const KDoc *g = &k->gold.d[docs[i]];
            int32_t ns = sys_of[i] >= 0 ? k->system.d[sys_of[i]].nm : 0;
            double *t = tps + 4 * i;
            PyObject *row = Py_BuildValue("(iiO(dddd))", g->nm, ns, sys_of[i] >= 0 ? Py_True : Py_False, t[0], t[1], t[2], t[3]);
            if (!row) ok = 0;
            else PyList_SET_ITEM(doc_rows, i, row);
        }
        for (Py_ssize_t c = 0; ok && c < r.ncanon; c++) {
            PyObject *a = PyFloat_FromDouble(sums.type_tp[c]), *b = PyLong_FromLong(sums.type_gold[c]),
                     *d = PyLong_FromLong(sums.type_sys[c]);
            if (!a || !b || !d) {
                Py_XDECREF(a);
                Py_XDECREF(b);
                Py_XDECREF(d);
                ok = 0;
                break;
            }
            PyList_SET_ITEM(tp_list, c, a);
            PyList_SET_ITEM(g_list, c, b);
            PyList_SET_ITEM(s_list, c, d);
        }
        PyObject *coref = !ok ? NULL : r.coref >= 0 ? coref_output(k, docs, sys_of, ndocs, coref_partner, coref_dice)
                                                     : Py_NewRef(Py_None);
        PyObject *listed = !ok || !coref ? NULL : listing ? listing_output(k, docs, sys_of, ndocs, chosen, starts, &sums,
                                                                           r.ncanon)
                                                          : Py_NewRef(Py_None);
        if (ok && coref && listed)
            out = Py_BuildValue("(NNNNNNN)", doc_rows, tp_list, g_list, s_list, cmp_bytes, coref, listed);
        else {
            Py_XDECREF(coref);
            Py_XDECREF(doc_rows);
            Py_XDECREF(tp_list);
            Py_XDECREF(g_list);
            Py_XDECREF(s_list);
            Py_XDECREF(cmp_bytes);
        }
    } else {
        Py_XDECREF(cmp_bytes);
    }
    free(coref_partner);
    free(coref_dice);
    for (int c = 0; c < 4; c++) free(chosen[c].p);
    free(starts);
    free(sums.type_tp2);
    free(docs);
    free(tps);
    free(sys_of);
    free(sums.type_tp);
    free(sums.type_gold);
    free(sums.type_sys);
    free(r.canon_id);
    free(r.canon);
    return out;
}

PyDoc_STRVAR(tokens_doc, "tokens_ok(handle) -> bool\n\nWaits for the token-id probe: True when every token id of "
                        "every mention is in its document's token table.");

static PyObject *k_tokens_ok(PyObject *self, PyObject *capsule) {
    (void)self;
    Parsed *k = PyCapsule_GetPointer(capsule, "evmeval.mention._kernel.Parsed");
    if (!k) return NULL;
    if (k->probing) { /* the probe never touches Python objects: joined with the GIL held, once */
        pthread_join(k->probe_tid, NULL);
        k->probing = 0;
    }
    return PyBool_FromLong(k->probe.ok);
}

PyDoc_STRVAR(places_doc, "places(handle) -> (gold places, system places)\n\nEvery document of each file as "
                        "parse's flagged ones are given: (index, start byte, end byte, first line), in file order "
                        "(what -a reads each document's relation lines from).");

static PyObject *k_places(PyObject *self, PyObject *capsule) {
    (void)self;
    Parsed *k = PyCapsule_GetPointer(capsule, "evmeval.mention._kernel.Parsed");
    if (!k) return NULL;
    PyObject *gold = flagged_list(&k->gold, 1), *system = gold ? flagged_list(&k->system, 1) : NULL;
    if (!system) {
        Py_XDECREF(gold);
        return NULL;
    }
    return Py_BuildValue("(NN)", gold, system);
}

PyDoc_STRVAR(relations_doc,
             "relations(data: bytes, start, end, first_line) -> list[(kind, id, mention ids, line)] | None\n\n"
             "The relation lines of the one document data[start:end] holds (its first line being line first_line\n"
             "of its file), read by parse's rule: what -a reads of each scored document (evmeval.io.tbf's\n"
             "document_relations is the plain form). None: not one document parse reads (Python decides).");

static PyObject *kind_names[3]; /* one str per usual kind, as evmeval.io.tbf shares them */

static PyObject *kind_object(Str kind) {
    static const char *const names[3] = {"Coreference", "After", "Subevent"};
    for (int k = 0; k < 3; k++)
        if ((size_t)kind.n == strlen(names[k]) && memcmp(kind.p, names[k], (size_t)kind.n) == 0) {
            if (!kind_names[k] && !(kind_names[k] = PyUnicode_InternFromString(names[k]))) return NULL;
            return Py_NewRef(kind_names[k]);
        }
    return PyUnicode_FromStringAndSize(kind.p, kind.n);
}

static PyObject *relation_object(const KRelation *rel, int32_t line) {
    Py_ssize_t count = 1;
    for (Py_ssize_t k = 0; k < rel->members.n; k++) count += rel->members.p[k] == ',';
    PyObject *ids = PyTuple_New(count);
    Py_ssize_t i = 0;
    for (Py_ssize_t c = 0; ids && c < count; c++) {
        Py_ssize_t j = i;
        while (j < rel->members.n && rel->members.p[j] != ',') j++;
        PyObject *id = PyUnicode_FromStringAndSize(rel->members.p + i, j - i);
        if (!id) Py_CLEAR(ids);
        else PyTuple_SET_ITEM(ids, c, id);
        i = j + 1;
    }
    if (!ids) return NULL;
    return Py_BuildValue("(NNNi)", kind_object(rel->kind), PyUnicode_FromStringAndSize(rel->id.p, rel->id.n), ids,
                         line);
}

static PyObject *k_relations(PyObject *self, PyObject *args) {
    (void)self;
    Py_buffer data;
    Py_ssize_t start, end;
    int first_line;
    if (!PyArg_ParseTuple(args, "y*nni", &data, &start, &end, &first_line)) return NULL;
    if (start < 0 || end < start || end > data.len) {
        PyBuffer_Release(&data);
        PyErr_SetString(PyExc_ValueError, "start and end must lie within data");
        return NULL;
    }
    KFile f;
    memset(&f, 0, sizeof(f));
    f.buf = (const char *)data.buf + start;
    f.len = end - start;
    parse_file(&f);
    PyObject *out = NULL;
    if (f.declined == -2) PyErr_NoMemory();
    else if (f.declined || f.nd != 1) out = Py_NewRef(Py_None);
    else {
        out = PyList_New((Py_ssize_t)f.nr);
        for (size_t r = 0; out && r < f.nr; r++) {
            PyObject *item = relation_object(&f.r[r], f.r[r].line + first_line - 1);
            if (!item) Py_CLEAR(out);
            else PyList_SET_ITEM(out, (Py_ssize_t)r, item);
        }
    }
    file_free(&f);
    PyBuffer_Release(&data);
    return out;
}

static PyMethodDef methods[] = {
    {"tokens_ok", k_tokens_ok, METH_O, tokens_doc},
    {"places", k_places, METH_O, places_doc},
    {"relations", k_relations, METH_VARARGS, relations_doc},
    {"parse", k_parse, METH_VARARGS, parse_doc},
    {"score", k_score, METH_VARARGS, score_doc_str},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "evmeval.mention._kernel",
    "The common case of evmeval-score -o/-d in plain C; declines anything unusual (see evmeval.cli.fastpath).", -1,
    methods,
};

PyMODINIT_FUNC PyInit__kernel(void) {
    init_byte_class();
    return PyModule_Create(&module);
}
