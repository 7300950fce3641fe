-- utfast_convert_from in every encoding: names (PostgreSQL's and the usual
-- ones, in any case), valid text, empty values, invalid input at the start, in
-- the middle and at the end, compared with PostgreSQL's convert_from where it
-- has the encoding.
\set VERBOSITY default

-- Names: case and punctuation ignored, PostgreSQL's aliases accepted.
SELECT name, utfast_convert_from('\x636166e9', name) AS text
FROM unnest(ARRAY['LATIN1', 'latin1', 'Latin-1', 'ISO-8859-1', 'iso_8859_1', 'ISO88591']) AS name;
SELECT name, utfast_convert_from('\x80636166e9', name) AS text
FROM unnest(ARRAY['WIN1252', 'win1252', 'Windows-1252', 'CP1252', 'cp-1252']) AS name;
SELECT name, utfast_convert_from('\x636166c3a9', name) AS text
FROM unnest(ARRAY['UTF8', 'utf8', 'UTF-8', 'utf_8', 'Unicode']) AS name;
SELECT name, utfast_convert_from('\x6300e900', name) AS text
FROM unnest(ARRAY['UTF-16LE', 'utf16le', 'UTF16-LE', 'utf_16_le']) AS name;
SELECT utfast_convert_from('\x63616665', 'EBCDIC');
SELECT utfast_convert_from('\x63616665', 'UTF-16');   -- the byte order must be named
SELECT utfast_convert_from('\x63616665', '');

-- The same text in each encoding: 'café €😀' (one character of each UTF-8 length).
CREATE TABLE samples (encoding text, bytes bytea);
INSERT INTO samples VALUES
  ('UTF8',     '\x636166c3a920e282acf09f9880'),
  ('UTF-16LE', '\x630061006600e9002000ac203dd800de'),
  ('UTF-16BE', '\x00630061006600e9002020acd83dde00'),
  ('UTF-32LE', '\x630000006100000066000000e900000020000000ac20000000f60100'),
  ('UTF-32BE', '\x000000630000006100000066000000e900000020000020ac0001f600'),
  ('CESU-8',   '\x636166c3a920e282aceda0bdedb880'),
  ('MUTF-8',   '\x636166c3a920e282aceda0bdedb880'),
  ('WTF-8',    '\x636166c3a920e282acf09f9880');
SELECT encoding, utfast_convert_from(bytes, encoding) AS text,
       utfast_convert_from(bytes, encoding) = 'café €😀' AS expected
FROM samples ORDER BY encoding;
-- Each with an error in the middle: a lone surrogate, a cut unit, a bad byte.
SELECT encoding, utfast_convert_from(bytes, encoding, 'null') IS NULL AS is_null,
       utfast_convert_from(bytes, encoding, 'replace') AS replaced
FROM (VALUES ('UTF8', '\x6361ff66'::bytea),
             ('UTF-16LE', '\x630000d86600'), ('UTF-16BE', '\x0063dc000066'),
             ('UTF-32LE', '\x6300000000d800006600000000'), ('UTF-32BE', '\x0000006300110000000000'),
             ('CESU-8', '\x63f09f988066'), ('MUTF-8', '\x63006600'),
             ('WTF-8', '\x63eda0bdedb88066'), ('WTF-8', '\x63eda0bd66')) AS t(encoding, bytes);

-- Latin-1 and Windows-1252 against PostgreSQL's convert_from: all 256 bytes
-- (but 0x00, and the five bytes PostgreSQL's WIN1252 leaves unmapped).
SELECT utfast_convert_from(b, 'LATIN1') = convert_from(b, 'LATIN1') AS latin1_same
FROM (SELECT string_agg(set_byte('\x00'::bytea, 0, i), '' ORDER BY i) AS b
      FROM generate_series(1, 255) AS i) AS t;
SELECT utfast_convert_from(b, 'WIN1252') = convert_from(b, 'WIN1252') AS win1252_same
FROM (SELECT string_agg(set_byte('\x00'::bytea, 0, i), '' ORDER BY i) AS b
      FROM generate_series(1, 255) AS i WHERE i NOT IN (129, 141, 143, 144, 157)) AS t;
-- Those five are C1 controls here (the WHATWG table); PostgreSQL refuses them.
SELECT utfast_convert_from('\x818d8f909d', 'WIN1252') = U&'\0081\008D\008F\0090\009D' AS c1_controls;
SELECT convert_from('\x81', 'WIN1252');
-- Short values take the single-byte paths: ASCII, with and without 0x80-0x9f;
-- long ones the library at once.
SELECT b, utfast_convert_from(b, 'LATIN1') AS latin1, utfast_convert_from(b, 'WIN1252') AS win1252
FROM (VALUES ('\x'::bytea), ('\x61'), ('\x616263646566676869'), ('\xe9'), ('\x80'),
             ('\x6162636465666768e9'), ('\x61626364656667689f')) AS t(b);
SELECT n, utfast_convert_from(b, 'WIN1252') = convert_from(b, 'WIN1252') AS win1252_same,
       utfast_convert_from(b, 'LATIN1') = convert_from(b, 'LATIN1') AS latin1_same,
       utfast_convert_from(a, 'WIN1252') = convert_from(a, 'WIN1252') AS ascii_same
FROM (SELECT n, decode(repeat('80e9416263', n), 'hex') AS b, decode(repeat('41', n), 'hex') AS a
      FROM unnest(ARRAY[1, 2, 12, 13, 14, 100, 3000]) AS n) AS t;

-- The short-value scan, exhaustively: one byte of interest at each position of
-- values of 1 to 70 bytes (the scan reads 8-byte words and an overlapping last
-- word, and gives up after 64 bytes).
SELECT count(*) AS cases,
       count(*) FILTER (WHERE utfast_convert_from(v, 'LATIN1') = convert_from(v, 'LATIN1')) AS latin1_same,
       count(*) FILTER (WHERE utfast_convert_from(v, 'WIN1252') = convert_from(v, 'WIN1252')) AS win1252_same
FROM (SELECT overlay(decode(repeat('61', n), 'hex') PLACING decode(x, 'hex') FROM p) AS v
      FROM generate_series(1, 70) AS n, generate_series(1, 70) AS p,
           unnest(ARRAY['e9', '80', '9f', 'a0', '7f', 'ff', '8e']) AS x
      WHERE p <= n) AS t;
SELECT count(*) AS cases,
       count(*) FILTER (WHERE utfast_convert_from(v, 'LATIN1', 'null') IS NULL) AS latin1_null,
       count(*) FILTER (WHERE strpos(utfast_convert_from(v, 'WIN1252', 'replace'), '�') = p) AS win1252_replaced_there
FROM (SELECT p, overlay(decode(repeat('e9', n), 'hex') PLACING '\x00' FROM p) AS v
      FROM generate_series(1, 70) AS n, generate_series(1, 70) AS p WHERE p <= n) AS t;

-- UTF-32BE built from the code points of PostgreSQL's text.
SELECT utfast_convert_from(decode(string_agg(lpad(to_hex(ascii(c)), 8, '0'), '' ORDER BY n), 'hex'),
                           'UTF-32BE') = t AS utf32be_same
FROM (SELECT 'Zoë, ☃ and 😀 in a longer line of text, repeated: ' || repeat('ŷ€𝄞', 40) AS t) AS s,
     regexp_split_to_table(t, '') WITH ORDINALITY AS x(c, n)
GROUP BY t;

-- Empty values in every encoding.
SELECT encoding, utfast_convert_from('\x', encoding) = '' AS empty
FROM unnest(ARRAY['UTF8', 'UTF-16LE', 'UTF-16BE', 'UTF-32LE', 'UTF-32BE', 'LATIN1',
                  'WIN1252', 'CESU-8', 'MUTF-8', 'WTF-8']) AS encoding;

-- Errors at the start, in the middle and at the end, in each encoding that has them.
SELECT utfast_convert_from('\xff616263', 'UTF8');
SELECT utfast_convert_from('\x616263f0', 'UTF8');
SELECT utfast_convert_from('\x00dc61006200', 'UTF-16LE');     -- a low surrogate first
SELECT utfast_convert_from('\x610000d86200', 'UTF-16LE');     -- a high one unpaired
SELECT utfast_convert_from('\x6100620000d8', 'UTF-16LE');     -- a high one last
SELECT utfast_convert_from('\x0061006200', 'UTF-16BE');       -- an odd length
SELECT utfast_convert_from('\x0000d800', 'UTF-32BE');
SELECT utfast_convert_from('\x6100000000001100', 'UTF-32LE');
SELECT utfast_convert_from('\x610000006200', 'UTF-32LE');
SELECT utfast_convert_from('\xf09f9880', 'CESU-8');
SELECT utfast_convert_from('\x61eda0bd', 'CESU-8');
SELECT utfast_convert_from('\x61edb88062', 'CESU-8');
SELECT utfast_convert_from('\x610062', 'MUTF-8');
SELECT utfast_convert_from('\x61eda0bdedb880', 'WTF-8');
SELECT utfast_convert_from('\x61edb880', 'WTF-8');
-- A long value with the error far in: the offset is absolute.
SELECT utfast_convert_from(decode(repeat('6100', 5000) || '00dc', 'hex'), 'UTF-16LE');
