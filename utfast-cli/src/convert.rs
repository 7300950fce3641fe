//! `utfast convert`: transcodes one input between any two encodings the library
//! knows, in any `--errors` mode, with the library's streaming [`Transcoder`]
//! and its [`transcode_copy`] (constant memory; error offsets are those of the
//! whole input, its byte order mark included). This file keeps what is the
//! command line's own: a byte order mark of another encoding is refused, the
//! line and column of invalid UTF-8 are found (by reading a regular file again
//! rather than counting as it converts), output to a file goes to a temporary
//! file beside it, renamed over it only when the whole input has been
//! converted, and messages.

use std::borrow::Cow;
use std::io::{self, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::PathBuf;

use clap::builder::PossibleValue;
use clap::{Args, ValueHint};
use indicatif::ProgressBar;
use utfast::detect::READ_LIMIT;
use utfast::stream::{self, transcode_copy, BomHandling, CopyIoError, TranscodeErrorKind};
use utfast::stream::{TranscodeCopyError as Failure, Transcoder};
use utfast::{utf8::LineColumn, Encoding, ErrorMode};

use crate::help;
use crate::shared::input::{self, Input, Reader};
use crate::shared::output::{open_output, Output, OUT_BUFFER};
use crate::shared::progress::ProgressArgs;
use crate::shared::report::{cli_name, label, warn, Status};
use crate::shared::values::Named;

/// What `utfast convert` was asked to do.
#[derive(Args, Debug, PartialEq, Eq)]
pub struct ConvertOptions {
    /// The encoding of the input, or auto (detected)
    #[arg(short, long, value_name = "ENC", value_parser = from_parser(), long_help = help::FROM)]
    pub from: FromEncoding,
    /// The encoding of the output
    #[arg(short, long, value_name = "ENC", value_parser = encoding_parser())]
    pub to: Encoding,
    /// What becomes of invalid input
    #[arg(
        short,
        long,
        value_name = "MODE",
        value_parser = error_mode_parser(),
        default_value = "strict",
        long_help = help::ERRORS
    )]
    pub errors: ErrorMode,
    /// Write to the file OUT instead of standard output ('-': standard output)
    #[arg(short, long, value_name = "OUT", value_hint = ValueHint::FilePath)]
    pub output: Option<PathBuf>,
    /// Start the output with the byte order mark of --to (not for latin1 or windows-1252)
    #[arg(long, long_help = help::BOM)]
    pub bom: bool,
    /// Convert a byte order mark that starts the input as text (U+FEFF), as any other character
    #[arg(long, long_help = help::KEEP_BOM, conflicts_with = "bom")]
    pub keep_bom: bool,
    /// No report of invalid input (exit status 1); I/O errors are still reported
    #[arg(short, long)]
    pub quiet: bool,
    #[command(flatten)]
    pub progress: ProgressArgs,
    /// The input; standard input when none, or for '-'
    #[arg(value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub input: Option<PathBuf>,
}

/// The value of `--from`: an encoding, or `None` for `auto` (the encoding
/// [`choose_encoding`] detects).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FromEncoding(pub Option<Encoding>);

/// `--from` and `--to`: an encoding, as `Encoding::from_name` reads it. The one
/// place that knows the encoding type's names.
pub fn encoding_parser() -> Named<Encoding> {
    Named {
        values: || {
            Encoding::ALL
                .into_iter()
                .map(|encoding| PossibleValue::new(cli_name(encoding)))
                .collect()
        },
        parse: Encoding::from_name,
        hint: encoding_hint,
    }
}

/// `--from`: an encoding, or `auto`.
fn from_parser() -> Named<FromEncoding> {
    Named {
        values: || {
            let mut values = (encoding_parser().values)();
            values.push(PossibleValue::new("auto").help("detect the encoding"));
            values
        },
        parse: |name| match name.trim() {
            auto if auto.eq_ignore_ascii_case("auto") => Some(FromEncoding(None)),
            name => Encoding::from_name(name).map(|encoding| FromEncoding(Some(encoding))),
        },
        hint: encoding_hint,
    }
}

/// A better answer than the closest name for encodings named without the byte
/// order, or ASCII.
fn encoding_hint(given: &str) -> Option<&'static str> {
    let bare: String = given
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect::<String>()
        .to_ascii_lowercase();
    Some(match bare.as_str() {
        "utf16" | "ucs2" => {
            "say which byte order: utf-16le or utf-16be (a file starting with ff fe is \
             utf-16le, with fe ff utf-16be)"
        }
        "utf32" | "ucs4" => {
            "say which byte order: utf-32le or utf-32be (a file starting with ff fe 00 00 \
             is utf-32le, with 00 00 fe ff utf-32be)"
        }
        "ascii" | "usascii" => "ASCII is a subset of utf-8 and of latin1: use either",
        _ => return None,
    })
}

/// `--errors`: a mode, as `ErrorMode::from_name` reads it.
fn error_mode_parser() -> Named<ErrorMode> {
    Named {
        values: || {
            ErrorMode::ALL
                .iter()
                .map(|mode| PossibleValue::new(mode.name()).help(help::error_mode(mode.name())))
                .collect()
        },
        parse: ErrorMode::from_name,
        hint: |_| None,
    }
}

/// Converts the input into `out` with the library's [`stream::transcode_copy`];
/// finds the line and column of a problem in UTF-8 input (by reading a regular
/// file again, or counting as it goes otherwise). The input is read through
/// `bar`.
fn convert(
    reader: Reader,
    transcoder: Transcoder,
    out: &mut dyn Write,
    bar: ProgressBar,
) -> Result<Result<u64, Failure>, CopyIoError> {
    let utf8 = transcoder.from() == Encoding::Utf8;
    match reader {
        Reader::Once(reader) => transcode_copy(bar.wrap_read(reader), out, transcoder, utf8),
        Reader::Rewindable(mut file) => {
            // Not 0 for standard input that something else has read from.
            let start = file.stream_position().map_err(CopyIoError::Read)?;
            match transcode_copy(bar.wrap_read(&mut file), out, transcoder, false)? {
                Err(failure) => Ok(Err(failure
                    .locate_in(&mut file, start)
                    .map_err(CopyIoError::Read)?)),
                result => Ok(result),
            }
        }
    }
}

/// The transcoder `convert` runs: the library's, which strips the input's own
/// byte order mark and refuses another encoding's, or with `--keep-bom`
/// converts either as the text it is in `from`.
fn transcoder(from: Encoding, options: &ConvertOptions) -> Transcoder {
    let bom = match options.keep_bom {
        true => BomHandling::None,
        false => BomHandling::Enforce,
    };
    Transcoder::new(from, options.to, options.errors).with_bom_handling(bom)
}

/// Confidences below this are not enough for `--from auto` (windows-1252 is
/// 0.40 when nothing else fits, 0.10 when the bytes do not look like text).
const AUTO_MIN_CONFIDENCE: f32 = 0.4;

/// `--from auto`: the encoding of the input, from its byte order mark or else
/// detected on its first [`READ_LIMIT`] bytes, which are read and put back (a
/// regular file is rewound; other input is read through them first). Says the
/// choice on standard error unless `quiet`. The error is a message naming the
/// candidates when detection cannot decide.
fn choose_encoding(
    reader: Reader,
    name: &str,
    quiet: bool,
) -> io::Result<Result<(Encoding, Reader), String>> {
    let (found, head, reader) = match reader {
        Reader::Rewindable(mut file) => {
            let start = file.stream_position()?;
            let (found, head) = utfast::detect::read_encoding(&mut file)?;
            file.seek(SeekFrom::Start(start))?;
            (found, head, Reader::Rewindable(file))
        }
        Reader::Once(mut once) => {
            let (found, head) = utfast::detect::read_encoding(&mut once)?;
            let replay = io::Cursor::new(head.clone()).chain(once);
            (found, head, Reader::Once(Box::new(replay)))
        }
    };
    let examined = head.len().min(READ_LIMIT);
    let head = &head[..examined];
    let (encoding, confidence) = (found.encoding(), found.confidence());
    if confidence < AUTO_MIN_CONFIDENCE {
        let candidates: Vec<&str> = utfast::detect::plausible_encodings(head)
            .map(cli_name)
            .collect();
        return Ok(Err(format!(
            "{name}: cannot tell the encoding of the input: its first {examined} bytes are not \
             valid UTF-8, UTF-16 or UTF-32 with a text's pattern of zero bytes, and hold zero \
             bytes or bytes windows-1252 leaves undefined (best guess {} with confidence \
             {confidence:.2}); candidates (valid there): {}; give '--from ENC' to convert it anyway",
            cli_name(encoding),
            candidates.join(", ")
        )));
    }
    if !quiet {
        let bom = match found.bom_len() {
            0 => "no BOM".to_string(),
            n => format!("BOM {n} bytes"),
        };
        warn(format_args!(
            "{name}: converting from {} (detected, confidence {confidence:.2}, {bom}, \
             on the first {examined} bytes); give '--from ENC' to choose otherwise",
            cli_name(encoding)
        ));
    }
    Ok(Ok((encoding, reader)))
}

/// Converts the input to the output; an error is a failure to write to standard
/// output (other errors are reported here).
pub fn run(options: &ConvertOptions, stdout: &mut impl Write) -> io::Result<Status> {
    let input = options
        .input
        .as_deref()
        .map_or(Input::Stdin, Input::from_arg);
    let name = input.name();
    let opened = input::open(&input).and_then(|reader| match options.from.0 {
        Some(from) => Ok(Ok((from, reader))),
        None => choose_encoding(reader, &name, options.quiet),
    });
    let (from, reader) = match opened {
        Ok(Ok(chosen)) => chosen,
        Ok(Err(message)) => {
            warn(format_args!("{message}"));
            return Ok(Status::Error);
        }
        Err(error) => {
            warn(format_args!("cannot read '{name}': {error}"));
            return Ok(Status::Error);
        }
    };
    let bom = match options.bom {
        true => options.to.bom().unwrap_or_default(),
        false => b"",
    };
    let bar = options
        .progress
        .bar(options.quiet, reader.len_left(), &name);
    let transcoder = transcoder(from, options);
    let output = match open_output(options.output.as_deref()) {
        Ok(output) => output,
        Err(message) => {
            warn(format_args!("{message}"));
            return Ok(Status::Error);
        }
    };
    let Output::File { path, temp, file } = output else {
        let mut out = BufWriter::with_capacity(OUT_BUFFER, stdout);
        out.write_all(bom)?;
        let result = convert(reader, transcoder, &mut out, bar);
        out.flush()?;
        return match result {
            Ok(Ok(_)) => Ok(Status::Success),
            Ok(Err(failure)) => {
                let status = Status::Invalid;
                if !options.quiet {
                    warn(format_args!("{}", describe(options, &name, &failure)));
                    if failure.wrote_output() {
                        warn(format_args!(
                            "standard output has only the conversion of the input before byte {}",
                            failure.error().offset()
                        ));
                    }
                }
                Ok(status)
            }
            Err(CopyIoError::Write(error)) => Err(error),
            Err(CopyIoError::Read(error)) => {
                warn(format_args!("cannot read '{name}': {error}"));
                Ok(Status::Error)
            }
        };
    };
    // Declared after `temp`, so dropped (closed) before it removes the file.
    let mut writer = BufWriter::with_capacity(OUT_BUFFER, file);
    let result = match writer.write_all(bom) {
        Ok(()) => convert(reader, transcoder, &mut writer, bar),
        Err(error) => Err(CopyIoError::Write(error)),
    };
    let (status, message) = match result {
        Ok(Ok(_)) => {
            let finished = match temp {
                Some(temp) => temp.commit(writer),
                None => writer
                    .flush()
                    .map_err(|error| format!("cannot write '{}': {error}", path.display())),
            };
            if let Err(message) = &finished {
                warn(format_args!("{message}"));
            }
            return Ok(finished.map_or(Status::Error, |()| Status::Success));
        }
        Ok(Err(failure)) => (Status::Invalid, describe(options, &name, &failure)),
        Err(CopyIoError::Read(error)) => (Status::Error, format!("cannot read '{name}': {error}")),
        Err(CopyIoError::Write(error)) => (
            Status::Error,
            format!("cannot write '{}': {error}", path.display()),
        ),
    };
    if !options.quiet || status == Status::Error {
        warn(format_args!("{message}"));
        if let Some(temp) = &temp {
            warn(format_args!("{}", temp.untouched()));
        }
    }
    Ok(status)
}

/// `bytes` of `from` as UTF-8 text, when they are valid (the library's strict
/// conversion of all of them).
fn as_text(from: Encoding, bytes: &[u8]) -> Option<String> {
    let mut t = Transcoder::new(from, Encoding::Utf8, ErrorMode::Strict);
    let mut out = vec![0; t.max_output_len(bytes.len())];
    let p = t.transcode(bytes, &mut out, true);
    out.truncate(p.written);
    match p.status {
        stream::Status::InputEmpty => String::from_utf8(out).ok(),
        _ => None,
    }
}

/// The message for a failure, without the `utfast: ` prefix: the library's,
/// after the input's name (and line and column), with what to do.
fn describe(options: &ConvertOptions, name: &str, failure: &Failure) -> String {
    let place: Cow<'_, str> = match failure.position() {
        Some(LineColumn { line, column }) => format!("{name}:{line}:{column}").into(),
        None => name.into(),
    };
    let error = failure.error();
    let hint: Cow<'_, str> = match (error.kind(), options.to) {
        (TranscodeErrorKind::ForeignBom(other), _) => {
            let mut hint = format!(
                "; if the input is {}, use '--from {}'",
                label(other),
                cli_name(other)
            );
            // Where the mark's bytes are --from text (never in UTF-8).
            if as_text(error.from(), error.bytes()).is_some() {
                let from = cli_name(error.from());
                hint += &format!("; to read these bytes as {from} text, add '--keep-bom'");
            }
            hint.into()
        }
        // U+FFFD that is not in the input: the replacement of invalid input.
        (TranscodeErrorKind::Unmappable(0xFFFD), _)
            if as_text(error.from(), error.bytes()).as_deref() != Some("\u{FFFD}") =>
        {
            format!(
                "; it is the replacement --errors {} puts for invalid input, which {} \
                 cannot hold: use '--errors ignore', or convert to a UTF encoding",
                options.errors.name(),
                label(options.to)
            )
            .into()
        }
        (TranscodeErrorKind::Unmappable(_), Encoding::Latin1 | Encoding::Windows1252) => {
            "; --errors modes deal with invalid input only: convert to a UTF encoding, \
             or replace the character first"
                .into()
        }
        (TranscodeErrorKind::Unmappable(_), _) => {
            "; --errors modes deal with invalid input only: convert to another encoding".into()
        }
        _ => "".into(),
    };
    format!("{place}: {error}{hint}")
}
