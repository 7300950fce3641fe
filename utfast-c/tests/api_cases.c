/*
 * api_cases.c: every function of utfast.h on hand-written boundary cases:
 * empty input with NULL pointers, NULL with a length, every error kind of
 * UTF-8, UTF-16 and UTF-32, truncated sequences, surrogates, characters
 * Latin-1 or Windows-1252 cannot hold, every output size from 0 to the exact
 * one (one unit too small included), the error modes, lengths, repair, the
 * column functions, the transcoder's details, and the kernel in use.
 *
 * Expected values are std's (valid_up_to, error_len) and the library's
 * documentation examples. Run by tests/c_suite.rs once per kernel.
 */
#include "check.h"

/* Short names for the statuses the checks expect most. */
#define OK UTFAST_OK
#define INVALID UTFAST_INVALID
#define SMALL UTFAST_OUTPUT_TOO_SMALL

/* ---- every strict conversion ------------------------------------------- */

static const conversion CONVERSIONS[] = {
    CONV(utfast_utf8_to_utf16le, IN_UTF8, 2, b_w),
    CONV(utfast_utf8_to_utf16be, IN_UTF8, 2, b_w),
    CONV(utfast_utf8_to_utf32, IN_UTF8, 4, b_d),
    CONV(utfast_utf8_to_latin1, IN_UTF8, 1, b_b),
    CONV(utfast_utf8_to_windows1252, IN_UTF8, 1, b_b),
    CONV(utfast_utf16le_to_utf8, IN_UTF16LE, 1, w_b),
    CONV(utfast_utf16be_to_utf8, IN_UTF16BE, 1, w_b),
    CONV(utfast_utf16le_to_utf32, IN_UTF16LE, 4, w_d),
    CONV(utfast_utf16be_to_utf32, IN_UTF16BE, 4, w_d),
    CONV(utfast_utf16le_to_latin1, IN_UTF16LE, 1, w_b),
    CONV(utfast_utf16be_to_latin1, IN_UTF16BE, 1, w_b),
    CONV(utfast_utf16le_to_windows1252, IN_UTF16LE, 1, w_b),
    CONV(utfast_utf16be_to_windows1252, IN_UTF16BE, 1, w_b),
    CONV(utfast_utf16le_to_utf16be, IN_UTF16LE, 2, w_w),
    CONV(utfast_utf16be_to_utf16le, IN_UTF16BE, 2, w_w),
    CONV(utfast_utf32_to_utf8, IN_UTF32, 1, d_b),
    CONV(utfast_utf32_to_utf16le, IN_UTF32, 2, d_w),
    CONV(utfast_utf32_to_utf16be, IN_UTF32, 2, d_w),
    CONV(utfast_utf32_to_latin1, IN_UTF32, 1, d_b),
    CONV(utfast_utf32_to_windows1252, IN_UTF32, 1, d_b),
    CONV(utfast_latin1_to_utf8, IN_BYTES, 1, b_b),
    CONV(utfast_latin1_to_utf16le, IN_BYTES, 2, b_w),
    CONV(utfast_latin1_to_utf16be, IN_BYTES, 2, b_w),
    CONV(utfast_latin1_to_utf32, IN_BYTES, 4, b_d),
    CONV(utfast_latin1_to_windows1252, IN_BYTES, 1, b_b),
    CONV(utfast_windows1252_to_utf8, IN_BYTES, 1, b_b),
    CONV(utfast_windows1252_to_utf16le, IN_BYTES, 2, b_w),
    CONV(utfast_windows1252_to_utf16be, IN_BYTES, 2, b_w),
    CONV(utfast_windows1252_to_utf32, IN_BYTES, 4, b_d),
    CONV(utfast_windows1252_to_latin1, IN_BYTES, 1, b_b),
};

/* Sample inputs of each kind, as (units, count): mixed text, then text with an
   error in the middle (for byte input: bytes that some outputs cannot hold). */
typedef struct {
    uint32_t storage[16]; /* aligned for every unit type */
    size_t len;
} sample;

static sample make_sample(enum input input, int erroneous) {
    static const uint8_t utf8_ok[] = "a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80z";
    static const uint8_t utf8_bad[] = "ab\xE2\x82(\xC3\xA9";
    static const uint8_t bytes_ok[] = "a\xE9\x81z";
    static const uint8_t bytes_bad[] = "a\xE9\x80\x9Fz";
    static const uint16_t utf16_ok[] = {0x61, 0xE9, 0x20AC, 0xD83D, 0xDE00, 0x7A};
    static const uint16_t utf16_bad[] = {0x61, 0xE9, 0xD800, 0x62};
    static const uint32_t utf32_ok[] = {0x61, 0xE9, 0x20AC, 0x1F600, 0x7A};
    static const uint32_t utf32_bad[] = {0x61, 0xE9, 0xDFFF, 0x62};
    sample s;
    memset(&s, 0, sizeof s);
    switch (input) {
    case IN_UTF8:
        s.len = erroneous ? sizeof utf8_bad - 1 : sizeof utf8_ok - 1;
        memcpy(s.storage, erroneous ? utf8_bad : utf8_ok, s.len);
        break;
    case IN_BYTES:
        s.len = erroneous ? sizeof bytes_bad - 1 : sizeof bytes_ok - 1;
        memcpy(s.storage, erroneous ? bytes_bad : bytes_ok, s.len);
        break;
    case IN_UTF16LE:
    case IN_UTF16BE:
        s.len = erroneous ? COUNT(utf16_bad) : COUNT(utf16_ok);
        store16(erroneous ? utf16_bad : utf16_ok, s.len, input == IN_UTF16BE,
                (uint16_t *)(void *)s.storage);
        break;
    case IN_UTF32:
        s.len = erroneous ? COUNT(utf32_bad) : COUNT(utf32_ok);
        memcpy(s.storage, erroneous ? utf32_bad : utf32_ok, s.len * 4);
        break;
    }
    return s;
}

static int same_result(utfast_result a, utfast_result b) {
    return a.status == b.status && a.position == b.position && a.written == b.written &&
           a.error_len == b.error_len && a.kind == b.kind;
}

/* NULL pointers, and every output size from 0 up: a full output stops at a
   character boundary, and what it wrote is what converting the input it
   reports as taken writes. */
static void check_conversion(const conversion *c) {
    uint32_t full[64], part[64], again[64];
    int erroneous;
    utfast_result r = call(c, NULL, 0, NULL, 0);
    CHECK_RESULT(r, OK, 0, 0, 0, UTFAST_KIND_NONE);
    r = call(c, NULL, 1, full, 64);
    CHECK_RESULT(r, UTFAST_NULL_POINTER, 0, 0, 0, UTFAST_KIND_NONE);
    for (erroneous = 0; erroneous <= 1; erroneous++) {
        sample s = make_sample(c->input, erroneous);
        size_t size;
        utfast_result whole = call(c, s.storage, s.len, full, 64);
        r = call(c, s.storage, s.len, NULL, 1);
        CHECK_RESULT(r, UTFAST_NULL_POINTER, 0, 0, 0, UTFAST_KIND_NONE);
        r = call(c, s.storage, s.len, NULL, 0);
        CHECK_RESULT(r, SMALL, 0, 0, 0, UTFAST_KIND_OUTPUT_TOO_SMALL);
        CHECK(whole.status == OK || whole.status == INVALID);
        for (size = 0; size <= whole.written + 4; size++) {
            r = call(c, s.storage, s.len, part, size);
            CHECK(r.written <= size);
            CHECK(memcmp(part, full, r.written * c->out_size) == 0);
            if (r.status == SMALL) {
                utfast_result prefix;
                CHECK(size < whole.written || (whole.status == INVALID && size == whole.written));
                CHECK(r.kind == UTFAST_KIND_OUTPUT_TOO_SMALL && r.error_len == 0);
                CHECK(r.position <= whole.position);
                prefix = call(c, s.storage, r.position, again, 64);
                CHECK_RESULT(prefix, OK, r.position, r.written, 0, UTFAST_KIND_NONE);
            } else {
                CHECK(same_result(r, whole));
                CHECK(size >= whole.written);
            }
            /* Exactly one unit too small. */
            if (whole.status == OK && whole.written > 0 && size == whole.written - 1) {
                CHECK(r.status == SMALL);
            }
        }
    }
}

/* ---- the conversions under an error mode --------------------------------- */

typedef union {
    utfast_result (*b_w)(const uint8_t *, size_t, uint16_t *, size_t, utfast_error_mode);
    utfast_result (*b_d)(const uint8_t *, size_t, uint32_t *, size_t, utfast_error_mode);
    utfast_result (*w_b)(const uint16_t *, size_t, uint8_t *, size_t, utfast_error_mode);
    utfast_result (*d_b)(const uint32_t *, size_t, uint8_t *, size_t, utfast_error_mode);
} with_fn;

static void check_modes(void) {
    uint16_t units[16];
    uint32_t values[16];
    uint8_t bytes[16];
    utfast_result r;
    uint16_t lone[2];
    const uint32_t too_large[] = {0x61, 0x110000};
    const uint16_t escaped[] = {0x61, 0xDCFF};
    with_fn fns[6];
    size_t i;

    /* UTF-8 to UTF-16: a\xFFb in each mode. */
    r = utfast_utf8_to_utf16le_with(TEXT("a\xFF" "b"), units, 16, UTFAST_MODE_REPLACE);
    CHECK_RESULT(r, OK, 3, 3, 0, 0);
    CHECK(units[1] == stored16(0xFFFD, 0));
    r = utfast_utf8_to_utf16be_with(TEXT("a\xFF" "b"), units, 16, UTFAST_MODE_SURROGATE_ESCAPE);
    CHECK_RESULT(r, OK, 3, 3, 0, 0);
    CHECK(units[1] == stored16(0xDCFF, 1) && units[2] == stored16(0x62, 1));
    r = utfast_utf8_to_utf16le_with(TEXT("a\xFF"), units, 16, UTFAST_MODE_LATIN1);
    CHECK_RESULT(r, OK, 2, 2, 0, 0);
    CHECK(units[1] == stored16(0xFF, 0));
    r = utfast_utf8_to_utf32_with(TEXT("\x93x\x94"), values, 16, UTFAST_MODE_WINDOWS1252);
    CHECK_RESULT(r, OK, 3, 3, 0, 0);
    CHECK(values[0] == 0x201C && values[1] == 0x78 && values[2] == 0x201D);
    r = utfast_utf8_to_utf32_with(TEXT("a\xC0\x80"), values, 16, UTFAST_MODE_REPLACE);
    CHECK_RESULT(r, OK, 3, 3, 0, 0);
    CHECK(values[1] == 0xFFFD && values[2] == 0xFFFD);
    r = utfast_utf8_to_utf16le_with(TEXT("a\xFF"), units, 16, UTFAST_MODE_STRICT);
    CHECK_RESULT(r, INVALID, 1, 1, 1, UTFAST_KIND_INVALID_BYTE);
    /* Python's ignore and backslashreplace: E2 82 is one piece, of two bytes. */
    r = utfast_utf8_to_utf32_with(TEXT("a\xE2\x82" "b"), values, 16, UTFAST_MODE_IGNORE);
    CHECK_RESULT(r, OK, 4, 2, 0, 0);
    CHECK(values[0] == 0x61 && values[1] == 0x62);
    r = utfast_utf8_to_utf32_with(TEXT("a\xE2\x82" "b"), values, 16,
                                  UTFAST_MODE_BACKSLASH_REPLACE);
    CHECK_RESULT(r, OK, 4, 10, 0, 0);
    for (i = 0; i < 10; i++) CHECK(values[i] == (uint32_t)"a\\xe2\\x82b"[i]);
    /* Escapes need room: four units a bad byte. */
    r = utfast_utf8_to_utf32_with(TEXT("a\xE2\x82" "b"), values, 4,
                                  UTFAST_MODE_BACKSLASH_REPLACE);
    CHECK(r.status == UTFAST_OUTPUT_TOO_SMALL && r.position == 1 && r.written == 1);
    /* A lossy conversion still stops at a full output. */
    r = utfast_utf8_to_utf16le_with(TEXT("a\xFF" "b"), units, 2, UTFAST_MODE_REPLACE);
    CHECK_RESULT(r, SMALL, 2, 2, 0, UTFAST_KIND_OUTPUT_TOO_SMALL);

    /* UTF-16 to UTF-8. */
    store16(escaped, 2, 0, lone);
    r = utfast_utf16le_to_utf8_with(lone, 2, bytes, 16, UTFAST_MODE_SURROGATE_ESCAPE);
    CHECK_RESULT(r, OK, 2, 2, 0, 0);
    CHECK(bytes[0] == 'a' && bytes[1] == 0xFF);
    r = utfast_utf16le_to_utf8_with(lone, 2, bytes, 16, UTFAST_MODE_REPLACE);
    CHECK_RESULT(r, OK, 2, 4, 0, 0);
    CHECK(memcmp(bytes, "a\xEF\xBF\xBD", 4) == 0);
    r = utfast_utf16le_to_utf8_with(lone, 2, bytes, 16, UTFAST_MODE_STRICT);
    CHECK_RESULT(r, INVALID, 1, 1, 1, UTFAST_KIND_UNPAIRED_LOW_SURROGATE);
    store16(escaped, 2, 1, lone);
    r = utfast_utf16be_to_utf8_with(lone, 2, bytes, 16, UTFAST_MODE_SURROGATE_ESCAPE);
    CHECK_RESULT(r, OK, 2, 2, 0, 0);

    /* UTF-32 to UTF-8. */
    r = utfast_utf32_to_utf8_with(too_large, 2, bytes, 16, UTFAST_MODE_REPLACE);
    CHECK_RESULT(r, OK, 2, 4, 0, 0);
    CHECK(memcmp(bytes, "a\xEF\xBF\xBD", 4) == 0);
    r = utfast_utf32_to_utf8_with(too_large, 2, bytes, 16, UTFAST_MODE_STRICT);
    CHECK_RESULT(r, INVALID, 1, 1, 1, UTFAST_KIND_TOO_LARGE);

    /* A mode out of range, and NULL pointers, in every _with function. */
    fns[0].b_w = utfast_utf8_to_utf16le_with;
    fns[1].b_w = utfast_utf8_to_utf16be_with;
    fns[2].b_d = utfast_utf8_to_utf32_with;
    fns[3].w_b = utfast_utf16le_to_utf8_with;
    fns[4].w_b = utfast_utf16be_to_utf8_with;
    fns[5].d_b = utfast_utf32_to_utf8_with;
    for (i = 0; i < 6; i++) {
        utfast_result bad, empty, null;
        utfast_error_mode out_of_range = (utfast_error_mode)99;
        if (i < 2) {
            bad = fns[i].b_w(TEXT("a"), units, 16, out_of_range);
            empty = fns[i].b_w(NULL, 0, NULL, 0, UTFAST_MODE_REPLACE);
            null = fns[i].b_w(NULL, 1, units, 16, UTFAST_MODE_REPLACE);
        } else if (i == 2) {
            bad = fns[i].b_d(TEXT("a"), values, 16, out_of_range);
            empty = fns[i].b_d(NULL, 0, NULL, 0, UTFAST_MODE_REPLACE);
            null = fns[i].b_d(NULL, 1, values, 16, UTFAST_MODE_REPLACE);
        } else if (i < 5) {
            bad = fns[i].w_b(units, 1, bytes, 16, out_of_range);
            empty = fns[i].w_b(NULL, 0, NULL, 0, UTFAST_MODE_REPLACE);
            null = fns[i].w_b(NULL, 1, bytes, 16, UTFAST_MODE_REPLACE);
        } else {
            bad = fns[i].d_b(values, 1, bytes, 16, out_of_range);
            empty = fns[i].d_b(NULL, 0, NULL, 0, UTFAST_MODE_REPLACE);
            null = fns[i].d_b(NULL, 1, bytes, 16, UTFAST_MODE_REPLACE);
        }
        CHECK_RESULT(bad, UTFAST_BAD_ARGUMENT, 0, 0, 0, 0);
        CHECK_RESULT(empty, OK, 0, 0, 0, 0);
        CHECK_RESULT(null, UTFAST_NULL_POINTER, 0, 0, 0, 0);
    }
}

/* ---- validation and every error kind ------------------------------------ */

static void check_utf8_kinds(void) {
    uint8_t long_text[200];
    utfast_result r;
    CHECK(utfast_validate_utf8(NULL, 0));
    CHECK(!utfast_validate_utf8(NULL, 3));
    CHECK(utfast_validate_utf8(TEXT("caf\xC3\xA9 \xF0\x9F\x98\x80")));
    CHECK(!utfast_validate_utf8(TEXT("\xF4\x90\x80\x80")));
    CHECK_RESULT(utfast_check_utf8(NULL, 0), OK, 0, 0, 0, 0);
    CHECK_RESULT(utfast_check_utf8(NULL, 1), UTFAST_NULL_POINTER, 0, 0, 0, 0);
    CHECK_RESULT(utfast_check_utf8(TEXT("h\xC3\xA9")), OK, 3, 0, 0, 0);

    /* std's valid_up_to and error_len for each kind. */
    CHECK_RESULT(utfast_check_utf8(TEXT("ab\x80")), INVALID, 2, 0, 1,
                 UTFAST_KIND_UNEXPECTED_CONTINUATION);
    CHECK_RESULT(utfast_check_utf8(TEXT("a\xC3(")), INVALID, 1, 0, 1,
                 UTFAST_KIND_MISSING_CONTINUATION);
    CHECK_RESULT(utfast_check_utf8(TEXT("\xE2\x82(")), INVALID, 0, 0, 2,
                 UTFAST_KIND_MISSING_CONTINUATION);
    CHECK_RESULT(utfast_check_utf8(TEXT("caf\xC3")), INVALID, 3, 0, 0,
                 UTFAST_KIND_TRUNCATED_AT_END);
    CHECK_RESULT(utfast_check_utf8(TEXT("\xF0\x9F\x98")), INVALID, 0, 0, 0,
                 UTFAST_KIND_TRUNCATED_AT_END);
    CHECK_RESULT(utfast_check_utf8(TEXT("\xC0\xAF")), INVALID, 0, 0, 1, UTFAST_KIND_OVERLONG);
    CHECK_RESULT(utfast_check_utf8(TEXT("\xE0\x80\x80")), INVALID, 0, 0, 1,
                 UTFAST_KIND_OVERLONG);
    CHECK_RESULT(utfast_check_utf8(TEXT("\xF0\x80\x80\x80")), INVALID, 0, 0, 1,
                 UTFAST_KIND_OVERLONG);
    CHECK_RESULT(utfast_check_utf8(TEXT("x\xED\xA0\x80")), INVALID, 1, 0, 1,
                 UTFAST_KIND_SURROGATE);
    CHECK_RESULT(utfast_check_utf8(TEXT("\xF4\x90\x80\x80")), INVALID, 0, 0, 1,
                 UTFAST_KIND_TOO_LARGE);
    CHECK_RESULT(utfast_check_utf8(TEXT("\xF5\x80")), INVALID, 0, 0, 1, UTFAST_KIND_TOO_LARGE);
    CHECK_RESULT(utfast_check_utf8(TEXT("ok\xFF")), INVALID, 2, 0, 1, UTFAST_KIND_INVALID_BYTE);
    CHECK_RESULT(utfast_check_utf8(TEXT("\xF8\x88\x80\x80\x80")), INVALID, 0, 0, 1,
                 UTFAST_KIND_INVALID_BYTE);

    /* Past the first vector blocks, and cut at the very end. */
    memset(long_text, 'a', sizeof long_text);
    long_text[150] = 0xED;
    long_text[151] = 0xBF;
    long_text[152] = 0xBF;
    CHECK_RESULT(utfast_check_utf8(long_text, 200), INVALID, 150, 0, 1, UTFAST_KIND_SURROGATE);
    memcpy(long_text + 150, "\xE2\x82\xAC", 3);
    CHECK(utfast_validate_utf8(long_text, 200));
    CHECK_RESULT(utfast_check_utf8(long_text, 152), INVALID, 150, 0, 0,
                 UTFAST_KIND_TRUNCATED_AT_END);

    /* Conversions stop where validation does, with what they wrote. */
    {
        uint16_t units[8];
        uint8_t bytes[8];
        r = utfast_utf8_to_utf16le(TEXT("ab\xE2\x82"), units, 8);
        CHECK_RESULT(r, INVALID, 2, 2, 0, UTFAST_KIND_TRUNCATED_AT_END);
        r = utfast_utf8_to_latin1(TEXT("a\xE2\x82\xAC"), bytes, 8);
        CHECK_RESULT(r, INVALID, 1, 1, 3, UTFAST_KIND_NOT_LATIN1);
        r = utfast_utf8_to_windows1252(TEXT("a\xE2\x86\x92"), bytes, 8);
        CHECK_RESULT(r, INVALID, 1, 1, 3, UTFAST_KIND_UNMAPPABLE);
        r = utfast_utf8_to_windows1252(TEXT("\xE2\x82\xAC\xC3"), bytes, 8);
        CHECK_RESULT(r, INVALID, 3, 1, 0, UTFAST_KIND_TRUNCATED_AT_END);
        CHECK(bytes[0] == 0x80);
    }
}

static void check_utf16_kinds(int big) {
    uint16_t units[8], out16[8];
    uint8_t bytes[16];
    uint32_t values[8];
    const uint16_t low_first[] = {0x61, 0xDC00};
    const uint16_t high_alone[] = {0xD800, 0x61};
    const uint16_t high_last[] = {0x61, 0xD83D};
    const uint16_t pair[] = {0x61, 0xD83D, 0xDE00};
    const uint16_t euro[] = {0x61, 0x20AC};
    utfast_result (*check16)(const uint16_t *, size_t) =
        big ? utfast_check_utf16be : utfast_check_utf16le;
    bool (*validate16)(const uint16_t *, size_t) =
        big ? utfast_validate_utf16be : utfast_validate_utf16le;

    CHECK(validate16(NULL, 0));
    CHECK(!validate16(NULL, 1));
    CHECK_RESULT(check16(NULL, 2), UTFAST_NULL_POINTER, 0, 0, 0, 0);
    store16(pair, 3, big, units);
    CHECK(validate16(units, 3));
    CHECK_RESULT(check16(units, 3), OK, 3, 0, 0, 0);
    store16(low_first, 2, big, units);
    CHECK(!validate16(units, 2));
    CHECK_RESULT(check16(units, 2), INVALID, 1, 0, 1, UTFAST_KIND_UNPAIRED_LOW_SURROGATE);
    store16(high_alone, 2, big, units);
    CHECK_RESULT(check16(units, 2), INVALID, 0, 0, 1, UTFAST_KIND_UNPAIRED_HIGH_SURROGATE);
    store16(high_last, 2, big, units);
    CHECK_RESULT(check16(units, 2), INVALID, 1, 0, 0, UTFAST_KIND_TRUNCATED_AT_END);

    /* In conversions. */
    store16(high_alone, 2, big, units);
    CHECK_RESULT((big ? utfast_utf16be_to_utf8 : utfast_utf16le_to_utf8)(units, 2, bytes, 16),
                 INVALID, 0, 0, 1, UTFAST_KIND_UNPAIRED_HIGH_SURROGATE);
    store16(high_last, 2, big, units);
    CHECK_RESULT((big ? utfast_utf16be_to_utf32 : utfast_utf16le_to_utf32)(units, 2, values, 8),
                 INVALID, 1, 1, 0, UTFAST_KIND_TRUNCATED_AT_END);
    store16(pair, 3, big, units);
    CHECK_RESULT((big ? utfast_utf16be_to_latin1 : utfast_utf16le_to_latin1)(units, 3, bytes, 8),
                 INVALID, 1, 1, 2, UTFAST_KIND_NOT_LATIN1);
    CHECK_RESULT(
        (big ? utfast_utf16be_to_windows1252 : utfast_utf16le_to_windows1252)(units, 3, bytes, 8),
        INVALID, 1, 1, 2, UTFAST_KIND_UNMAPPABLE);
    store16(euro, 2, big, units);
    CHECK_RESULT(
        (big ? utfast_utf16be_to_windows1252 : utfast_utf16le_to_windows1252)(units, 2, bytes, 8),
        OK, 2, 2, 0, 0);
    CHECK(bytes[0] == 'a' && bytes[1] == 0x80);
    store16(low_first, 2, big, units);
    CHECK_RESULT((big ? utfast_utf16be_to_utf16le : utfast_utf16le_to_utf16be)(units, 2, out16, 8),
                 INVALID, 1, 1, 1, UTFAST_KIND_UNPAIRED_LOW_SURROGATE);
    CHECK(out16[0] == stored16(0x61, !big));
}

static void check_utf32_kinds(void) {
    const uint32_t surrogate[] = {0x61, 0xD800};
    const uint32_t too_large[] = {0x110000};
    const uint32_t euro[] = {0x63, 0x20AC};
    const uint32_t arrow[] = {0x63, 0x20AC, 0x2192};
    uint8_t bytes[16];
    uint16_t units[8];
    CHECK(utfast_validate_utf32(NULL, 0));
    CHECK(!utfast_validate_utf32(NULL, 1));
    CHECK(utfast_validate_utf32(euro, 2));
    CHECK(!utfast_validate_utf32(surrogate, 2));
    CHECK_RESULT(utfast_check_utf32(surrogate, 2), INVALID, 1, 0, 1, UTFAST_KIND_SURROGATE);
    CHECK_RESULT(utfast_check_utf32(too_large, 1), INVALID, 0, 0, 1, UTFAST_KIND_TOO_LARGE);
    CHECK_RESULT(utfast_utf32_to_utf16le(surrogate, 2, units, 8), INVALID, 1, 1, 1,
                 UTFAST_KIND_SURROGATE);
    CHECK_RESULT(utfast_utf32_to_latin1(euro, 2, bytes, 8), INVALID, 1, 1, 1,
                 UTFAST_KIND_NOT_LATIN1);
    CHECK_RESULT(utfast_utf32_to_windows1252(arrow, 3, bytes, 8), INVALID, 2, 2, 1,
                 UTFAST_KIND_UNMAPPABLE);
    CHECK(bytes[0] == 0x63 && bytes[1] == 0x80);
}

static void check_single_byte(void) {
    uint8_t bytes[16];
    uint16_t units[4];
    uint32_t values[4];
    utfast_result r = utfast_windows1252_to_utf8(TEXT("\x80\x81\x9F"), bytes, 16);
    CHECK_RESULT(r, OK, 3, 7, 0, 0);
    CHECK(memcmp(bytes, "\xE2\x82\xAC\xC2\x81\xC5\xB8", 7) == 0);
    r = utfast_windows1252_to_utf16be(TEXT("\x93"), units, 4);
    CHECK_RESULT(r, OK, 1, 1, 0, 0);
    CHECK(units[0] == stored16(0x201C, 1));
    r = utfast_windows1252_to_utf32(TEXT("\x99"), values, 4);
    CHECK_RESULT(r, OK, 1, 1, 0, 0);
    CHECK(values[0] == 0x2122);
    r = utfast_windows1252_to_latin1(TEXT("a\x81\x8D"), bytes, 16);
    CHECK_RESULT(r, OK, 3, 3, 0, 0);
    r = utfast_windows1252_to_latin1(TEXT("a\x80"), bytes, 16);
    CHECK_RESULT(r, INVALID, 1, 1, 1, UTFAST_KIND_UNMAPPABLE);
    r = utfast_latin1_to_windows1252(TEXT("\xE9\x90\x80"), bytes, 16);
    CHECK_RESULT(r, INVALID, 2, 2, 1, UTFAST_KIND_UNMAPPABLE);
    r = utfast_latin1_to_utf8(TEXT("\xE9t\xE9"), bytes, 16);
    CHECK_RESULT(r, OK, 3, 5, 0, 0);
    r = utfast_latin1_to_utf8(TEXT("\xE9\xE9"), bytes, 3);
    CHECK_RESULT(r, SMALL, 1, 2, 0, UTFAST_KIND_OUTPUT_TOO_SMALL);
}

/* utfast_latin1_to_utf8_written against utfast_latin1_to_utf8: every length to
 * past the short paths, outputs of twice the input, of the exact length and one
 * byte short; refused arguments. */
static void check_written(void) {
    uint8_t src[72], full[160], out[160];
    uint32_t seed = 12345;
    size_t len, i, k;
    for (len = 0; len <= sizeof src; len++) {
        for (i = 0; i < len; i++) {
            seed = seed * 1103515245u + 12345u;
            src[i] = (uint8_t)(seed >> 16);
            if ((len + i) % 3) src[i] &= 0x7F;
        }
        size_t exact = utfast_utf8_len_from_latin1(src, len);
        size_t rooms[3] = {2 * len, exact, exact ? exact - 1 : 0};
        for (k = 0; k < 3; k++) {
            utfast_result r = utfast_latin1_to_utf8(src, len, full, rooms[k]);
            size_t n = utfast_latin1_to_utf8_written(src, len, out, rooms[k]);
            if (r.status == UTFAST_OK) {
                CHECK(n == r.written);
                CHECK(n == exact);
                CHECK(memcmp(out, full, n) == 0);
            } else {
                CHECK(r.status == UTFAST_OUTPUT_TOO_SMALL);
                CHECK(n == UTFAST_NOT_WRITTEN);
            }
        }
    }
    CHECK(utfast_latin1_to_utf8_written(NULL, 0, NULL, 0) == 0);
    CHECK(utfast_latin1_to_utf8_written(NULL, 1, out, 2) == UTFAST_NOT_WRITTEN);
    CHECK(utfast_latin1_to_utf8_written(src, 1, NULL, 2) == UTFAST_NOT_WRITTEN);
    CHECK(utfast_latin1_to_utf8_written(out, 4, out + 2, 8) == UTFAST_NOT_WRITTEN);
}

/* ---- lengths, repair, overlap -------------------------------------------- */

static void check_lengths_and_repair(void) {
    const uint16_t text16[] = {0x61, 0x20AC, 0xD83D, 0xDE00};
    const uint32_t text32[] = {0x61, 0xE9, 0x20AC, 0x1F600};
    const uint16_t broken[] = {0x61, 0xD800, 0x62, 0xDC00, 0xD83D, 0xDE00};
    uint16_t units[8];
    uint8_t buffer[16];
    utfast_result r;
    int big;

    CHECK(utfast_utf16_len_from_utf8(TEXT("a\xE2\x82\xAC\xF0\x9F\x98\x80")) == 4);
    CHECK(utfast_utf32_len_from_utf8(TEXT("a\xE2\x82\xAC\xF0\x9F\x98\x80")) == 3);
    CHECK(utfast_utf16_len_from_utf8(NULL, 0) == 0);
    CHECK(utfast_utf16_len_from_utf8(NULL, 5) == 0);
    CHECK(utfast_utf32_len_from_utf8(NULL, 5) == 0);
    for (big = 0; big <= 1; big++) {
        store16(text16, 4, big, units);
        CHECK((big ? utfast_utf8_len_from_utf16be : utfast_utf8_len_from_utf16le)(units, 4) == 8);
        CHECK((big ? utfast_utf32_len_from_utf16be : utfast_utf32_len_from_utf16le)(units, 4) ==
              3);
        CHECK((big ? utfast_utf8_len_from_utf16be : utfast_utf8_len_from_utf16le)(NULL, 4) == 0);
    }
    CHECK(utfast_utf8_len_from_utf32(text32, 4) == 10);
    CHECK(utfast_utf16_len_from_utf32(text32, 4) == 5);
    CHECK(utfast_utf16_len_from_utf32(NULL, 1) == 0);
    CHECK(utfast_utf8_len_from_latin1(TEXT("caf\xE9")) == 5);
    CHECK(utfast_utf8_len_from_latin1(NULL, 0) == 0);

    for (big = 0; big <= 1; big++) {
        utfast_result (*repair)(uint16_t *, size_t) =
            big ? utfast_repair_utf16be : utfast_repair_utf16le;
        store16(broken, 6, big, units);
        r = repair(units, 6);
        CHECK_RESULT(r, OK, 6, 2, 0, 0);
        CHECK(units[1] == stored16(0xFFFD, big) && units[3] == stored16(0xFFFD, big));
        CHECK(units[4] == stored16(0xD83D, big) && units[5] == stored16(0xDE00, big));
        CHECK_RESULT(repair(units, 6), OK, 6, 0, 0, 0);
        CHECK_RESULT(repair(NULL, 0), OK, 0, 0, 0, 0);
        CHECK_RESULT(repair(NULL, 2), UTFAST_NULL_POINTER, 0, 0, 0, 0);
    }

    /* Input and output overlapping: refused, nothing written. */
    memcpy(buffer, "abcdefgh", 8);
    r = utfast_utf8_to_latin1(buffer, 8, buffer + 4, 8);
    CHECK_RESULT(r, UTFAST_BAD_ARGUMENT, 0, 0, 0, 0);
    CHECK(memcmp(buffer, "abcdefgh", 8) == 0);
    r = utfast_utf8_to_latin1(buffer, 4, buffer + 4, 4);
    CHECK_RESULT(r, OK, 4, 4, 0, 0);
}

/* ---- arguments of the conversions that go straight to the kernel ---------- */

/* UTF-8 to UTF-16 and UTF-32 take the chosen kernel directly for input over 16
 * bytes in plain buffers; every other buffer takes the checked path. Both are
 * tried here on either side of 16 bytes, with every kind of refused buffer. */
static void check_kernel_path_arguments(void) {
    static const char text[] = "abcdefghijklmnopqrstuvwxyz0123456789 caf\xC3\xA9";
    static uint16_t units[64];
    static uint32_t values[64];
    static uint32_t words[128]; /* 512 bytes, aligned for every unit */
    uint8_t *shared = (uint8_t *)words;
    const uint8_t *src = (const uint8_t *)text;
    size_t len = sizeof text - 1;
    for (size_t n = 15; n <= len; n++) {
        /* Cut before the last character's second byte: 40 bytes are invalid. */
        int whole = n != len - 1;
        size_t chars = n == len ? len - 1 : n == len - 1 ? n - 1 : n;
        utfast_result r = utfast_utf8_to_utf16le(src, n, units, 64);
        if (whole)
            CHECK_RESULT(r, OK, n, chars, 0, 0);
        else
            CHECK_RESULT(r, UTFAST_INVALID, n - 1, n - 1, 0, UTFAST_KIND_TRUNCATED_AT_END);
        r = utfast_utf8_to_utf32(src, n, values, 64);
        if (whole)
            CHECK_RESULT(r, OK, n, chars, 0, 0);
        /* An output one unit too small: the characters that fit. */
        r = utfast_utf8_to_utf16be(src, n, units, chars - 1);
        if (whole)
            CHECK_RESULT(r, UTFAST_OUTPUT_TOO_SMALL, chars - 1, chars - 1, 0,
                         UTFAST_KIND_OUTPUT_TOO_SMALL);
        /* NULL with a length, a misaligned output, sizes past isize::MAX. */
        CHECK_RESULT(utfast_utf8_to_utf16le(NULL, n, units, 64), UTFAST_NULL_POINTER, 0, 0, 0,
                     0);
        CHECK_RESULT(utfast_utf8_to_utf16le(src, n, NULL, 64), UTFAST_NULL_POINTER, 0, 0, 0, 0);
        CHECK_RESULT(utfast_utf8_to_utf16le(src, n, (uint16_t *)(shared + 1), 64),
                     UTFAST_BAD_ARGUMENT, 0, 0, 0, 0);
        CHECK_RESULT(utfast_utf8_to_utf32(src, n, (uint32_t *)(shared + 2), 32),
                     UTFAST_BAD_ARGUMENT, 0, 0, 0, 0);
        CHECK_RESULT(utfast_utf8_to_utf16le(src, n, units, SIZE_MAX / 2), UTFAST_BAD_ARGUMENT,
                     0, 0, 0, 0);
        CHECK_RESULT(utfast_utf8_to_utf32(src, n, values, SIZE_MAX / 4 + 1),
                     UTFAST_BAD_ARGUMENT, 0, 0, 0, 0);
        CHECK_RESULT(utfast_utf8_to_utf16le(src, SIZE_MAX, units, 64), UTFAST_BAD_ARGUMENT, 0,
                     0, 0, 0);
        /* An empty output: too small, nothing written. */
        r = utfast_utf8_to_utf16le(src, n, NULL, 0);
        CHECK_RESULT(r, UTFAST_OUTPUT_TOO_SMALL, 0, 0, 0, UTFAST_KIND_OUTPUT_TOO_SMALL);
        /* Overlapping input and output, either way round: refused, untouched. */
        memset(shared, 'x', sizeof words);
        memcpy(shared + 128, src, n);
        r = utfast_utf8_to_utf16le(shared + 128, n, (uint16_t *)(shared + 128 - 2 * n + 2), n);
        CHECK_RESULT(r, UTFAST_BAD_ARGUMENT, 0, 0, 0, 0);
        r = utfast_utf8_to_utf16le(shared + 128, n,
                                   (uint16_t *)(shared + ((128 + n - 2) & ~(size_t)1)), n);
        CHECK_RESULT(r, UTFAST_BAD_ARGUMENT, 0, 0, 0, 0);
        r = utfast_utf8_to_utf32(shared + 128, n, (uint32_t *)(shared + 128), n);
        CHECK_RESULT(r, UTFAST_BAD_ARGUMENT, 0, 0, 0, 0);
        CHECK(memcmp(shared + 128, src, n) == 0 && shared[127] == 'x' && shared[128 + n] == 'x');
        /* Adjacent, before and after: accepted. */
        r = utfast_utf8_to_utf16le(shared + 128, n, (uint16_t *)(shared + 128 - 2 * n), n);
        if (whole)
            CHECK_RESULT(r, OK, n, chars, 0, 0);
        r = utfast_utf8_to_utf32(shared + 128, n,
                                 (uint32_t *)(shared + 128 + ((n + 3) & ~(size_t)3)), n);
        if (whole)
            CHECK_RESULT(r, OK, n, chars, 0, 0);
    }
}

/* ---- columns ------------------------------------------------------------ */

static void check_rows(void) {
    const uint8_t values[] = "okbad\xFF";
    const int32_t offsets32[] = {0, 2, 6};
    const int64_t offsets64[] = {0, 2, 6};
    const int32_t past_end[] = {0, 9};
    const int64_t decreasing[] = {0, 3, 2};
    const int32_t cut[] = {0, 9, 13};
    const uint8_t mixed[] = "ok\xFF" "fine";
    const int32_t mixed_offsets[] = {0, 2, 3, 7};
    const int64_t mixed_offsets64[] = {0, 2, 3, 7};
    const int32_t zero = 0;
    uint8_t bitmap[4] = {0xAA, 0xAA, 0xAA, 0xAA};
    size_t bad_row = 99, invalid = 99;
    utfast_result r;

    r = utfast_validate_utf8_rows(values, 6, offsets32, 3, &bad_row);
    CHECK_RESULT(r, INVALID, 3, 0, 1, UTFAST_KIND_INVALID_BYTE);
    CHECK(bad_row == 1);
    r = utfast_validate_utf8_rows_i64(values, 6, offsets64, 3, NULL);
    CHECK_RESULT(r, INVALID, 3, 0, 1, UTFAST_KIND_INVALID_BYTE);
    r = utfast_validate_utf8_rows(values, 6, offsets32, 2, &bad_row);
    CHECK_RESULT(r, OK, 0, 0, 0, 0);
    CHECK(bad_row == 0);
    r = utfast_validate_utf8_rows(values, 6, past_end, 2, &bad_row);
    CHECK_RESULT(r, UTFAST_BAD_OFFSETS, 0, 0, 0, 0);
    CHECK(bad_row == 0);
    r = utfast_validate_utf8_rows_i64(values, 6, decreasing, 3, &bad_row);
    CHECK_RESULT(r, UTFAST_BAD_OFFSETS, 0, 0, 0, 0);
    CHECK(bad_row == 1);
    /* "héllo wörld" with an offset inside the "ö": row 0 ends cut. */
    r = utfast_validate_utf8_rows(TEXT("h\xC3\xA9llo w\xC3\xB6rld"), cut, 3, &bad_row);
    CHECK_RESULT(r, INVALID, 8, 0, 0, UTFAST_KIND_TRUNCATED_AT_END);
    CHECK(bad_row == 0);
    /* No rows: one offset. No offsets at all: unsound. */
    CHECK_RESULT(utfast_validate_utf8_rows(NULL, 0, &zero, 1, NULL), OK, 0, 0, 0, 0);
    CHECK_RESULT(utfast_validate_utf8_rows(NULL, 0, NULL, 0, NULL), UTFAST_BAD_OFFSETS, 0, 0, 0,
                 0);
    CHECK_RESULT(utfast_validate_utf8_rows(NULL, 5, &zero, 1, NULL), UTFAST_NULL_POINTER, 0, 0,
                 0, 0);

    r = utfast_utf8_rows_validity(mixed, 7, mixed_offsets, 4, bitmap, 4, &invalid);
    CHECK_RESULT(r, OK, 3, 1, 0, 0);
    CHECK(bitmap[0] == 0x5 && bitmap[1] == 0xAA && invalid == 1);
    r = utfast_utf8_rows_validity_i64(mixed, 7, mixed_offsets64, 4, bitmap, 1, NULL);
    CHECK_RESULT(r, OK, 3, 1, 0, 0);
    r = utfast_utf8_rows_validity(mixed, 7, mixed_offsets, 4, NULL, 0, &invalid);
    CHECK_RESULT(r, SMALL, 0, 0, 0, UTFAST_KIND_OUTPUT_TOO_SMALL);
    r = utfast_utf8_rows_validity(mixed, 7, past_end, 2, bitmap, 4, &invalid);
    CHECK_RESULT(r, UTFAST_BAD_OFFSETS, 0, 0, 0, 0);
}

/* ---- the transcoder's handle ------------------------------------------- */

static void check_transcoder(void) {
    utfast_transcoder *t;
    utfast_transcode_error e;
    uint8_t out[64];
    utfast_result r;

    CHECK(utfast_transcoder_new((utfast_encoding)10, UTFAST_ENCODING_UTF8,
                                UTFAST_MODE_STRICT) == NULL);
    CHECK(utfast_transcoder_new(UTFAST_ENCODING_UTF8, UTFAST_ENCODING_UTF8,
                                (utfast_error_mode)7) == NULL);
    CHECK_RESULT(utfast_transcoder_convert(NULL, NULL, 0, NULL, 0, true), UTFAST_NULL_POINTER,
                 0, 0, 0, 0);
    CHECK(!utfast_transcoder_last_error(NULL, &e));
    CHECK(utfast_transcoder_input_len(NULL) == 0);
    CHECK(utfast_transcoder_max_output_len(NULL, 10) == 0);
    CHECK(!utfast_transcoder_set_bom_handling(NULL, UTFAST_BOM_STRIP));
    utfast_transcoder_free(NULL);

    /* An error in the second chunk, at its absolute offset. */
    t = utfast_transcoder_new(UTFAST_ENCODING_UTF8, UTFAST_ENCODING_UTF16LE, UTFAST_MODE_STRICT);
    CHECK(t != NULL);
    CHECK(!utfast_transcoder_last_error(t, &e));
    r = utfast_transcoder_convert(t, TEXT("first chunk "), out, 64, false);
    CHECK_RESULT(r, OK, 12, 24, 0, 0);
    r = utfast_transcoder_convert(t, TEXT("then \xE2\x82x"), out, 64, true);
    CHECK_RESULT(r, INVALID, 7, 10, 2, UTFAST_KIND_MISSING_CONTINUATION);
    CHECK(utfast_transcoder_last_error(t, &e));
    CHECK(e.offset == 17 && e.error_len == 2 && e.kind == UTFAST_KIND_MISSING_CONTINUATION);
    CHECK(e.bytes_len == 2 && e.bytes[0] == 0xE2 && e.bytes[1] == 0x82 && e.detail == 0);
    CHECK(!utfast_transcoder_last_error(t, NULL));
    r = utfast_transcoder_convert(t, TEXT("x"), out, 64, true);
    CHECK_RESULT(r, OK, 1, 2, 0, 0);
    CHECK(utfast_transcoder_input_len(t) == 20);
    CHECK(utfast_transcoder_max_output_len(t, 100) >= 200);
    /* Overlapping buffers are refused. */
    r = utfast_transcoder_convert(t, out, 8, out + 4, 8, true);
    CHECK_RESULT(r, UTFAST_BAD_ARGUMENT, 0, 0, 0, 0);
    utfast_transcoder_free(t);

    /* A character the target lacks: its code point. */
    t = utfast_transcoder_new(UTFAST_ENCODING_UTF16LE, UTFAST_ENCODING_LATIN1, UTFAST_MODE_STRICT);
    r = utfast_transcoder_convert(t, TEXT("a\x00\xAC\x20"), out, 64, true);
    CHECK_RESULT(r, INVALID, 4, 1, 2, UTFAST_KIND_UNMAPPABLE);
    CHECK(utfast_transcoder_last_error(t, &e));
    CHECK(e.offset == 2 && e.detail == 0x20AC && e.bytes_len == 2);
    utfast_transcoder_free(t);

    /* Byte order marks: another encoding's is an error with ENFORCE. */
    t = utfast_transcoder_new(UTFAST_ENCODING_UTF8, UTFAST_ENCODING_UTF16LE, UTFAST_MODE_REPLACE);
    CHECK(!utfast_transcoder_set_bom_handling(t, (utfast_bom_handling)9));
    CHECK(utfast_transcoder_set_bom_handling(t, UTFAST_BOM_ENFORCE));
    r = utfast_transcoder_convert(t, TEXT("\xFF\xFEh\x00"), out, 64, true);
    /* The transcoder took the 4 bytes it reads to tell a mark; what follows the
       mark is converted by the next call. */
    CHECK_RESULT(r, INVALID, 4, 0, 2, UTFAST_KIND_FOREIGN_BOM);
    CHECK(utfast_transcoder_last_error(t, &e));
    CHECK(e.offset == 0 && e.detail == UTFAST_ENCODING_UTF16LE);
    CHECK(e.bytes_len == 2 && e.bytes[0] == 0xFF && e.bytes[1] == 0xFE);
    r = utfast_transcoder_convert(t, NULL, 0, out, 64, true);
    CHECK_RESULT(r, OK, 0, 4, 0, 0);
    CHECK(memcmp(out, "h\0\0\0", 4) == 0);
    utfast_transcoder_free(t);
    t = utfast_transcoder_new(UTFAST_ENCODING_UTF8, UTFAST_ENCODING_UTF8, UTFAST_MODE_STRICT);
    CHECK(utfast_transcoder_set_bom_handling(t, UTFAST_BOM_SNIFF));
    r = utfast_transcoder_convert(t, TEXT("\xFF\xFEh\x00i\x00"), out, 64, true);
    CHECK_RESULT(r, OK, 6, 2, 0, 0);
    CHECK(memcmp(out, "hi", 2) == 0);
    utfast_transcoder_free(t);

    /* The UTF-8 variants' own kinds (in WTF-8, the lone high surrogate is
       valid and converted; the low one after it is the error). */
    {
        static const struct {
            utfast_encoding from;
            const char *input;
            size_t len, offset;
            unsigned kind;
        } variants[] = {
            {UTFAST_ENCODING_CESU8, "a\xF0\x9F\x98\x80", 5, 1, UTFAST_KIND_FOUR_BYTE_SEQUENCE},
            {UTFAST_ENCODING_CESU8, "a\xED\xA0\xBDx", 5, 1, UTFAST_KIND_UNPAIRED_SURROGATE},
            {UTFAST_ENCODING_MUTF8, "a\x00", 2, 1, UTFAST_KIND_NUL_BYTE},
            {UTFAST_ENCODING_WTF8, "a\xED\xA0\xBD\xED\xB8\x80", 7, 4,
             UTFAST_KIND_SURROGATE_PAIR_IN_WTF8},
            {UTFAST_ENCODING_WTF8, "a\xC0\xAF", 3, 1, UTFAST_KIND_OVERLONG},
        };
        size_t i;
        for (i = 0; i < COUNT(variants); i++) {
            size_t before = variants[i].offset == 1 ? 2 : 4; /* UTF-16LE bytes before it */
            t = utfast_transcoder_new(variants[i].from, UTFAST_ENCODING_UTF16LE,
                                      UTFAST_MODE_STRICT);
            r = utfast_transcoder_convert(t, (const uint8_t *)variants[i].input, variants[i].len,
                                          out, 64, true);
            CHECK(r.status == INVALID && r.kind == variants[i].kind && r.written == before);
            CHECK(utfast_transcoder_last_error(t, &e) && e.offset == variants[i].offset);
            utfast_transcoder_free(t);
        }
    }

    /* Input ending inside a code unit. */
    t = utfast_transcoder_new(UTFAST_ENCODING_UTF32LE, UTFAST_ENCODING_UTF8, UTFAST_MODE_STRICT);
    r = utfast_transcoder_convert(t, TEXT("a\x00\x00\x00" "b"), out, 64, true);
    CHECK(r.status == INVALID && r.kind == UTFAST_KIND_INCOMPLETE_UNIT && r.written == 1);
    utfast_transcoder_free(t);
}

int main(void) {
    size_t i;
    check_kernel();
    CHECK(strlen(utfast_version()) > 0);
    for (i = 0; i < COUNT(CONVERSIONS); i++) {
        int before = checks_failed;
        check_conversion(&CONVERSIONS[i]);
        if (checks_failed > before) fprintf(stderr, "  in %s\n", CONVERSIONS[i].name);
    }
    check_modes();
    check_utf8_kinds();
    check_utf16_kinds(0);
    check_utf16_kinds(1);
    check_utf32_kinds();
    check_single_byte();
    check_written();
    check_lengths_and_repair();
    check_kernel_path_arguments();
    check_rows();
    check_transcoder();
    return finish("api_cases");
}
