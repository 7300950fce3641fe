-- The README's walk-through: a file of lines in UTF-8, Latin-1, Windows-1252
-- and broken UTF-8 (data/dirty-lines.txt), each line loaded by COPY as raw
-- bytes into a bytea staging table, the lines that are not UTF-8 found, and
-- all of them made text in one INSERT ... SELECT.
\set VERBOSITY default
\getenv abs_srcdir PG_ABS_SRCDIR
SELECT format($$perl -ne 'chomp; print "\\\\x", unpack("H*", $_), "\n"' %s/data/dirty-lines.txt$$,
              :'abs_srcdir') AS to_hex_lines \gset

CREATE TABLE staging (line_no bigint GENERATED ALWAYS AS IDENTITY, b bytea NOT NULL);
CREATE TABLE lines (line_no bigint PRIMARY KEY, t text NOT NULL, was_utf8 boolean NOT NULL);

-- Each line as one bytea: perl writes it in bytea's hex format.
COPY staging (b) FROM PROGRAM :'to_hex_lines';

-- The lines that are not UTF-8.
SELECT line_no, b FROM staging WHERE NOT utfast_is_valid_utf8(b) ORDER BY line_no;

-- Strict conversion stops at the first of them.
INSERT INTO lines SELECT line_no, utfast_convert_from(b, 'UTF8'), true FROM staging;

-- UTF-8 as it is; the rest read as Windows-1252.
INSERT INTO lines
SELECT line_no,
       coalesce(utfast_convert_from(b, 'UTF8', 'null'), utfast_convert_from(b, 'WIN1252', 'replace')),
       utfast_is_valid_utf8(b)
FROM staging;
SELECT * FROM lines ORDER BY line_no;

-- Or every line as UTF-8, each bad piece made U+FFFD.
SELECT line_no, utfast_convert_from(b, 'UTF8', 'replace') AS t
FROM staging WHERE NOT utfast_is_valid_utf8(b) ORDER BY line_no;
