/* utfast--0.1.sql: the SQL functions of the utfast extension (C in utfast.c). */

\echo Use "CREATE EXTENSION utfast" to load this file. \quit

CREATE FUNCTION utfast_is_valid_utf8(bytes bytea)
RETURNS boolean
AS 'MODULE_PATHNAME', 'pg_utfast_is_valid_utf8'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION utfast_is_valid_utf8(bytea) IS
'true when the bytes are well-formed UTF-8 (a 0x00 byte included)';

CREATE FUNCTION utfast_validate_utf8(bytes bytea)
RETURNS text
AS 'MODULE_PATHNAME', 'pg_utfast_validate_utf8'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION utfast_validate_utf8(bytea) IS
'the bytes as text when they are UTF-8 without U+0000, else an error naming the byte offset';

CREATE FUNCTION utfast_make_valid_utf8(bytes bytea)
RETURNS text
AS 'MODULE_PATHNAME', 'pg_utfast_make_valid_utf8'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION utfast_make_valid_utf8(bytea) IS
'the bytes as text, each invalid piece replaced by U+FFFD as Rust''s String::from_utf8_lossy does (and U+0000 too)';

CREATE FUNCTION utfast_convert_from(bytes bytea, encoding text, mode text DEFAULT 'error')
RETURNS text
AS 'MODULE_PATHNAME', 'pg_utfast_convert_from'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION utfast_convert_from(bytea, text, text) IS
'the bytes, in the encoding named, as text; mode error (the default), null or replace says what becomes of input that cannot be converted';

CREATE FUNCTION utfast_kernel()
RETURNS text
AS 'MODULE_PATHNAME', 'pg_utfast_kernel'
LANGUAGE C STABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION utfast_kernel() IS
'the SIMD kernel libutfast_c chose for this CPU: scalar, sse4.2, avx2, avx512 or neon';
