/*
 * stream_cases.c: the streaming transcoder fed one byte at a time (and in
 * other small chunks, into small output buffers) gives the same output and the
 * same errors, at the same absolute offsets, as one call with all the input
 * and room for all the output; for many pairs of encodings, every error mode,
 * byte order mark handling, and input with errors, cut characters and
 * surrogates. Run by tests/c_suite.rs once per kernel.
 */
#include "check.h"

#define MAX_ERRORS 256

/* What a transcoding produced: the output, and each error's details. */
typedef struct {
    uint8_t *out;
    size_t len, cap;
    size_t errors;
    utfast_transcode_error error[MAX_ERRORS];
    int broken; /* a status no loop expects */
} transcript;

static void append(transcript *t, const uint8_t *bytes, size_t len) {
    if (t->len + len > t->cap) {
        t->cap = 2 * (t->len + len) + 64;
        t->out = (uint8_t *)realloc(t->out, t->cap);
        if (t->out == NULL) abort();
    }
    if (len > 0) memcpy(t->out + t->len, bytes, len);
    t->len += len;
}

/* Transcodes `src` in chunks of `chunk` bytes into a buffer of `room` bytes,
   as a caller of the API would. */
static transcript run(utfast_encoding from, utfast_encoding to, utfast_error_mode mode,
                      utfast_bom_handling bom, const uint8_t *src, size_t len, size_t chunk,
                      size_t room) {
    transcript result;
    utfast_transcoder *t = utfast_transcoder_new(from, to, mode);
    uint8_t *dst = (uint8_t *)malloc(room);
    size_t at = 0;
    memset(&result, 0, sizeof result);
    if (t == NULL || dst == NULL || !utfast_transcoder_set_bom_handling(t, bom)) abort();
    for (;;) {
        size_t n = len - at < chunk ? len - at : chunk;
        bool last = at + n == len;
        const uint8_t *piece = src + at;
        size_t left = n;
        for (;;) {
            utfast_result r = utfast_transcoder_convert(t, piece, left, dst, room, last);
            append(&result, dst, r.written);
            if (r.status == UTFAST_INVALID) {
                if (result.errors < MAX_ERRORS &&
                    !utfast_transcoder_last_error(t, &result.error[result.errors++])) {
                    result.broken = 1;
                }
            } else if (r.status != UTFAST_OK && r.status != UTFAST_OUTPUT_TOO_SMALL) {
                result.broken = 1;
                break;
            }
            if (r.position > left) {
                result.broken = 1;
                break;
            }
            piece += r.position;
            left -= r.position;
            if (r.status == UTFAST_OK) {
                if (left != 0) result.broken = 1;
                break;
            }
        }
        at += n;
        if (last || result.broken) break;
    }
    free(dst);
    utfast_transcoder_free(t);
    return result;
}

static int same_errors(const utfast_transcode_error *a, const utfast_transcode_error *b) {
    return a->offset == b->offset && a->detail == b->detail && a->error_len == b->error_len &&
           a->kind == b->kind;
}

/* One call against small chunks into small buffers. */
static void compare(const char *what, utfast_encoding from, utfast_encoding to,
                    utfast_error_mode mode, utfast_bom_handling bom, const uint8_t *src,
                    size_t len) {
    static const size_t chunks[][2] = {{1, 8}, {1, 64}, {2, 9}, {3, 13}, {7, 8}, {64, 11}};
    transcript whole = run(from, to, mode, bom, src, len, len + 1, 4 * len + 64);
    size_t c;
    CHECK(!whole.broken);
    for (c = 0; c < COUNT(chunks); c++) {
        transcript cut = run(from, to, mode, bom, src, len, chunks[c][0], chunks[c][1]);
        int same = !cut.broken && cut.len == whole.len && cut.errors == whole.errors &&
                   (whole.len == 0 || memcmp(cut.out, whole.out, whole.len) == 0);
        size_t e;
        for (e = 0; same && e < whole.errors; e++) {
            same = same_errors(&cut.error[e], &whole.error[e]);
        }
        if (!same) {
            fprintf(stderr,
                    "%s (%u -> %u, mode %u, bom %u), chunks of %zu into %zu bytes: "
                    "%zu bytes and %zu errors, one call: %zu bytes and %zu errors\n",
                    what, (unsigned)from, (unsigned)to, (unsigned)mode, (unsigned)bom,
                    chunks[c][0], chunks[c][1], cut.len, cut.errors, whole.len, whole.errors);
        }
        CHECK(same);
        free(cut.out);
    }
    free(whole.out);
}

/* `text` repeated to `times` its length, to cross the kernels' blocks. */
static uint8_t *repeat(const uint8_t *text, size_t len, size_t times) {
    uint8_t *out = (uint8_t *)malloc(len * times + 1);
    size_t i;
    if (out == NULL) abort();
    for (i = 0; i < times; i++) memcpy(out + i * len, text, len);
    return out;
}

int main(void) {
    static const uint8_t utf8[] = "a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80 \xFF\xE2\x82 x "
                                  "\xED\xA0\x80 \xC0\xAF\x93quote\x94 end \xF0\x9F";
    static const uint8_t utf16le[] = "a\x00\xAC\x20\x3D\xD8\x00\xDE\x00\xD8z\x00\x00\xDC"
                                     "\xE9\x00\x3D\xD8";
    static const uint8_t utf32le[] = "a\x00\x00\x00\x00\xF6\x01\x00\x00\xD8\x00\x00"
                                     "\x00\x00\x11\x00\xE9\x00\x00\x00\x01";
    static const uint8_t cp1252[] = "caf\xE9 \x80 \x93\x94 \x81\x8D\x8F\x90\x9D \xFF";
    static const uint8_t cesu8[] = "a\xED\xA0\xBD\xED\xB8\x80 \xED\xA0\xBD x \xF0\x9F\x98\x80"
                                   " \xC0\x80";
    static const uint8_t with_bom[] = "\xEF\xBB\xBFh\xC3\xA9llo";
    static const uint8_t utf16_bom[] = "\xFF\xFEh\x00i\x00";
    static const utfast_error_mode modes[] = {UTFAST_MODE_STRICT, UTFAST_MODE_REPLACE,
                                              UTFAST_MODE_SURROGATE_ESCAPE, UTFAST_MODE_LATIN1,
                                              UTFAST_MODE_WINDOWS1252, UTFAST_MODE_IGNORE,
                                              UTFAST_MODE_BACKSLASH_REPLACE};
    static const utfast_encoding targets[] = {
        UTFAST_ENCODING_UTF8,    UTFAST_ENCODING_UTF16LE,     UTFAST_ENCODING_UTF16BE,
        UTFAST_ENCODING_UTF32LE, UTFAST_ENCODING_UTF32BE,     UTFAST_ENCODING_LATIN1,
        UTFAST_ENCODING_WINDOWS1252, UTFAST_ENCODING_CESU8,   UTFAST_ENCODING_WTF8};
    struct {
        const char *name;
        utfast_encoding from;
        const uint8_t *bytes;
        size_t len;
    } inputs[6];
    size_t i, m, to;
    uint8_t *long_utf8 = repeat(utf8, sizeof utf8 - 1, 9);
    uint8_t *long_utf16 = repeat(utf16le, sizeof utf16le - 1, 11);

    inputs[0].name = "utf8", inputs[0].from = UTFAST_ENCODING_UTF8;
    inputs[0].bytes = utf8, inputs[0].len = sizeof utf8 - 1;
    inputs[1].name = "utf16le", inputs[1].from = UTFAST_ENCODING_UTF16LE;
    inputs[1].bytes = utf16le, inputs[1].len = sizeof utf16le - 1;
    inputs[2].name = "utf32le", inputs[2].from = UTFAST_ENCODING_UTF32LE;
    inputs[2].bytes = utf32le, inputs[2].len = sizeof utf32le - 1;
    inputs[3].name = "windows-1252", inputs[3].from = UTFAST_ENCODING_WINDOWS1252;
    inputs[3].bytes = cp1252, inputs[3].len = sizeof cp1252 - 1;
    inputs[4].name = "cesu8", inputs[4].from = UTFAST_ENCODING_CESU8;
    inputs[4].bytes = cesu8, inputs[4].len = sizeof cesu8 - 1;
    inputs[5].name = "long utf8", inputs[5].from = UTFAST_ENCODING_UTF8;
    inputs[5].bytes = long_utf8, inputs[5].len = 9 * (sizeof utf8 - 1);

    check_kernel();
    for (i = 0; i < COUNT(inputs); i++) {
        for (to = 0; to < COUNT(targets); to++) {
            for (m = 0; m < COUNT(modes); m++) {
                compare(inputs[i].name, inputs[i].from, targets[to], modes[m], UTFAST_BOM_NONE,
                        inputs[i].bytes, inputs[i].len);
            }
        }
    }
    /* Input in UTF-16BE: the UTF-16LE sample's bytes read the other way. */
    compare("utf16be", UTFAST_ENCODING_UTF16BE, UTFAST_ENCODING_UTF8, UTFAST_MODE_REPLACE,
            UTFAST_BOM_NONE, utf16le, sizeof utf16le - 1);
    compare("long utf16le", UTFAST_ENCODING_UTF16LE, UTFAST_ENCODING_UTF8, UTFAST_MODE_STRICT,
            UTFAST_BOM_NONE, long_utf16, 11 * (sizeof utf16le - 1));
    compare("long utf16le", UTFAST_ENCODING_UTF16LE, UTFAST_ENCODING_UTF32BE,
            UTFAST_MODE_REPLACE, UTFAST_BOM_NONE, long_utf16, 11 * (sizeof utf16le - 1));
    /* Byte order marks, whatever the cuts. */
    compare("bom", UTFAST_ENCODING_UTF8, UTFAST_ENCODING_UTF16LE, UTFAST_MODE_STRICT,
            UTFAST_BOM_STRIP, with_bom, sizeof with_bom - 1);
    compare("bom", UTFAST_ENCODING_UTF8, UTFAST_ENCODING_UTF8, UTFAST_MODE_STRICT,
            UTFAST_BOM_SNIFF, utf16_bom, sizeof utf16_bom - 1);
    compare("bom", UTFAST_ENCODING_UTF8, UTFAST_ENCODING_UTF8, UTFAST_MODE_REPLACE,
            UTFAST_BOM_ENFORCE, utf16_bom, sizeof utf16_bom - 1);
    compare("empty", UTFAST_ENCODING_UTF8, UTFAST_ENCODING_UTF16LE, UTFAST_MODE_STRICT,
            UTFAST_BOM_SNIFF, utf8, 0);

    free(long_utf8);
    free(long_utf16);
    return finish("stream_cases");
}
