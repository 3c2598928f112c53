/*
 * fftw_peer.c - FFTW as a measured peer of LogP Lab: the time of one 1-D complex forward FFT.
 *
 * For each size N = 2^k of --log2, in the order given:
 *   plan       fftw_plan_dft_1d(N, a, a, FFTW_FORWARD, FFTW_MEASURE): in place, interleaved
 *              complex doubles (fftw_complex), one thread (plain libfftw3, no threads library).
 *              Planning is not timed.
 *   fill       random input, both parts uniform in [-1, 1) (fixed seed: runs are repeatable).
 *   calibrate  the transforms per round: enough for a round to last >= 50 ms (at least 1).
 *   warm-up    one untimed round; then R timed rounds.
 * Each round is timed with clock_gettime(CLOCK_MONOTONIC) and gives ns per transform; a size
 * reports the median, min and max over its rounds.
 *
 * Output: JSON Lines on stdout, one object per size, e.g.
 *   {"peer":"fftw","version":"fftw-3.3.10-sse2-avx","n":1024,"log2n":10,"rounds":7,
 *    "iterations":20000,"median_ns":2500.0,"min_ns":2450.0,"max_ns":2600.0,"gflops":20.48}
 * gflops = 5 N log2(N) / median_ns: the conventional flop count of a complex FFT, per ns.
 *
 * Flags: --log2 10,12,...  sizes as k in 1..24 (default 10,12,14,16,18,20,22)
 *        --rounds R        timed rounds per size, 1..1000 (default 7)
 *        --check           first compare FFTW's output with a naive DFT for each requested N up
 *                          to 2^12 (for 2^10 when none is that small); a relative RMS error
 *                          above 1e-12 prints one line on stderr and exits 1, before any timing.
 * Exit status: 0 ok, 1 failed check or out of memory, 2 bad usage (one line on stderr).
 * Build and run: bench/peers/fftw/run.sh [flags]   (cc -O2 fftw_peer.c -lfftw3 -lm)
 */
#include <fftw3.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif
#define MAX_SIZES 32
#define MAX_LOG2 24          /* 256 MiB per array */
#define CHECK_MAX_LOG2 12    /* the naive DFT costs N^2: 2^24 complex multiply-adds at 2^12 */
#define CHECK_TOLERANCE 1e-12
#define ROUND_NS 50e6        /* a timed round lasts at least this long (one transform if longer) */
#define GROWTH_LOG2 256      /* how far values may grow before they are scaled back */

static void usage_error(const char *msg, const char *arg) {
    fprintf(stderr, "fftw_peer: %s%s%s (flags: --log2 10,12,... --rounds R --check)\n",
            msg, arg ? ": " : "", arg ? arg : "");
    exit(2);
}

static long parse_long(const char *s, long lo, long hi, const char *what) {
    char *end;
    long v = strtol(s, &end, 10);
    if (*s == '\0' || *end != '\0' || v < lo || v > hi) usage_error(what, s);
    return v;
}

static void *alloc(long n) {
    void *p = fftw_malloc((size_t)n * sizeof(fftw_complex)); /* aligned for FFTW's SIMD codelets */
    if (p == NULL) { fprintf(stderr, "fftw_peer: out of memory for %ld points\n", n); exit(1); }
    return p;
}

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

/* splitmix64, mapped to a double uniform in [-1, 1). */
static double uniform(void) {
    static uint64_t state = 42;
    uint64_t z = (state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return (double)((z ^ (z >> 31)) >> 11) * 0x1p-52 - 1.0;
}

static void fill(fftw_complex *a, long n) {
    for (long i = 0; i < n; i++) { a[i][0] = uniform(); a[i][1] = uniform(); }
}

/*
 * Runs iters transforms of a (N = 2^k points) in place; returns the ns they took.
 *
 * Values grow: the unnormalized forward DFT multiplies the Euclidean norm of its input by
 * exactly sqrt(N) = 2^(k/2) (Parseval), so the same array transformed again and again would
 * overflow after about 2048/k transforms. A round therefore runs in timed batches of at most
 * 2*GROWTH_LOG2/k transforms (the values grow by at most 2^256 within one); after each batch,
 * with the clock stopped, the array is multiplied by 2^-g, g the whole part of the growth so far
 * (tracked in half powers of two, *half, so an odd k loses nothing). A power of two scales
 * without rounding, and brings the norm back to that of the random input (times at most
 * sqrt(2)): no value ever overflows, and none shrinks towards the subnormals either.
 */
static double run_round(fftw_plan p, fftw_complex *a, int k, long iters, int *half) {
    long n = 1L << k, batch = 2L * GROWTH_LOG2 / k;
    double ns = 0, *d = (double *)a;
    while (iters > 0) {
        long b = iters < batch ? iters : batch;
        double t0 = now_ns();
        for (long i = 0; i < b; i++) fftw_execute(p);
        ns += now_ns() - t0;
        iters -= b;
        *half += (int)b * k;
        double scale = ldexp(1.0, -(*half / 2));
        *half %= 2;
        for (long i = 0; i < 2 * n; i++) d[i] *= scale;
    }
    return ns;
}

/* FFTW's forward transform of random input against the naive DFT: the relative RMS error. */
static double check_error(int k) {
    long n = 1L << k;
    fftw_complex *a = alloc(n), *x = alloc(n), *w = alloc(n);
    fftw_plan p = fftw_plan_dft_1d((int)n, a, a, FFTW_FORWARD, FFTW_MEASURE); /* clobbers a */
    fill(x, n);
    memcpy(a, x, (size_t)n * sizeof *a);
    fftw_execute(p);
    for (long m = 0; m < n; m++) { /* w[m] = exp(-2 pi i m / N), from the exact index m */
        w[m][0] = cos(2 * M_PI * m / n);
        w[m][1] = -sin(2 * M_PI * m / n);
    }
    double err = 0, ref = 0;
    for (long j = 0; j < n; j++) {
        double re = 0, im = 0;
        for (long t = 0; t < n; t++) {
            long m = (j * t) & (n - 1); /* j t mod N */
            re += x[t][0] * w[m][0] - x[t][1] * w[m][1];
            im += x[t][0] * w[m][1] + x[t][1] * w[m][0];
        }
        err += (re - a[j][0]) * (re - a[j][0]) + (im - a[j][1]) * (im - a[j][1]);
        ref += re * re + im * im;
    }
    fftw_destroy_plan(p);
    fftw_free(a); fftw_free(x); fftw_free(w);
    return sqrt(err / ref);
}

static int cmp_double(const void *p, const void *q) {
    double d = *(const double *)p - *(const double *)q;
    return (d > 0) - (d < 0);
}

static void measure(int k, int rounds) {
    long n = 1L << k, iters = 1;
    int half = 0;
    fftw_complex *a = alloc(n);
    fftw_plan p = fftw_plan_dft_1d((int)n, a, a, FFTW_FORWARD, FFTW_MEASURE); /* clobbers a */
    fill(a, n);
    double t, ns[rounds];
    /* Calibrate: double the count until it takes >= 5 ms, then scale it to ROUND_NS (from the
     * faster of two tries: a preempted one would make the rounds too short). */
    while ((t = run_round(p, a, k, iters, &half)) < ROUND_NS / 10) iters *= 2;
    t = fmin(t, run_round(p, a, k, iters, &half));
    iters = (long)ceil(iters * (ROUND_NS / t));
    run_round(p, a, k, iters, &half); /* warm-up */
    for (int r = 0; r < rounds; r++) ns[r] = run_round(p, a, k, iters, &half) / iters;
    qsort(ns, rounds, sizeof ns[0], cmp_double);
    double median = rounds % 2 ? ns[rounds / 2] : (ns[rounds / 2 - 1] + ns[rounds / 2]) / 2;
    printf("{\"peer\":\"fftw\",\"version\":\"");
    for (const char *c = fftw_version; *c; c++) { /* JSON-escaped, though it holds no such chars */
        if (*c == '"' || *c == '\\') putchar('\\');
        putchar((unsigned char)*c < 0x20 ? '?' : *c);
    }
    printf("\",\"n\":%ld,\"log2n\":%d,\"rounds\":%d,\"iterations\":%ld,\"median_ns\":%.3f,"
           "\"min_ns\":%.3f,\"max_ns\":%.3f,\"gflops\":%.4f}\n", n, k, rounds, iters, median,
           ns[0], ns[rounds - 1], 5.0 * n * k / median);
    fflush(stdout);
    fftw_destroy_plan(p);
    fftw_free(a);
}

int main(int argc, char **argv) {
    int rounds = 7, check = 0, log2s[MAX_SIZES] = {10, 12, 14, 16, 18, 20, 22}, nsizes = 7;
    for (int i = 1; i < argc; i++) {
        const char *f = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(f, "--check")) { check = 1; continue; }
        if (strcmp(f, "--rounds") && strcmp(f, "--log2")) usage_error("unknown flag", f);
        if (v == NULL) usage_error("missing value after", f);
        i++;
        if (!strcmp(f, "--rounds")) { rounds = (int)parse_long(v, 1, 1000, "--rounds must be 1..1000"); continue; }
        char list[1024], *save = NULL;
        snprintf(list, sizeof list, "%s", v);
        nsizes = 0;
        for (char *t = strtok_r(list, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
            if (nsizes == MAX_SIZES) usage_error("too many sizes", v);
            log2s[nsizes++] = (int)parse_long(t, 1, MAX_LOG2, "--log2 takes k in 1..24");
        }
        if (nsizes == 0) usage_error("no sizes in", v);
    }
    if (check) {
        int checked = 0;
        for (int s = 0; s <= nsizes; s++) {
            int k = s < nsizes ? log2s[s] : 10; /* 2^10 only when no requested size was small */
            if (k > CHECK_MAX_LOG2 || (s == nsizes && checked)) continue;
            double e = check_error(k);
            checked = 1;
            if (!(e <= CHECK_TOLERANCE)) { /* NaN fails too */
                fprintf(stderr, "fftw_peer: check failed: N=%ld relative RMS error %.3g against a "
                        "naive DFT exceeds %g\n", 1L << k, e, CHECK_TOLERANCE);
                return 1;
            }
            fprintf(stderr, "fftw_peer: check ok: N=%ld relative RMS error %.3g\n", 1L << k, e);
        }
    }
    for (int s = 0; s < nsizes; s++) measure(log2s[s], rounds);
    fftw_cleanup();
    return 0;
}
