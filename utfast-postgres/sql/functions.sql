-- The functions of the extension: their declarations, utfast_is_valid_utf8,
-- utfast_validate_utf8 and utfast_make_valid_utf8 on valid, invalid, empty
-- and NULL input, errors at the start, middle and end, one of each kind.
CREATE EXTENSION utfast;

\set VERBOSITY default

-- Declarations: IMMUTABLE (i), PARALLEL SAFE (s), STRICT.
SELECT p.proname AS function, pg_get_function_arguments(p.oid) AS arguments,
       p.prorettype::regtype AS returns,
       p.provolatile AS volatile, p.proparallel AS parallel, p.proisstrict AS strict
FROM pg_proc p JOIN pg_depend d ON d.objid = p.oid AND d.classid = 'pg_proc'::regclass
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'utfast'
ORDER BY 1::text;

SELECT utfast_kernel() IN ('scalar', 'sse4.2', 'avx2', 'avx512', 'neon') AS known_kernel;

-- utfast_is_valid_utf8
SELECT b, utfast_is_valid_utf8(b)
FROM (VALUES ('\x'::bytea), ('\x61'), (convert_to('café €😀', 'UTF8')),
             ('\x00'), ('\x610062'),                 -- NUL is valid UTF-8
             ('\x80'), ('\xc3'), ('\xc328'), ('\xe282'), ('\xe28228'),
             ('\xc0af'), ('\xe080af'), ('\xeda080'), ('\xf4908080'), ('\xf5'), ('\xff'),
             ('\xefbbbf61'),                         -- a byte order mark is text
             ('\xf48fbfbf'), ('\xee8080')) AS t(b);
SELECT utfast_is_valid_utf8(NULL);
-- Longer values: an error in the middle and at the very end.
SELECT utfast_is_valid_utf8(convert_to(repeat('é', 500), 'UTF8')) AS valid,
       utfast_is_valid_utf8(convert_to(repeat('é', 250), 'UTF8') || '\xff'::bytea
                            || convert_to(repeat('é', 250), 'UTF8')) AS middle,
       utfast_is_valid_utf8(convert_to(repeat('é', 500), 'UTF8') || '\xe282'::bytea) AS at_end;

-- utfast_validate_utf8: the text as it is, or an error naming the byte.
SELECT utfast_validate_utf8('\x'::bytea) = '' AS empty;
SELECT utfast_validate_utf8(convert_to('café €😀', 'UTF8'));
SELECT utfast_validate_utf8(NULL);
SELECT utfast_validate_utf8('\x80616263');            -- at the start
SELECT utfast_validate_utf8('\x636166e920726f7365');   -- in the middle
SELECT utfast_validate_utf8('\x636166c3');             -- cut at the end
SELECT utfast_validate_utf8('\x61e282');
SELECT utfast_validate_utf8('\x61c0af62');             -- overlong
SELECT utfast_validate_utf8('\x61eda08062');           -- surrogate
SELECT utfast_validate_utf8('\x61f490808062');         -- above U+10FFFF
SELECT utfast_validate_utf8('\x61ff62');               -- never in UTF-8
SELECT utfast_validate_utf8('\x61e2824162');           -- continuation missing
SELECT utfast_validate_utf8('\x610062');               -- NUL: not text
SELECT utfast_validate_utf8('\x6100ff');               -- the NUL comes first
SELECT utfast_validate_utf8('\x61ff00');               -- the bad byte comes first
SELECT utfast_validate_utf8(convert_to(repeat('é', 1000), 'UTF8') || '\xe9'::bytea);
SELECT utfast_validate_utf8('\xf0908080f0908080f0908080f09080');  -- cut after 12 bytes

-- utfast_make_valid_utf8: U+FFFD for each maximal invalid piece, as Rust's
-- String::from_utf8_lossy (and Python's errors='replace') give it.
SELECT b, utfast_make_valid_utf8(b) AS repaired
FROM (VALUES ('\x'::bytea), ('\x636166c3a9'), ('\x636166e9'), ('\x636166e920726f7365'),
             ('\x80'), ('\x8080'), ('\xc3'), ('\xe282'), ('\xe28261'), ('\xf09f98'),
             ('\xf09f9861'), ('\xc0af'), ('\xe080af'), ('\xeda080'), ('\xf4908080'),
             ('\xf8888080'), ('\x61f0808062c0afe282'), ('\xfe'), ('\xff61ff')) AS t(b);
-- U+0000, which text cannot hold, becomes U+FFFD too.
SELECT utfast_make_valid_utf8('\x6100620063') = 'a�b�c' AS nul_replaced;
SELECT utfast_make_valid_utf8('\x0000ff00') = '����' AS nul_and_invalid;
SELECT utfast_make_valid_utf8(NULL);
-- Valid input comes back as it is; long input repaired all along.
SELECT utfast_make_valid_utf8(convert_to(repeat('ab€', 10000), 'UTF8')) = repeat('ab€', 10000) AS same;
SELECT md5(utfast_make_valid_utf8(decode(repeat('61ff62e282', 20000), 'hex')))
     = md5(repeat('a�b�', 20000)) AS repaired_long;

-- Every function: STRICT, so NULL in, NULL out.
SELECT utfast_is_valid_utf8(NULL) IS NULL AS a, utfast_validate_utf8(NULL) IS NULL AS b,
       utfast_make_valid_utf8(NULL) IS NULL AS c, utfast_convert_from(NULL, 'LATIN1') IS NULL AS d,
       utfast_convert_from('\x61', NULL) IS NULL AS e, utfast_convert_from('\x61', 'LATIN1', NULL) IS NULL AS f;
