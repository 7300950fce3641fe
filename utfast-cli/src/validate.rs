//! `utfast validate`: checks each input with the library's [`Utf8Validator`], fed
//! chunks of [`CHUNK`] bytes as they are read (constant memory, any size; the
//! validator completes a character that a chunk's end cuts, and its errors have
//! the offsets of the whole input); then reports each input as a line of text or
//! a JSON object, with the error's line and column and the offending bytes.
//!
//! Counting lines and columns costs several times more than validating, and is
//! only needed for an error: a regular file is validated first and read again up
//! to the error to find its line and column; other inputs (standard input, pipes)
//! can be read only once, so they count as they go.
//!
//! `convert` shares the reading, locating and error-showing helpers.

use std::io::{self, Read, Seek, SeekFrom, Write};

use serde::Serialize;
use utfast::{Utf8ErrorKind, Utf8Validator};

use crate::shared::input::{
    fill, locate, offending_sequence, open, Input, Position, Reader, CHUNK, MAX_SEQUENCE,
};
use crate::shared::progress::{Progress, ProgressMode};
use crate::shared::report::{hex, json_line, warn, Status};

/// What `utfast validate` was asked to do.
#[derive(Debug, PartialEq, Eq)]
pub struct ValidateOptions {
    pub report: Report,
    pub progress: ProgressMode,
    /// Never empty: standard input when no file is named.
    pub inputs: Vec<Input>,
}

/// How `validate` reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Report {
    /// A line per invalid input.
    Text,
    /// Nothing: the exit status only.
    Quiet,
    /// A JSON object per input, one per line.
    Json,
}

/// Validates every input and reports on it; returns the worst status. Read errors
/// are reported and the next input is checked; errors writing to `out` end the run.
pub fn run(options: &ValidateOptions, out: &mut impl Write) -> io::Result<Status> {
    let mut buffer = vec![0; BUFFER];
    let mut status = Status::Success;
    for input in &options.inputs {
        let verdict = open(input).and_then(|reader| {
            let progress = Progress::start(options.progress, reader.len_left(), &input.name());
            check(reader, &mut buffer, &progress)
        });
        report(options.report, input, &verdict, out)?;
        status = status.max(match verdict {
            Ok(Verdict::Valid { .. }) => Status::Success,
            Ok(Verdict::Invalid(_)) => Status::Invalid,
            Err(_) => Status::Error,
        });
    }
    Ok(status)
}

/// The result of checking one input.
#[derive(Debug, PartialEq, Eq)]
enum Verdict {
    Valid { len: u64 },
    Invalid(Invalid),
}

/// Where and why an input is not UTF-8.
#[derive(Debug, PartialEq, Eq)]
struct Invalid {
    /// Bytes before the error: `valid_up_to()` of the whole input.
    offset: u64,
    /// The line and column of `offset`.
    position: Position,
    kind: Utf8ErrorKind,
    /// `error_len()` of the whole input.
    error_len: Option<usize>,
    /// The offending sequence: see [`offending_sequence`].
    bytes: Vec<u8>,
}

/// Validates the input, and finds the line and column of an error.
fn check(reader: Reader, buffer: &mut [u8], progress: &Progress) -> io::Result<Verdict> {
    match reader {
        Reader::Once(mut reader) => scan(&mut reader, buffer, true, progress),
        Reader::Rewindable(mut file) => {
            // Not 0 for standard input that something else has read from.
            let start = file.stream_position()?;
            let mut verdict = scan(&mut file, buffer, false, progress)?;
            if let Verdict::Invalid(invalid) = &mut verdict {
                file.seek(SeekFrom::Start(start))?;
                invalid.position = locate(&mut file, invalid.offset, buffer)?;
            }
            Ok(verdict)
        }
    }
}

/// Bytes of a chunk kept in front of the next one: a character that the chunk's
/// end cut, held back by the validator (at most 3 bytes), may turn out to be the
/// offending sequence, which is then shown from there.
const KEPT: usize = MAX_SEQUENCE - 1;

/// The buffer [`scan`] reads into: the bytes kept, a chunk, and room to read the
/// rest of an offending sequence that the chunk's end cut.
const BUFFER: usize = KEPT + CHUNK + MAX_SEQUENCE;

/// Validates everything `reader` yields with the library's [`Utf8Validator`], a
/// chunk of [`CHUNK`] bytes at a time read into `buffer` ([`BUFFER`] bytes),
/// stopping at the first error. Counts lines and columns when `count_position`
/// is set (otherwise the error's position is left at the start).
fn scan(
    reader: &mut impl Read,
    buffer: &mut [u8],
    count_position: bool,
    progress: &Progress,
) -> io::Result<Verdict> {
    let mut validator = Utf8Validator::new();
    let mut position = Position::START;
    loop {
        // The stream offset of the chunk, which is read to `buffer[KEPT..]`.
        let done = validator.len();
        let filled = fill(reader, &mut buffer[KEPT..KEPT + CHUNK])?;
        progress.advance(filled);
        let at_end = filled < CHUNK;
        let chunk = &buffer[KEPT..KEPT + filled];
        let mut checked = validator.update(chunk);
        if at_end && checked.is_ok() {
            checked = validator.finish().map(drop);
        }
        let error = match checked {
            Ok(()) if at_end => {
                return Ok(Verdict::Valid {
                    len: done + filled as u64,
                })
            }
            Ok(()) => {
                if count_position {
                    position.advance(chunk);
                }
                buffer.copy_within(CHUNK..CHUNK + KEPT, 0);
                continue;
            }
            Err(error) => error,
        };
        let offset = error.valid_up_to();
        if count_position {
            match offset.checked_sub(done) {
                Some(at) => position.advance(&chunk[..at as usize]),
                // A character held back from the chunk before, where its first
                // byte was counted.
                None => position.back_one(),
            }
        }
        // Where the offending sequence starts in `buffer`: in the chunk, or in
        // the bytes kept from the chunk before (the validator holds back no more).
        let start = (KEPT as u64 + offset - done) as usize;
        let mut end = KEPT + filled;
        if !at_end && end < start + MAX_SEQUENCE {
            // Read the rest of the offending sequence, which the chunk cuts.
            end += fill(reader, &mut buffer[end..start + MAX_SEQUENCE])?;
        }
        return Ok(Verdict::Invalid(Invalid {
            offset,
            position,
            kind: error.kind(),
            error_len: error.error_len(),
            bytes: offending_sequence(&buffer[start..end], error.error_len()),
        }));
    }
}

/// Writes what `report` asks for about one input: text lines and JSON go to
/// `out`, read errors (unless quiet) to standard error.
fn report(
    report: Report,
    input: &Input,
    verdict: &io::Result<Verdict>,
    out: &mut impl Write,
) -> io::Result<()> {
    let name = input.name();
    if let (Err(error), Report::Text | Report::Json) = (verdict, report) {
        warn(format_args!("cannot read '{name}': {error}"));
    }
    match (report, verdict) {
        (Report::Json, _) => writeln!(out, "{}", json_report(&name, verdict)),
        (Report::Text, Ok(Verdict::Invalid(invalid))) => writeln!(
            out,
            "{name}:{}:{}: invalid UTF-8 at byte {}: {} (bytes: {})",
            invalid.position.line,
            invalid.position.column,
            invalid.offset,
            invalid.kind,
            hex(&invalid.bytes)
        ),
        _ => Ok(()),
    }
}

/// What one input's JSON object says after its path: whether it is valid
/// (null when it could not be read), then what was found.
#[derive(Serialize)]
#[serde(untagged)]
enum JsonVerdict<'a> {
    Valid {
        valid: bool,
        bytes_checked: u64,
    },
    Invalid {
        valid: bool,
        offset: u64,
        line: usize,
        column: usize,
        kind: &'a str,
        error_len: Option<usize>,
        bytes: String,
    },
    Unreadable {
        valid: (),
        error: String,
    },
}

/// One input's JSON object, on one line.
fn json_report(name: &str, verdict: &io::Result<Verdict>) -> String {
    json_line(
        name,
        match verdict {
            Ok(Verdict::Valid { len }) => JsonVerdict::Valid {
                valid: true,
                bytes_checked: *len,
            },
            Ok(Verdict::Invalid(invalid)) => JsonVerdict::Invalid {
                valid: false,
                offset: invalid.offset,
                line: invalid.position.line,
                column: invalid.position.column,
                kind: invalid.kind.name(),
                error_len: invalid.error_len,
                bytes: hex(&invalid.bytes),
            },
            Err(error) => JsonVerdict::Unreadable {
                valid: (),
                error: error.to_string(),
            },
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::shared::input::Trickle;

    /// Scans `data` counting as it goes, and checks that locating the error
    /// afterwards, as for a regular file, gives the same position.
    fn check_bytes(data: &[u8]) -> Verdict {
        let mut buffer = vec![0; BUFFER];
        let verdict = scan(&mut &data[..], &mut buffer, true, &Progress::off()).unwrap();
        if let Verdict::Invalid(invalid) = &verdict {
            let located = locate(&mut &data[..], invalid.offset, &mut buffer).unwrap();
            assert_eq!(located, invalid.position);
        }
        verdict
    }

    #[test]
    fn reports_offset_position_and_sequence() {
        let Verdict::Invalid(invalid) = check_bytes(b"ab\ncd\xED\xA0\x80ef") else {
            panic!("invalid input passed");
        };
        assert_eq!(invalid.offset, 5);
        assert_eq!(invalid.position, Position { line: 2, column: 3 });
        assert_eq!(invalid.kind, Utf8ErrorKind::Surrogate);
        assert_eq!(invalid.error_len, Some(1));
        assert_eq!(hex(&invalid.bytes), "ed a0 80");
        assert_eq!(check_bytes("héllo\n".as_bytes()), Verdict::Valid { len: 7 });
        assert_eq!(check_bytes(b""), Verdict::Valid { len: 0 });
    }

    #[test]
    fn offending_sequences() {
        let cases: &[(&[u8], Option<usize>, &[u8])] = &[
            (b"\xE2\x82A", Some(2), b"\xE2\x82"),
            (b"\xE2\x82", None, b"\xE2\x82"),
            (b"\xC0\xAF\xAF", Some(1), b"\xC0\xAF"),
            (b"\xF5\x80\x80\x80\x80", Some(1), b"\xF5\x80\x80\x80"),
            (b"\x80\x80", Some(1), b"\x80"),
            (b"\xFF\x80", Some(1), b"\xFF"),
            (b"\xF0\x9F\x98", Some(3), b"\xF0\x9F\x98"),
        ];
        for &(rest, error_len, expected) in cases {
            assert_eq!(offending_sequence(rest, error_len), expected, "{rest:x?}");
        }
    }

    /// An offending sequence that starts in one chunk and ends in the next (or
    /// at the input's end) gives the answer of the whole input: std's offset and
    /// error_len, the line and column, all of the sequence's bytes.
    #[test]
    fn sequences_cut_by_the_chunk_edge() {
        let tails: &[&[u8]] = &[
            b"\xE2\x82x",
            b"\xED\xA0\x80 after",
            b"\xF0\x9F\x98",
            b"\xF0\x9F\x98\x80 then \xFF",
            b"\xC3\xA9\xC3\n\xBF",
            b"\xFF\xFE",
        ];
        for tail in tails {
            for before_edge in 1..=4 {
                let mut data = b"first line\n".to_vec();
                data.resize(CHUNK - before_edge - 3, b'a');
                data.extend_from_slice("é\n".as_bytes());
                data.extend_from_slice(tail);
                let error = std::str::from_utf8(&data).unwrap_err();
                let offset = error.valid_up_to();
                let Verdict::Invalid(invalid) = check_bytes(&data) else {
                    panic!("invalid input passed: {tail:x?}");
                };
                let case = format!("{tail:x?}, {before_edge} bytes before the edge");
                assert_eq!(invalid.offset, offset as u64, "{case}");
                assert_eq!(invalid.error_len, error.error_len(), "{case}");
                let (line, column) = (offset_line(&data, offset), offset_column(&data, offset));
                assert_eq!(invalid.position, Position { line, column }, "{case}");
                let shown = offending_sequence(&data[offset..], error.error_len());
                assert_eq!(invalid.bytes, shown, "{case}");
            }
        }
    }

    /// The 1-based line of byte `offset`, counted naively.
    fn offset_line(data: &[u8], offset: usize) -> usize {
        1 + data[..offset].iter().filter(|&&b| b == b'\n').count()
    }

    /// The 1-based column, in characters, of byte `offset` of valid text.
    fn offset_column(data: &[u8], offset: usize) -> usize {
        let line_start = data[..offset]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        1 + std::str::from_utf8(&data[line_start..offset])
            .unwrap()
            .chars()
            .count()
    }

    #[test]
    fn chunks_do_not_change_the_answer() {
        // A character across each chunk boundary, then an error two chunks on.
        let mut data = Vec::new();
        while data.len() < 3 * CHUNK {
            data.extend_from_slice("line of text, é and 🎉\n".as_bytes());
        }
        let bad = 2 * CHUNK + 100;
        data[bad] = 0xFF;
        let (expected_line, expected_column) = (offset_line(&data, bad), offset_column(&data, bad));
        for step in [CHUNK, 4096, 4093] {
            let mut buffer = vec![0; BUFFER];
            let mut reader = Trickle { data: &data, step };
            let verdict = scan(&mut reader, &mut buffer, true, &Progress::off()).unwrap();
            let Verdict::Invalid(invalid) = verdict else {
                panic!("invalid input passed");
            };
            let expected = Position {
                line: expected_line,
                column: expected_column,
            };
            assert_eq!(invalid.offset, bad as u64);
            assert_eq!(invalid.position, expected);
            let mut reader = Trickle { data: &data, step };
            let located = locate(&mut reader, invalid.offset, &mut buffer).unwrap();
            assert_eq!(located, expected);
        }
        // Truncated at the very end of a chunk-sized input.
        let mut data = vec![b'a'; CHUNK - 1];
        data.push(0xF0);
        let Verdict::Invalid(invalid) = check_bytes(&data) else {
            panic!("invalid input passed");
        };
        assert_eq!(
            (invalid.offset, invalid.error_len),
            ((CHUNK - 1) as u64, None)
        );
    }
}
