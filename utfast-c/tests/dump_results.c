/*
 * dump_results.c: runs the C API over input files and writes what each call
 * returned, one line a call, for tests/c_suite.rs to compare with the answers
 * of the Rust API on the same files.
 *
 *     dump_results MANIFEST RESULTS
 *
 * MANIFEST has a line "<format> <path>" a file, format one of utf8, utf16
 * (the raw bytes as UTF-16LE units, then as UTF-16BE ones), utf32 (values in
 * this machine's order) and bytes (Latin-1 and Windows-1252). For each file,
 * every function that reads that format runs, with a buffer large enough for
 * any answer and, after it, with one unit less than it wrote and with half of
 * it; the transcoder reads the file in small chunks into a small buffer. A line
 * holds the status, position, written, error_len, kind and a 64-bit FNV-1a hash
 * of the output. The Rust side (tests/c_suite.rs, `expected_results`) writes
 * the same lines from the Rust API; the two must match exactly.
 */
#include "check.h"

static FILE *results;

/* ---- hashing and printing ----------------------------------------------- */

static const uint64_t FNV_OFFSET = 0xcbf29ce484222325ULL;

static uint64_t fnv(uint64_t h, const void *data, size_t len) {
    const uint8_t *bytes = (const uint8_t *)data;
    size_t i;
    for (i = 0; i < len; i++) {
        h ^= bytes[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

/* One call's answer, and the hash of the output units it wrote. */
static void put(const char *op, const char *size, utfast_result r, const void *out,
                size_t unit) {
    fprintf(results, "%s %s %d %zu %zu %u %u %016llx\n", op, size, (int)r.status, r.position,
            r.written, (unsigned)r.error_len, (unsigned)r.kind,
            (unsigned long long)fnv(FNV_OFFSET, out, r.written * unit));
}

static void put_bool(const char *op, bool value) { fprintf(results, "%s %d\n", op, value); }

static void put_size(const char *op, size_t value) { fprintf(results, "%s %zu\n", op, value); }

static void put_hash(const char *op, const void *data, size_t len) {
    fprintf(results, "%s %016llx\n", op, (unsigned long long)fnv(FNV_OFFSET, data, len));
}

/* ---- conversions --------------------------------------------------------- */

/* A conversion and its output buffer's size, in output units per input unit. */
typedef struct {
    conversion c;
    size_t room;
} sized;

/* `c` with room for any answer, then with one unit less than it wrote, then
   with half of it. */
static void sweep(const sized *s, const void *src, size_t len, void *out) {
    utfast_result r = call(&s->c, src, len, out, s->room * len);
    size_t written = r.written;
    put(s->c.name, "full", r, out, s->c.out_size);
    if (written > 0) {
        r = call(&s->c, src, len, out, written - 1);
        put(s->c.name, "minus1", r, out, s->c.out_size);
        r = call(&s->c, src, len, out, written / 2);
        put(s->c.name, "half", r, out, s->c.out_size);
    }
}

static const sized FROM_UTF8[] = {
    {CONV(utfast_utf8_to_utf16le, IN_UTF8, 2, b_w), 1},
    {CONV(utfast_utf8_to_utf16be, IN_UTF8, 2, b_w), 1},
    {CONV(utfast_utf8_to_utf32, IN_UTF8, 4, b_d), 1},
    {CONV(utfast_utf8_to_latin1, IN_UTF8, 1, b_b), 1},
    {CONV(utfast_utf8_to_windows1252, IN_UTF8, 1, b_b), 1},
};

static const sized FROM_UTF16LE[] = {
    {CONV(utfast_utf16le_to_utf8, IN_UTF16LE, 1, w_b), 3},
    {CONV(utfast_utf16le_to_utf32, IN_UTF16LE, 4, w_d), 1},
    {CONV(utfast_utf16le_to_latin1, IN_UTF16LE, 1, w_b), 1},
    {CONV(utfast_utf16le_to_windows1252, IN_UTF16LE, 1, w_b), 1},
    {CONV(utfast_utf16le_to_utf16be, IN_UTF16LE, 2, w_w), 1},
};

static const sized FROM_UTF16BE[] = {
    {CONV(utfast_utf16be_to_utf8, IN_UTF16BE, 1, w_b), 3},
    {CONV(utfast_utf16be_to_utf32, IN_UTF16BE, 4, w_d), 1},
    {CONV(utfast_utf16be_to_latin1, IN_UTF16BE, 1, w_b), 1},
    {CONV(utfast_utf16be_to_windows1252, IN_UTF16BE, 1, w_b), 1},
    {CONV(utfast_utf16be_to_utf16le, IN_UTF16BE, 2, w_w), 1},
};

static const sized FROM_UTF32[] = {
    {CONV(utfast_utf32_to_utf8, IN_UTF32, 1, d_b), 4},
    {CONV(utfast_utf32_to_utf16le, IN_UTF32, 2, d_w), 2},
    {CONV(utfast_utf32_to_utf16be, IN_UTF32, 2, d_w), 2},
    {CONV(utfast_utf32_to_latin1, IN_UTF32, 1, d_b), 1},
    {CONV(utfast_utf32_to_windows1252, IN_UTF32, 1, d_b), 1},
};

static const sized FROM_BYTES[] = {
    {CONV(utfast_latin1_to_utf8, IN_BYTES, 1, b_b), 2},
    {CONV(utfast_latin1_to_utf16le, IN_BYTES, 2, b_w), 1},
    {CONV(utfast_latin1_to_utf16be, IN_BYTES, 2, b_w), 1},
    {CONV(utfast_latin1_to_utf32, IN_BYTES, 4, b_d), 1},
    {CONV(utfast_latin1_to_windows1252, IN_BYTES, 1, b_b), 1},
    {CONV(utfast_windows1252_to_utf8, IN_BYTES, 1, b_b), 3},
    {CONV(utfast_windows1252_to_utf16le, IN_BYTES, 2, b_w), 1},
    {CONV(utfast_windows1252_to_utf16be, IN_BYTES, 2, b_w), 1},
    {CONV(utfast_windows1252_to_utf32, IN_BYTES, 4, b_d), 1},
    {CONV(utfast_windows1252_to_latin1, IN_BYTES, 1, b_b), 1},
};

static void sweep_all(const sized *table, size_t count, const void *src, size_t len,
                      void *out) {
    size_t i;
    for (i = 0; i < count; i++) sweep(&table[i], src, len, out);
}

/* ---- the transcoder ------------------------------------------------------ */

/* The errors written out in full; the rest count in the hash only. */
#define SHOWN_ERRORS 8

/* Streams `src` through a transcoder in small chunks into a small buffer;
   writes the first errors, then the output's length and hash, the number of
   errors and a hash of all of them (offset, kind, error_len, detail, as 8, 1,
   1 and 4 little-endian bytes). */
static void stream(utfast_encoding from, utfast_encoding to, utfast_error_mode mode,
                   const uint8_t *src, size_t len) {
    size_t chunk = len > 65536 ? 4093 : 7, room = len > 65536 ? 1021 : 61;
    uint8_t dst[1021];
    uint64_t h = FNV_OFFSET, errors_hash = FNV_OFFSET;
    size_t total = 0, at = 0, errors = 0;
    utfast_transcoder *t = utfast_transcoder_new(from, to, mode);
    if (t == NULL) abort();
    for (;;) {
        size_t n = len - at < chunk ? len - at : chunk, left = n;
        bool last = at + n == len;
        const uint8_t *piece = src + at;
        for (;;) {
            utfast_result r = utfast_transcoder_convert(t, piece, left, dst, room, last);
            h = fnv(h, dst, r.written);
            total += r.written;
            if (r.status == UTFAST_INVALID) {
                utfast_transcode_error e;
                uint8_t record[14];
                int i;
                if (!utfast_transcoder_last_error(t, &e)) abort();
                if (errors < SHOWN_ERRORS) {
                    fprintf(results, "error %llu %u %u %u\n", (unsigned long long)e.offset,
                            (unsigned)e.kind, (unsigned)e.error_len, (unsigned)e.detail);
                }
                for (i = 0; i < 8; i++) record[i] = (uint8_t)(e.offset >> (8 * i));
                record[8] = e.kind;
                record[9] = e.error_len;
                for (i = 0; i < 4; i++) record[10 + i] = (uint8_t)(e.detail >> (8 * i));
                errors_hash = fnv(errors_hash, record, sizeof record);
                errors++;
            } else if (r.status != UTFAST_OK && r.status != UTFAST_OUTPUT_TOO_SMALL) {
                fprintf(results, "stream failed with status %d\n", (int)r.status);
                utfast_transcoder_free(t);
                return;
            }
            piece += r.position;
            left -= r.position;
            if (r.status == UTFAST_OK) break;
        }
        at += n;
        if (last) break;
    }
    fprintf(results, "stream %u %u %u %zu %016llx %zu %016llx\n", (unsigned)from,
            (unsigned)to, (unsigned)mode, total, (unsigned long long)h, errors,
            (unsigned long long)errors_hash);
    utfast_transcoder_free(t);
}

/* ---- columns ------------------------------------------------------------- */

/* The bytes as rows of 13 (the last one shorter), with 32- and 64-bit
   offsets: the first bad row, and every row's validity. */
static void columns(const uint8_t *values, size_t len) {
    size_t rows = (len + 12) / 13, i, bad_row = 0, invalid = 0;
    int32_t *offsets32 = (int32_t *)malloc((rows + 1) * sizeof(int32_t));
    int64_t *offsets64 = (int64_t *)malloc((rows + 1) * sizeof(int64_t));
    uint8_t *bitmap = (uint8_t *)malloc((rows + 7) / 8 + 1);
    utfast_result r;
    if (offsets32 == NULL || offsets64 == NULL || bitmap == NULL) abort();
    for (i = 0; i <= rows; i++) {
        size_t at = 13 * i < len ? 13 * i : len;
        offsets32[i] = (int32_t)at;
        offsets64[i] = (int64_t)at;
    }
    r = utfast_validate_utf8_rows(values, len, offsets32, rows + 1, &bad_row);
    put("rows32", "row", r, NULL, 0);
    put_size("rows32 bad_row", bad_row);
    r = utfast_validate_utf8_rows_i64(values, len, offsets64, rows + 1, &bad_row);
    put("rows64", "row", r, NULL, 0);
    put_size("rows64 bad_row", bad_row);
    r = utfast_utf8_rows_validity(values, len, offsets32, rows + 1, bitmap, (rows + 7) / 8,
                                  &invalid);
    put("validity32", "bitmap", r, bitmap, 1);
    put_size("validity32 invalid", invalid);
    r = utfast_utf8_rows_validity_i64(values, len, offsets64, rows + 1, bitmap, (rows + 7) / 8,
                                      &invalid);
    put("validity64", "bitmap", r, bitmap, 1);
    put_size("validity64 invalid", invalid);
    free(offsets32);
    free(offsets64);
    free(bitmap);
}

/* ---- each format ------------------------------------------------------------ */

static void from_utf8(const uint8_t *src, size_t n, void *out) {
    static const utfast_error_mode modes[] = {UTFAST_MODE_STRICT, UTFAST_MODE_REPLACE,
                                              UTFAST_MODE_SURROGATE_ESCAPE, UTFAST_MODE_LATIN1,
                                              UTFAST_MODE_WINDOWS1252, UTFAST_MODE_IGNORE,
                                              UTFAST_MODE_BACKSLASH_REPLACE};
    size_t m;
    put_bool("validate_utf8", utfast_validate_utf8(src, n));
    put("check_utf8", "-", utfast_check_utf8(src, n), NULL, 0);
    sweep_all(FROM_UTF8, COUNT(FROM_UTF8), src, n, out);
    for (m = 0; m < COUNT(modes); m++) {
        put("utf8_to_utf16le_with", "full",
            utfast_utf8_to_utf16le_with(src, n, (uint16_t *)out, n, modes[m]), out, 2);
        put("utf8_to_utf16be_with", "full",
            utfast_utf8_to_utf16be_with(src, n, (uint16_t *)out, n, modes[m]), out, 2);
        put("utf8_to_utf32_with", "full",
            utfast_utf8_to_utf32_with(src, n, (uint32_t *)out, n, modes[m]), out, 4);
    }
    put_size("utf16_len_from_utf8", utfast_utf16_len_from_utf8(src, n));
    put_size("utf32_len_from_utf8", utfast_utf32_len_from_utf8(src, n));
    stream(UTFAST_ENCODING_UTF8, UTFAST_ENCODING_UTF16LE, UTFAST_MODE_STRICT, src, n);
    stream(UTFAST_ENCODING_UTF8, UTFAST_ENCODING_LATIN1, UTFAST_MODE_REPLACE, src, n);
    stream(UTFAST_ENCODING_UTF8, UTFAST_ENCODING_UTF32BE, UTFAST_MODE_SURROGATE_ESCAPE, src, n);
    stream(UTFAST_ENCODING_UTF8, UTFAST_ENCODING_WINDOWS1252, UTFAST_MODE_WINDOWS1252, src, n);
    stream(UTFAST_ENCODING_UTF8, UTFAST_ENCODING_UTF8, UTFAST_MODE_REPLACE, src, n);
    columns(src, n);
}

static void from_utf16(const uint16_t *src, size_t m, void *out, uint16_t *copy) {
    static const utfast_error_mode modes[] = {UTFAST_MODE_STRICT, UTFAST_MODE_REPLACE,
                                              UTFAST_MODE_SURROGATE_ESCAPE, UTFAST_MODE_LATIN1,
                                              UTFAST_MODE_WINDOWS1252, UTFAST_MODE_IGNORE,
                                              UTFAST_MODE_BACKSLASH_REPLACE};
    size_t i;
    put_bool("validate_utf16le", utfast_validate_utf16le(src, m));
    put_bool("validate_utf16be", utfast_validate_utf16be(src, m));
    put("check_utf16le", "-", utfast_check_utf16le(src, m), NULL, 0);
    put("check_utf16be", "-", utfast_check_utf16be(src, m), NULL, 0);
    sweep_all(FROM_UTF16LE, COUNT(FROM_UTF16LE), src, m, out);
    sweep_all(FROM_UTF16BE, COUNT(FROM_UTF16BE), src, m, out);
    for (i = 0; i < COUNT(modes); i++) {
        put("utf16le_to_utf8_with", "full",
            utfast_utf16le_to_utf8_with(src, m, (uint8_t *)out, 3 * m, modes[i]), out, 1);
        put("utf16be_to_utf8_with", "full",
            utfast_utf16be_to_utf8_with(src, m, (uint8_t *)out, 3 * m, modes[i]), out, 1);
    }
    put_size("utf8_len_from_utf16le", utfast_utf8_len_from_utf16le(src, m));
    put_size("utf8_len_from_utf16be", utfast_utf8_len_from_utf16be(src, m));
    put_size("utf32_len_from_utf16le", utfast_utf32_len_from_utf16le(src, m));
    put_size("utf32_len_from_utf16be", utfast_utf32_len_from_utf16be(src, m));
    if (m > 0) memcpy(copy, src, 2 * m);
    put("repair_utf16le", "-", utfast_repair_utf16le(copy, m), NULL, 0);
    put_hash("repaired", copy, 2 * m);
    if (m > 0) memcpy(copy, src, 2 * m);
    put("repair_utf16be", "-", utfast_repair_utf16be(copy, m), NULL, 0);
    put_hash("repaired", copy, 2 * m);
    stream(UTFAST_ENCODING_UTF16LE, UTFAST_ENCODING_UTF8, UTFAST_MODE_STRICT,
           (const uint8_t *)src, 2 * m);
    stream(UTFAST_ENCODING_UTF16BE, UTFAST_ENCODING_UTF16LE, UTFAST_MODE_REPLACE,
           (const uint8_t *)src, 2 * m);
}

static void from_utf32(const uint32_t *src, size_t k, void *out) {
    static const utfast_error_mode modes[] = {UTFAST_MODE_STRICT, UTFAST_MODE_REPLACE,
                                              UTFAST_MODE_SURROGATE_ESCAPE, UTFAST_MODE_LATIN1,
                                              UTFAST_MODE_WINDOWS1252, UTFAST_MODE_IGNORE,
                                              UTFAST_MODE_BACKSLASH_REPLACE};
    size_t i;
    put_bool("validate_utf32", utfast_validate_utf32(src, k));
    put("check_utf32", "-", utfast_check_utf32(src, k), NULL, 0);
    sweep_all(FROM_UTF32, COUNT(FROM_UTF32), src, k, out);
    for (i = 0; i < COUNT(modes); i++) {
        put("utf32_to_utf8_with", "full",
            utfast_utf32_to_utf8_with(src, k, (uint8_t *)out, 4 * k, modes[i]), out, 1);
    }
    put_size("utf8_len_from_utf32", utfast_utf8_len_from_utf32(src, k));
    put_size("utf16_len_from_utf32", utfast_utf16_len_from_utf32(src, k));
    stream(UTFAST_ENCODING_UTF32LE, UTFAST_ENCODING_UTF8, UTFAST_MODE_REPLACE,
           (const uint8_t *)src, 4 * k);
}

static void from_bytes(const uint8_t *src, size_t n, void *out) {
    sweep_all(FROM_BYTES, COUNT(FROM_BYTES), src, n, out);
    put_size("utf8_len_from_latin1", utfast_utf8_len_from_latin1(src, n));
    stream(UTFAST_ENCODING_WINDOWS1252, UTFAST_ENCODING_UTF8, UTFAST_MODE_STRICT, src, n);
    stream(UTFAST_ENCODING_LATIN1, UTFAST_ENCODING_UTF16BE, UTFAST_MODE_STRICT, src, n);
}

/* ---- files ---------------------------------------------------------------- */

/* The whole file, in memory aligned for every unit type; NULL on failure. */
static uint32_t *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    uint32_t *data;
    long size;
    if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0 ||
        fseek(f, 0, SEEK_SET) != 0) {
        if (f != NULL) fclose(f);
        return NULL;
    }
    data = (uint32_t *)malloc((size_t)size + 4);
    if (data == NULL || fread(data, 1, (size_t)size, f) != (size_t)size) {
        free(data);
        fclose(f);
        return NULL;
    }
    fclose(f);
    *len = (size_t)size;
    return data;
}

int main(int argc, char **argv) {
    FILE *manifest;
    char line[4200], format[16], path[4096];
    size_t index = 0;
    if (argc != 3) {
        fprintf(stderr, "usage: dump_results MANIFEST RESULTS\n");
        return 2;
    }
    manifest = fopen(argv[1], "r");
    results = fopen(argv[2], "w");
    if (manifest == NULL || results == NULL) {
        fprintf(stderr, "dump_results: cannot open %s or %s\n", argv[1], argv[2]);
        return 2;
    }
    fprintf(results, "kernel %s\n", utfast_active_kernel());
    while (fgets(line, sizeof line, manifest) != NULL) {
        size_t len = 0;
        uint32_t *data, *out, *copy;
        if (sscanf(line, "%15s %4095[^\n]", format, path) != 2) continue;
        data = read_file(path, &len);
        out = (uint32_t *)malloc(4 * len + 64);
        copy = (uint32_t *)malloc(len + 4);
        if (data == NULL || out == NULL || copy == NULL) {
            fprintf(stderr, "dump_results: cannot read %s\n", path);
            return 2;
        }
        fprintf(results, "file %zu %s %zu\n", index++, format, len);
        if (strcmp(format, "utf8") == 0) {
            from_utf8((const uint8_t *)data, len, out);
        } else if (strcmp(format, "utf16") == 0) {
            from_utf16((const uint16_t *)data, len / 2, out, (uint16_t *)copy);
        } else if (strcmp(format, "utf32") == 0) {
            from_utf32(data, len / 4, out);
        } else {
            from_bytes((const uint8_t *)data, len, out);
        }
        free(data);
        free(out);
        free(copy);
    }
    fclose(manifest);
    return fclose(results) == 0 ? 0 : 1;
}
