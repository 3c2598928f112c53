/*
 * logp_peer.c - Open MPI as a measured peer of LogP Lab, on the same host.
 *
 * Exactly 2 ranks. Each test runs one untimed warm-up round, then R timed rounds (default 7)
 * of N iterations (default 200000); it reports the median, min and max over the rounds, in ns
 * per operation. Every round starts with a barrier and is timed on rank 0 with
 * clock_gettime(CLOCK_MONOTONIC), from the start until rank 1's 0-byte acknowledgement of the
 * round's end has arrived, so that no rank can run ahead of the timing.
 *
 *   pingpong   8-byte MPI_Send/MPI_Recv round trip, rank 0 <-> rank 1    ns per round trip
 *   stream     8-byte messages rank 0 -> rank 1, one way                  ns per message (and messages/s)
 *   bcast      MPI_Bcast of one double from rank 0, back to back          ns per broadcast
 *   allreduce  MPI_Allreduce (sum) of one double                          ns per all-reduce
 *   exchange   MPI_Sendrecv of an FFT block of 2^k complex doubles        ns per exchange
 *              (2^k * 16 bytes each way) with the partner, for each k; its rounds hold
 *              min(N, max(16, 1 GiB / block bytes)) exchanges, so big blocks take ~0.1-0.5 s.
 *
 * Output: JSON Lines on stdout, from rank 0 only, one object per test (and per size for
 * exchange): peer, mpi_version, test, size_bytes, rounds, iterations, median_ns, min_ns,
 * max_ns, and for stream messages_per_s (from the median).
 *
 * Flags: --rounds R  --iterations N  --tests pingpong,stream,bcast,allreduce,exchange
 *        --exchange-log2 10,12,14,16,18,19,20
 * A bad flag prints one line on stderr and exits 2. --check-args only checks the flags (exit 0
 * or 2) without starting MPI: run.sh uses it so that a typo does not produce mpirun's abort box.
 *
 * Build and run:  bench/peers/mpi/run.sh [flags]   (mpicc -O2, then mpirun -np 2 --bind-to core)
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_SIZES 32
#define MAX_LOG2 24                    /* 256 MiB per block */
#define EXCHANGE_BUDGET (1L << 30)     /* bytes sent per exchange round, each way */

static const char *TESTS[] = {"pingpong", "stream", "bcast", "allreduce", "exchange"};
enum { PINGPONG, STREAM, BCAST, ALLREDUCE, EXCHANGE, NTESTS };

static int rank;

static void usage_error(const char *msg, const char *arg) {
    const char *r = getenv("OMPI_COMM_WORLD_RANK"); /* arguments are checked before MPI_Init */
    if (r == NULL || strcmp(r, "0") == 0)
        fprintf(stderr, "logp_peer: %s%s%s (flags: --rounds R --iterations N --tests a,b,c "
                "--exchange-log2 10,12,...)\n", msg, arg ? ": " : "", arg ? arg : "");
    exit(2);
}

static long parse_long(const char *s, long lo, long hi, const char *what) {
    char *end;
    long v = strtol(s, &end, 10);
    if (*s == '\0' || *end != '\0' || v < lo || v > hi) usage_error(what, s);
    return v;
}

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

/* One round of n operations; returns the elapsed ns on rank 0 (0 on rank 1). */
static double round_ns(int test, long n, char *a, char *b, int bytes) {
    double x = 1.0, sum;
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = now_ns();
    for (long i = 0; i < n; i++) {
        switch (test) {
        case PINGPONG:
            if (rank == 0) {
                MPI_Send(a, 8, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
                MPI_Recv(b, 8, MPI_BYTE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            } else {
                MPI_Recv(b, 8, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MPI_Send(a, 8, MPI_BYTE, 0, 0, MPI_COMM_WORLD);
            }
            break;
        case STREAM:
            if (rank == 0) MPI_Send(a, 8, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
            else MPI_Recv(b, 8, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            break;
        case BCAST:
            MPI_Bcast(&x, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
            break;
        case ALLREDUCE:
            MPI_Allreduce(&x, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
            break;
        case EXCHANGE:
            MPI_Sendrecv(a, bytes, MPI_BYTE, 1 - rank, 0, b, bytes, MPI_BYTE, 1 - rank, 0,
                         MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            break;
        }
    }
    if (rank == 0) MPI_Recv(NULL, 0, MPI_BYTE, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    else MPI_Send(NULL, 0, MPI_BYTE, 0, 1, MPI_COMM_WORLD);
    return rank == 0 ? now_ns() - t0 : 0;
}

static int cmp_double(const void *p, const void *q) {
    double d = *(const double *)p - *(const double *)q;
    return (d > 0) - (d < 0);
}

static void measure(int test, int rounds, long n, char *a, char *b, long bytes, const char *version) {
    double ns[rounds];
    round_ns(test, n, a, b, (int)bytes); /* warm-up */
    for (int r = 0; r < rounds; r++) ns[r] = round_ns(test, n, a, b, (int)bytes) / n;
    if (rank != 0) return;
    qsort(ns, rounds, sizeof ns[0], cmp_double);
    double median = rounds % 2 ? ns[rounds / 2] : (ns[rounds / 2 - 1] + ns[rounds / 2]) / 2;
    printf("{\"peer\":\"openmpi\",\"mpi_version\":\"%s\",\"test\":\"%s\",\"size_bytes\":%ld,"
           "\"rounds\":%d,\"iterations\":%ld,\"median_ns\":%.3f,\"min_ns\":%.3f,\"max_ns\":%.3f",
           version, TESTS[test], bytes, rounds, n, median, ns[0], ns[rounds - 1]);
    if (test == STREAM) printf(",\"messages_per_s\":%.1f", 1e9 / median);
    printf("}\n");
    fflush(stdout);
}

/* The first line of the library version, trimmed and JSON-escaped into out. */
static void version_json(char *out, size_t cap) {
    char v[MPI_MAX_LIBRARY_VERSION_STRING];
    int len;
    MPI_Get_library_version(v, &len);
    v[strcspn(v, "\r\n")] = '\0';
    char *s = v, *e = v + strlen(v);
    while (*s == ' ' || *s == '\t') s++;
    while (e > s && (e[-1] == ' ' || e[-1] == '\t')) *--e = '\0';
    size_t o = 0;
    for (; *s && o + 7 < cap; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') { out[o++] = '\\'; out[o++] = (char)c; }
        else if (c < 0x20) o += (size_t)snprintf(out + o, cap - o, "\\u%04x", c);
        else out[o++] = (char)c;
    }
    out[o] = '\0';
}

int main(int argc, char **argv) {
    int rounds = 7, selected[NTESTS] = {1, 1, 1, 1, 1}, check_only = 0;
    int log2s[MAX_SIZES] = {10, 12, 14, 16, 18, 19, 20}, nsizes = 7;
    long iterations = 200000;

    for (int i = 1; i < argc; i++) {
        const char *f = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(f, "--check-args")) { check_only = 1; continue; }
        if (strcmp(f, "--rounds") && strcmp(f, "--iterations") && strcmp(f, "--tests")
            && strcmp(f, "--exchange-log2")) usage_error("unknown flag", f);
        if (v == NULL) usage_error("missing value after", f);
        i++;
        if (!strcmp(f, "--rounds")) rounds = (int)parse_long(v, 1, 1000, "--rounds must be 1..1000");
        else if (!strcmp(f, "--iterations"))
            iterations = parse_long(v, 1, 1000000000L, "--iterations must be 1..1e9");
        else {
            char list[1024], *save = NULL;
            snprintf(list, sizeof list, "%s", v);
            if (!strcmp(f, "--tests")) memset(selected, 0, sizeof selected);
            else nsizes = 0;
            for (char *t = strtok_r(list, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
                if (!strcmp(f, "--exchange-log2")) {
                    if (nsizes == MAX_SIZES) usage_error("too many sizes", v);
                    log2s[nsizes++] = (int)parse_long(t, 0, MAX_LOG2, "--exchange-log2 takes k in 0..24");
                    continue;
                }
                int k = 0;
                while (k < NTESTS && strcmp(t, TESTS[k])) k++;
                if (k == NTESTS) usage_error("unknown test (pingpong, stream, bcast, allreduce, exchange)", t);
                selected[k] = 1;
            }
            int any = 0;
            for (int k = 0; k < NTESTS; k++) any |= selected[k];
            if (!strcmp(f, "--tests") && !any) usage_error("no tests in", v);
            if (!strcmp(f, "--exchange-log2") && nsizes == 0) usage_error("no sizes in", v);
        }
    }

    if (check_only) return 0;

    MPI_Init(&argc, &argv);
    int size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size != 2) {
        if (rank == 0) fprintf(stderr, "logp_peer: needs exactly 2 ranks, has %d (mpirun -np 2)\n", size);
        MPI_Finalize();
        return 1;
    }
    char version[4 * MPI_MAX_LIBRARY_VERSION_STRING];
    version_json(version, sizeof version);

    long max_bytes = 8;
    for (int s = 0; selected[EXCHANGE] && s < nsizes; s++)
        if ((16L << log2s[s]) > max_bytes) max_bytes = 16L << log2s[s];
    char *a = malloc(max_bytes), *b = malloc(max_bytes);
    if (!a || !b) {
        fprintf(stderr, "logp_peer: out of memory for %ld-byte blocks\n", max_bytes);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    memset(a, 1, max_bytes);
    memset(b, 0, max_bytes);

    for (int t = PINGPONG; t < EXCHANGE; t++)
        if (selected[t]) measure(t, rounds, iterations, a, b, 8, version);
    for (int s = 0; selected[EXCHANGE] && s < nsizes; s++) {
        long bytes = 16L << log2s[s], n = EXCHANGE_BUDGET / bytes;
        if (n < 16) n = 16;
        if (n > iterations) n = iterations;
        measure(EXCHANGE, rounds, n, a, b, bytes, version);
    }
    free(a);
    free(b);
    MPI_Finalize();
    return 0;
}
