//! Validating everything an `io::Read` yields as UTF-8, in constant memory:
//! [`validate_reader`] reads a chunk at a time into a buffer of its own and
//! feeds a [`Utf8Validator`], and reports the first error as
//! [`Utf8ReadError`]: std's offset and `error_len` over the whole stream, the
//! offending bytes (read on past a chunk's end if they straddle it) and, when
//! asked, the line and column. [`line_column_in`] finds the line and column of
//! an offset afterwards, which costs less than counting as one goes when the
//! input can be read again (a regular file).

use std::boxed::Box;
use std::fmt;
use std::io::{self, ErrorKind, Read};
use std::vec;

use super::Utf8Validator;
use crate::utf8::{error_sequence, LineColumn};
use crate::Utf8ErrorKind;

/// Bytes read and validated at a time.
const CHUNK: usize = 1 << 18;

/// Bytes of a chunk kept in front of the next one: a character that the
/// chunk's end cut (at most 3 bytes), held back by the validator, may turn out
/// to be the offending sequence, which is then shown from there.
const KEPT: usize = 3;

/// The longest UTF-8 sequence, and so the most bytes an error shows.
const MAX_SEQUENCE: usize = 4;

/// The first invalid sequence of a stream: where (as `from_utf8` would say of
/// the whole stream), why, and the bytes.
///
/// ```
/// let e = utfast::stream::validate_reader(&b"ok\n\xED\xA0\x80"[..], true).unwrap().unwrap_err();
/// assert_eq!((e.offset(), e.error_len(), e.bytes()), (3, Some(1), &b"\xED\xA0\x80"[..]));
/// assert_eq!(e.to_string(), "invalid UTF-8 at byte 3 (line 2, column 1): \
///     encoded surrogate (bytes: ed a0 80)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Utf8ReadError {
    offset: u64,
    kind: Utf8ErrorKind,
    error_len: Option<usize>,
    bytes: [u8; MAX_SEQUENCE],
    bytes_len: u8,
    position: Option<LineColumn>,
}

impl Utf8ReadError {
    /// Bytes of the stream before the error (std's `valid_up_to`).
    pub const fn offset(&self) -> u64 {
        self.offset
    }

    /// Why the sequence is invalid.
    pub const fn kind(&self) -> Utf8ErrorKind {
        self.kind
    }

    /// std's `error_len`: the invalid bytes, or `None` when the stream ends
    /// inside a character.
    pub const fn error_len(&self) -> Option<usize> {
        self.error_len
    }

    /// The offending sequence, as [`utf8::error_sequence`](crate::utf8::error_sequence)
    /// shows it.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes[..usize::from(self.bytes_len)]
    }

    /// The line and column of the error, when they were counted.
    pub const fn position(&self) -> Option<LineColumn> {
        self.position
    }

    /// The same error at another line and column (found afterwards, say with
    /// [`line_column_in`]).
    ///
    /// ```
    /// use utfast::{stream, utf8::LineColumn};
    /// let data = b"a\nb\xFF";
    /// let e = stream::validate_reader(&data[..], false).unwrap().unwrap_err();
    /// assert_eq!(e.position(), None);
    /// let at = stream::line_column_in(&data[..], e.offset()).unwrap();
    /// assert_eq!(e.at(at).position(), Some(LineColumn { line: 2, column: 2 }));
    /// ```
    pub const fn at(mut self, position: LineColumn) -> Utf8ReadError {
        self.position = Some(position);
        self
    }
}

impl fmt::Display for Utf8ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid UTF-8 at byte {}", self.offset)?;
        if let Some(LineColumn { line, column }) = self.position {
            write!(f, " (line {line}, column {column})")?;
        }
        write!(f, ": {} (bytes: ", self.kind)?;
        super::error::write_hex(f, self.bytes())?;
        f.write_str(")")
    }
}

impl std::error::Error for Utf8ReadError {}

/// Validates everything `reader` yields as UTF-8, a chunk at a time (constant
/// memory, any length), stopping at the first error: `Ok(Ok(length))` for a
/// valid stream, `Ok(Err(error))` for an invalid one. With `count_lines`, the
/// error has its line and column (counting costs more than validating).
///
/// ```
/// use utfast::stream::validate_reader;
/// assert_eq!(validate_reader(&"héllo".as_bytes()[..], false).unwrap(), Ok(6));
/// let e = validate_reader(&b"line\nnext \xE2\x82"[..], true).unwrap().unwrap_err();
/// assert_eq!((e.offset(), e.error_len(), e.bytes()), (10, None, &b"\xE2\x82"[..]));
/// assert_eq!(e.position().map(|p| (p.line, p.column)), Some((2, 6)));
/// ```
pub fn validate_reader(
    mut reader: impl Read,
    count_lines: bool,
) -> io::Result<Result<u64, Utf8ReadError>> {
    // The kept bytes, a chunk, and room for the rest of an offending sequence
    // that the chunk's end cuts.
    let mut buffer: Box<[u8]> = vec![0; KEPT + CHUNK + MAX_SEQUENCE].into_boxed_slice();
    let mut validator = Utf8Validator::new();
    let mut position = LineColumn::START;
    loop {
        // The stream offset of the chunk, which is read to `buffer[KEPT..]`.
        let done = validator.len();
        let filled = fill(&mut reader, &mut buffer[KEPT..KEPT + CHUNK])?;
        let at_end = filled < CHUNK;
        let chunk = &buffer[KEPT..KEPT + filled];
        let mut checked = validator.update(chunk);
        if at_end && checked.is_ok() {
            checked = validator.finish().map(drop);
        }
        let error = match checked {
            Ok(()) if at_end => return Ok(Ok(done + filled as u64)),
            Ok(()) => {
                if count_lines {
                    position.advance(chunk);
                }
                buffer.copy_within(CHUNK..CHUNK + KEPT, 0);
                continue;
            }
            Err(error) => error,
        };
        let offset = error.valid_up_to();
        match offset.checked_sub(done) {
            Some(at) if count_lines => position.advance(&chunk[..at as usize]),
            // A character held back from the chunk before, where its first
            // byte was counted.
            None if count_lines => position.back_one(),
            _ => {}
        }
        // Where the offending sequence starts in `buffer`: in the chunk, or in
        // the bytes kept from the chunk before (the validator holds back no more).
        let start = (KEPT as u64 + offset - done) as usize;
        let mut end = KEPT + filled;
        if !at_end && end < start + MAX_SEQUENCE {
            end += fill(&mut reader, &mut buffer[end..start + MAX_SEQUENCE])?;
        }
        let shown = error_sequence(&buffer[start..end], error.error_len());
        let mut bytes = [0; MAX_SEQUENCE];
        bytes[..shown.len()].copy_from_slice(shown);
        return Ok(Err(Utf8ReadError {
            offset,
            kind: error.kind(),
            error_len: error.error_len(),
            bytes,
            bytes_len: shown.len() as u8,
            position: count_lines.then_some(position),
        }));
    }
}

/// The line and column of byte `offset` of `reader` (from where it stands),
/// reading its first `offset` bytes; if it ends sooner, of its end.
///
/// ```
/// use utfast::{stream::line_column_in, utf8::LineColumn};
/// let at = line_column_in(&"ab\nçd".as_bytes()[..], 5).unwrap();
/// assert_eq!(at, LineColumn { line: 2, column: 2 });
/// ```
pub fn line_column_in(mut reader: impl Read, offset: u64) -> io::Result<LineColumn> {
    let mut buffer = vec![0; CHUNK];
    let mut position = LineColumn::START;
    let mut left = offset;
    while left > 0 {
        let read = fill(&mut reader, &mut buffer[..left.min(CHUNK as u64) as usize])?;
        if read == 0 {
            break;
        }
        position.advance(&buffer[..read]);
        left -= read as u64;
    }
    Ok(position)
}

/// Reads until `buffer` is full or the input ends; returns the bytes read.
pub(super) fn fill(reader: &mut impl Read, buffer: &mut [u8]) -> io::Result<usize> {
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

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use std::vec::Vec;

    /// Hands out `data` a few bytes per `read`, like a pipe.
    pub(in crate::stream) struct Trickle<'a> {
        pub data: &'a [u8],
        pub step: usize,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.step.min(buf.len()).min(self.data.len());
            buf[..n].copy_from_slice(&self.data[..n]);
            self.data = &self.data[n..];
            Ok(n)
        }
    }

    /// Validates `data` counting as it goes, and checks that locating the error
    /// afterwards gives the same position.
    fn check(data: &[u8]) -> Result<u64, Utf8ReadError> {
        let verdict = validate_reader(data, true).unwrap();
        if let Err(error) = &verdict {
            let located = line_column_in(data, error.offset()).unwrap();
            assert_eq!(Some(located), error.position());
            let plain = validate_reader(data, false).unwrap().unwrap_err();
            assert_eq!(plain.at(located), *error);
        }
        verdict
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
                let std_error = core::str::from_utf8(&data).unwrap_err();
                let offset = std_error.valid_up_to();
                let error = check(&data).unwrap_err();
                let case = format!("{tail:x?}, {before_edge} bytes before the edge");
                assert_eq!(error.offset(), offset as u64, "{case}");
                assert_eq!(error.error_len(), std_error.error_len(), "{case}");
                assert_eq!(
                    error.position(),
                    Some(crate::utf8::line_column(&data, offset)),
                    "{case}"
                );
                let shown = error_sequence(&data[offset..], std_error.error_len());
                assert_eq!(error.bytes(), shown, "{case}");
            }
        }
    }

    /// An input that ends inside a character at the very end of a chunk, read
    /// a few bytes at a time.
    #[test]
    fn truncated_at_the_end_of_a_chunk() {
        let mut data = vec![b'a'; CHUNK - 1];
        data.push(0xF0);
        let reader = Trickle {
            data: &data,
            step: 4093,
        };
        let error = validate_reader(reader, true).unwrap().unwrap_err();
        assert_eq!(
            (error.offset(), error.error_len(), error.bytes()),
            ((CHUNK - 1) as u64, None, &[0xF0][..])
        );
        assert_eq!(error.position().map(|p| p.column), Some(CHUNK));
        assert_eq!(check(b""), Ok(0));
        let valid: Vec<u8> = "añ€😀\n".repeat(CHUNK / 5).into_bytes();
        assert_eq!(check(&valid), Ok(valid.len() as u64));
    }
}
