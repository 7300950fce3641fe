-- Large values: a few MB (in a query and stored, compressed or not, in
-- TOAST), the 1 GB limit of text, and a database whose encoding is not UTF8.
\set VERBOSITY default

-- A few MB, against PostgreSQL's convert_from.
CREATE TABLE big (name text, b bytea);
INSERT INTO big VALUES
  ('latin1', decode(repeat('4c6174696e2d3120e97465e92c20', 200000), 'hex')),        -- 2.8 MB
  ('utf8',   convert_to(repeat('UTF-8 été ☃ 😀, ', 200000), 'UTF8'));                -- 4.4 MB
SELECT name, octet_length(b) AS bytes, pg_column_compression(b) AS compression FROM big ORDER BY name;
SELECT md5(utfast_convert_from(b, 'LATIN1')) = md5(convert_from(b, 'LATIN1')) AS latin1_same,
       md5(utfast_convert_from(b, 'WIN1252')) = md5(convert_from(b, 'WIN1252')) AS win1252_same
FROM big WHERE name = 'latin1';
SELECT utfast_is_valid_utf8(b) AS valid, md5(utfast_validate_utf8(b)) = md5(convert_from(b, 'UTF8')) AS utf8_same,
       md5(utfast_make_valid_utf8(b)) = md5(convert_from(b, 'UTF8')) AS repaired_same
FROM big WHERE name = 'utf8';
-- The same values stored out of line without compression.
CREATE TABLE big_external (name text, b bytea);
ALTER TABLE big_external ALTER COLUMN b SET STORAGE EXTERNAL;
INSERT INTO big_external SELECT name, b || '\x'::bytea FROM big;   -- a new, uncompressed value
SELECT name, pg_column_compression(b) AS compression,
       utfast_is_valid_utf8(b) AS valid_utf8,
       length(utfast_convert_from(b, 'LATIN1')) AS latin1_chars
FROM big_external ORDER BY name;
-- An invalid byte near the end of 4.4 MB: its offset, or the row NULL.
SELECT utfast_validate_utf8(b || '\xc0'::bytea || convert_to('tail', 'UTF8')) FROM big WHERE name = 'utf8';
SELECT utfast_convert_from(b || '\xc0'::bytea, 'UTF8', 'null') IS NULL AS is_null,
       right(utfast_convert_from(b || '\xc0'::bytea, 'UTF8', 'replace'), 3) AS tail
FROM big WHERE name = 'utf8';
-- UTF-16 of a few MB, through the transcoder.
SELECT length(utfast_convert_from(decode(repeat('ac20e900', 500000), 'hex'), 'UTF-16LE')) AS chars,
       utfast_convert_from(decode(repeat('ac20e900', 500000), 'hex'), 'UTF-16LE') = repeat('€é', 500000) AS same;

-- Over 1 GB: 540 MB of Latin-1 make 1080 MB of UTF-8, more than text holds.
-- An error, not a crash (and no allocation: a large value is measured first).
SELECT octet_length(utfast_convert_from(b, 'LATIN1'))
FROM (SELECT string_agg(decode(repeat('e9', 1000000), 'hex'), '') AS b
      FROM generate_series(1, 540)) AS t;

-- A database in another encoding: the functions that return text refuse it.
SELECT current_database() AS regress_db \gset
CREATE DATABASE utfast_latin1_db ENCODING 'LATIN1' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0;
\c utfast_latin1_db
CREATE EXTENSION utfast;
SELECT utfast_is_valid_utf8('\x636166c3a9') AS valid;
SELECT utfast_convert_from('\x636166e9', 'LATIN1');
SELECT utfast_validate_utf8('\x636166c3a9');
SELECT utfast_make_valid_utf8('\x636166c3a9');
\c :regress_db
DROP DATABASE utfast_latin1_db;
