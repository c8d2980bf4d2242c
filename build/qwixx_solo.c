/* Solo Qwixx solved exactly, and the expert's table fitted to it (build/train_qwixx.py).

Solo Qwixx (ruling QWIXX_SOLO: the one player is active every turn) is a finite acyclic
decision process: every turn crosses a number or a penalty box. A state at the start of a turn
is a row code per row (last crossed position and crosses, as dadoteca_games.qwixx.model's row
codes, numbered 0-61 here) and the penalties (0-3); a state with two locked rows or four
penalties is over and worth its points. The value of a state is the expected final score of
best play from it:

  V(s) = sum over the 21 white pairs (a, b) of P(a, b) * E over the colour dice of the best turn,

the best turn being the best of: action 1 alone (the white sum a+b crossed in one row, or nothing
and then a penalty), and, per row still open, action 2 (a white die plus that row's colour die in
that row) after any action 1 that leaves the game on and the row open. A row's colour die only
bears on that row's action 2, and the dice are independent, so the expectation of the best
over the colour dice is exact from each row's six values: P(best <= x) = prod over rows of
P(row's value <= x). The rules are those of dadoteca_games/qwixx/rules.py (rulings in its docstring):
left to right, the last number after 5 crosses and then with the lock (one cross more), a
locked row's die out of the game at once (also for action 2 of the same turn), the game over
once an action makes the 2nd lock (no action 2 after it) or the 4th penalty, n crosses score
n(n+1)/2, a penalty -5. tests/unit/test_qwixx_solo_trainer.py checks this program's turns and
values against dadoteca_games.qwixx.model.

The four rows are symmetric under swapping red and yellow, green and blue, and turning every
die d into 7-d (which swaps the ascending rows with the descending ones): V is computed once per
orbit of those 8 row permutations.

Commands (numbers in and out as text, one state per line as 'r y g b penalties' in dadoteca_games.qwixx.model
row codes):
  solve VALUES            the whole table, written as float32 (62^4 * 4 of them) to VALUES;
                          print V of the first sheet (best play's mean score)
  values VALUES           read states on stdin, print their V (from the table written by solve)
  lazy                    read states on stdin, print V computing only what they need
  table TABLE             read states on stdin, print their value by the fitted table
  turns                   read 'r y g b penalties w1 w2 dr dy dg db' on stdin, print every
                          sheet the turn can end on: 'r y g b penalties over' per line, then '.'
  fit VALUES TABLE GAMES SEED
                          play GAMES games by the exact values, and fit the expert's table
                          (see fit below) to the values of every sheet their turns could end
                          on; write it to TABLE (see write_table)
  play VALUES|TABLE GAMES SEED MARGIN [VALUES]
                          mean score of GAMES games played by the exact values (a .f32 file)
                          or by the fitted table (TABLE) as the expert plays: the two best ends
                          of a turn, if within MARGIN points (0: never), valued one roll further;
                          with VALUES, also the points a game its choices lose to best play

Compile: gcc -O2 -ffp-contract=off -o qwixx_solo qwixx_solo.c -lm
*/
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NC 62        /* row codes */
#define NPEN 4       /* penalties 0-3 (4 ends the game) */
#define LAST 10      /* the last position of a row */
#define BEFORE_LAST 5
#define NSTATES ((size_t)NC * NC * NC * NC * NPEN)
#define NEVER (-1e30)

/* --- Rows ------------------------------------------------------------------------------- */

static int code_last[NC], code_crosses[NC], code_points[NC], code_locked[NC];
static int code_of[LAST + 2][LAST + 3]; /* [last + 1][crosses] */
static int next_code[4][NC][13];        /* [row][code][number]: after crossing it, or -1 */
static int model_code[NC];              /* dadoteca_games.qwixx.model.row_code */
static int from_model[13 * 13];

static void init_rows(void) {
    int k = 0;
    memset(code_of, -1, sizeof code_of);
    for (int last = -1; last <= LAST; last++)
        for (int crosses = 0; crosses <= LAST + 2; crosses++) {
            int ok = last < 0 ? crosses == 0
                     : last < LAST ? crosses >= 1 && crosses <= last + 1
                                   : crosses >= BEFORE_LAST + 2 && crosses <= LAST + 2;
            if (!ok) continue;
            code_of[last + 1][crosses] = k;
            code_last[k] = last;
            code_crosses[k] = crosses;
            code_points[k] = crosses * (crosses + 1) / 2;
            code_locked[k] = last == LAST;
            model_code[k] = (last + 1) * (LAST + 3) + crosses;
            k++;
        }
    if (k != NC) { fprintf(stderr, "%d row codes\n", k); exit(1); }
    memset(from_model, -1, sizeof from_model);
    for (k = 0; k < NC; k++) from_model[model_code[k]] = k;
    for (int row = 0; row < 4; row++)
        for (k = 0; k < NC; k++)
            for (int number = 0; number <= 12; number++) {
                int result = -1;
                if (number >= 2 && !code_locked[k]) {
                    int position = row < 2 ? number - 2 : 12 - number;
                    int crosses = code_crosses[k];
                    if (position > code_last[k]) {
                        if (position < LAST) result = code_of[position + 1][crosses + 1];
                        else if (crosses >= BEFORE_LAST) result = code_of[LAST + 1][crosses + 2];
                    }
                }
                next_code[row][k][number] = result;
            }
}

static inline int locks(const int c[4]) {
    return code_locked[c[0]] + code_locked[c[1]] + code_locked[c[2]] + code_locked[c[3]];
}
static inline int is_over(const int c[4], int pen) { return pen >= NPEN || locks(c) >= 2; }
static inline int score(const int c[4], int pen) {
    return code_points[c[0]] + code_points[c[1]] + code_points[c[2]] + code_points[c[3]] - 5 * pen;
}
static inline size_t state_index(const int c[4], int pen) {
    return ((((size_t)c[0] * NC + c[1]) * NC + c[2]) * NC + c[3]) * NPEN + pen;
}

/* The 8 row permutations that leave solo Qwixx unchanged. */
static int symmetry[8][4];
static void init_symmetry(void) {
    static const int gens[3][4] = {{1, 0, 2, 3}, {0, 1, 3, 2}, {2, 3, 0, 1}};
    int n = 1;
    for (int k = 0; k < 4; k++) symmetry[0][k] = k;
    for (int i = 0; i < n; i++)
        for (int g = 0; g < 3; g++) {
            int p[4], seen = 0;
            for (int k = 0; k < 4; k++) p[k] = symmetry[i][gens[g][k]];
            for (int j = 0; j < n; j++) seen |= !memcmp(p, symmetry[j], sizeof p);
            if (!seen) memcpy(symmetry[n++], p, sizeof p);
        }
    if (n != 8) { fprintf(stderr, "%d symmetries\n", n); exit(1); }
}

/* --- One turn's expectation ------------------------------------------------------------- */

typedef double (*Leaf)(const int c[4], int pen);

/* E[max(floor, y[r][die_r] for each r)], each die uniform on six faces. */
static double expected_best(double floor, double y[4][6], int rows) {
    double values[24];
    int owner[24], n = 0, counts[4] = {0, 0, 0, 0};
    for (int r = 0; r < rows; r++)
        for (int f = 0; f < 6; f++) {
            if (y[r][f] <= floor) { counts[r]++; continue; }
            int i = n++;
            while (i > 0 && values[i - 1] > y[r][f]) {
                values[i] = values[i - 1];
                owner[i] = owner[i - 1];
                i--;
            }
            values[i] = y[r][f];
            owner[i] = r;
        }
    double below = 1.0;
    for (int r = 0; r < rows; r++) below *= counts[r] / 6.0;
    double expected = floor * below;
    for (int i = 0; i < n; i++) {
        counts[owner[i]]++;
        double at_most = 1.0;
        for (int r = 0; r < rows; r++) at_most *= counts[r] / 6.0;
        expected += values[i] * (at_most - below);
        below = at_most;
    }
    return expected;
}

/* The expected final score after the next roll from c, pen (a game not over), each turn's
   end valued by leaf. */
static inline __attribute__((always_inline)) double backup(const int c[4], int pen, Leaf leaf) {
    double after[5][4][13]; /* [action 1: none, row 0-3][row of action 2][number] */
    int open[4], rows = 0, t[4], u[4];
    for (int j = 0; j < 4; j++)
        if (!code_locked[c[j]]) open[rows++] = j;
    memcpy(t, c, sizeof t);
    for (int k = 0; k < rows; k++) {
        int j = open[k];
        for (int m = 2; m <= 12; m++) {
            int code = next_code[j][c[j]][m];
            if (code < 0) { after[0][j][m] = NEVER; continue; }
            t[j] = code;
            after[0][j][m] = leaf(t, pen);
            t[j] = c[j];
        }
    }
    double penalty = leaf(c, pen + 1), total = 0.0;
    for (int sum = 2; sum <= 12; sum++) {
        double best_alone = penalty;
        int options[5], n_options = 0;
        options[n_options++] = 0;
        for (int i = 0; i < 4; i++) {
            int code = next_code[i][c[i]][sum];
            if (code < 0) continue;
            memcpy(t, c, sizeof t);
            t[i] = code;
            double v = leaf(t, pen);
            if (v > best_alone) best_alone = v;
            if (locks(t) >= 2) continue; /* the game ends in action 1: no action 2 */
            options[n_options++] = 1 + i;
            for (int k = 0; k < rows; k++) {
                int j = open[k];
                for (int m = 2; m <= 12; m++) {
                    int code2 = next_code[j][t[j]][m]; /* -1 in a row action 1 locked */
                    if (code2 < 0) { after[1 + i][j][m] = NEVER; continue; }
                    memcpy(u, t, sizeof u);
                    u[j] = code2;
                    after[1 + i][j][m] = leaf(u, pen);
                }
            }
        }
        for (int a = 1; a <= 6; a++) {
            int b = sum - a;
            if (b < a || b > 6) continue;
            double y[4][6];
            for (int k = 0; k < rows; k++) {
                int j = open[k];
                for (int die = 1; die <= 6; die++) {
                    double best = NEVER;
                    for (int o = 0; o < n_options; o++) {
                        double *by_number = after[options[o]][j];
                        if (by_number[die + a] > best) best = by_number[die + a];
                        if (by_number[die + b] > best) best = by_number[die + b];
                    }
                    y[k][die - 1] = best;
                }
            }
            total += (a == b ? 1.0 : 2.0) / 36.0 * expected_best(best_alone, y, rows);
        }
    }
    return total;
}

/* --- The exact values ------------------------------------------------------------------- */

static float *values;
static uint8_t *known;

static double exact(const int c[4], int pen);

static __attribute__((noinline)) double solve_state(const int c[4], int pen) {
    double v = backup(c, pen, exact);
    for (int g = 0; g < 8; g++) {
        int image[4];
        for (int k = 0; k < 4; k++) image[symmetry[g][k]] = c[k];
        size_t i = state_index(image, pen);
        values[i] = (float)v;
        known[i] = 1;
    }
    return v;
}

static double exact(const int c[4], int pen) {
    if (is_over(c, pen)) return score(c, pen);
    size_t i = state_index(c, pen);
    if (!known[i]) solve_state(c, pen);
    return values[i];
}

static void alloc_values(void) {
    values = calloc(NSTATES, sizeof *values);
    known = calloc(NSTATES, 1);
    if (!values || !known) { fprintf(stderr, "out of memory\n"); exit(1); }
}

static void read_values(const char *path) {
    alloc_values();
    FILE *f = fopen(path, "rb");
    if (!f || fread(values, sizeof *values, NSTATES, f) != NSTATES) {
        fprintf(stderr, "cannot read %s\n", path);
        exit(1);
    }
    fclose(f);
    memset(known, 1, NSTATES);
}

/* --- Random numbers (splitmix64) -------------------------------------------------------- */

static uint64_t rng_state;
static inline uint64_t next_random(void) {
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static inline int die(void) { return (int)(next_random() % 6) + 1; }

/* --- Turns ------------------------------------------------------------------------------ */

typedef struct { int c[4], pen; } Sheet;

/* Every sheet a turn from c, pen with dice w1 w2 d[4] can end on (with repeats). */
static int turn_ends(const int c[4], int pen, int w1, int w2, const int d[4], Sheet *ends) {
    int n = 0, t[4];
    for (int i = -1; i < 4; i++) { /* action 1: nothing, or the white sum in row i */
        memcpy(t, c, sizeof t);
        if (i >= 0) {
            int code = next_code[i][c[i]][w1 + w2];
            if (code < 0) continue;
            t[i] = code;
        }
        memcpy(ends[n].c, t, sizeof t); /* action 2 crosses nothing */
        ends[n++].pen = i < 0 ? pen + 1 : pen;
        if (locks(t) >= 2) continue;
        for (int j = 0; j < 4; j++) {
            if (code_locked[c[j]]) continue; /* its die left the game */
            for (int w = 0; w < (w1 == w2 ? 1 : 2); w++) {
                int code = next_code[j][t[j]][(w ? w2 : w1) + d[j]];
                if (code < 0) continue;
                memcpy(ends[n].c, t, sizeof t);
                ends[n].c[j] = code;
                ends[n++].pen = pen;
            }
        }
    }
    return n;
}

static int read_sheet(int c[4], int *pen) {
    int m[4];
    if (scanf("%d %d %d %d %d", &m[0], &m[1], &m[2], &m[3], pen) != 5) return 0;
    for (int k = 0; k < 4; k++) {
        c[k] = m[k] >= 0 && m[k] < 13 * 13 ? from_model[m[k]] : -1;
        if (c[k] < 0) { fprintf(stderr, "not a solo row code: %d\n", m[k]); exit(1); }
    }
    return 1;
}

/* --- The expert's table: pairs of rows in a context ------------------------------------- */
/* The value of a sheet not over is its points plus the sum, over its 6 pairs of rows, of a
   table entry for the pair's two row codes in the sheet's context (penalties taken, a row
   locked or not). Pairs of the same direction (red-yellow, green-blue) share one table, pairs
   of opposite directions another, by the symmetries; each is symmetric in its two rows. */

#define CONTEXTS (NPEN * 2)
#define PAIR_ENTRIES (NC * NC)
#define TABLE_ENTRIES (2 * CONTEXTS * PAIR_ENTRIES)
static const int pair_rows[6][2] = {{0, 1}, {2, 3}, {0, 2}, {0, 3}, {1, 2}, {1, 3}};
static const int pair_kind[6] = {0, 0, 1, 1, 1, 1};

static inline void table_features(const int c[4], int pen, int f[6]) {
    int context = pen * 2 + (locks(c) > 0);
    for (int p = 0; p < 6; p++) {
        int a = c[pair_rows[p][0]], b = c[pair_rows[p][1]];
        if (a > b) { int x = a; a = b; b = x; }
        f[p] = (pair_kind[p] * CONTEXTS + context) * PAIR_ENTRIES + a * NC + b;
    }
}

static float *table;

static double approx(const int c[4], int pen) {
    int total = score(c, pen);
    if (is_over(c, pen)) return total;
    int f[6];
    table_features(c, pen, f);
    return total + table[f[0]] + table[f[1]] + table[f[2]] + table[f[3]] + table[f[4]] +
           table[f[5]];
}

static double look_ahead(const int c[4], int pen) {
    if (is_over(c, pen)) return score(c, pen);
    return backup(c, pen, approx);
}

/* The file holds each pair table's entries for row codes a <= b only (the other half is the
   same), table by table, context by context, a by a: little-endian int16, hundredths of a point. */
static inline int stored(int a, int b) { return a <= b; }

static void write_table(const char *path) {
    FILE *f = fopen(path, "wb");
    if (!f) { fprintf(stderr, "cannot write %s\n", path); exit(1); }
    for (int i = 0; i < TABLE_ENTRIES; i++) {
        if (!stored(i % PAIR_ENTRIES / NC, i % NC)) continue;
        double v = round(table[i] * 100.0);
        if (v > 32767) v = 32767;
        if (v < -32767) v = -32767;
        int16_t h = (int16_t)v;
        uint8_t bytes[2] = {(uint8_t)(h & 0xff), (uint8_t)((uint16_t)h >> 8)};
        fwrite(bytes, 1, 2, f);
    }
    fclose(f);
}

static void read_table(const char *path) {
    table = calloc(TABLE_ENTRIES, sizeof *table);
    FILE *f = fopen(path, "rb");
    if (!f) { fprintf(stderr, "cannot read %s\n", path); exit(1); }
    uint8_t bytes[2];
    for (int i = 0; i < TABLE_ENTRIES; i++) {
        int a = i % PAIR_ENTRIES / NC, b = i % NC;
        if (!stored(a, b)) continue;
        if (fread(bytes, 1, 2, f) != 2) { fprintf(stderr, "short table\n"); exit(1); }
        table[i] = table[i - i % PAIR_ENTRIES + b * NC + a] =
            (float)((int16_t)(bytes[0] | bytes[1] << 8) / 100.0);
    }
    if (fread(bytes, 1, 1, f) != 0) { fprintf(stderr, "long table\n"); exit(1); }
    fclose(f);
}

/* --- Playing ---------------------------------------------------------------------------- */

/* One solo game from the start, each turn ending on the best end by value; its score.
   visit(c, pen, weight) hears every end each turn could take. */
typedef void (*Visit)(const int c[4], int pen, double weight);

static double regret; /* with exact values known: the points each choice loses to the best */
static int count_regret;

static double margin; /* play by the table: the look-ahead's margin (0: none) */

static int play_game(Leaf value, Visit visit) {
    int c[4] = {0, 0, 0, 0}, pen = 0;
    Sheet ends[48];
    while (!is_over(c, pen)) {
        int w1 = die(), w2 = die(), d[4];
        for (int k = 0; k < 4; k++) d[k] = die();
        int n = turn_ends(c, pen, w1, w2, d, ends), chosen = 0, second = -1;
        double best = NEVER, next_best = NEVER;
        for (int e = 0; e < n; e++) {
            double v = value(ends[e].c, ends[e].pen);
            if (v > best) {
                next_best = best; second = chosen;
                best = v; chosen = e;
            } else if (v > next_best) {
                next_best = v; second = e;
            }
            if (visit) visit(ends[e].c, ends[e].pen, 1.0);
        }
        /* the expert's look-ahead: the best two ends, if within the margin, are valued by the
           expectation after the next roll (the first of equals kept) */
        if (margin > 0 && second >= 0 && best - next_best <= margin &&
            look_ahead(ends[second].c, ends[second].pen) >
                look_ahead(ends[chosen].c, ends[chosen].pen))
            chosen = second;
        if (count_regret) {
            double best_exact = NEVER;
            for (int e = 0; e < n; e++) {
                double v = exact(ends[e].c, ends[e].pen);
                if (v > best_exact) best_exact = v;
            }
            regret += best_exact - exact(ends[chosen].c, ends[chosen].pen);
        }
        memcpy(c, ends[chosen].c, sizeof c);
        pen = ends[chosen].pen;
    }
    return score(c, pen);
}

/* --- Fitting ---------------------------------------------------------------------------- */
/* Weighted least squares of the table to the exact values minus points, over the sheets seen
   (each end of each turn of games played by the exact values), by conjugate gradients on the
   normal equations. */

static float *weights; /* by state: how often it was seen */

static void count_visit(const int c[4], int pen, double weight) {
    if (is_over(c, pen)) return;
    weights[state_index(c, pen)] += (float)weight;
}

static void fit(int games, uint64_t seed, const char *out) {
    weights = calloc(NSTATES, sizeof *weights);
    rng_state = seed;
    double total = 0;
    for (int g = 0; g < games; g++) total += play_game(exact, count_visit);
    fprintf(stderr, "exact play: mean %.3f over %d games\n", total / games, games);
    /* the samples: states seen, their weight and target */
    size_t n = 0;
    for (size_t i = 0; i < NSTATES; i++) n += weights[i] > 0;
    int (*feats)[6] = malloc(n * sizeof *feats);
    float *w = malloc(n * sizeof *w), *target = malloc(n * sizeof *target);
    size_t s = 0;
    for (size_t i = 0; i < NSTATES; i++) {
        if (weights[i] <= 0) continue;
        int pen = (int)(i % NPEN), c[4];
        size_t rest = i / NPEN;
        for (int k = 3; k >= 0; k--) { c[k] = (int)(rest % NC); rest /= NC; }
        table_features(c, pen, feats[s]);
        w[s] = weights[i];
        target[s] = values[i] - (float)score(c, pen);
        s++;
    }
    fprintf(stderr, "%zu sheets seen\n", n);
    free(weights);
    /* conjugate gradients on (A'WA + ridge) x = A'W y */
    const double ridge = 1e-3;
    double *x = calloc(TABLE_ENTRIES, sizeof *x), *r = calloc(TABLE_ENTRIES, sizeof *r);
    double *p = calloc(TABLE_ENTRIES, sizeof *p), *q = calloc(TABLE_ENTRIES, sizeof *q);
    for (size_t k = 0; k < n; k++)
        for (int j = 0; j < 6; j++) r[feats[k][j]] += w[k] * target[k];
    memcpy(p, r, TABLE_ENTRIES * sizeof *p);
    double rr = 0;
    for (int i = 0; i < TABLE_ENTRIES; i++) rr += r[i] * r[i];
    double rr0 = rr;
    int it = 0;
    for (; it < 1000 && rr > 1e-12 * rr0; it++) {
        memset(q, 0, TABLE_ENTRIES * sizeof *q);
        for (size_t k = 0; k < n; k++) {
            double ap = 0;
            for (int j = 0; j < 6; j++) ap += p[feats[k][j]];
            ap *= w[k];
            for (int j = 0; j < 6; j++) q[feats[k][j]] += ap;
        }
        double pq = 0;
        for (int i = 0; i < TABLE_ENTRIES; i++) { q[i] += ridge * p[i]; pq += p[i] * q[i]; }
        double alpha = rr / pq, rr_new = 0;
        for (int i = 0; i < TABLE_ENTRIES; i++) {
            x[i] += alpha * p[i];
            r[i] -= alpha * q[i];
            rr_new += r[i] * r[i];
        }
        for (int i = 0; i < TABLE_ENTRIES; i++) p[i] = r[i] + rr_new / rr * p[i];
        rr = rr_new;
    }
    double err = 0, wsum = 0;
    for (size_t k = 0; k < n; k++) {
        double e = -target[k];
        for (int j = 0; j < 6; j++) e += x[feats[k][j]];
        err += w[k] * e * e;
        wsum += w[k];
    }
    fprintf(stderr, "fit: %d iterations, rms error %.3f points\n", it, sqrt(err / wsum));
    table = calloc(TABLE_ENTRIES, sizeof *table);
    for (int i = 0; i < TABLE_ENTRIES; i++) table[i] = (float)x[i];
    write_table(out);
}

/* --- Main ------------------------------------------------------------------------------- */

int main(int argc, char **argv) {
    init_rows();
    init_symmetry();
    const char *command = argc > 1 ? argv[1] : "";
    int c[4], pen;
    if (!strcmp(command, "solve") && argc == 3) {
        alloc_values();
        int start[4] = {0, 0, 0, 0};
        for (int p = NPEN - 1; p >= 0; p--) exact(start, p);
        /* every state is reachable from the start; fill any the recursion did not touch */
        for (size_t i = 0; i < NSTATES; i++) {
            if (known[i]) continue;
            int pn = (int)(i % NPEN), d[4];
            size_t rest = i / NPEN;
            for (int k = 3; k >= 0; k--) { d[k] = (int)(rest % NC); rest /= NC; }
            if (!is_over(d, pn)) exact(d, pn);
        }
        printf("%.6f\n", exact(start, 0));
        FILE *f = fopen(argv[2], "wb");
        if (!f || fwrite(values, sizeof *values, NSTATES, f) != NSTATES) return 1;
        fclose(f);
    } else if (!strcmp(command, "values") && argc == 3) {
        read_values(argv[2]);
        while (read_sheet(c, &pen)) printf("%.6f\n", exact(c, pen));
    } else if (!strcmp(command, "lazy")) {
        alloc_values();
        while (read_sheet(c, &pen)) printf("%.6f\n", exact(c, pen));
    } else if (!strcmp(command, "table") && argc == 3) {
        read_table(argv[2]);
        while (read_sheet(c, &pen)) printf("%.6f\n", approx(c, pen));
    } else if (!strcmp(command, "turns")) {
        int w1, w2, d[4];
        Sheet ends[48];
        while (read_sheet(c, &pen) &&
               scanf("%d %d %d %d %d %d", &w1, &w2, &d[0], &d[1], &d[2], &d[3]) == 6) {
            int n = turn_ends(c, pen, w1, w2, d, ends);
            for (int e = 0; e < n; e++)
                printf("%d %d %d %d %d %d\n", model_code[ends[e].c[0]], model_code[ends[e].c[1]],
                       model_code[ends[e].c[2]], model_code[ends[e].c[3]], ends[e].pen,
                       is_over(ends[e].c, ends[e].pen));
            printf(".\n");
        }
    } else if (!strcmp(command, "fit") && argc == 6) {
        read_values(argv[2]);
        fit(atoi(argv[4]), strtoull(argv[5], 0, 10), argv[3]);
    } else if (!strcmp(command, "play") && (argc == 6 || argc == 7)) {
        size_t len = strlen(argv[2]);
        int exact_values = len > 4 && !strcmp(argv[2] + len - 4, ".f32");
        Leaf policy;
        if (exact_values) {
            read_values(argv[2]);
            policy = exact;
        } else {
            read_table(argv[2]);
            policy = approx;
            margin = atof(argv[5]);
            if (argc == 7) {
                read_values(argv[6]);
                count_regret = 1;
            }
        }
        int games = atoi(argv[3]);
        rng_state = strtoull(argv[4], 0, 10);
        double total = 0, squares = 0;
        for (int g = 0; g < games; g++) {
            int s = play_game(policy, NULL);
            total += s;
            squares += (double)s * s;
        }
        double mean = total / games;
        printf("mean %.3f sd %.2f over %d games", mean, sqrt(squares / games - mean * mean),
               games);
        if (count_regret) printf(", %.4f points a game lost to best play", regret / games);
        printf("\n");
    } else {
        fprintf(stderr, "usage: see the comment at the top of qwixx_solo.c\n");
        return 2;
    }
    return 0;
}
