//! `utfast convert`: transcodes one input between any two encodings the library
//! knows, in any `--errors` mode, with the library's streaming [`Transcoder`]:
//! the input is read and converted a block of [`BLOCK`] bytes at a time
//! (constant memory), and error offsets are those of the whole input (its byte
//! order mark included). This file keeps what is the command line's own: a byte
//! order mark of another encoding is refused, the line and column of invalid
//! UTF-8 are found, output to a file goes to a temporary file beside it, renamed
//! over it only when the whole input has been converted, and messages.

use std::borrow::Cow;
use std::ffi::OsString;
use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use utfast::{
    BomHandling, Encoding, Status as Step, TranscodeError, TranscodeErrorKind, Transcoder,
};

use crate::args::ConvertOptions;
use crate::progress::Progress;
use crate::validate::{self, Position, Reader};
use crate::{warn, Status};

/// Input bytes converted at a time.
pub const BLOCK: usize = 1 << 20;

/// The output buffer in front of standard output or the output file.
pub(crate) const OUT_BUFFER: usize = 1 << 16;

/// The name of an encoding in messages: the library's, but `Latin-1` and
/// `Modified UTF-8`, which say more than `ISO-8859-1` and `MUTF-8`.
pub fn label(encoding: Encoding) -> &'static str {
    match encoding {
        Encoding::Latin1 => "Latin-1",
        Encoding::Mutf8 => "Modified UTF-8",
        other => other.name(),
    }
}

/// The name of an encoding on the command line: `utf-16le`, `latin1`, `mutf-8`.
pub fn cli_name(encoding: Encoding) -> &'static str {
    match encoding {
        Encoding::Utf8 => "utf-8",
        Encoding::Utf16Le => "utf-16le",
        Encoding::Utf16Be => "utf-16be",
        Encoding::Utf32Le => "utf-32le",
        Encoding::Utf32Be => "utf-32be",
        Encoding::Latin1 => "latin1",
        Encoding::Windows1252 => "windows-1252",
        Encoding::Cesu8 => "cesu-8",
        Encoding::Mutf8 => "mutf-8",
        Encoding::Wtf8 => "wtf-8",
        other => other.name(),
    }
}

/// The length of the byte order mark of `from` at the start of `head` (0 when
/// there is none), or the other encoding whose mark `head` starts with. A UTF-32LE
/// mark (`ff fe 00 00`) counts as such even for `--from utf-16le`, where it could
/// also be a mark and U+0000: a mislabelled UTF-32 file is far more likely.
fn detect_bom(from: Encoding, head: &[u8]) -> Result<usize, Encoding> {
    let own = from.bom().unwrap_or_default();
    let utf32_as_utf16 = from == Encoding::Utf16Le && head.starts_with(b"\xFF\xFE\x00\x00");
    if !own.is_empty() && head.starts_with(own) && !utf32_as_utf16 {
        return Ok(own.len());
    }
    match utfast::sniff_bom(head) {
        Some((other, _)) if other.bom() != from.bom() => Err(other),
        _ => Ok(0),
    }
}

/// Why the input could not be converted.
#[derive(Debug, PartialEq, Eq)]
enum What {
    /// A piece the library could not convert.
    Transcode(TranscodeError),
    /// The input starts with the byte order mark of this other encoding.
    ForeignBom(Encoding),
}

/// Where and why the input could not be converted.
#[derive(Debug, PartialEq, Eq)]
struct Failure {
    /// Bytes of input before the problem, the byte order mark included.
    offset: u64,
    what: What,
    /// The offending input bytes.
    bytes: Vec<u8>,
    /// The line and column of UTF-8 input (not counting a byte order mark).
    position: Option<Position>,
    /// The length of the input's byte order mark.
    bom_len: usize,
}

/// Why the conversion stopped early, other than invalid input.
#[derive(Debug)]
enum StreamError {
    Read(io::Error),
    Write(io::Error),
}

/// Converts everything `reader` yields, a block of `block` bytes at a time, into
/// `out` with `transcoder` (which strips the input's own byte order mark); stops
/// at the first problem. Counts lines and columns of UTF-8 input when
/// `count_position` is set.
fn stream(
    mut reader: &mut dyn Read,
    mut transcoder: Transcoder,
    out: &mut dyn Write,
    block: usize,
    count_position: bool,
    progress: &Progress,
) -> Result<Result<u64, Failure>, StreamError> {
    let mut input = vec![0; block.max(4)];
    let mut output = vec![0; OUT_BUFFER];
    let mut position = Position::START;
    let mut bom_len = None;
    // The stream offset of `input[0]`.
    let mut done: u64 = 0;
    loop {
        let filled = validate::fill(&mut reader, &mut input).map_err(StreamError::Read)?;
        progress.advance(filled);
        let last = filled < input.len();
        let bom = match bom_len {
            Some(_) => 0,
            None => match detect_bom(transcoder.from(), &input[..filled]) {
                Ok(len) => *bom_len.insert(len),
                Err(other) => {
                    return Ok(Err(Failure {
                        offset: 0,
                        what: What::ForeignBom(other),
                        bytes: other.bom().unwrap_or_default().to_vec(),
                        position: None,
                        bom_len: 0,
                    }))
                }
            },
        };
        let mut taken = 0;
        // Where the line and column were counted to.
        let counted = bom.min(filled);
        loop {
            let p = transcoder.transcode(&input[taken..filled], &mut output, last);
            out.write_all(&output[..p.written])
                .map_err(StreamError::Write)?;
            taken += p.read;
            let error = match p.status {
                Step::Error(error) => error,
                Step::OutputFull => continue,
                _ => break,
            };
            if count_position {
                // The text before the error. An error in the bytes held back from
                // the block before (one incomplete character) is one column back:
                // its first byte was counted there.
                match (error.offset().checked_sub(done)).map(|at| at as usize) {
                    Some(at) if at >= counted => position.advance(&input[counted..at]),
                    _ => position.back_one(),
                }
            }
            let bytes = match error.kind() {
                TranscodeErrorKind::Utf8(_) => {
                    validate::offending_sequence(error.input_at(), error.error_len())
                }
                _ => error.bytes().to_vec(),
            };
            return Ok(Err(Failure {
                offset: error.offset(),
                what: What::Transcode(error),
                bytes,
                position: count_position.then_some(position),
                bom_len: bom_len.unwrap_or(0),
            }));
        }
        if count_position {
            position.advance(&input[counted..filled]);
        }
        done += filled as u64;
        if last {
            return Ok(Ok(done));
        }
    }
}

/// Converts the input into `out`; finds the line and column of a problem in UTF-8
/// input (by reading a regular file again, or counting as it goes otherwise).
/// `progress` is cleared at the end.
fn convert(
    reader: Reader,
    transcoder: Transcoder,
    out: &mut dyn Write,
    progress: Progress,
) -> Result<Result<u64, Failure>, StreamError> {
    let utf8 = transcoder.from() == Encoding::Utf8;
    match reader {
        Reader::Once(mut reader) => stream(&mut reader, transcoder, out, BLOCK, utf8, &progress),
        Reader::Rewindable(mut file) => {
            // Not 0 for standard input that something else has read from.
            let start = file.stream_position().map_err(StreamError::Read)?;
            let mut result = stream(&mut file, transcoder, out, BLOCK, false, &progress)?;
            if let Err(failure) = &mut result {
                if utf8 && !matches!(failure.what, What::ForeignBom(_)) {
                    let bom_len = failure.bom_len as u64;
                    file.seek(SeekFrom::Start(start + bom_len))
                        .map_err(StreamError::Read)?;
                    let mut buffer = vec![0; validate::CHUNK];
                    let text_len = failure.offset.saturating_sub(bom_len);
                    failure.position = Some(
                        validate::locate(&mut file, text_len, &mut buffer)
                            .map_err(StreamError::Read)?,
                    );
                }
            }
            Ok(result)
        }
    }
}

/// The transcoder `convert` runs: the library's, which strips the input's own
/// byte order mark.
fn transcoder(options: &ConvertOptions) -> Transcoder {
    Transcoder::new(options.from, options.to, options.errors).with_bom_handling(BomHandling::Strip)
}

fn open_output(target: &Path) -> Result<(Option<TempOutput>, File), String> {
    let shown = target.display();
    match fs::metadata(target) {
        Ok(metadata) if metadata.is_dir() => Err(format!(
            "cannot write '{shown}': it is a directory (give -o a file name)"
        )),
        Ok(metadata) if !metadata.is_file() => OpenOptions::new()
            .write(true)
            .open(target)
            .map(|file| (None, file))
            .map_err(|error| format!("cannot write '{shown}': {error}")),
        existing => {
            TempOutput::create(target, existing.ok()).map(|(temp, file)| (Some(temp), file))
        }
    }
}

/// The output file while it is being written: a temporary file in the same
/// directory, removed on drop unless [`commit`](TempOutput::commit) renamed it
/// over the target.
pub(crate) struct TempOutput {
    /// As given, for messages.
    target: PathBuf,
    /// What the temporary file replaces: `target`, or the file it links to.
    destination: PathBuf,
    path: PathBuf,
    /// Whether `target` existed before.
    existed: bool,
    committed: bool,
}

impl TempOutput {
    /// Creates `.NAME.utfast-tmp-PID` beside `target` (beside the file it links
    /// to, if it is a symbolic link), with the permissions of the `existing` file.
    /// The error is a message.
    pub(crate) fn create(
        target: &Path,
        existing: Option<fs::Metadata>,
    ) -> Result<(TempOutput, File), String> {
        let shown = target.display();
        let destination = match fs::symlink_metadata(target) {
            Ok(metadata) if metadata.file_type().is_symlink() => {
                fs::canonicalize(target).unwrap_or_else(|_| target.to_path_buf())
            }
            _ => target.to_path_buf(),
        };
        let Some(name) = destination.file_name() else {
            return Err(format!(
                "cannot write '{shown}': not a file name (give -o a file name)"
            ));
        };
        let dir = match destination.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        };
        let mut attempt = 0;
        loop {
            let mut temp_name = OsString::from(".");
            temp_name.push(name);
            temp_name.push(format!(".utfast-tmp-{}", std::process::id()));
            if attempt > 0 {
                temp_name.push(format!("-{attempt}"));
            }
            let path = dir.join(temp_name);
            match OpenOptions::new().write(true).create_new(true).open(&path) {
                Ok(file) => {
                    if let Some(metadata) = &existing {
                        let _ = fs::set_permissions(&path, metadata.permissions());
                    }
                    let temp = TempOutput {
                        target: target.to_path_buf(),
                        destination: destination.clone(),
                        path,
                        existed: existing.is_some(),
                        committed: false,
                    };
                    return Ok((temp, file));
                }
                Err(error) if error.kind() == io::ErrorKind::AlreadyExists && attempt < 100 => {
                    attempt += 1;
                }
                Err(error) => {
                    return Err(format!(
                        "cannot write '{shown}': cannot create the temporary file '{}' in its directory: {error}",
                        path.display()
                    ))
                }
            }
        }
    }

    /// Flushes `writer` (of the temporary file) to disk and renames the file over
    /// the target. The error is a message.
    pub(crate) fn commit(&mut self, writer: BufWriter<File>) -> Result<(), String> {
        let shown = self.target.display().to_string();
        let file = writer
            .into_inner()
            .map_err(|error| format!("cannot write '{shown}': {}", error.error()))?;
        file.sync_all()
            .map_err(|error| format!("cannot write '{shown}': {error}"))?;
        drop(file);
        fs::rename(&self.path, &self.destination).map_err(|error| {
            format!(
                "cannot write '{shown}': cannot rename the temporary file '{}' to it: {error}",
                self.path.display()
            )
        })?;
        self.committed = true;
        Ok(())
    }

    /// What became of the target after a failure.
    pub(crate) fn untouched(&self) -> String {
        let shown = self.target.display();
        if self.existed {
            format!("'{shown}' is left unchanged")
        } else {
            format!("'{shown}' was not created")
        }
    }
}

impl Drop for TempOutput {
    fn drop(&mut self) {
        if !self.committed {
            let _ = fs::remove_file(&self.path);
        }
    }
}

/// Converts the input to the output; an error is a failure to write to standard
/// output (other errors are reported here).
pub fn run(options: &ConvertOptions, stdout: &mut impl Write) -> io::Result<Status> {
    let name = options.input.name();
    let reader = match validate::open(&options.input) {
        Ok(reader) => reader,
        Err(error) => {
            warn(format_args!("cannot read '{name}': {error}"));
            return Ok(Status::Error);
        }
    };
    let bom = match options.bom {
        true => options.to.bom().unwrap_or_default(),
        false => b"",
    };
    let Some(path) = &options.output else {
        let mut out = BufWriter::with_capacity(OUT_BUFFER, stdout);
        out.write_all(bom)?;
        let progress = Progress::start(options.progress, reader.len_left(), &name);
        let result = convert(reader, transcoder(options), &mut out, progress);
        out.flush()?;
        return match result {
            Ok(Ok(_)) => Ok(Status::Success),
            Ok(Err(failure)) => {
                let status = Status::Invalid;
                if !options.quiet {
                    warn(format_args!("{}", describe(options, &name, &failure)));
                    if failure.offset > failure.bom_len as u64 {
                        warn(format_args!(
                            "standard output has only the conversion of the input before byte {}",
                            failure.offset
                        ));
                    }
                }
                Ok(status)
            }
            Err(StreamError::Write(error)) => Err(error),
            Err(StreamError::Read(error)) => {
                warn(format_args!("cannot read '{name}': {error}"));
                Ok(Status::Error)
            }
        };
    };
    let (mut temp, file) = match open_output(path) {
        Ok(created) => created,
        Err(message) => {
            warn(format_args!("{message}"));
            return Ok(Status::Error);
        }
    };
    // Declared after `temp`, so dropped (closed) before it removes the file.
    let mut writer = BufWriter::with_capacity(OUT_BUFFER, file);
    let progress = Progress::start(options.progress, reader.len_left(), &name);
    let result = match writer.write_all(bom) {
        Ok(()) => convert(reader, transcoder(options), &mut writer, progress),
        Err(error) => Err(StreamError::Write(error)),
    };
    let (status, message) = match result {
        Ok(Ok(_)) => {
            let finished = match temp.as_mut() {
                Some(temp) => temp.commit(writer),
                None => writer
                    .flush()
                    .map_err(|error| format!("cannot write '{}': {error}", path.display())),
            };
            match finished {
                Ok(()) => return Ok(Status::Success),
                Err(message) => (Status::Error, message),
            }
        }
        Ok(Err(failure)) => (Status::Invalid, describe(options, &name, &failure)),
        Err(StreamError::Read(error)) => (Status::Error, format!("cannot read '{name}': {error}")),
        Err(StreamError::Write(error)) => (
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

/// The message for a failure, without the `utfast: ` prefix.
fn describe(options: &ConvertOptions, name: &str, failure: &Failure) -> String {
    let place: Cow<'_, str> = match failure.position {
        Some(Position { line, column }) => format!("{name}:{line}:{column}").into(),
        None => name.into(),
    };
    let offset = failure.offset;
    let bytes = validate::hex(&failure.bytes);
    let from = options.from;
    let error = match failure.what {
        What::Transcode(error) => error,
        What::ForeignBom(other) => {
            return format!(
                "{place}: the input starts with a {} byte order mark (bytes: {bytes}), but '--from {}' was given; if the input is {}, use '--from {}'",
                label(other),
                cli_name(from),
                label(other),
                cli_name(other)
            )
        }
    };
    match error.kind() {
        TranscodeErrorKind::IncompleteUnit => {
            let len = failure.bytes.len();
            format!(
                "{place}: invalid {} at byte {offset}: input ends {len} byte{} into a {}-byte code unit (bytes: {bytes})",
                label(from),
                if len == 1 { "" } else { "s" },
                from.unit_len()
            )
        }
        TranscodeErrorKind::Unmappable(cp) => {
            let single_byte = matches!(options.to, Encoding::Latin1 | Encoding::Windows1252);
            match char::from_u32(cp) {
                Some(ch) if single_byte => {
                    let shown = if ch.is_control() {
                        String::new()
                    } else {
                        format!(" '{ch}'")
                    };
                    format!(
                        "{place}: character U+{cp:04X}{shown} at byte {offset} cannot be written in {} (bytes: {bytes}); convert to a UTF encoding, or replace the character",
                        label(options.to)
                    )
                }
                _ => format!(
                    "{place}: code point U+{cp:04X} at byte {offset} cannot be written in {} (bytes: {bytes}); \
                     choose another --errors mode or target encoding",
                    label(options.to)
                ),
            }
        }
        kind => format!(
            "{place}: invalid {} at byte {offset}: {kind} (bytes: {bytes})",
            label(from)
        ),
    }
}
