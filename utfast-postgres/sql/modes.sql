-- The three modes of utfast_convert_from: 'error' (the default), 'null' and
-- 'replace'; U+0000, which text cannot hold, in each; unknown and NULL modes.
\set VERBOSITY default

CREATE TABLE dirty (id int, b bytea);
INSERT INTO dirty VALUES
  (1, convert_to('clean ASCII', 'UTF8')),
  (2, convert_to('café', 'UTF8')),
  (3, '\x636166e9'),             -- Latin-1, not UTF-8
  (4, '\xe28261'),               -- a cut sequence, then 'a'
  (5, '\x'),
  (6, NULL),
  (7, '\x61006200');             -- NULs

-- 'null': the rows that cannot be converted are NULL.
SELECT id, utfast_convert_from(b, 'UTF8', 'null') AS text FROM dirty ORDER BY id;
-- 'replace': U+FFFD for each bad piece, and for each NUL.
SELECT id, utfast_convert_from(b, 'UTF8', 'replace') AS text FROM dirty ORDER BY id;
-- 'error' (the default): the first bad row stops the query.
SELECT id, utfast_convert_from(b, 'UTF8') AS text FROM dirty ORDER BY id;
SELECT id, utfast_convert_from(b, 'UTF8', 'error') AS text FROM dirty WHERE id IN (1, 2, 5, 6) ORDER BY id;
SELECT utfast_convert_from(b, 'UTF8') FROM dirty WHERE id = 4;
SELECT utfast_convert_from(b, 'UTF8') FROM dirty WHERE id = 7;
-- Modes in any case, by name or by position; unknown or NULL ones.
SELECT utfast_convert_from('\x636166e9', 'UTF8', mode => 'NULL') IS NULL AS named,
       utfast_convert_from('\x636166e9', 'UTF8', 'Replace') AS any_case;
SELECT utfast_convert_from('\x636166e9', 'UTF8', 'ignore');
SELECT utfast_convert_from('\x636166e9', 'UTF8', NULL) IS NULL AS null_mode;
-- Arguments that change from row to row are parsed again.
SELECT e, m, utfast_convert_from('\x636166e9', e, m) AS text
FROM (VALUES ('LATIN1', 'error'), ('UTF8', 'replace'), ('UTF8', 'null'), ('WIN1252', 'error'),
             ('latin1', 'ERROR'), ('UTF8', 'replace')) AS t(e, m);
-- Without a mode (the two-argument function): 'error', by position or by name,
-- the encoding constant or changing from row to row.
SELECT utfast_convert_from(bytes => '\x636166e9', encoding => 'LATIN1') AS named_two;
SELECT e, utfast_convert_from('\x636166e9', e) AS text
FROM (VALUES ('LATIN1'), ('WIN1252'), ('latin-1')) AS t(e);
SELECT e, utfast_convert_from('\x636166e9', e) AS text
FROM (VALUES ('LATIN1'), ('UTF8')) AS t(e);

-- U+0000 in every encoding: an error (naming its offset), NULL, or U+FFFD.
CREATE TABLE nuls (encoding text, bytes bytea);
INSERT INTO nuls VALUES
  ('UTF8', '\x610062'), ('LATIN1', '\x610062'), ('WIN1252', '\x610062'),
  ('UTF-16LE', '\x610000006200'), ('UTF-16BE', '\x006100000062'),
  ('UTF-32LE', '\x610000000000000062000000'), ('UTF-32BE', '\x000000610000000000000062'),
  ('CESU-8', '\x610062'), ('MUTF-8', '\x61c08062'), ('WTF-8', '\x610062');
SELECT encoding, utfast_convert_from(bytes, encoding, 'null') IS NULL AS is_null,
       utfast_convert_from(bytes, encoding, 'replace') AS replaced
FROM nuls ORDER BY encoding;
SELECT utfast_convert_from(bytes, encoding) FROM nuls WHERE encoding = 'UTF8';
SELECT utfast_convert_from(bytes, encoding) FROM nuls WHERE encoding = 'LATIN1';
SELECT utfast_convert_from(bytes, encoding) FROM nuls WHERE encoding = 'WIN1252';
SELECT utfast_convert_from(bytes, encoding) FROM nuls WHERE encoding = 'UTF-16LE';
SELECT utfast_convert_from(bytes, encoding) FROM nuls WHERE encoding = 'UTF-16BE';
SELECT utfast_convert_from(bytes, encoding) FROM nuls WHERE encoding = 'UTF-32LE';
SELECT utfast_convert_from(bytes, encoding) FROM nuls WHERE encoding = 'UTF-32BE';
SELECT utfast_convert_from(bytes, encoding) FROM nuls WHERE encoding = 'CESU-8';
SELECT utfast_convert_from(bytes, encoding) FROM nuls WHERE encoding = 'MUTF-8';
SELECT utfast_convert_from(bytes, encoding) FROM nuls WHERE encoding = 'WTF-8';
-- A NUL before an invalid piece is reported first, and after it, the piece.
SELECT utfast_convert_from('\x6100000000dc', 'UTF-16LE');
SELECT utfast_convert_from('\x00dc6100000000', 'UTF-16LE');
-- Several NULs, long values.
SELECT utfast_convert_from('\x00000061', 'LATIN1', 'replace') AS three;
SELECT length(utfast_convert_from(decode(repeat('00e9', 5000), 'hex'), 'LATIN1', 'replace')) AS chars,
       octet_length(utfast_convert_from(decode(repeat('00e9', 5000), 'hex'), 'LATIN1', 'replace')) AS bytes;
SELECT utfast_convert_from(decode(repeat('e9', 5000) || '00', 'hex'), 'LATIN1');
SELECT utfast_convert_from(decode(repeat('e9', 5000) || '00', 'hex'), 'WIN1252', 'null') IS NULL AS is_null;

-- In a WHERE clause, and as the argument of other functions. Rows 3 and 4
-- are not UTF-8; 6 is NULL, and 7 is UTF-8 but holds NULs, which text cannot.
SELECT count(*) FILTER (WHERE utfast_convert_from(b, 'UTF8', 'null') IS NULL) AS not_utf8,
       count(*) FILTER (WHERE NOT utfast_is_valid_utf8(b)) AS invalid
FROM dirty;
SELECT id, upper(utfast_convert_from(b, 'LATIN1')) FROM dirty WHERE id IN (2, 3) ORDER BY id;
