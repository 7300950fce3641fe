/* The cost of a call from C: utfast_utf8_to_utf16le and utfast_validate_utf8
 * on 1000 strings of LEN bytes, one call each, through function pointers the
 * compiler cannot see through. Prints the best of ROUNDS rounds in ns a call,
 * for ASCII strings and mixed ones ("ab", "é", "€", "." repeated).
 * examples/calls.rs is its twin in Rust; scripts/c-calls.sh runs both, in
 * turns, and prints the ratios.
 *
 *     calls LEN [REPS [ROUNDS]]
 *
 * Before timing, each string is converted and validated once and the answers
 * checked (exit status 1 if one is wrong): the C suite runs it that way.
 */
#define _POSIX_C_SOURCE 199309L /* clock_gettime under -std=c99 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "utfast.h"

enum { STRINGS = 1000 };

typedef utfast_result (*to_utf16_fn)(const uint8_t *, size_t, uint16_t *, size_t);
typedef bool (*validate_fn)(const uint8_t *, size_t);

/* Volatile: read at every round, so the calls stay indirect. */
static to_utf16_fn volatile to_utf16 = utfast_utf8_to_utf16le;
static validate_fn volatile validate = utfast_validate_utf8;

static double seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* STRINGS strings of len bytes: the pattern repeated from each string's start. */
static uint8_t *strings(const char *pattern, size_t len) {
    size_t plen = strlen(pattern);
    uint8_t *data = malloc(STRINGS * len);
    if (data == NULL)
        return NULL;
    for (size_t i = 0; i < STRINGS * len; i++)
        data[i] = (uint8_t)pattern[(i % len) % plen];
    return data;
}

/* Every string valid, and converted to `units_per_string` units. */
static int answers_right(const uint8_t *data, size_t len, uint16_t *units,
                         size_t units_per_string) {
    for (size_t i = 0; i < STRINGS; i++) {
        utfast_result r = to_utf16(data + i * len, len, units, len);
        if (r.status != UTFAST_OK || r.position != len || r.written != units_per_string ||
            !validate(data + i * len, len))
            return 0;
    }
    return 1;
}

static void measure(const char *name, const uint8_t *data, size_t len, size_t reps,
                    int rounds, uint16_t *units, size_t units_len) {
    double best_convert = 1e30, best_validate = 1e30;
    size_t total = 0;
    for (int round = 0; round < rounds; round++) {
        to_utf16_fn convert = to_utf16;
        double start = seconds();
        for (size_t r = 0; r < reps; r++)
            for (size_t i = 0; i < STRINGS; i++)
                total += convert(data + i * len, len, units, units_len).written;
        double convert_time = seconds() - start;
        validate_fn check = validate;
        start = seconds();
        for (size_t r = 0; r < reps; r++)
            for (size_t i = 0; i < STRINGS; i++)
                total += check(data + i * len, len);
        double validate_time = seconds() - start;
        if (convert_time < best_convert)
            best_convert = convert_time;
        if (validate_time < best_validate)
            best_validate = validate_time;
    }
    double calls = (double)STRINGS * (double)reps;
    printf("c %s %zu utf8_to_utf16le %.3f validate_utf8 %.3f (%zu)\n", name, len,
           best_convert * 1e9 / calls, best_validate * 1e9 / calls, total);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s LEN [REPS [ROUNDS]]\n", argv[0]);
        return 2;
    }
    size_t len = (size_t)strtoul(argv[1], NULL, 10);
    size_t reps = argc > 2 ? (size_t)strtoul(argv[2], NULL, 10) : 2000;
    int rounds = argc > 3 ? atoi(argv[3]) : 5;
    if (len == 0 || len % 8 != 0 || reps == 0 || rounds <= 0) {
        fprintf(stderr, "calls: LEN must be a positive multiple of 8, REPS and ROUNDS positive\n");
        return 2;
    }
    uint16_t *units = malloc(len * sizeof *units);
    uint8_t *ascii = strings("abcdefghijklmnopqrstuvwxyz", len);
    uint8_t *mixed = strings("ab\xC3\xA9\xE2\x82\xAC.", len);
    if (units == NULL || ascii == NULL || mixed == NULL) {
        fprintf(stderr, "calls: out of memory\n");
        return 1;
    }
    /* The mixed pattern: 8 bytes, 5 UTF-16 units. */
    if (!answers_right(ascii, len, units, len) || !answers_right(mixed, len, units, len / 8 * 5)) {
        fprintf(stderr, "calls: a wrong answer from utfast_utf8_to_utf16le or _validate_utf8\n");
        return 1;
    }
    measure("ascii", ascii, len, reps, rounds, units, len);
    measure("mixed", mixed, len, reps, rounds, units, len);
    free(units);
    free(ascii);
    free(mixed);
    return 0;
}
