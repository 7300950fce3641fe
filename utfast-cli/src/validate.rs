//! `utfast validate`: checks each input with [`scan`] (the library's
//! `Utf8Validator` fed 1 MiB chunks as they are read: constant memory, any size,
//! the offsets of the whole input); then reports each input as a line of text or
//! a JSON object, with the error's line and column and the offending bytes.
//!
//! Counting lines and columns costs several times more than validating, and is
//! only needed for an error: a regular file is validated first and read again up
//! to the error to find its line and column; other inputs (standard input, pipes)
//! can be read only once, so they count as they go.

use std::io::{self, Seek, SeekFrom, Write};

use serde::Serialize;

use crate::shared::input::{locate, open, scan, Input, Reader, Verdict, BUFFER};
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
