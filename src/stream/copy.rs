//! Converting everything an `io::Read` yields into an `io::Write`, in constant
//! memory, the way `io::copy` copies: [`transcode_copy`] reads a chunk at a
//! time into a buffer of its own, runs a [`Transcoder`] over it and writes
//! what comes out, and stops at the first piece the transcoder cannot convert
//! ([`TranscodeCopyError`]: the [`TranscodeError`], and for UTF-8 input, when
//! asked, its line and column). A failure to read or to write says which side
//! failed ([`CopyIoError`]), so that a caller can tell a bad input file from a
//! full disk. [`repair_copy`] copies UTF-8 the same way with every invalid
//! sequence replaced by U+FFFD, as `String::from_utf8_lossy` replaces it.

use std::boxed::Box;
use std::fmt;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::vec;

use super::read::{fill, line_column_in};
use super::{BomHandling, Status, TranscodeError, TranscodeErrorKind, Transcoder};
use crate::utf8::LineColumn;
use crate::{Encoding, ErrorMode};

/// Input bytes read and converted at a time.
const CHUNK: usize = 1 << 18;

/// Output bytes converted before they are written out.
const OUTPUT: usize = 1 << 18;

/// Which side of [`transcode_copy`] failed: reading its input or writing its
/// output (the `io::Error` of the reader or the writer).
///
/// ```
/// use std::io;
/// use utfast::stream::{transcode_copy, CopyIoError, Transcoder};
/// use utfast::{Encoding, ErrorMode};
///
/// struct Full;
/// impl io::Write for Full {
///     fn write(&mut self, _: &[u8]) -> io::Result<usize> {
///         Err(io::Error::other("disk full"))
///     }
///     fn flush(&mut self) -> io::Result<()> {
///         Ok(())
///     }
/// }
/// let t = Transcoder::new(Encoding::Latin1, Encoding::Utf8, ErrorMode::Strict);
/// let error = transcode_copy(&b"caf\xE9"[..], Full, t, false).unwrap_err();
/// assert!(matches!(error, CopyIoError::Write(_)));
/// assert_eq!(error.to_string(), "cannot write the output: disk full");
/// ```
#[derive(Debug)]
pub enum CopyIoError {
    /// The reader's error.
    Read(io::Error),
    /// The writer's error.
    Write(io::Error),
}

impl fmt::Display for CopyIoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CopyIoError::Read(error) => write!(f, "cannot read the input: {error}"),
            CopyIoError::Write(error) => write!(f, "cannot write the output: {error}"),
        }
    }
}

impl std::error::Error for CopyIoError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CopyIoError::Read(error) | CopyIoError::Write(error) => Some(error),
        }
    }
}

impl From<CopyIoError> for io::Error {
    /// The reader's or the writer's error, as it was.
    fn from(error: CopyIoError) -> io::Error {
        match error {
            CopyIoError::Read(error) | CopyIoError::Write(error) => error,
        }
    }
}

/// The piece of input [`transcode_copy`] stopped at: the transcoder's error,
/// with the line and column of UTF-8 input when they were counted, and what
/// a caller needs to report it (the length of the byte order mark the
/// transcoder stripped; whether any output was written before it).
///
/// ```
/// use utfast::stream::{transcode_copy, Transcoder};
/// use utfast::{Encoding, ErrorMode};
/// let t = Transcoder::new(Encoding::Utf8, Encoding::Latin1, ErrorMode::Strict);
/// let mut out = Vec::new();
/// let e = transcode_copy(&"ok\nnot 😀".as_bytes()[..], &mut out, t, true).unwrap().unwrap_err();
/// assert_eq!((e.error().offset(), out.as_slice()), (7, &b"ok\nnot "[..]));
/// assert_eq!(e.position().map(|p| (p.line, p.column)), Some((2, 5)));
/// assert!(e.wrote_output());
/// assert_eq!(e.to_string(), format!("{} (line 2, column 5)", e.error()));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TranscodeCopyError {
    error: TranscodeError,
    position: Option<LineColumn>,
    bom_len: u8,
    wrote: bool,
}

impl TranscodeCopyError {
    /// The transcoder's error: its offset counts from the start of the input,
    /// a byte order mark included.
    pub const fn error(&self) -> TranscodeError {
        self.error
    }

    /// The line and column of the error in UTF-8 input (its byte order mark
    /// not counted), when they were counted.
    pub const fn position(&self) -> Option<LineColumn> {
        self.position
    }

    /// The same error at another line and column (found afterwards, say by
    /// [`line_column_in`] reading the input again from
    /// [`bom_len`](TranscodeCopyError::bom_len) to the error's offset).
    ///
    /// ```
    /// use utfast::stream::{line_column_in, transcode_copy, Transcoder};
    /// use utfast::{utf8::LineColumn, Encoding, ErrorMode};
    /// let data = b"a\nb\xFF";
    /// let t = Transcoder::new(Encoding::Utf8, Encoding::Utf16Le, ErrorMode::Strict);
    /// let e = transcode_copy(&data[..], std::io::sink(), t, false).unwrap().unwrap_err();
    /// assert_eq!(e.position(), None);
    /// let at = line_column_in(&data[e.bom_len()..], e.error().offset()).unwrap();
    /// assert_eq!(e.at(at).position(), Some(LineColumn { line: 2, column: 2 }));
    /// ```
    pub const fn at(mut self, position: LineColumn) -> TranscodeCopyError {
        self.position = Some(position);
        self
    }

    /// The same error with its line and column in UTF-8 input, found by
    /// reading the input again: `input` is the reader [`transcode_copy`] read
    /// (a file, say), and `start` where it stood then (0 for a whole file).
    /// For input in other encodings, or an error about a foreign byte order
    /// mark, the error as it is. Leaves `input` anywhere.
    ///
    /// ```
    /// use std::io::Cursor;
    /// use utfast::stream::{transcode_copy, Transcoder};
    /// use utfast::{utf8::LineColumn, Encoding, ErrorMode};
    /// let mut file = Cursor::new(b"a\nb\xFF".to_vec());
    /// let t = Transcoder::new(Encoding::Utf8, Encoding::Utf16Le, ErrorMode::Strict);
    /// let e = transcode_copy(&mut file, std::io::sink(), t, false).unwrap().unwrap_err();
    /// let e = e.locate_in(&mut file, 0).unwrap();
    /// assert_eq!(e.position(), Some(LineColumn { line: 2, column: 2 }));
    /// ```
    pub fn locate_in(
        self,
        mut input: impl Read + Seek,
        start: u64,
    ) -> io::Result<TranscodeCopyError> {
        let utf8 = self.error.from() == Encoding::Utf8;
        if !utf8 || matches!(self.error.kind(), TranscodeErrorKind::ForeignBom(_)) {
            return Ok(self);
        }
        let bom_len = self.bom_len as u64;
        input.seek(SeekFrom::Start(start + bom_len))?;
        let text_len = self.error.offset().saturating_sub(bom_len);
        Ok(self.at(line_column_in(input, text_len)?))
    }

    /// The bytes of the UTF-8 byte order mark the transcoder stripped from the
    /// input (3, or 0 when there was none, it was kept as text, or the input
    /// is not UTF-8).
    pub const fn bom_len(&self) -> usize {
        self.bom_len as usize
    }

    /// Whether any output was written before the error: the conversion of
    /// the input before it (a caller that writes to standard output can say
    /// that the output is incomplete).
    pub const fn wrote_output(&self) -> bool {
        self.wrote
    }
}

impl fmt::Display for TranscodeCopyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.error)?;
        if let Some(LineColumn { line, column }) = self.position {
            write!(f, " (line {line}, column {column})")?;
        }
        Ok(())
    }
}

impl std::error::Error for TranscodeCopyError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// Converts everything `reader` yields into `writer` with `transcoder`, a
/// chunk at a time (constant memory, any length), and stops at the first
/// error: `Ok(Ok(length))`, the input's length in bytes, when all of it was
/// converted; `Ok(Err(error))` at a piece the transcoder could not convert
/// (everything before it written); `Err` when reading or writing failed. With
/// `count_lines` and UTF-8 input, the error has its line and column
/// (counting costs more than converting: for input that can be read again,
/// [`TranscodeCopyError::locate_in`] adds them afterwards). `writer` is not flushed.
///
/// ```
/// use utfast::stream::{transcode_copy, BomHandling, Transcoder};
/// use utfast::{Encoding, ErrorMode};
/// let t = Transcoder::new(Encoding::Windows1252, Encoding::Utf8, ErrorMode::Strict);
/// let mut out = Vec::new();
/// assert_eq!(transcode_copy(&b"\x93quoted\x94"[..], &mut out, t, false).unwrap(), Ok(8));
/// assert_eq!(String::from_utf8(out).unwrap(), "“quoted”");
///
/// // UTF-8 with a byte order mark, which the transcoder strips: the line and
/// // column do not count it.
/// let t = Transcoder::new(Encoding::Utf8, Encoding::Utf16Le, ErrorMode::Strict)
///     .with_bom_handling(BomHandling::Strip);
/// let e = transcode_copy(&b"\xEF\xBB\xBFab\xC3"[..], std::io::sink(), t, true)
///     .unwrap()
///     .unwrap_err();
/// assert_eq!((e.error().offset(), e.bom_len()), (5, 3));
/// assert_eq!(e.position().map(|p| (p.line, p.column)), Some((1, 3)));
/// ```
pub fn transcode_copy(
    mut reader: impl Read,
    mut writer: impl Write,
    mut transcoder: Transcoder,
    count_lines: bool,
) -> Result<Result<u64, TranscodeCopyError>, CopyIoError> {
    let mut input: Box<[u8]> = vec![0; CHUNK].into_boxed_slice();
    let mut output: Box<[u8]> = vec![0; OUTPUT].into_boxed_slice();
    let mut position = LineColumn::START;
    let (mut bom_len, mut wrote, mut count) = (0, false, count_lines);
    // The stream offset of `input[0]`.
    let mut done: u64 = 0;
    loop {
        let filled = fill(&mut reader, &mut input).map_err(CopyIoError::Read)?;
        let last = filled < input.len();
        let chunk = &input[..filled];
        // Where the line and column were counted to in `chunk`.
        let mut counted = 0;
        let mut taken = 0;
        loop {
            let p = transcoder.transcode(&chunk[taken..], &mut output, last);
            if done == 0 && taken == 0 {
                // A UTF-8 byte order mark the transcoder stripped: not text,
                // so not counted. Known after the first call, which may have
                // chosen UTF-8 by its mark (`Sniff`).
                let utf8_bom = Encoding::Utf8.bom().unwrap_or_default();
                if transcoder.from() == Encoding::Utf8
                    && transcoder.bom_handling() != BomHandling::None
                    && chunk.starts_with(utf8_bom)
                {
                    (bom_len, counted) = (utf8_bom.len(), utf8_bom.len());
                }
            }
            writer
                .write_all(&output[..p.written])
                .map_err(CopyIoError::Write)?;
            (taken, wrote) = (taken + p.read, wrote || p.written > 0);
            // Not UTF-8 (any more: `Sniff` may have found another mark).
            count &= transcoder.from() == Encoding::Utf8;
            let error = match p.status {
                Status::Error(error) => error,
                Status::OutputFull => continue,
                _ => break,
            };
            if count {
                // The text before the error. An error in the bytes held back
                // from the chunk before (one incomplete character) is one
                // column back: its first byte was counted there.
                match error.offset().checked_sub(done) {
                    Some(at) if at as usize >= counted => {
                        position.advance(&chunk[counted..at as usize])
                    }
                    _ => position.back_one(),
                }
            }
            return Ok(Err(TranscodeCopyError {
                error,
                position: count.then_some(position),
                bom_len: bom_len as u8,
                wrote,
            }));
        }
        if count {
            position.advance(&chunk[counted..]);
        }
        done += filled as u64;
        if last {
            return Ok(Ok(done));
        }
    }
}

/// U+FFFD REPLACEMENT CHARACTER in UTF-8.
const REPLACEMENT: &[u8] = "\u{FFFD}".as_bytes();

/// Copies everything `reader` yields into `writer` as UTF-8, each invalid
/// sequence replaced by U+FFFD as `String::from_utf8_lossy` replaces it (std's
/// maximal subparts, wherever the reads cut the input), a chunk at a time in
/// constant memory. Returns the number of sequences replaced (0: the input
/// was valid UTF-8 and is copied as it is); `Err` when reading or writing
/// failed. `writer` is not flushed.
///
/// ```
/// use utfast::stream::repair_copy;
/// let mut out = Vec::new();
/// assert_eq!(repair_copy(&b"caf\xE9 \xF0\x9F\x98 ok"[..], &mut out).unwrap(), 2);
/// assert_eq!(String::from_utf8(out).unwrap(), "caf\u{FFFD} \u{FFFD} ok");
/// ```
pub fn repair_copy(reader: impl Read, writer: impl Write) -> Result<u64, CopyIoError> {
    repair_copy_with_buffer(reader, writer, &mut vec![0; CHUNK])
}

/// [`repair_copy`] reading the input `buffer.len()` bytes at a time into
/// `buffer` (a smaller buffer for less memory; any size gives the same
/// output).
///
/// ```
/// use utfast::stream::repair_copy_with_buffer;
/// let mut out = Vec::new();
/// let replaced = repair_copy_with_buffer(&b"a\xC3\xA9\xFFb"[..], &mut out, &mut [0; 2]).unwrap();
/// assert_eq!((replaced, String::from_utf8(out).unwrap()), (1, "a\u{E9}\u{FFFD}b".to_string()));
/// ```
pub fn repair_copy_with_buffer(
    mut reader: impl Read,
    mut writer: impl Write,
    buffer: &mut [u8],
) -> Result<u64, CopyIoError> {
    // The strict transcoder reports each invalid sequence and goes on after it.
    let mut transcoder = Transcoder::new(Encoding::Utf8, Encoding::Utf8, ErrorMode::Strict);
    let mut output: Box<[u8]> = vec![0; OUTPUT].into_boxed_slice();
    // An empty buffer would never reach the end: one byte at a time instead.
    let mut one = [0u8; 1];
    let buffer = if buffer.is_empty() {
        &mut one[..]
    } else {
        buffer
    };
    let mut replaced = 0;
    loop {
        let filled = fill(&mut reader, buffer).map_err(CopyIoError::Read)?;
        let last = filled < buffer.len();
        let mut input = &buffer[..filled];
        loop {
            let step = transcoder.transcode(input, &mut output, last);
            writer
                .write_all(&output[..step.written])
                .map_err(CopyIoError::Write)?;
            input = &input[step.read..];
            match step.status {
                Status::OutputFull => {}
                Status::Error(_) => {
                    writer.write_all(REPLACEMENT).map_err(CopyIoError::Write)?;
                    replaced += 1;
                }
                _ => break,
            }
        }
        if last {
            return Ok(replaced);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::read::tests::Trickle;

    /// Every buffer size (0 included) and reads of every length give
    /// `String::from_utf8_lossy` of the whole input, and count its
    /// replacements.
    #[test]
    fn repair_copy_is_from_utf8_lossy_whatever_the_cuts() {
        let input: &[u8] =
            b"ok \xC3\xA9 \xE2\x82 x\xF0\x9F\x98\x80\xF0\x9F\x98 \xED\xA0\x80\xC0\xAF\xFF end";
        let want = String::from_utf8_lossy(input);
        let pieces = want.matches('\u{FFFD}').count() as u64;
        for size in [0, 1, 2, 3, 5, 7, 16, input.len(), 4096] {
            for trickle in [1, 3, 64] {
                let mut out = Vec::new();
                let replaced = repair_copy_with_buffer(
                    Trickle {
                        data: input,
                        step: trickle,
                    },
                    &mut out,
                    &mut vec![0; size],
                )
                .unwrap();
                assert_eq!(
                    String::from_utf8(out).unwrap(),
                    want,
                    "buffer {size}, reads {trickle}"
                );
                assert_eq!(replaced, pieces, "buffer {size}, reads {trickle}");
            }
        }
        let mut out = Vec::new();
        assert_eq!(repair_copy(input, &mut out).unwrap(), pieces);
        assert_eq!(out, want.as_bytes());
    }
    use super::*;
    use crate::ErrorMode;
    use std::string::ToString;
    use std::vec::Vec;

    /// `data` converted from `from` to `to` at once by one transcoder call:
    /// the output before the first error, and the error.
    fn at_once(data: &[u8], from: Encoding, to: Encoding) -> (Vec<u8>, Option<TranscodeError>) {
        let mut t = Transcoder::new(from, to, ErrorMode::Strict);
        let mut out = vec![0; t.max_output_len(data.len())];
        let p = t.transcode(data, &mut out, true);
        out.truncate(p.written);
        match p.status {
            Status::Error(error) => (out, Some(error)),
            _ => (out, None),
        }
    }

    /// The output and the result of `transcode_copy` over `data` read `step`
    /// bytes at a time, counting lines.
    fn copied(
        data: &[u8],
        step: usize,
        from: Encoding,
        to: Encoding,
    ) -> (Vec<u8>, Result<u64, TranscodeCopyError>) {
        let t = Transcoder::new(from, to, ErrorMode::Strict);
        let mut out = Vec::new();
        let reader = Trickle { data, step };
        let result = transcode_copy(reader, &mut out, t, true).unwrap();
        (out, result)
    }

    /// Errors on either side of a chunk's edge, in UTF-8 and UTF-16 input,
    /// whatever the reader hands out at a time: the output and the error of
    /// the whole input converted at once, and for UTF-8 the line and column
    /// `utf8::line_column` gives.
    #[test]
    fn errors_cut_by_the_chunk_edge() {
        let tails: &[&[u8]] = &[
            b"\xE2\x82x",
            b"\xED\xA0\x80 after",
            b"\xF0\x9F\x98",
            b"\xFF",
        ];
        for tail in tails {
            for before_edge in [0, 1, 2, 3, 5] {
                let mut data = "first line\né\n".as_bytes().to_vec();
                data.resize(CHUNK - before_edge, b'a');
                data.extend_from_slice(tail);
                for step in [CHUNK, 4093] {
                    let case = format!("{tail:x?}, {before_edge} before the edge, step {step}");
                    let (want, error) = at_once(&data, Encoding::Utf8, Encoding::Utf16Le);
                    let (out, result) = copied(&data, step, Encoding::Utf8, Encoding::Utf16Le);
                    assert_eq!(out, want, "{case}");
                    let got = result.unwrap_err();
                    assert_eq!(Some(got.error()), error, "{case}");
                    let offset = got.error().offset() as usize;
                    let expected = crate::utf8::line_column(&data, offset);
                    assert_eq!(got.position(), Some(expected), "{case}");
                    assert_eq!((got.bom_len(), got.wrote_output()), (0, true), "{case}");
                }
            }
        }
        // A lone low surrogate in UTF-16 straddling the edge: no line counted.
        let mut data: Vec<u8> = "ab"
            .repeat(CHUNK / 4)
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        data.truncate(CHUNK - 1);
        data.extend_from_slice(&[0x00, 0x00, 0xDC, b'z', 0]);
        let (want, error) = at_once(&data, Encoding::Utf16Le, Encoding::Utf8);
        let (out, result) = copied(&data, 999, Encoding::Utf16Le, Encoding::Utf8);
        let got = result.unwrap_err();
        assert_eq!(
            (out, Some(got.error()), got.position()),
            (want, error, None)
        );
    }

    /// Valid input of several chunks converts as one call does, and the
    /// length read is the input's.
    #[test]
    fn valid_input_as_one_call() {
        let text = "añ€😀\nz".repeat(CHUNK / 5);
        for (from, to) in [
            (Encoding::Utf8, Encoding::Utf16Be),
            (Encoding::Utf8, Encoding::Utf8),
            (Encoding::Utf8, Encoding::Utf32Le),
        ] {
            let (want, error) = at_once(text.as_bytes(), from, to);
            assert_eq!(error, None);
            let (out, result) = copied(text.as_bytes(), 7001, from, to);
            assert_eq!((out, result), (want, Ok(text.len() as u64)));
        }
        assert_eq!(
            copied(b"", 1, Encoding::Utf8, Encoding::Utf16Le),
            (Vec::new(), Ok(0))
        );
    }

    /// A byte order mark that the transcoder strips is not counted in the
    /// column; one it keeps is text, and is; `Sniff` that finds UTF-16
    /// counts nothing.
    #[test]
    fn byte_order_marks() {
        let data = b"\xEF\xBB\xBFx\xFF";
        for (bom, bom_len, column) in [
            (BomHandling::Strip, 3, 2),
            (BomHandling::Enforce, 3, 2),
            (BomHandling::Sniff, 3, 2),
            (BomHandling::None, 0, 3),
        ] {
            let t = Transcoder::new(Encoding::Utf8, Encoding::Utf8, ErrorMode::Strict)
                .with_bom_handling(bom);
            let e = transcode_copy(&data[..], io::sink(), t, true)
                .unwrap()
                .unwrap_err();
            let at = e.position().map(|p| (p.line, p.column));
            assert_eq!((e.bom_len(), at), (bom_len, Some((1, column))), "{bom:?}");
        }
        let t = Transcoder::new(Encoding::Utf8, Encoding::Utf8, ErrorMode::Strict)
            .with_bom_handling(BomHandling::Sniff);
        let e = transcode_copy(&b"x\n\xFF"[..], io::sink(), t, true)
            .unwrap()
            .unwrap_err();
        assert_eq!(e.position().map(|p| (p.line, p.column)), Some((2, 1)));
        let utf16 = b"\xFF\xFEa\x00\x00\xDC";
        let t = Transcoder::new(Encoding::Utf8, Encoding::Utf8, ErrorMode::Strict)
            .with_bom_handling(BomHandling::Sniff);
        let e = transcode_copy(&utf16[..], io::sink(), t, true)
            .unwrap()
            .unwrap_err();
        assert_eq!(
            (e.error().offset(), e.position(), e.bom_len()),
            (4, None, 0)
        );
        assert!(e.to_string().contains("at byte 4"), "{e}");
    }

    /// A reader that fails says so as a read error, after the output of what
    /// it gave before.
    #[test]
    fn read_errors_are_read_errors() {
        struct Broken(bool);
        impl Read for Broken {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                if std::mem::replace(&mut self.0, true) {
                    return Err(io::Error::other("gone"));
                }
                buf[0] = b'a';
                Ok(1)
            }
        }
        let t = Transcoder::new(Encoding::Utf8, Encoding::Utf16Le, ErrorMode::Strict);
        let error = transcode_copy(Broken(false), io::sink(), t, false).unwrap_err();
        assert!(matches!(&error, CopyIoError::Read(e) if e.to_string() == "gone"));
        assert_eq!(io::Error::from(error).to_string(), "gone");
    }

    /// `locate_in` finds what counting as it goes finds, from a reader that
    /// did not start at 0 and past a stripped byte order mark; input in
    /// other encodings and foreign marks are left as they are.
    #[test]
    fn located_afterwards_as_counted() {
        let prefix = b"skipped\n";
        for text in [&b"\xEF\xBB\xBFab\ncd\xC3("[..], b"ab\r\n\xE2\x82", b"\xFF"] {
            let mut data = prefix.to_vec();
            data.extend_from_slice(text);
            let strip = || {
                Transcoder::new(Encoding::Utf8, Encoding::Utf16Le, ErrorMode::Strict)
                    .with_bom_handling(BomHandling::Strip)
            };
            let counted = transcode_copy(text, io::sink(), strip(), true)
                .unwrap()
                .unwrap_err();
            let mut file = io::Cursor::new(&data);
            file.set_position(prefix.len() as u64);
            let found = transcode_copy(&mut file, io::sink(), strip(), false)
                .unwrap()
                .unwrap_err();
            assert_eq!(found.position(), None);
            let located = found.locate_in(&mut file, prefix.len() as u64).unwrap();
            assert_eq!(located, counted, "{text:x?}");
        }
        // `Sniff` from another encoding, finding UTF-8 by its mark.
        let sniff = || {
            Transcoder::new(Encoding::Utf16Le, Encoding::Utf16Le, ErrorMode::Strict)
                .with_bom_handling(BomHandling::Sniff)
        };
        let data = b"\xEF\xBB\xBFab\xFF";
        let counted = transcode_copy(&data[..], io::sink(), sniff(), true);
        let counted = counted.unwrap().unwrap_err();
        assert_eq!(counted.bom_len(), 3);
        assert_eq!(counted.position(), Some(LineColumn { line: 1, column: 3 }));
        let mut file = io::Cursor::new(data);
        let found = transcode_copy(&mut file, io::sink(), sniff(), false)
            .unwrap()
            .unwrap_err();
        assert_eq!(found.locate_in(&mut file, 0).unwrap(), counted);
        let mut file = io::Cursor::new(b"\xFE\xFFab".to_vec());
        let t = Transcoder::new(Encoding::Utf8, Encoding::Utf16Le, ErrorMode::Strict)
            .with_bom_handling(BomHandling::Enforce);
        let e = transcode_copy(&mut file, io::sink(), t, false)
            .unwrap()
            .unwrap_err();
        assert!(matches!(
            e.error().kind(),
            TranscodeErrorKind::ForeignBom(_)
        ));
        assert_eq!(e.locate_in(&mut file, 0).unwrap().position(), None);
        let mut file = io::Cursor::new(b"a\x00\x00\xD8".to_vec());
        let t = Transcoder::new(Encoding::Utf16Le, Encoding::Utf8, ErrorMode::Strict);
        let e = transcode_copy(&mut file, io::sink(), t, false)
            .unwrap()
            .unwrap_err();
        assert_eq!(e.locate_in(&mut file, 0).unwrap().position(), None);
    }
}
