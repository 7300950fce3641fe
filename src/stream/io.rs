//! `std::io` adapters over the [`Transcoder`]: [`TranscodeReader`] reads bytes of
//! one encoding from an inner reader and hands out bytes of another;
//! [`TranscodeWriter`] takes bytes of one encoding and writes bytes of another to
//! an inner writer. Invalid input reaches the caller as an `io::Error` of kind
//! `InvalidData` wrapping the [`TranscodeError`], after everything before it.
//! A reader copies its input out of the inner reader into a buffer of its own,
//! as an `io::Read` adapter must; over a `BufRead`
//! ([`TranscodeReader::from_buf_read`]) it reads the inner buffer in place.

use std::boxed::Box;
use std::fmt;
use std::io::{self, BufRead, Read, Write};
use std::vec;

use super::{Progress, Status, TranscodeError, Transcoder};
use crate::{Encoding, ErrorMode};

/// The size of the adapters' buffers.
const BUFFER: usize = 1 << 16;

/// The `io::Error` for a piece the transcoder could not convert: kind
/// `InvalidData`, and `get_ref()` downcasts to the [`TranscodeError`].
fn invalid_data(error: TranscodeError) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, error)
}

/// Reads bytes of one encoding from an inner reader and hands out their
/// conversion into another, as they are read.
///
/// ```
/// use std::io::Read;
/// use utfast::{Encoding, ErrorMode, stream::TranscodeReader};
/// let utf16le: Vec<u8> = "héllo 🌍".encode_utf16().flat_map(u16::to_le_bytes).collect();
/// let mut reader = TranscodeReader::new(&utf16le[..], Encoding::Utf16Le, Encoding::Utf8, ErrorMode::Strict);
/// let mut text = String::new();
/// reader.read_to_string(&mut text).unwrap();
/// assert_eq!(text, "héllo 🌍");
/// ```
///
/// Invalid input is an error of kind `InvalidData`, after the text before it:
///
/// ```
/// use std::io::Read;
/// use utfast::{Encoding, ErrorMode, stream::TranscodeError, stream::TranscodeReader};
/// let mut reader = TranscodeReader::new(&b"ok\xFFno"[..], Encoding::Utf8, Encoding::Utf16Be, ErrorMode::Strict);
/// let mut out = Vec::new();
/// let error = reader.read_to_end(&mut out).unwrap_err();
/// assert_eq!(out, [0, b'o', 0, b'k']);
/// let bad = error.get_ref().unwrap().downcast_ref::<TranscodeError>().unwrap();
/// assert_eq!(bad.offset(), 2);
/// ```
pub struct TranscodeReader<R> {
    inner: R,
    transcoder: Transcoder,
    source: Source<R>,
    /// `inner` said it has no more.
    eof: bool,
    /// An error found after output that was handed out first.
    error: Option<TranscodeError>,
}

/// Where a [`TranscodeReader`] takes its input from.
enum Source<R> {
    /// Copied out of the inner reader into a buffer of the adapter's own; from
    /// `start` to `end` not yet given to the transcoder.
    Copied {
        input: Box<[u8]>,
        start: usize,
        end: usize,
    },
    /// Read in place from the buffer of an inner `BufRead`.
    Buffered {
        fill: fn(&mut R) -> io::Result<&[u8]>,
        consume: fn(&mut R, usize),
    },
}

impl<R: fmt::Debug> fmt::Debug for TranscodeReader<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TranscodeReader")
            .field("inner", &self.inner)
            .field("transcoder", &self.transcoder)
            .field("buffered", &matches!(self.source, Source::Buffered { .. }))
            .field("eof", &self.eof)
            .finish()
    }
}

impl<R: BufRead> TranscodeReader<R> {
    /// Like [`TranscodeReader::new`], reading the input in place from `inner`'s
    /// own buffer instead of copying it out first: for a `BufReader`, a slice or
    /// a `Cursor`, the faster choice (the conversion reads each byte once).
    ///
    /// ```
    /// use std::io::Read;
    /// use utfast::{Encoding, ErrorMode, stream::TranscodeReader};
    /// let utf16be = [0x00, 0x68, 0x00, 0xE9];
    /// let mut r = TranscodeReader::from_buf_read(&utf16be[..], Encoding::Utf16Be, Encoding::Utf8, ErrorMode::Strict);
    /// let mut s = String::new();
    /// r.read_to_string(&mut s).unwrap();
    /// assert_eq!(s, "hé");
    /// ```
    pub fn from_buf_read(inner: R, from: Encoding, to: Encoding, mode: ErrorMode) -> Self {
        TranscodeReader::buffered_with_transcoder(inner, Transcoder::new(from, to, mode))
    }

    /// Like [`TranscodeReader::with_transcoder`], reading the input in place
    /// from `inner`'s own buffer (see [`TranscodeReader::from_buf_read`]).
    ///
    /// ```
    /// use std::io::Read;
    /// use utfast::{stream::BomHandling, Encoding, ErrorMode, stream::TranscodeReader, stream::Transcoder};
    /// let t = Transcoder::new(Encoding::Utf8, Encoding::Utf8, ErrorMode::Replace)
    ///     .with_bom_handling(BomHandling::Strip);
    /// let mut s = String::new();
    /// TranscodeReader::buffered_with_transcoder(&b"\xEF\xBB\xBFok\xFF"[..], t)
    ///     .read_to_string(&mut s)
    ///     .unwrap();
    /// assert_eq!(s, "ok\u{FFFD}");
    /// ```
    pub fn buffered_with_transcoder(inner: R, transcoder: Transcoder) -> Self {
        TranscodeReader {
            inner,
            transcoder,
            source: Source::Buffered {
                fill: R::fill_buf,
                consume: R::consume,
            },
            eof: false,
            error: None,
        }
    }
}

impl<R: Read> TranscodeReader<R> {
    /// Reads `from` out of `inner` and hands out `to`, invalid input treated as
    /// `mode` says.
    ///
    /// ```
    /// use std::io::Read;
    /// use utfast::{Encoding, ErrorMode, stream::TranscodeReader};
    /// let mut r = TranscodeReader::new(&b"caf\xE9"[..], Encoding::Latin1, Encoding::Utf8, ErrorMode::Strict);
    /// let mut s = String::new();
    /// r.read_to_string(&mut s).unwrap();
    /// assert_eq!(s, "café");
    /// ```
    pub fn new(inner: R, from: Encoding, to: Encoding, mode: ErrorMode) -> Self {
        TranscodeReader::with_transcoder(inner, Transcoder::new(from, to, mode))
    }

    /// Reads through `transcoder` (e.g. one with a [`BomHandling`](crate::stream::BomHandling)).
    ///
    /// ```
    /// use std::io::Read;
    /// use utfast::{stream::BomHandling, Encoding, ErrorMode, stream::TranscodeReader, stream::Transcoder};
    /// let t = Transcoder::new(Encoding::Utf8, Encoding::Utf8, ErrorMode::Strict)
    ///     .with_bom_handling(BomHandling::Sniff);
    /// let mut text = String::new();
    /// TranscodeReader::with_transcoder(&b"\xFE\xFF\x00h\x00i"[..], t)
    ///     .read_to_string(&mut text)
    ///     .unwrap();
    /// assert_eq!(text, "hi");
    /// ```
    pub fn with_transcoder(inner: R, transcoder: Transcoder) -> Self {
        TranscodeReader {
            inner,
            transcoder,
            source: Source::Copied {
                input: vec![0; BUFFER].into_boxed_slice(),
                start: 0,
                end: 0,
            },
            eof: false,
            error: None,
        }
    }

    /// The transcoder (its encodings, the input taken so far).
    ///
    /// ```
    /// use std::io::Read;
    /// use utfast::{Encoding, ErrorMode, stream::TranscodeReader};
    /// let mut r = TranscodeReader::new(&b"abc"[..], Encoding::Utf8, Encoding::Utf16Le, ErrorMode::Strict);
    /// r.read_to_end(&mut Vec::new()).unwrap();
    /// assert_eq!(r.transcoder().input_len(), 3);
    /// assert_eq!(r.get_ref().len(), 0); // the inner reader, read to its end
    /// ```
    pub fn transcoder(&self) -> &Transcoder {
        &self.transcoder
    }

    /// The inner reader (see [`TranscodeReader::transcoder`]).
    pub fn get_ref(&self) -> &R {
        &self.inner
    }

    /// The inner reader, given back (input read from it but not yet converted is
    /// lost).
    ///
    /// ```
    /// use utfast::{Encoding, ErrorMode, stream::TranscodeReader};
    /// let r = TranscodeReader::new(&b"abc"[..], Encoding::Utf8, Encoding::Utf8, ErrorMode::Strict);
    /// assert_eq!(r.into_inner(), b"abc");
    /// ```
    pub fn into_inner(self) -> R {
        self.inner
    }
}

/// The input not yet given to the transcoder, reading more from `inner` when
/// there is none; empty at the end of the input.
fn pending<'a, R: Read>(
    inner: &'a mut R,
    source: &'a mut Source<R>,
    eof: &mut bool,
) -> io::Result<&'a [u8]> {
    loop {
        let result = match source {
            Source::Buffered { fill, .. } => fill(inner).map(|data| *eof = data.is_empty()),
            Source::Copied { input, start, end } if start == end && !*eof => inner
                .read(input)
                .map(|n| (*start, *end, *eof) = (0, n, n == 0)),
            Source::Copied { .. } => Ok(()),
        };
        match result {
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(error) => return Err(error),
            Ok(_) => break,
        }
    }
    Ok(match source {
        Source::Buffered { fill, .. } => fill(inner)?,
        Source::Copied { input, start, end } => &input[*start..*end],
    })
}

impl<R: Read> Read for TranscodeReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if let Some(error) = self.error.take() {
            return Err(invalid_data(error));
        }
        if buf.is_empty() {
            return Ok(0);
        }
        loop {
            let input = pending(&mut self.inner, &mut self.source, &mut self.eof)?;
            let Progress {
                read,
                written,
                status,
            } = self.transcoder.transcode(input, buf, self.eof);
            match &mut self.source {
                Source::Buffered { consume, .. } => consume(&mut self.inner, read),
                Source::Copied { start, .. } => *start += read,
            }
            match status {
                Status::Error(error) if written > 0 => {
                    self.error = Some(error);
                    return Ok(written);
                }
                Status::Error(error) => return Err(invalid_data(error)),
                _ if written > 0 => return Ok(written),
                // All converted, nothing more to come.
                Status::InputEmpty if self.eof => return Ok(0),
                _ => {}
            }
        }
    }
}

/// Takes bytes of one encoding and writes their conversion into another to an
/// inner writer. Call [`finish`](TranscodeWriter::finish) at the end: it
/// reports input that ends inside a character, and gives the writer back.
///
/// ```
/// use std::io::Write;
/// use utfast::{Encoding, ErrorMode, stream::TranscodeWriter};
/// let mut writer = TranscodeWriter::new(Vec::new(), Encoding::Utf8, Encoding::Windows1252, ErrorMode::Strict);
/// writer.write_all("“Grüße” – 5 €".as_bytes()).unwrap();
/// let bytes = writer.finish().unwrap();
/// assert_eq!(bytes, b"\x93Gr\xFC\xDFe\x94 \x96 5 \x80");
/// ```
pub struct TranscodeWriter<W: Write> {
    inner: W,
    transcoder: Transcoder,
    output: Box<[u8]>,
}

impl<W: Write + fmt::Debug> fmt::Debug for TranscodeWriter<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TranscodeWriter")
            .field("inner", &self.inner)
            .field("transcoder", &self.transcoder)
            .finish()
    }
}

impl<W: Write> TranscodeWriter<W> {
    /// Takes `from`, writes `to` to `inner`, invalid input treated as `mode` says.
    ///
    /// ```
    /// use std::io::Write;
    /// use utfast::{Encoding, ErrorMode, stream::TranscodeWriter};
    /// let mut w = TranscodeWriter::new(Vec::new(), Encoding::Utf8, Encoding::Utf16Be, ErrorMode::Strict);
    /// w.write_all("é".as_bytes()).unwrap();
    /// assert_eq!(w.finish().unwrap(), [0x00, 0xE9]);
    /// ```
    pub fn new(inner: W, from: Encoding, to: Encoding, mode: ErrorMode) -> Self {
        TranscodeWriter::with_transcoder(inner, Transcoder::new(from, to, mode))
    }

    /// Writes through `transcoder` (e.g. one with a [`BomHandling`](crate::stream::BomHandling)).
    ///
    /// ```
    /// use std::io::Write;
    /// use utfast::{Encoding, ErrorMode, stream::TranscodeWriter, stream::Transcoder};
    /// let t = Transcoder::new(Encoding::Latin1, Encoding::Utf8, ErrorMode::Strict);
    /// let mut w = TranscodeWriter::with_transcoder(Vec::new(), t);
    /// w.write_all(b"\xE9t\xE9").unwrap();
    /// assert_eq!(w.finish().unwrap(), "été".as_bytes());
    /// ```
    pub fn with_transcoder(inner: W, transcoder: Transcoder) -> Self {
        TranscodeWriter {
            inner,
            transcoder,
            output: vec![0; BUFFER].into_boxed_slice(),
        }
    }

    /// The transcoder (its encodings, the input taken so far).
    ///
    /// ```
    /// use std::io::Write;
    /// use utfast::{Encoding, ErrorMode, stream::TranscodeWriter};
    /// let mut w = TranscodeWriter::new(Vec::new(), Encoding::Utf8, Encoding::Utf16Le, ErrorMode::Strict);
    /// w.write_all(b"ab\xC3").unwrap(); // the last byte is held back for now
    /// assert_eq!(w.transcoder().input_len(), 3);
    /// assert_eq!(w.get_ref(), &[b'a', 0, b'b', 0]);
    /// w.get_mut().clear();
    /// ```
    pub fn transcoder(&self) -> &Transcoder {
        &self.transcoder
    }

    /// The inner writer (see [`TranscodeWriter::transcoder`]).
    pub fn get_ref(&self) -> &W {
        &self.inner
    }

    /// The inner writer, mutably (see [`TranscodeWriter::transcoder`]).
    pub fn get_mut(&mut self) -> &mut W {
        &mut self.inner
    }

    /// Converts `input` and writes it out; `Ok(bytes of input taken)`.
    fn push(&mut self, input: &[u8], last: bool) -> io::Result<usize> {
        let mut taken = 0;
        loop {
            let progress = self
                .transcoder
                .transcode(&input[taken..], &mut self.output, last);
            taken += progress.read;
            self.inner.write_all(&self.output[..progress.written])?;
            match progress.status {
                Status::OutputFull => {}
                Status::Error(error) => return Err(invalid_data(error)),
                _ => return Ok(taken),
            }
        }
    }

    /// Ends the input: converts what was held back (an incomplete character at
    /// the end is an error, or what the mode makes of it), flushes the inner
    /// writer and gives it back.
    ///
    /// ```
    /// use std::io::Write;
    /// use utfast::{Encoding, ErrorMode, stream::TranscodeWriter};
    /// let mut w = TranscodeWriter::new(Vec::new(), Encoding::Utf8, Encoding::Utf16Le, ErrorMode::Strict);
    /// w.write_all(b"a\xE2\x82").unwrap(); // ends inside €
    /// assert_eq!(w.finish().unwrap_err().kind(), std::io::ErrorKind::InvalidData);
    /// ```
    pub fn finish(mut self) -> io::Result<W> {
        self.push(&[], true)?;
        self.inner.flush()?;
        Ok(self.inner)
    }
}

impl<W: Write> Write for TranscodeWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.push(buf, false)
    }

    /// Flushes the inner writer. An incomplete character at the end of the input
    /// so far stays held back until more input or [`finish`](TranscodeWriter::finish).
    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}
