/*
 * check.h: what the C test programs share: CHECK and CHECK_RESULT (count and
 * report failures, go on), text literals as (pointer, length) pairs, UTF-16
 * units stored in a given byte order, the conversions as one type
 * (`conversion`, `call`), and the kernel check. Each program
 * includes it once; tests/c_suite.rs compiles and runs the programs.
 */
#ifndef UTFAST_TEST_CHECK_H
#define UTFAST_TEST_CHECK_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "utfast.h"

static int checks_run = 0;
static int checks_failed = 0;

/* Counts a check; reports it when it fails. */
#define CHECK(cond) check_true((cond) != 0, #cond, __FILE__, __LINE__)

/* Checks every field of a utfast_result. */
#define CHECK_RESULT(r, status, position, written, error_len, kind)                    \
    check_result((r), (status), (position), (written), (error_len), (kind), __FILE__, \
                 __LINE__)

/* A string literal as the two arguments (pointer, length) of a byte input. */
#define TEXT(literal) (const uint8_t *)(literal), (sizeof(literal) - 1)

/* The number of elements of an array. */
#define COUNT(array) (sizeof(array) / sizeof((array)[0]))

static inline void check_true(int ok, const char *what, const char *file, int line) {
    checks_run++;
    if (!ok) {
        checks_failed++;
        fprintf(stderr, "%s:%d: check failed: %s\n", file, line, what);
    }
}

static inline void check_result(utfast_result r, int status, size_t position, size_t written,
                                unsigned error_len, unsigned kind, const char *file,
                                int line) {
    int ok = (int)r.status == status && r.position == position && r.written == written &&
             r.error_len == error_len && r.kind == kind;
    checks_run++;
    if (!ok) {
        checks_failed++;
        fprintf(stderr,
                "%s:%d: got {status %d, position %zu, written %zu, error_len %u, kind %u}, "
                "expected {%d, %zu, %zu, %u, %u}\n",
                file, line, (int)r.status, r.position, r.written, (unsigned)r.error_len,
                (unsigned)r.kind, status, position, written, error_len, kind);
    }
}

/* The UTF-16 unit `unit` as stored little-endian or big-endian in memory. */
static inline uint16_t stored16(uint16_t unit, int big_endian) {
    uint8_t bytes[2];
    uint16_t stored;
    bytes[0] = (uint8_t)(big_endian ? unit >> 8 : unit & 0xFF);
    bytes[1] = (uint8_t)(big_endian ? unit & 0xFF : unit >> 8);
    memcpy(&stored, bytes, 2);
    return stored;
}

/* `units` stored in the given byte order into `out`. */
static inline void store16(const uint16_t *units, size_t len, int big_endian, uint16_t *out) {
    size_t i;
    for (i = 0; i < len; i++) out[i] = stored16(units[i], big_endian);
}

/* ---- every strict conversion through one signature ---- */

/* What a conversion reads. */
enum input { IN_UTF8, IN_BYTES, IN_UTF16LE, IN_UTF16BE, IN_UTF32 };

typedef union {
    utfast_result (*b_b)(const uint8_t *, size_t, uint8_t *, size_t);
    utfast_result (*b_w)(const uint8_t *, size_t, uint16_t *, size_t);
    utfast_result (*b_d)(const uint8_t *, size_t, uint32_t *, size_t);
    utfast_result (*w_b)(const uint16_t *, size_t, uint8_t *, size_t);
    utfast_result (*w_w)(const uint16_t *, size_t, uint16_t *, size_t);
    utfast_result (*w_d)(const uint16_t *, size_t, uint32_t *, size_t);
    utfast_result (*d_b)(const uint32_t *, size_t, uint8_t *, size_t);
    utfast_result (*d_w)(const uint32_t *, size_t, uint16_t *, size_t);
} conversion_fn;

typedef struct {
    const char *name;
    enum input input;
    size_t out_size; /* bytes of an output unit */
    conversion_fn fn;
} conversion;

/* A table row: the function, what it reads, its output unit's bytes, and
   which member of conversion_fn holds it. */
#define CONV(name, input, out, kind) {#name, input, out, {.kind = name}}

static inline size_t in_size(enum input input) {
    return input == IN_UTF32 ? 4 : input == IN_UTF16LE || input == IN_UTF16BE ? 2 : 1;
}

/* Calls `c` on buffers given as untyped memory. */
static inline utfast_result call(const conversion *c, const void *src, size_t len,
                                 void *dst, size_t dst_len) {
    switch (in_size(c->input) * 10 + c->out_size) {
    case 11: return c->fn.b_b((const uint8_t *)src, len, (uint8_t *)dst, dst_len);
    case 12: return c->fn.b_w((const uint8_t *)src, len, (uint16_t *)dst, dst_len);
    case 14: return c->fn.b_d((const uint8_t *)src, len, (uint32_t *)dst, dst_len);
    case 21: return c->fn.w_b((const uint16_t *)src, len, (uint8_t *)dst, dst_len);
    case 22: return c->fn.w_w((const uint16_t *)src, len, (uint16_t *)dst, dst_len);
    case 24: return c->fn.w_d((const uint16_t *)src, len, (uint32_t *)dst, dst_len);
    case 41: return c->fn.d_b((const uint32_t *)src, len, (uint8_t *)dst, dst_len);
    default: return c->fn.d_w((const uint32_t *)src, len, (uint16_t *)dst, dst_len);
    }
}

/* The kernel UTFAST_KERNEL forces must be the one in use. */
static inline void check_kernel(void) {
    const char *forced = getenv("UTFAST_KERNEL");
    if (forced != NULL && forced[0] != '\0') {
        CHECK(strcmp(utfast_active_kernel(), forced) == 0);
    }
}

/* Prints the summary line and gives the exit status. */
static inline int finish(const char *program) {
    printf("%s (kernel %s): %d passed, %d failed\n", program, utfast_active_kernel(),
           checks_run - checks_failed, checks_failed);
    return checks_failed == 0 ? 0 : 1;
}

#endif /* UTFAST_TEST_CHECK_H */
