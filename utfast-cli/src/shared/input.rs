//! Reading an input: a file or standard input ([`Input`]), opened as a [`Reader`]
//! that a regular file can rewind; reading it a buffer at a time ([`fill`]).
//! Validating it as it is read and detecting the encoding of its start are the
//! library's (`utfast::stream::validate_reader`, `utfast::detect::read_encoding`).

use std::borrow::Cow;
use std::fs::File;
use std::io::{self, Read, Seek};
use std::path::{Path, PathBuf};

/// Bytes read and converted at a time.
pub const CHUNK: usize = 1 << 20;

/// A file named on the command line, or standard input (`-`).
#[derive(Debug, PartialEq, Eq)]
pub enum Input {
    Stdin,
    File(PathBuf),
}

impl Input {
    /// `-` is standard input; anything else a file.
    pub fn from_arg(path: &Path) -> Input {
        if path == Path::new("-") {
            Input::Stdin
        } else {
            Input::File(path.to_path_buf())
        }
    }

    /// The inputs named, or standard input when there are none.
    pub fn all_or_stdin(paths: &[PathBuf]) -> Vec<Input> {
        if paths.is_empty() {
            return vec![Input::Stdin];
        }
        paths.iter().map(|path| Input::from_arg(path)).collect()
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
