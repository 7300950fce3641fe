-- The examples of README.md, as they are there.
\set VERBOSITY default
SELECT utfast_is_valid_utf8('\x636166c3a9') AS utf8, utfast_is_valid_utf8('\x636166e9') AS latin1;
SELECT utfast_validate_utf8('\x636166c3a9');
SELECT utfast_validate_utf8('\x636166e920726f7365');
SELECT utfast_make_valid_utf8('\x636166e920726f7365');
SELECT utfast_convert_from('\x636166e9', 'LATIN1') AS latin1,
       utfast_convert_from('\x93636166e994', 'WIN1252') AS win1252,
       utfast_convert_from('\x630061006600e900', 'UTF-16LE') AS utf16le,
       utfast_convert_from('\x0001f600', 'UTF-32BE') AS utf32be;
SELECT utfast_convert_from('\x636166e9', 'UTF8');
SELECT utfast_convert_from('\x636166e9', 'UTF8', 'null') AS "null",
       utfast_convert_from('\x636166e9', 'UTF8', 'replace') AS replace;
SELECT utfast_convert_from('\x610062', 'LATIN1');
SELECT utfast_convert_from('\x610062', 'LATIN1', 'replace');
SELECT utfast_convert_from('\x636166e9', 'KOI8R');
