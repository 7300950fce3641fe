//! Reading an input: a file or standard input ([`Input`]), opened as a [`Reader`]
//! that a regular file can rewind; reading it a buffer at a time ([`fill`]);
//! the line and column of a byte offset ([`locate`]) and the bytes an error
//! shows ([`offending_sequence`]).

use std::borrow::Cow;
use std::fs::File;
use std::io::{self, ErrorKind, Read, Seek};
use std::path::{Path, PathBuf};

use utfast::scalar::utf8::is_continuation;

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
pub type Position = utfast::LineColumn;

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
