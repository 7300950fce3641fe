/*
 * utfast.c: the SQL functions of the utfast extension, over libutfast_c (the
 * C API of the utfast library, linked statically).
 *
 * utfast_is_valid_utf8 answers whether a bytea is UTF-8; utfast_validate_utf8,
 * utfast_make_valid_utf8 and utfast_convert_from make text of a bytea in one of
 * the library's encodings, and meet input they cannot convert with an ERROR
 * naming the byte offset, a NULL, or U+FFFD (the modes 'error', 'null' and
 * 'replace').
 *
 * What this file relies on:
 * - text is UTF-8, so the database encoding must be UTF8 (checked by every
 *   function that returns text); text and bytea share one representation, so
 *   valid UTF-8 input is returned as it came, without a copy;
 * - a text value holds no U+0000 and at most MaxAllocSize - VARHDRSZ bytes;
 * - libutfast_c never writes past the length it is given and reports every
 *   failure in a status, each of which is handled here; its streaming
 *   transcoder is memory PostgreSQL does not manage, so nothing between its
 *   creation and its release may raise an ERROR.
 */
#include "postgres.h"

#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "fmgr.h"
#include "lib/stringinfo.h"
#include "mb/pg_wchar.h"
#include "utils/builtins.h"
#include "utils/memutils.h"

#include "utfast.h"

PG_MODULE_MAGIC;

/* The most bytes of data a text value holds. */
#define MAX_TEXT_BYTES ((size_t) (MaxAllocSize - VARHDRSZ))

/*
 * From this many bytes on, an output buffer is sized exactly where the library
 * offers a length function, and one sized for the worst case is shrunk when
 * that much of it is left unused. Smaller values take the worst-case buffer:
 * one pass over the input, and the waste is freed with the row's memory.
 */
#define LARGE_VALUE ((size_t) 1 << 20)

/* How many bytes of a bad piece an error message shows. */
#define SHOWN_BYTES 8

/* What becomes of input that cannot be converted to text. */
typedef enum Mode
{
	MODE_ERROR,					/* an ERROR naming the byte offset */
	MODE_NULL,					/* the result is NULL */
	MODE_REPLACE				/* each bad piece becomes U+FFFD */
} Mode;

/* How an encoding is converted to UTF-8. */
typedef enum Route
{
	ROUTE_UTF8,					/* validated, and returned as it is */
	ROUTE_LATIN1,				/* utfast_latin1_to_utf8: never invalid */
	ROUTE_WINDOWS1252,			/* utfast_windows1252_to_utf8: never invalid */
	ROUTE_TRANSCODER			/* the streaming transcoder, in one call */
} Route;

/* An encoding utfast_convert_from reads. */
typedef struct Encoding
{
	const char *name;			/* as messages write it */
	utfast_encoding id;
	Route		route;
	bool		utf8_family;	/* UTF-8, CESU-8, MUTF-8, WTF-8 */
	/* Accepted names, PostgreSQL's first; compared by clean_name. */
	const char *names[4];
} Encoding;

static const Encoding encodings[] = {
	{"UTF-8", UTFAST_ENCODING_UTF8, ROUTE_UTF8, true, {"UTF8", "UNICODE"}},
	{"UTF-16LE", UTFAST_ENCODING_UTF16LE, ROUTE_TRANSCODER, false, {"UTF-16LE"}},
	{"UTF-16BE", UTFAST_ENCODING_UTF16BE, ROUTE_TRANSCODER, false, {"UTF-16BE"}},
	{"UTF-32LE", UTFAST_ENCODING_UTF32LE, ROUTE_TRANSCODER, false, {"UTF-32LE"}},
	{"UTF-32BE", UTFAST_ENCODING_UTF32BE, ROUTE_TRANSCODER, false, {"UTF-32BE"}},
	{"Latin-1", UTFAST_ENCODING_LATIN1, ROUTE_LATIN1, false, {"LATIN1", "ISO-8859-1"}},
	{"Windows-1252", UTFAST_ENCODING_WINDOWS1252, ROUTE_WINDOWS1252, false,
	{"WIN1252", "WINDOWS-1252", "CP1252"}},
	{"CESU-8", UTFAST_ENCODING_CESU8, ROUTE_TRANSCODER, true, {"CESU-8"}},
	{"MUTF-8", UTFAST_ENCODING_MUTF8, ROUTE_TRANSCODER, true, {"MUTF-8"}},
	{"WTF-8", UTFAST_ENCODING_WTF8, ROUTE_TRANSCODER, true, {"WTF-8"}},
};

#define N_ENCODINGS lengthof(encodings)

static const Encoding *const utf8_encoding = &encodings[0];

static const char *const mode_names[] = {"error", "null", "replace"};

/* The longest encoding or mode argument remembered between calls. */
#define CACHED_ARG 32

/*
 * The parsed encoding and mode of the last call of one utfast_convert_from
 * call site (kept in fn_extra), and the arguments they came from: a column of
 * rows usually names the same ones in every row, and constants (the common
 * case) need not even be compared.
 */
typedef struct ParsedArgs
{
	bool		valid;
	bool		stable;			/* the arguments are constants: parsed for good */
	int			encoding_len;
	int			mode_len;
	char		encoding_arg[CACHED_ARG];
	char		mode_arg[CACHED_ARG];
	const Encoding *encoding;
	Mode		mode;
} ParsedArgs;

/*
 * One transcoder per encoding and error mode (strict, replace), never used to
 * convert: fresh, it tells how much output any input length can need. Made on
 * first use, kept for the life of the backend.
 */
static utfast_transcoder *sizing_transcoders[N_ENCODINGS][2];

static void report_status(utfast_status status, const char *call) pg_attribute_noreturn();
static void report_too_long(const Encoding *encoding, size_t len) pg_attribute_noreturn();
static void report_nul(size_t offset) pg_attribute_noreturn();
static void report_invalid(const Encoding *encoding, const uint8 *src, size_t len,
						   size_t offset, size_t error_len, uint8_t kind,
						   uint32_t code_point) pg_attribute_noreturn();


/* Errors */

static const char *
status_name(utfast_status status)
{
	switch (status)
	{
		case UTFAST_OK:
			return "UTFAST_OK";
		case UTFAST_INVALID:
			return "UTFAST_INVALID";
		case UTFAST_OUTPUT_TOO_SMALL:
			return "UTFAST_OUTPUT_TOO_SMALL";
		case UTFAST_NULL_POINTER:
			return "UTFAST_NULL_POINTER";
		case UTFAST_BAD_ARGUMENT:
			return "UTFAST_BAD_ARGUMENT";
		case UTFAST_BAD_OFFSETS:
			return "UTFAST_BAD_OFFSETS";
		case UTFAST_INTERNAL_ERROR:
			return "UTFAST_INTERNAL_ERROR";
	}
	return "an unknown status";
}

/* A status no call here should see: a bug, here or in the library. */
static void
report_status(utfast_status status, const char *call)
{
	ereport(ERROR,
			(errcode(ERRCODE_INTERNAL_ERROR),
			 errmsg("unexpected result from libutfast_c: %s returned %s (%d)",
					call, status_name(status), (int) status)));
}

static void
report_too_long(const Encoding *encoding, size_t len)
{
	ereport(ERROR,
			(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
			 errmsg("converted text would exceed the maximum size of a text value"),
			 errdetail("The %zu bytes of %s input make more than %zu bytes of UTF-8.",
					   len, encoding->name, MAX_TEXT_BYTES)));
}

static void
report_nul(size_t offset)
{
	ereport(ERROR,
			(errcode(ERRCODE_UNTRANSLATABLE_CHARACTER),
			 errmsg("U+0000 at byte %zu cannot be stored in text", offset),
			 errdetail("PostgreSQL text cannot contain the NUL character.")));
}

/* Why a piece of input is invalid, as an errdetail sentence. */
static const char *
kind_detail(uint8_t kind)
{
	switch (kind)
	{
		case UTFAST_KIND_UNEXPECTED_CONTINUATION:
			return "A continuation byte (0x80 to 0xbf) stands where a character must start.";
		case UTFAST_KIND_MISSING_CONTINUATION:
			return "A lead byte is not followed by the continuation byte it needs.";
		case UTFAST_KIND_TRUNCATED_AT_END:
			return "The value ends inside a character.";
		case UTFAST_KIND_OVERLONG:
			return "A character is encoded in more bytes than it needs (an overlong encoding).";
		case UTFAST_KIND_SURROGATE:
			return "A surrogate (U+D800 to U+DFFF) is not a character.";
		case UTFAST_KIND_TOO_LARGE:
			return "A code point above U+10FFFF.";
		case UTFAST_KIND_INVALID_BYTE:
			return "A byte that never occurs in this encoding.";
		case UTFAST_KIND_UNPAIRED_HIGH_SURROGATE:
			return "A high surrogate (U+D800 to U+DBFF) is not followed by a low surrogate.";
		case UTFAST_KIND_UNPAIRED_LOW_SURROGATE:
			return "A low surrogate (U+DC00 to U+DFFF) is not preceded by a high surrogate.";
		case UTFAST_KIND_INCOMPLETE_UNIT:
			return "The value ends inside a code unit: its length is not a multiple of the unit's.";
		case UTFAST_KIND_FOUR_BYTE_SEQUENCE:
			return "A 4-byte sequence: this encoding writes a supplementary character as two 3-byte surrogates.";
		case UTFAST_KIND_UNPAIRED_SURROGATE:
			return "An encoded surrogate without its partner.";
		case UTFAST_KIND_SURROGATE_PAIR_IN_WTF8:
			return "A surrogate pair written as two 3-byte sequences, which WTF-8 does not allow.";
		case UTFAST_KIND_NUL_BYTE:
			return "A 0x00 byte: Modified UTF-8 writes U+0000 as 0xc0 0x80.";
	}
	return "libutfast_c names no reason for this error.";
}

/*
 * The bytes of a bad piece as PostgreSQL shows them ("0xe9 0x20 0x72"): the
 * piece (the rest of the value when it ends inside a character) and, in the
 * UTF-8 family, as many bytes as its first byte announces.
 */
static char *
shown_bytes(const Encoding *encoding, const uint8 *src, size_t len,
			size_t offset, size_t error_len)
{
	StringInfoData buf;
	size_t		n = error_len > 0 ? error_len : len - offset;
	size_t		i;

	if (encoding->utf8_family && offset < len)
	{
		uint8		lead = src[offset];
		size_t		announced = lead >= 0xF0 && lead <= 0xF7 ? 4 :
			lead >= 0xE0 && lead <= 0xEF ? 3 :
			lead >= 0xC0 && lead <= 0xDF ? 2 : 1;

		n = Min(Max(n, announced), len - offset);
	}
	initStringInfo(&buf);
	for (i = 0; i < n && i < SHOWN_BYTES; i++)
		appendStringInfo(&buf, "%s0x%02x", i > 0 ? " " : "", src[offset + i]);
	if (n > SHOWN_BYTES)
		appendStringInfoString(&buf, " ...");
	return buf.data;
}

static void
report_invalid(const Encoding *encoding, const uint8 *src, size_t len,
			   size_t offset, size_t error_len, uint8_t kind, uint32_t code_point)
{
	/* A library that broke its promises must not make us read out of bounds. */
	if (offset > len || error_len > len - offset)
		report_status(UTFAST_INTERNAL_ERROR, "an error position");
	if (kind == UTFAST_KIND_UNMAPPABLE)
		ereport(ERROR,
				(errcode(ERRCODE_UNTRANSLATABLE_CHARACTER),
				 errmsg("character at byte %zu of %s has no equivalent in UTF-8: %s",
						offset, encoding->name,
						shown_bytes(encoding, src, len, offset, error_len)),
				 errdetail("U+%04X cannot be written in UTF-8.", code_point)));
	ereport(ERROR,
			(errcode(ERRCODE_CHARACTER_NOT_IN_REPERTOIRE),
			 errmsg("invalid %s at byte %zu: %s", encoding->name, offset,
					shown_bytes(encoding, src, len, offset, error_len)),
			 errdetail("%s", kind_detail(kind))));
}

/*
 * An ERROR unless the database encoding is UTF8. A backend serves one
 * database for its life, so one check suffices.
 */
static void
require_utf8_database(const char *function)
{
	static bool checked = false;

	if (likely(checked))
		return;
	if (GetDatabaseEncoding() != PG_UTF8)
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("%s requires a database with encoding UTF8", function),
				 errdetail("This database's encoding is %s.", GetDatabaseEncodingName())));
	checked = true;
}


/* Names */

/*
 * The letters (lower-cased) and digits of the `len` bytes at `name` into
 * `clean`, as PostgreSQL compares encoding names; false when they do not fit.
 */
static bool
clean_name(const char *name, int len, char clean[CACHED_ARG])
{
	int			n = 0;
	int			i;

	for (i = 0; i < len; i++)
	{
		char		c = name[i];

		if (c >= 'A' && c <= 'Z')
			c += 'a' - 'A';
		else if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')))
			continue;
		if (n == CACHED_ARG - 1)
			return false;
		clean[n++] = c;
	}
	clean[n] = '\0';
	return true;
}

/*
 * The encoding named by the `len` bytes at `name`: letters in any case,
 * everything but letters and digits ignored (so "UTF-16LE", "utf16le" and
 * "Utf_16_LE" are one). NULL for an unknown name.
 */
static const Encoding *
find_encoding(const char *name, int len)
{
	char		wanted[CACHED_ARG];
	char		known[CACHED_ARG];
	size_t		e;
	int			i;

	if (!clean_name(name, len, wanted))
		return NULL;
	for (e = 0; e < N_ENCODINGS; e++)
		for (i = 0; i < (int) lengthof(encodings[e].names) && encodings[e].names[i]; i++)
			if (clean_name(encodings[e].names[i], strlen(encodings[e].names[i]), known) &&
				strcmp(wanted, known) == 0)
				return &encodings[e];
	return NULL;
}

/* The names find_encoding accepts, for a hint. */
static char *
accepted_encodings(void)
{
	StringInfoData buf;
	size_t		e;
	int			i;
	bool		first = true;

	initStringInfo(&buf);
	for (e = 0; e < N_ENCODINGS; e++)
		appendStringInfo(&buf, "%s%s", e > 0 ? ", " : "", encodings[e].names[0]);
	appendStringInfoString(&buf, "; also ");
	for (e = 0; e < N_ENCODINGS; e++)
		for (i = 1; i < (int) lengthof(encodings[e].names) && encodings[e].names[i]; i++)
		{
			appendStringInfo(&buf, "%s%s", first ? "" : ", ", encodings[e].names[i]);
			first = false;
		}
	return buf.data;
}

static bool
find_mode(const char *name, int len, Mode *mode)
{
	int			m;

	for (m = 0; m < (int) lengthof(mode_names); m++)
		if ((int) strlen(mode_names[m]) == len &&
			pg_strncasecmp(name, mode_names[m], len) == 0)
		{
			*mode = (Mode) m;
			return true;
		}
	return false;
}

/*
 * The encoding and mode utfast_convert_from's arguments name, parsed once a
 * call site while they stay the same; an ERROR for an unknown one. (Out of
 * line: parse_args below answers for constant arguments without a call.)
 */
static pg_noinline const ParsedArgs *
parse_args_again(FunctionCallInfo fcinfo)
{
	ParsedArgs *parsed = (ParsedArgs *) fcinfo->flinfo->fn_extra;
	const text *encoding_arg;
	const text *mode_arg;
	const char *encoding_name;
	const char *mode_name;
	int			encoding_len;
	int			mode_len;
	const Encoding *encoding;
	Mode		mode;

	if (parsed == NULL)
	{
		parsed = MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt, sizeof(ParsedArgs));
		parsed->stable = get_fn_expr_arg_stable(fcinfo->flinfo, 1) &&
			get_fn_expr_arg_stable(fcinfo->flinfo, 2);
		fcinfo->flinfo->fn_extra = parsed;
	}
	if (parsed->valid && parsed->stable)
		return parsed;

	encoding_arg = PG_GETARG_TEXT_PP(1);
	encoding_name = VARDATA_ANY(encoding_arg);
	encoding_len = VARSIZE_ANY_EXHDR(encoding_arg);
	/* The mode's DEFAULT 'error' is filled in by the planner: always 3. */
	mode_arg = PG_GETARG_TEXT_PP(2);
	mode_name = VARDATA_ANY(mode_arg);
	mode_len = VARSIZE_ANY_EXHDR(mode_arg);
	if (parsed->valid &&
		parsed->encoding_len == encoding_len && parsed->mode_len == mode_len &&
		memcmp(parsed->encoding_arg, encoding_name, encoding_len) == 0 &&
		memcmp(parsed->mode_arg, mode_name, mode_len) == 0)
		return parsed;

	encoding = find_encoding(encoding_name, encoding_len);
	if (encoding == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("unknown encoding \"%s\"", text_to_cstring(encoding_arg)),
				 errhint("Accepted encodings: %s (case and punctuation ignored).",
						 accepted_encodings())));
	if (!find_mode(mode_name, mode_len, &mode))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("unknown mode \"%s\"", text_to_cstring(mode_arg)),
				 errhint("Accepted modes: error, null, replace.")));

	parsed->valid = parsed->stable;
	if (!parsed->stable && encoding_len <= CACHED_ARG && mode_len <= CACHED_ARG)
	{
		memcpy(parsed->encoding_arg, encoding_name, encoding_len);
		memcpy(parsed->mode_arg, mode_name, mode_len);
		parsed->encoding_len = encoding_len;
		parsed->mode_len = mode_len;
		parsed->valid = true;
	}
	parsed->encoding = encoding;
	parsed->mode = mode;
	return parsed;
}

/* parse_args_again, once constant arguments have been parsed: no call. */
static inline const ParsedArgs *
parse_args(FunctionCallInfo fcinfo)
{
	const ParsedArgs *parsed = (const ParsedArgs *) fcinfo->flinfo->fn_extra;

	if (likely(parsed != NULL && parsed->valid && parsed->stable))
		return parsed;
	return parse_args_again(fcinfo);
}


/* Short values */

/*
 * Latin-1 and Windows-1252 values up to this length are first scanned here for
 * bytes above 0x7f, for 0x00 and for 0x80-0x9f. ASCII without NUL is already
 * UTF-8: such a value is returned as it came, without a call into the library
 * or an allocation. Windows-1252 without 0x80-0x9f is Latin-1, whose call is
 * quicker. Longer values go to the library at once (memchr finds a NUL).
 * (UTF-8 is not scanned: the library's validation is as quick on ASCII, and
 * the scan would only add to it for the rest.)
 *
 * The scan reads 16-byte vectors (GCC's and Clang's vector extension: SSE2 on
 * x86-64, NEON on AArch64), two for up to 32 bytes and four for more, the last
 * moved back to end at the value's end, so that no branch depends on the
 * length beyond its class: a loop would mispredict its exit row after row, as
 * lengths vary.
 */
#define SHORT_VALUE 64

#define ONES UINT64CONST(0x0101010101010101)
#define HIGHS UINT64CONST(0x8080808080808080)

typedef uint8 ByteVec __attribute__((vector_size(16)));
typedef uint64 WordVec __attribute__((vector_size(16)));

typedef struct ShortScan
{
	bool		ascii;			/* every byte below 0x80 */
	bool		nul;			/* some byte is 0x00 */
	bool		c1;				/* some byte is 0x80-0x9f */
} ShortScan;

/* True when some byte of `v` has its top bit set. */
static inline bool
any_high(ByteVec v)
{
#ifdef __SSE2__
	return _mm_movemask_epi8((__m128i) v) != 0;
#else
	WordVec		w = (WordVec) v;

	return ((w[0] | w[1]) & HIGHS) != 0;
#endif
}

/* The bytes of one 8-byte word, for values of 8 to 15 bytes. */
static inline void
scan_word(uint64 word, uint64 *high, uint64 *zero, uint64 *c1)
{
	/* A byte of `c1_zero` is 0x00 when the byte of `word` is 0x80-0x9f. */
	uint64		c1_zero = (word & UINT64CONST(0xe0e0e0e0e0e0e0e0)) ^ HIGHS;

	*high |= word;
	*zero |= (word - ONES) & ~word;
	*c1 |= (c1_zero - ONES) & ~c1_zero;
}

/* Scans the 16 bytes at `src` into the three accumulators. */
static pg_attribute_always_inline void
scan_vector(const uint8 *src, bool want_c1, ByteVec *high, ByteVec *zero, ByteVec *c1)
{
	ByteVec		v;

	memcpy(&v, src, 16);
	*high |= v;
	*zero |= (ByteVec) (v == 0);
	if (want_c1)
		*c1 |= (ByteVec) ((v & 0xe0) == 0x80);
}

/*
 * Scans the `len` (at most SHORT_VALUE) bytes at `src`; `want_c1` (a constant
 * where this is inlined) says whether to look for 0x80-0x9f.
 */
static pg_attribute_always_inline ShortScan
scan_short(const uint8 *src, size_t len, bool want_c1)
{
	ShortScan	scan;

	if (len >= 16)
	{
		ByteVec		high = {0};
		ByteVec		zero = {0};
		ByteVec		c1 = {0};

		/* Two vectors cover up to 32 bytes; four, moved back, up to 64. */
		scan_vector(src, want_c1, &high, &zero, &c1);
		scan_vector(src + len - 16, want_c1, &high, &zero, &c1);
		if (len > 32)
		{
			scan_vector(src + 16, want_c1, &high, &zero, &c1);
			scan_vector(src + Min(32, len - 16), want_c1, &high, &zero, &c1);
		}
		scan.ascii = !any_high(high);
		scan.nul = any_high(zero);
		scan.c1 = want_c1 && any_high(c1);
	}
	else
	{
		uint64		high = 0;
		uint64		zero = 0;
		uint64		c1 = 0;
		uint64		word;
		size_t		i;

		if (len >= 8)
		{
			memcpy(&word, src, 8);
			scan_word(word, &high, &zero, &c1);
			memcpy(&word, src + len - 8, 8);
			scan_word(word, &high, &zero, &c1);
		}
		else
		{
			/* The bytes, behind 0x01 bytes (ASCII, not NUL, not C1). */
			word = ONES;
			for (i = 0; i < len; i++)
				word = (word << 8) | src[i];
			scan_word(word, &high, &zero, &c1);
		}
		scan.ascii = (high & HIGHS) == 0;
		scan.nul = (zero & HIGHS) != 0;
		scan.c1 = want_c1 && (c1 & HIGHS) != 0;
	}
	return scan;
}

/*
 * A bytea argument without a detoasting call when it is plain (inline and
 * uncompressed, the common case), as PG_GETARG_BYTEA_PP gives it otherwise.
 */
static inline bytea *
bytea_arg(FunctionCallInfo fcinfo, int n)
{
	struct varlena *datum = (struct varlena *) DatumGetPointer(PG_GETARG_DATUM(n));

	/* pg_detoast_datum_packed's own test. */
	if (likely(!VARATT_IS_COMPRESSED(datum) && !VARATT_IS_EXTERNAL(datum)))
		return (bytea *) datum;
	return (bytea *) pg_detoast_datum_packed(datum);
}


/* Output */

/* Ends a text of `written` bytes in a buffer of `capacity`. */
static text *
finish(text *out, size_t written, size_t capacity)
{
	SET_VARSIZE(out, VARHDRSZ + written);
	if (capacity - written >= LARGE_VALUE)
		out = (text *) repalloc(out, VARHDRSZ + written);
	return out;
}

/*
 * The `len` bytes of UTF-8 at `utf8` as text, each U+0000 (a 0x00 byte) made
 * U+FFFD; the first 0x00 is at `first_nul`.
 */
static pg_noinline text *
replace_nuls(const Encoding *encoding, size_t input_len,
			 const uint8 *utf8, size_t len, size_t first_nul)
{
	static const uint8 replacement[3] = {0xEF, 0xBF, 0xBD};
	size_t		nuls = 0;
	size_t		i;
	text	   *out;
	uint8	   *dst;

	for (i = first_nul; i < len; i++)
		nuls += utf8[i] == 0;
	if (len + 2 * nuls > MAX_TEXT_BYTES)
		report_too_long(encoding, input_len);
	out = (text *) palloc(VARHDRSZ + len + 2 * nuls);
	dst = (uint8 *) VARDATA(out);
	memcpy(dst, utf8, first_nul);
	dst += first_nul;
	for (i = first_nul; i < len; i++)
	{
		if (utf8[i] == 0)
		{
			memcpy(dst, replacement, 3);
			dst += 3;
		}
		else
			*dst++ = utf8[i];
	}
	SET_VARSIZE(out, VARHDRSZ + len + 2 * nuls);
	return out;
}

/*
 * Where the first U+0000 is in `len` bytes of input whose conversion to UTF-8
 * holds one before any error: the first zero code unit (C0 80 in MUTF-8).
 */
static size_t
nul_offset(const Encoding *encoding, const uint8 *src, size_t len)
{
	size_t		i;
	const uint8 *nul;

	switch (encoding->id)
	{
		case UTFAST_ENCODING_UTF16LE:
		case UTFAST_ENCODING_UTF16BE:
			for (i = 0; i + 2 <= len; i += 2)
				if ((src[i] | src[i + 1]) == 0)
					return i;
			break;
		case UTFAST_ENCODING_UTF32LE:
		case UTFAST_ENCODING_UTF32BE:
			for (i = 0; i + 4 <= len; i += 4)
				if ((src[i] | src[i + 1] | src[i + 2] | src[i + 3]) == 0)
					return i;
			break;
		case UTFAST_ENCODING_MUTF8:
			for (i = 0; i + 2 <= len; i++)
				if (src[i] == 0xC0 && src[i + 1] == 0x80)
					return i;
			break;
		default:
			nul = memchr(src, 0, len);
			if (nul != NULL)
				return nul - src;
			break;
	}
	return len;
}

/*
 * The most UTF-8 `len` bytes of `encoding` can give in `umode`, as the
 * library computes it.
 */
static size_t
output_bound(const Encoding *encoding, utfast_error_mode umode, size_t len)
{
	int			e = encoding - encodings;
	int			m = umode == UTFAST_MODE_REPLACE;

	if (sizing_transcoders[e][m] == NULL)
	{
		sizing_transcoders[e][m] = utfast_transcoder_new(encoding->id, UTFAST_ENCODING_UTF8, umode);
		if (sizing_transcoders[e][m] == NULL)
			report_status(UTFAST_BAD_ARGUMENT, "utfast_transcoder_new");
	}
	return utfast_transcoder_max_output_len(sizing_transcoders[e][m], len);
}


/* Conversions to text: each returns NULL for a SQL NULL (mode 'null'). */

/*
 * Any encoding, with the streaming transcoder in one call into a buffer that
 * holds the worst case (or the most a text holds).
 */
static pg_noinline text *
transcode(const Encoding *encoding, Mode mode, const uint8 *src, size_t len)
{
	utfast_error_mode umode = mode == MODE_REPLACE ? UTFAST_MODE_REPLACE : UTFAST_MODE_STRICT;
	size_t		bound = output_bound(encoding, umode, len);
	size_t		capacity = Min(bound, MAX_TEXT_BYTES);
	text	   *out;
	uint8	   *dst;
	utfast_transcoder *t;
	utfast_result r;
	utfast_transcode_error e = {0};
	bool		have_error = false;
	const uint8 *nul;

	/* Allocated first: palloc may raise an ERROR, which must not leak t. */
	out = (text *) palloc(VARHDRSZ + capacity);
	dst = (uint8 *) VARDATA(out);

	t = utfast_transcoder_new(encoding->id, UTFAST_ENCODING_UTF8, umode);
	if (t == NULL)
		report_status(UTFAST_BAD_ARGUMENT, "utfast_transcoder_new");
	r = utfast_transcoder_convert(t, src, len, dst, capacity, true);
	if (r.status == UTFAST_INVALID)
		have_error = utfast_transcoder_last_error(t, &e);
	utfast_transcoder_free(t);

	if (r.written > capacity)
		report_status(UTFAST_INTERNAL_ERROR, "utfast_transcoder_convert");
	switch (r.status)
	{
		case UTFAST_OK:
			break;
		case UTFAST_OUTPUT_TOO_SMALL:
			if (capacity < bound)
				report_too_long(encoding, len);
			report_status(r.status, "utfast_transcoder_convert");
			break;
		case UTFAST_INVALID:
			if (mode == MODE_REPLACE || !have_error)
				report_status(r.status, "utfast_transcoder_convert");
			if (mode == MODE_NULL)
			{
				pfree(out);
				return NULL;
			}
			/* A U+0000 converted before the bad piece comes first. */
			if (memchr(dst, 0, r.written) != NULL)
				report_nul(nul_offset(encoding, src, len));
			report_invalid(encoding, src, len, e.offset, e.error_len, e.kind, e.detail);
			break;
		default:
			report_status(r.status, "utfast_transcoder_convert");
	}

	nul = memchr(dst, 0, r.written);
	if (nul != NULL)
	{
		text	   *replaced;

		if (mode == MODE_ERROR)
			report_nul(nul_offset(encoding, src, len));
		if (mode == MODE_NULL)
		{
			pfree(out);
			return NULL;
		}
		replaced = replace_nuls(encoding, len, dst, r.written, nul - dst);
		pfree(out);
		return replaced;
	}
	return finish(out, r.written, capacity);
}

/*
 * UTF-8 input: valid (without U+0000) is the text as it came, the bytea
 * itself; invalid is an ERROR, NULL, or goes to the transcoder to be repaired.
 */
static pg_noinline text *
from_utf8(bytea *arg, Mode mode)
{
	const uint8 *src = (const uint8 *) VARDATA_ANY(arg);
	size_t		len = VARSIZE_ANY_EXHDR(arg);
	utfast_result r;
	const uint8 *nul;

	r = utfast_check_utf8(src, len);
	if (r.status == UTFAST_OK)
	{
		nul = memchr(src, 0, len);
		if (nul == NULL)
			return (text *) arg;
		if (mode == MODE_ERROR)
			report_nul(nul - src);
		if (mode == MODE_NULL)
			return NULL;
		return replace_nuls(utf8_encoding, len, src, len, nul - src);
	}
	if (r.status != UTFAST_INVALID || r.position > len)
		report_status(r.status, "utfast_check_utf8");
	if (mode == MODE_NULL)
		return NULL;
	if (mode == MODE_REPLACE)
		return transcode(utf8_encoding, mode, src, len);
	nul = memchr(src, 0, r.position);
	if (nul != NULL)
		report_nul(nul - src);
	report_invalid(utf8_encoding, src, len, r.position, r.error_len, r.kind, 0);
	return NULL;				/* not reached */
}

/*
 * single_byte_to_text's call through utfast_result: Windows-1252, and the
 * reason a Latin-1 conversion wrote nothing (out of line: the common call
 * keeps no utfast_result on its stack).
 */
static pg_noinline text *
single_byte_to_text_slowly(const Encoding *encoding, bool as_latin1, const uint8 *src,
						   size_t len, size_t bound, text *out, size_t capacity)
{
	uint8	   *dst = (uint8 *) VARDATA(out);
	utfast_result r;

	if (as_latin1)
		r = utfast_latin1_to_utf8(src, len, dst, capacity);
	else
		r = utfast_windows1252_to_utf8(src, len, dst, capacity);
	if (unlikely(r.status != UTFAST_OK || r.written > capacity))
	{
		if (r.status == UTFAST_OUTPUT_TOO_SMALL && capacity < bound)
			report_too_long(encoding, len);
		report_status(r.status, as_latin1 ? "utfast_latin1_to_utf8" : "utfast_windows1252_to_utf8");
	}
	return finish(out, r.written, capacity);
}

/*
 * The `len` bytes of Latin-1 (Windows-1252 unless `as_latin1`) at `src` as a
 * new text, in a buffer of `bound` bytes (the most the conversion can give).
 * Latin-1 takes the call that answers with the bytes written alone.
 */
static inline text *
single_byte_to_text(const Encoding *encoding, bool as_latin1,
					const uint8 *src, size_t len, size_t bound)
{
	size_t		capacity = Min(bound, MAX_TEXT_BYTES);
	text	   *out = (text *) palloc(VARHDRSZ + capacity);

	if (as_latin1)
	{
		size_t		written = utfast_latin1_to_utf8_written(src, len, (uint8 *) VARDATA(out),
															capacity);

		if (likely(written <= capacity))
			return finish(out, written, capacity);
	}
	return single_byte_to_text_slowly(encoding, as_latin1, src, len, bound, out, capacity);
}

/*
 * from_single_byte for a value longer than SHORT_VALUE or holding a 0x00 byte
 * (U+0000, which text cannot hold): memchr finds it. Latin-1 doubles at most,
 * and a large value is measured first; Windows-1252 triples at most (the euro
 * sign).
 */
static pg_noinline text *
from_single_byte_slowly(bytea *arg, const Encoding *encoding, Mode mode)
{
	const uint8 *src = (const uint8 *) VARDATA_ANY(arg);
	size_t		len = VARSIZE_ANY_EXHDR(arg);
	const uint8 *nul = memchr(src, 0, len);
	bool		as_latin1 = encoding->route == ROUTE_LATIN1;
	size_t		bound;
	size_t		written;
	text	   *out;
	text	   *replaced;
	const uint8 *first;

	if (nul != NULL && mode == MODE_ERROR)
		report_nul(nul - src);
	if (nul != NULL && mode == MODE_NULL)
		return NULL;
	if (as_latin1)
		bound = len < LARGE_VALUE ? 2 * len : utfast_utf8_len_from_latin1(src, len);
	else
		bound = 3 * len;
	if (as_latin1 && bound > MAX_TEXT_BYTES)
		report_too_long(encoding, len);
	out = single_byte_to_text(encoding, as_latin1, src, len, bound);
	if (nul == NULL)
		return out;

	/* Mode 'replace': the 0x00 bytes are 0x00 in the output. */
	written = VARSIZE(out) - VARHDRSZ;
	first = memchr(VARDATA(out), 0, written);
	replaced = replace_nuls(encoding, len, (const uint8 *) VARDATA(out), written,
							first ? (size_t) (first - (const uint8 *) VARDATA(out)) : written);
	pfree(out);
	return replaced;
}

/*
 * Latin-1 and Windows-1252: every byte is a character, only a 0x00 byte
 * (U+0000) cannot become text, and ASCII is already UTF-8. A short value
 * without 0x00 (the common case) takes the inline path here.
 */
static inline text *
from_single_byte(bytea *arg, const Encoding *encoding, Mode mode)
{
	const uint8 *src = (const uint8 *) VARDATA_ANY(arg);
	size_t		len = VARSIZE_ANY_EXHDR(arg);

	if (likely(len <= SHORT_VALUE))
	{
		bool		as_latin1 = encoding->route == ROUTE_LATIN1;
		ShortScan	scan = as_latin1 ? scan_short(src, len, false) : scan_short(src, len, true);

		if (likely(!scan.nul))
		{
			if (scan.ascii)
				return (text *) arg;
			/* Without 0x80-0x9f, Windows-1252 is Latin-1 (whose call is quicker). */
			as_latin1 = as_latin1 || !scan.c1;
			return single_byte_to_text(encoding, as_latin1, src, len, as_latin1 ? 2 * len : 3 * len);
		}
	}
	return from_single_byte_slowly(arg, encoding, mode);
}

static text *
convert(bytea *arg, const Encoding *encoding, Mode mode)
{
	const uint8 *src = (const uint8 *) VARDATA_ANY(arg);
	size_t		len = VARSIZE_ANY_EXHDR(arg);

	switch (encoding->route)
	{
		case ROUTE_UTF8:
			return from_utf8(arg, mode);
		case ROUTE_LATIN1:
		case ROUTE_WINDOWS1252:
			return from_single_byte(arg, encoding, mode);
		case ROUTE_TRANSCODER:
			return transcode(encoding, mode, src, len);
	}
	return NULL;				/* not reached */
}


/* The SQL functions */

PG_FUNCTION_INFO_V1(pg_utfast_is_valid_utf8);
PG_FUNCTION_INFO_V1(pg_utfast_validate_utf8);
PG_FUNCTION_INFO_V1(pg_utfast_make_valid_utf8);
PG_FUNCTION_INFO_V1(pg_utfast_convert_from);
PG_FUNCTION_INFO_V1(pg_utfast_kernel);

/* utfast_is_valid_utf8(bytea) returns boolean */
Datum
pg_utfast_is_valid_utf8(PG_FUNCTION_ARGS)
{
	bytea	   *arg = bytea_arg(fcinfo, 0);

	PG_RETURN_BOOL(utfast_validate_utf8((const uint8 *) VARDATA_ANY(arg),
										VARSIZE_ANY_EXHDR(arg)));
}

/* utfast_validate_utf8(bytea) returns text */
Datum
pg_utfast_validate_utf8(PG_FUNCTION_ARGS)
{
	bytea	   *arg = bytea_arg(fcinfo, 0);

	require_utf8_database("utfast_validate_utf8");
	PG_RETURN_TEXT_P(from_utf8(arg, MODE_ERROR));
}

/* utfast_make_valid_utf8(bytea) returns text */
Datum
pg_utfast_make_valid_utf8(PG_FUNCTION_ARGS)
{
	bytea	   *arg = bytea_arg(fcinfo, 0);

	require_utf8_database("utfast_make_valid_utf8");
	PG_RETURN_TEXT_P(from_utf8(arg, MODE_REPLACE));
}

/* utfast_convert_from(bytea, encoding text, mode text DEFAULT 'error') returns text */
Datum
pg_utfast_convert_from(PG_FUNCTION_ARGS)
{
	bytea	   *arg = bytea_arg(fcinfo, 0);
	const ParsedArgs *parsed = parse_args(fcinfo);
	text	   *result;

	require_utf8_database("utfast_convert_from");
	result = convert(arg, parsed->encoding, parsed->mode);
	if (result == NULL)
		PG_RETURN_NULL();
	PG_RETURN_TEXT_P(result);
}

/* utfast_kernel() returns text */
Datum
pg_utfast_kernel(PG_FUNCTION_ARGS)
{
	(void) fcinfo;
	PG_RETURN_TEXT_P(cstring_to_text(utfast_active_kernel()));
}
