//! `utfast detect`: reads the first [`PREFIX`] bytes of each input (all of it
//! when shorter), detects their encoding with the library ([`detect`]), and
//! reports one line of text or one JSON object per input.

use std::io::{self, Write};
use std::path::PathBuf;

use clap::{Args, ValueHint};
use serde::Serialize;
use serde_json::value::RawValue;
use utfast::detect::Detection;

use crate::help;
use crate::shared::input::{detect, fill, Input, PREFIX};
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
    let mut buffer = vec![0; PREFIX + 1];
    let mut status = Status::Success;
    for input in Input::all_or_stdin(&options.files) {
        let found = input
            .open()
            .and_then(|mut reader| examine(&mut reader, &mut buffer));
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

/// Reads up to [`PREFIX`] bytes of `reader` into `buffer` (`PREFIX + 1` bytes
/// long: one more tells whether the input goes on) and detects their encoding:
/// the detection, and the bytes examined.
fn examine(reader: &mut impl io::Read, buffer: &mut [u8]) -> io::Result<(Detection, usize)> {
    let filled = fill(reader, &mut buffer[..PREFIX + 1])?;
    Ok(detect(&buffer[..filled]))
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

#[cfg(test)]
mod tests {
    use super::*;

    use crate::shared::input::Trickle;

    /// An input of exactly [`PREFIX`] bytes is all of it, judged as such; a
    /// longer one is judged by its prefix (more in tests/cli_detect.rs). Small
    /// reads fill the prefix.
    #[test]
    fn an_input_of_prefix_bytes_is_judged_whole() {
        // UTF-8 cut inside a character at PREFIX bytes.
        let data = "€".repeat(PREFIX / 3 + 1).into_bytes();
        assert_ne!(PREFIX % 3, 0);
        let mut buffer = vec![0; PREFIX + 1];
        for (data, encoding) in [
            (&data[..PREFIX], utfast::Encoding::Windows1252),
            (&data[..], utfast::Encoding::Utf8),
        ] {
            let (detection, examined) =
                examine(&mut Trickle { data, step: 4093 }, &mut buffer).unwrap();
            assert_eq!((detection.encoding(), examined), (encoding, PREFIX));
        }
    }
}
