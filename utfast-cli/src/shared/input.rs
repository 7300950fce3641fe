//! Reading an input: a file or standard input ([`Input`]), opened as a [`Reader`]
//! that a regular file can rewind; reading it a buffer at a time ([`fill`]);
//! validating it as UTF-8 as it is read ([`scan`], for `validate` and `repair`);
//! detecting the encoding of its start ([`detect`], for `detect` and `convert`);
//! the line and column of a byte offset ([`locate`]) and the bytes an error
//! shows ([`offending_sequence`]).

use std::borrow::Cow;
use std::fs::File;
use std::io::{self, ErrorKind, Read, Seek};
use std::path::{Path, PathBuf};

use utfast::reference::utf8::is_continuation;
use utfast::{detect::Detection, stream::Utf8Validator, Utf8ErrorKind};

use super::progress::Progress;

/// Bytes read and validated at a time.
pub const CHUNK: usize = 1 << 20;

/// The most bytes of an input that detection reads (1 MiB).
pub const PREFIX: usize = 1 << 20;

/// The longest UTF-8 sequence.
pub const MAX_SEQUENCE: usize = 4;

/// A file named on the command line, or standard input (`-`).
#[derive(Debug, PartialEq, Eq)]
pub enum Input {
    Stdin,
    File(PathBuf),
}

impl Input {
    /// `-` is standard input; anything else a file.
    pub fn from_arg(path: PathBuf) -> Input {
        if path == Path::new("-") {
            Input::Stdin
        } else {
            Input::File(path)
        }
    }

    /// The inputs named, or standard input when there are none.
    pub fn all_or_stdin(paths: Vec<PathBuf>) -> Vec<Input> {
        if paths.is_empty() {
            return vec![Input::Stdin];
        }
        paths.into_iter().map(Input::from_arg).collect()
    }

    /// The name used in messages: the path (lossy if it is not UTF-8) or `<stdin>`.
    pub fn name(&self) -> Cow<'_, str> {
        match self {
            Input::Stdin => Cow::Borrowed("<stdin>"),
            Input::File(path) => path.to_string_lossy(),
        }
    }

    /// Opens the input for reading.
    pub fn open(&self) -> io::Result<Box<dyn Read>> {
        Ok(match self {
            Input::Stdin => Box::new(io::stdin().lock()),
            Input::File(path) => Box::new(File::open(path)?),
        })
    }
}

/// A line and column, counted across the pieces of a stream.
pub type Position = utfast::utf8::LineColumn;

/// An open input.
pub enum Reader {
    /// A regular file, which can be read again to locate an error.
    Rewindable(File),
    /// Standard input, a pipe, a device: read once.
    Once(Box<dyn Read>),
}

impl Reader {
    /// The bytes left to read in a regular file; `None` for other input.
    pub fn len_left(&self) -> Option<u64> {
        let Reader::Rewindable(file) = self else {
            return None;
        };
        let len = file.metadata().ok()?.len();
        let mut file: &File = file;
        Some(len.saturating_sub(file.stream_position().ok()?))
    }
}

pub fn open(input: &Input) -> io::Result<Reader> {
    let file = match input {
        Input::File(path) => File::open(path)?,
        Input::Stdin => match stdin_file() {
            Some(file) => file,
            None => return Ok(Reader::Once(input.open()?)),
        },
    };
    Ok(if file.metadata()?.is_file() {
        Reader::Rewindable(file)
    } else {
        Reader::Once(Box::new(file))
    })
}

/// Standard input as a `File` (a duplicate of its descriptor), so that input
/// redirected from a regular file (`< FILE`) can be read again.
#[cfg(unix)]
fn stdin_file() -> Option<File> {
    use std::os::fd::AsFd;
    Some(File::from(io::stdin().as_fd().try_clone_to_owned().ok()?))
}

#[cfg(not(unix))]
fn stdin_file() -> Option<File> {
    None
}

/// The encoding of `head`, the start of an input read into a buffer of
/// `PREFIX + 1` bytes, and the bytes examined: all of `head`, or, when the input
/// goes on, its first [`PREFIX`] bytes, judged as a prefix
/// ([`utfast::detect::encoding_prefix`]: a character cut by the limit does not
/// count against an encoding).
pub fn detect(head: &[u8]) -> (Detection, usize) {
    match head.get(..PREFIX) {
        Some(prefix) if head.len() > PREFIX => (utfast::detect::encoding_prefix(prefix), PREFIX),
        _ => (utfast::detect::encoding(head), head.len()),
    }
}

/// The line and column of byte `offset`, from the start of `reader`, whose first
/// `offset` bytes are valid UTF-8.
pub fn locate(reader: &mut impl Read, offset: u64, buffer: &mut [u8]) -> io::Result<Position> {
    let mut position = Position::START;
    let mut left = offset;
    while left > 0 {
        let read = fill(reader, &mut buffer[..left.min(CHUNK as u64) as usize])?;
        if read == 0 {
            break; // The file shrank since it was validated.
        }
        position.advance(&buffer[..read]);
        left -= read as u64;
    }
    Ok(position)
}

/// Reads until `buffer` is full or the input ends; returns the bytes read.
pub fn fill(reader: &mut impl Read, buffer: &mut [u8]) -> io::Result<usize> {
    let mut filled = 0;
    while filled < buffer.len() {
        match reader.read(&mut buffer[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(filled)
}

/// The bytes to show for an error at the start of `rest`: the `error_len` invalid
/// bytes (all of `rest` when the input ends inside a character), extended by the
/// continuation bytes that follow, up to the length the first byte announces
/// (`ed a0 80` for an encoded surrogate, where `error_len` is 1).
pub fn offending_sequence(rest: &[u8], error_len: Option<usize>) -> Vec<u8> {
    let invalid = error_len.unwrap_or(rest.len()).min(rest.len());
    let announced = match rest.first() {
        Some(0xC0..=0xDF) => 2,
        Some(0xE0..=0xEF) => 3,
        Some(0xF0..=0xF7) => 4,
        _ => 1,
    };
    let continued = rest[invalid..]
        .iter()
        .take(announced.max(invalid) - invalid)
        .take_while(|&&b| is_continuation(b))
        .count();
    rest[..invalid + continued].to_vec()
}

/// The result of checking one input.
#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    Valid { len: u64 },
    Invalid(Invalid),
}

/// Where and why an input is not UTF-8.
#[derive(Debug, PartialEq, Eq)]
pub struct Invalid {
    /// Bytes before the error: `valid_up_to()` of the whole input.
    pub offset: u64,
    /// The line and column of `offset`.
    pub position: Position,
    pub kind: Utf8ErrorKind,
    /// `error_len()` of the whole input.
    pub error_len: Option<usize>,
    /// The offending sequence: see [`offending_sequence`].
    pub bytes: Vec<u8>,
}

/// Bytes of a chunk kept in front of the next one: a character that the chunk's
/// end cut, held back by the validator (at most 3 bytes), may turn out to be the
/// offending sequence, which is then shown from there.
const KEPT: usize = MAX_SEQUENCE - 1;

/// The buffer [`scan`] reads into: the bytes kept, a chunk, and room to read the
/// rest of an offending sequence that the chunk's end cut.
pub const BUFFER: usize = KEPT + CHUNK + MAX_SEQUENCE;

/// Validates everything `reader` yields with the library's [`Utf8Validator`], a
/// chunk of [`CHUNK`] bytes at a time read into `buffer` ([`BUFFER`] bytes),
/// stopping at the first error. Counts lines and columns when `count_position`
/// is set (otherwise the error's position is left at the start).
pub fn scan(
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

/// Hands out `data` a few bytes per `read`, like a pipe (for unit tests).
#[cfg(test)]
pub struct Trickle<'a> {
    pub data: &'a [u8],
    pub step: usize,
}

#[cfg(test)]
impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.step.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    /// An input that ends inside a character at the very end of a chunk, read
    /// a few bytes at a time (errors past chunk boundaries: tests/cli.rs).
    #[test]
    fn truncated_at_the_end_of_a_chunk() {
        let mut data = vec![b'a'; CHUNK - 1];
        data.push(0xF0);
        let mut reader = Trickle {
            data: &data,
            step: 4093,
        };
        let verdict = scan(&mut reader, &mut vec![0; BUFFER], true, &Progress::off()).unwrap();
        let Verdict::Invalid(invalid) = verdict else {
            panic!("invalid input passed");
        };
        assert_eq!(
            (invalid.offset, invalid.error_len, invalid.bytes),
            ((CHUNK - 1) as u64, None, vec![0xF0])
        );
        assert_eq!(invalid.position.column, CHUNK);
        assert_eq!(check_bytes(b""), Verdict::Valid { len: 0 });
    }
}
