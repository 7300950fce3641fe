//! `utfast validate`: checks each input with the library's
//! `stream::validate_reader` (chunks validated as they are read: constant
//! memory, any size, the offsets of the whole input); then reports each input as a line of text or
//! a JSON object, with the error's line and column and the offending bytes.
//!
//! Counting lines and columns costs several times more than validating, and is
//! only needed for an error: a regular file is validated first and read again up
//! to the error to find its line and column; other inputs (standard input, pipes)
//! can be read only once, so they count as they go.

use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::PathBuf;

use clap::{Args, ValueHint};
use serde::Serialize;
use utfast::stream::{line_column_in, validate_reader, Utf8ReadError};
use utfast::utf8::LineColumn;

use crate::help;
use crate::shared::input::{open, Input, Reader};
use crate::shared::progress::ProgressArgs;
use crate::shared::report::{hex, json_line, warn, Status};

/// What `utfast validate` was asked to do.
#[derive(Args, Debug, PartialEq, Eq)]
pub struct ValidateOptions {
    /// Print nothing; only the exit status tells
    #[arg(short, long, conflicts_with = "json")]
    pub quiet: bool,
    /// Print one JSON object per input, one per line
    #[arg(long, long_help = help::VALIDATE_JSON)]
    pub json: bool,
    #[command(flatten)]
    pub progress: ProgressArgs,
    /// The files to check; standard input when none, or for '-'
    #[arg(value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub files: Vec<PathBuf>,
}

/// One input's outcome: its length when valid, or its first error.
type Verdict = Result<u64, Utf8ReadError>;

/// Validates every input and reports on it; returns the worst status. Read errors
/// are reported and the next input is checked; errors writing to `out` end the run.
pub fn run(options: &ValidateOptions, out: &mut impl Write) -> io::Result<Status> {
    let mut status = Status::Success;
    for input in Input::all_or_stdin(&options.files) {
        let verdict = open(&input).and_then(|reader| {
            let name = input.name();
            let bar = options
                .progress
                .bar(options.quiet, reader.len_left(), &name);
            check(reader, &bar)
        });
        report(options, &input, &verdict, out)?;
        status = status.max(match verdict {
            Ok(Ok(_)) => Status::Success,
            Ok(Err(_)) => Status::Invalid,
            Err(_) => Status::Error,
        });
    }
    Ok(status)
}

/// Validates the input, and finds the line and column of an error. A UTF-8
/// byte order mark at the start is not counted as a column (editors do not
/// show it, and `convert` strips it), though the byte offset counts it.
fn check(reader: Reader, bar: &indicatif::ProgressBar) -> io::Result<Verdict> {
    let (verdict, head) = match reader {
        Reader::Once(reader) => {
            let mut head = Head::new(bar.wrap_read(reader));
            (validate_reader(&mut head, true)?, head.bytes)
        }
        Reader::Rewindable(mut file) => {
            // Not 0 for standard input that something else has read from.
            let start = file.stream_position()?;
            let mut head = Head::new(bar.wrap_read(&mut file));
            let verdict = validate_reader(&mut head, false)?;
            let head = head.bytes;
            match verdict {
                Err(error) => {
                    file.seek(SeekFrom::Start(start))?;
                    let at = line_column_in(&mut file, error.offset())?;
                    (Err(error.at(at)), head)
                }
                valid => (valid, head),
            }
        }
    };
    let bom = utfast::Encoding::Utf8.bom().unwrap_or_default();
    Ok(match verdict {
        Err(error) if head.starts_with(bom) => match error.position() {
            Some(at) if at.line == 1 && error.offset() >= bom.len() as u64 => {
                let column = at.column - 1;
                Err(error.at(LineColumn { column, ..at }))
            }
            _ => Err(error),
        },
        verdict => verdict,
    })
}

/// A reader that keeps the first bytes it hands out (to see whether the input
/// starts with a byte order mark).
struct Head<R> {
    inner: R,
    bytes: Vec<u8>,
}

impl<R> Head<R> {
    fn new(inner: R) -> Head<R> {
        Head {
            inner,
            bytes: Vec::new(),
        }
    }
}

impl<R: Read> Read for Head<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        let take = (3 - self.bytes.len().min(3)).min(n);
        self.bytes.extend_from_slice(&buf[..take]);
        Ok(n)
    }
}

/// Writes what `report` asks for about one input: text lines and JSON go to
/// `out`, read errors (unless quiet) to standard error.
fn report(
    options: &ValidateOptions,
    input: &Input,
    verdict: &io::Result<Verdict>,
    out: &mut impl Write,
) -> io::Result<()> {
    let name = input.name();
    match verdict {
        Err(error) if !options.quiet => warn(format_args!("cannot read '{name}': {error}")),
        _ => {}
    }
    match verdict {
        _ if options.json => writeln!(out, "{}", json_report(&name, verdict)),
        Ok(Err(error)) if !options.quiet => {
            let at = error.position().unwrap_or(utfast::utf8::LineColumn::START);
            writeln!(
                out,
                "{name}:{}:{}: invalid UTF-8 at byte {}: {} (bytes: {})",
                at.line,
                at.column,
                error.offset(),
                error.kind(),
                hex(error.bytes())
            )
        }
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
            Ok(Ok(len)) => JsonVerdict::Valid {
                valid: true,
                bytes_checked: *len,
            },
            Ok(Err(error)) => {
                let at = error.position().unwrap_or(utfast::utf8::LineColumn::START);
                JsonVerdict::Invalid {
                    valid: false,
                    offset: error.offset(),
                    line: at.line,
                    column: at.column,
                    kind: error.kind().name(),
                    error_len: error.error_len(),
                    bytes: hex(error.bytes()),
                }
            }
            Err(error) => JsonVerdict::Unreadable {
                valid: (),
                error: error.to_string(),
            },
        },
    )
}
