//! `utfast detect`: detects the encoding of the first [`READ_LIMIT`] bytes of
//! each input (all of it when shorter) with the library ([`read_encoding`]), and
//! reports one line of text or one JSON object per input.

use std::io::{self, Write};
use std::path::PathBuf;

use clap::{Args, ValueHint};
use serde::Serialize;
use serde_json::value::RawValue;
use utfast::detect::{read_encoding, Detection, READ_LIMIT};

use crate::help;
use crate::shared::input::Input;
use crate::shared::report::{json_line, warn, Status};

/// What `utfast detect` was asked to do.
#[derive(Args, Debug, PartialEq, Eq)]
pub struct DetectOptions {
    /// Print one JSON object per input, one per line
    #[arg(long, long_help = help::DETECT_JSON)]
    pub json: bool,
    /// The files to examine; standard input when none, or for '-'
    #[arg(value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub files: Vec<PathBuf>,
}

/// Detects the encoding of every input and reports it; returns
/// [`Status::Error`] when an input could not be read (the others are still
/// examined), else [`Status::Success`]. Errors writing to `out` end the run.
pub fn run(options: &DetectOptions, out: &mut impl Write) -> io::Result<Status> {
    let mut status = Status::Success;
    for input in Input::all_or_stdin(&options.files) {
        let found = input
            .open()
            .and_then(read_encoding)
            .map(|(detection, head)| (detection, head.len().min(READ_LIMIT)));
        let name = input.name();
        if let Err(error) = &found {
            warn(format_args!(
                "cannot read '{name}': {error}; check the path and its permissions"
            ));
            status = Status::Error;
        }
        if options.json {
            writeln!(out, "{}", json_report(&name, &found))?;
        } else if let Ok((detection, _)) = &found {
            writeln!(out, "{name}: {detection}")?;
        }
    }
    Ok(status)
}

/// What one input's JSON object says after its path: the encoding found (null
/// when it could not be read), then how sure and on how many bytes.
#[derive(Serialize)]
#[serde(untagged)]
enum JsonFound {
    Found {
        encoding: &'static str,
        /// With two decimal places, as in the text report (`1.00`).
        confidence: Box<RawValue>,
        bom_len: usize,
        bytes_examined: usize,
    },
    Unreadable {
        encoding: (),
        error: String,
    },
}

/// One input's JSON object, on one line.
fn json_report(name: &str, found: &io::Result<(Detection, usize)>) -> String {
    json_line(
        name,
        match found {
            Ok((detection, examined)) => JsonFound::Found {
                encoding: detection.encoding().name(),
                confidence: RawValue::from_string(format!("{:.2}", detection.confidence()))
                    .expect("a confidence is a finite number"),
                bom_len: detection.bom_len(),
                bytes_examined: *examined,
            },
            Err(error) => JsonFound::Unreadable {
                encoding: (),
                error: error.to_string(),
            },
        },
    )
}
