//! `utfast detect`: reads the first [`PREFIX`] bytes of each input (all of it
//! when shorter), runs [`utfast::detect_encoding`] on it (or
//! [`utfast::detect_encoding_prefix`] when the input goes on, so that a character
//! cut by the limit does not count against an encoding), and reports one line of
//! text or one JSON object per input.

use std::io::{self, Write};

use serde::Serialize;
use serde_json::value::RawValue;
use utfast::Detection;

use crate::shared::input::{fill, Input, PREFIX};
use crate::shared::report::{json_line, warn, Status};

/// What `utfast detect` was asked to do.
#[derive(Debug, PartialEq, Eq)]
pub struct DetectOptions {
    /// A JSON object per input instead of a line of text.
    pub json: bool,
    /// Never empty: standard input when no file is named.
    pub inputs: Vec<Input>,
}

/// What was found in one input: the detection and the bytes it examined.
#[derive(Debug, PartialEq)]
struct Found {
    detection: Detection,
    examined: usize,
}

/// Detects the encoding of every input and reports it; returns
/// [`Status::Error`] when an input could not be read (the others are still
/// examined), else [`Status::Success`]. Errors writing to `out` end the run.
pub fn run(options: &DetectOptions, out: &mut impl Write) -> io::Result<Status> {
    let mut buffer = vec![0; PREFIX + 1];
    let mut status = Status::Success;
    for input in &options.inputs {
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
        } else if let Ok(found) = &found {
            writeln!(out, "{name}: {}", describe(&found.detection))?;
        }
    }
    Ok(status)
}

/// Reads up to [`PREFIX`] bytes of `reader` into `buffer` (`PREFIX + 1` bytes
/// long: one more tells whether the input goes on) and detects their encoding.
fn examine(reader: &mut impl io::Read, buffer: &mut [u8]) -> io::Result<Found> {
    let filled = fill(reader, &mut buffer[..PREFIX + 1])?;
    Ok(if filled > PREFIX {
        Found {
            detection: utfast::detect_encoding_prefix(&buffer[..PREFIX]),
            examined: PREFIX,
        }
    } else {
        Found {
            detection: utfast::detect_encoding(&buffer[..filled]),
            examined: filled,
        }
    })
}

/// `UTF-16LE (confidence 1.00, BOM 2 bytes)`, `UTF-8 (confidence 0.99, no BOM)`.
fn describe(detection: &Detection) -> String {
    let bom = match detection.bom_len() {
        0 => "no BOM".to_string(),
        n => format!("BOM {n} bytes"),
    };
    format!(
        "{} (confidence {:.2}, {bom})",
        detection.encoding(),
        detection.confidence()
    )
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
fn json_report(name: &str, found: &io::Result<Found>) -> String {
    json_line(
        name,
        match found {
            Ok(found) => JsonFound::Found {
                encoding: found.detection.encoding().name(),
                confidence: RawValue::from_string(format!("{:.2}", found.detection.confidence()))
                    .expect("a confidence is a finite number"),
                bom_len: found.detection.bom_len(),
                bytes_examined: found.examined,
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

    fn examine_bytes(data: &[u8], step: usize) -> Found {
        let mut buffer = vec![0; PREFIX + 1];
        examine(&mut Trickle { data, step }, &mut buffer).unwrap()
    }

    #[test]
    fn describes_detections() {
        let found = examine_bytes(b"\xFF\xFEh\x00i\x00", 1);
        assert_eq!(found.examined, 6);
        assert_eq!(
            describe(&found.detection),
            "UTF-16LE (confidence 1.00, BOM 2 bytes)"
        );
        let found = examine_bytes("naïve café, déjà vu".as_bytes(), 3);
        assert_eq!(
            describe(&found.detection),
            "UTF-8 (confidence 0.99, no BOM)"
        );
        assert_eq!(
            json_report("a.txt", &Ok(found)),
            r#"{"path":"a.txt","encoding":"UTF-8","confidence":0.99,"bom_len":0,"bytes_examined":23}"#
        );
        let error = io::Error::new(io::ErrorKind::NotFound, "gone");
        assert_eq!(
            json_report("b.txt", &Err(error)),
            r#"{"path":"b.txt","encoding":null,"error":"gone"}"#
        );
        // Quotes, backslashes and control characters are escaped; the rest is
        // written as is.
        let error = io::Error::new(io::ErrorKind::NotFound, "l1\nl2\r\t\u{0}\u{1f}\u{8}\u{c}");
        assert_eq!(
            json_report("a \"b\"\\é 🎉.txt", &Err(error)),
            r#"{"path":"a \"b\"\\é 🎉.txt","encoding":null,"error":"l1\nl2\r\t\u0000\u001f\b\f"}"#
        );
    }

    #[test]
    fn long_inputs_are_judged_by_their_prefix() {
        // UTF-8 whose 3-byte characters straddle the limit, then garbage past it.
        let mut data = "€".repeat(PREFIX / 3 + 1).into_bytes();
        assert_ne!(PREFIX % 3, 0);
        data.extend_from_slice(b"\xFF\xFF");
        let found = examine_bytes(&data, 4096);
        assert_eq!(found.examined, PREFIX);
        assert_eq!(
            describe(&found.detection),
            "UTF-8 (confidence 0.99, no BOM)"
        );
        // Exactly PREFIX bytes: the whole input, judged as such.
        let found = examine_bytes(&data[..PREFIX], PREFIX);
        assert_eq!(found.examined, PREFIX);
        assert_eq!(found.detection.encoding(), utfast::Encoding::Windows1252);
    }
}
