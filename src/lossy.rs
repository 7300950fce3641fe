//! Decoding that goes on past errors: `from_utf8_lossy` (std's output, byte for
//! byte), the [`Utf8Chunks`] iterator, and conversions that take an [`ErrorMode`]
//! saying what becomes of invalid input (stop, U+FFFD, surrogate escape, Latin-1 or
//! Windows-1252 fallback), plus in-place repair of UTF-16.
//!
//! Valid stretches go through the engine's kernels; only the neighbourhood of an
//! error takes a scalar path: after an error, up to [`NEIGHBOURHOOD`] input units
//! are decoded one character at a time (dense errors, such as binary data, stay
//! there), and the first stretch that long without an error hands the rest back to
//! the kernel. The invalid pieces are the maximal subparts of the Unicode Standard
//! (std's `error_len`), so one U+FFFD replaces each, as std does.

use crate::error::{Utf16Error, Utf16ErrorKind, Utf32Error, Utf32ErrorKind};
use crate::error::{Utf8Error, Utf8ErrorKind};
use crate::scalar::utf8::check_char;
use crate::transcode::{api, call};
use crate::{ByteOrder, Engine};

/// Input units decoded in scalar code after an error before the kernel takes over
/// again: long enough that dense errors do not call the kernel for every few
/// bytes, short enough that a lone error costs little.
const NEIGHBOURHOOD: usize = 16;

/// What a conversion does with input that is not valid in its encoding.
///
/// The invalid pieces of UTF-8 are std's: the maximal subparts of the Unicode
/// Standard (`Utf8Error::error_len`, or the incomplete sequence at the end).
///
/// | mode | each invalid UTF-8 piece becomes | an unpaired surrogate (UTF-16/32 input) |
/// |---|---|---|
/// | `Strict` | the error is returned | the error is returned |
/// | `Replace` | one U+FFFD | U+FFFD |
/// | `SurrogateEscape` | U+DC80–U+DCFF per byte (UTF-16/UTF-32 output) | the byte again when in DC80–DCFF, else the error |
/// | `Latin1` | U+0080–U+00FF per byte | U+FFFD |
/// | `Windows1252` | the Windows-1252 character per byte | U+FFFD |
///
/// ```
/// use utfast::ErrorMode;
/// let bytes = b"caf\xE9 \x80";
/// let mut out = [0u16; 8];
/// let n = utfast::utf8_to_utf16_with(bytes, &mut out, ErrorMode::Windows1252).unwrap();
/// assert_eq!(String::from_utf16(&out[..n]).unwrap(), "café €");
/// assert!(utfast::utf8_to_utf16_with(bytes, &mut out, ErrorMode::Strict).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorMode {
    /// Stop at the first invalid piece and return its error.
    Strict,
    /// Replace each invalid piece by one U+FFFD REPLACEMENT CHARACTER, exactly as
    /// `String::from_utf8_lossy` and `String::from_utf16_lossy` do.
    Replace,
    /// UTF-8b, Python's `surrogateescape`: each byte of an invalid piece (always
    /// 0x80–0xFF) becomes the lone low surrogate U+DC00 + byte, in UTF-16 or
    /// UTF-32 output. Encoding back with this mode turns those surrogates into the
    /// bytes again, so any byte string survives the round trip. A `str` cannot hold
    /// a lone surrogate: conversions to `str` treat this mode as `Strict`.
    SurrogateEscape,
    /// Each byte of an invalid piece is taken as Latin-1: U+0080–U+00FF.
    Latin1,
    /// Each byte of an invalid piece is taken as Windows-1252, as HTML5 decoders
    /// do with bad bytes in supposed UTF-8: 0x80 is U+20AC €, 0x93 U+201C “, ...;
    /// the five bytes Windows-1252 leaves undefined (81, 8D, 8F, 90, 9D) and
    /// 0xA0–0xFF are Latin-1.
    Windows1252,
}

impl ErrorMode {
    /// Every mode, in declaration order.
    ///
    /// ```
    /// assert_eq!(utfast::ErrorMode::ALL.len(), 5);
    /// ```
    pub const ALL: &'static [ErrorMode] = &[
        ErrorMode::Strict,
        ErrorMode::Replace,
        ErrorMode::SurrogateEscape,
        ErrorMode::Latin1,
        ErrorMode::Windows1252,
    ];

    /// The mode's name on the command line: `strict`, `replace`,
    /// `surrogate-escape`, `latin1`, `windows-1252`.
    ///
    /// ```
    /// assert_eq!(utfast::ErrorMode::SurrogateEscape.name(), "surrogate-escape");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            ErrorMode::Strict => "strict",
            ErrorMode::Replace => "replace",
            ErrorMode::SurrogateEscape => "surrogate-escape",
            ErrorMode::Latin1 => "latin1",
            ErrorMode::Windows1252 => "windows-1252",
        }
    }

    /// The mode named `name` (as [`ErrorMode::name`] spells it, in any case; `_`
    /// for `-` and `surrogateescape`, `latin-1`, `cp1252` and `windows1252` also do).
    ///
    /// ```
    /// use utfast::ErrorMode;
    /// assert_eq!(ErrorMode::from_name("Windows-1252"), Some(ErrorMode::Windows1252));
    /// assert_eq!(ErrorMode::from_name("surrogateescape"), Some(ErrorMode::SurrogateEscape));
    /// assert_eq!(ErrorMode::from_name("ignore"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<ErrorMode> {
        let mut key = [0u8; 20];
        let key = crate::encoding::label_key(name, &mut key)?;
        Some(match key {
            b"strict" => ErrorMode::Strict,
            b"replace" => ErrorMode::Replace,
            b"surrogateescape" => ErrorMode::SurrogateEscape,
            b"latin1" => ErrorMode::Latin1,
            b"windows1252" | b"cp1252" => ErrorMode::Windows1252,
            _ => return None,
        })
    }

    /// The code points this mode makes of one invalid piece of a byte encoding
    /// (`piece`: a maximal subpart, or the incomplete sequence at the end), passed
    /// one by one to `put` until it returns `false`; returns whether all went.
    /// `Strict` and `Replace`: one U+FFFD. `SurrogateEscape`: U+DC80–U+DCFF per
    /// byte 0x80–0xFF (a byte below 0x80, which only the UTF-8 variants can find
    /// invalid, such as 00 in Modified UTF-8, stands for itself). `Latin1`: U+0000–
    /// U+00FF per byte. `Windows1252`: [`windows1252_char`] per byte.
    ///
    /// ```
    /// use utfast::ErrorMode;
    /// let mut out = Vec::new();
    /// ErrorMode::SurrogateEscape.replace_piece(b"\xE2\x82", |cp| { out.push(cp); true });
    /// assert_eq!(out, [0xDCE2, 0xDC82]);
    /// out.clear();
    /// ErrorMode::Replace.replace_piece(b"\xE2\x82", |cp| { out.push(cp); true });
    /// assert_eq!(out, [0xFFFD]);
    /// ```
    #[inline]
    pub fn replace_piece(self, piece: &[u8], mut put: impl FnMut(u32) -> bool) -> bool {
        match self {
            ErrorMode::Strict | ErrorMode::Replace => put(REPLACEMENT),
            ErrorMode::SurrogateEscape => piece.iter().all(|&b| match b {
                0..=0x7F => put(b as u32),
                _ => put(0xDC00 | b as u32),
            }),
            ErrorMode::Latin1 => piece.iter().all(|&b| put(b as u32)),
            ErrorMode::Windows1252 => piece.iter().all(|&b| put(windows1252_char(b) as u32)),
        }
    }

    /// What an invalid UTF-16/UTF-32 value (an unpaired surrogate, or for UTF-32 a
    /// value above U+10FFFF) becomes in UTF-8 output: `Some(bytes)`, or `None` when
    /// the mode makes it an error.
    #[inline]
    fn replace_unit(self, unit: u32, buf: &mut [u8; 4]) -> Option<&[u8]> {
        match self {
            ErrorMode::Strict => None,
            ErrorMode::SurrogateEscape => {
                if (0xDC80..=0xDCFF).contains(&unit) {
                    buf[0] = unit as u8;
                    Some(&buf[..1])
                } else {
                    None
                }
            }
            _ => Some(char::REPLACEMENT_CHARACTER.encode_utf8(buf).as_bytes()),
        }
    }
}

impl core::fmt::Display for ErrorMode {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

const REPLACEMENT: u32 = char::REPLACEMENT_CHARACTER as u32;

/// What Windows-1252 assigns to 0x80–0x9F (the WHATWG Encoding Standard's index,
/// which fills the five holes with the C1 controls of the same value); the other
/// bytes are Latin-1.
const WINDOWS_1252_HIGH: [char; 32] = [
    '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8D}', 'Ž', '\u{8F}',
    '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9D}', 'ž', 'Ÿ',
];

/// The character Windows-1252 gives to `byte`.
///
/// ```
/// assert_eq!(utfast::windows1252_char(0x80), '€');
/// assert_eq!(utfast::windows1252_char(0x81), '\u{81}');
/// assert_eq!(utfast::windows1252_char(b'A'), 'A');
/// assert_eq!(utfast::windows1252_char(0xE9), 'é');
/// ```
pub const fn windows1252_char(byte: u8) -> char {
    if byte >= 0x80 && byte < 0xA0 {
        WINDOWS_1252_HIGH[(byte - 0x80) as usize]
    } else {
        byte as char
    }
}

/// The Windows-1252 byte of the code point `cp`, or `None` when Windows-1252
/// has no byte for it: the inverse of [`windows1252_char`].
///
/// ```
/// assert_eq!(utfast::windows1252_byte('€' as u32), Some(0x80));
/// assert_eq!(utfast::windows1252_byte('é' as u32), Some(0xE9));
/// assert_eq!(utfast::windows1252_byte(0x81), Some(0x81));
/// assert_eq!(utfast::windows1252_byte(0x80), None); // a C1 control 1252 replaced
/// assert_eq!(utfast::windows1252_byte('Ω' as u32), None);
/// ```
pub const fn windows1252_byte(cp: u32) -> Option<u8> {
    if cp < 0x80 || (cp >= 0xA0 && cp <= 0xFF) {
        return Some(cp as u8);
    }
    let mut i = 0;
    while i < WINDOWS_1252_HIGH.len() {
        if WINDOWS_1252_HIGH[i] as u32 == cp {
            return Some(0x80 + i as u8);
        }
        i += 1;
    }
    None
}

/// Splits UTF-8 into its first valid stretch and the invalid piece after it:
/// `(valid bytes, invalid bytes)`. `after_error` says the previous piece was
/// invalid, so the neighbourhood is decoded in scalar code first; otherwise the
/// kernel (through `check`) looks for the first error.
#[inline]
fn split_utf8(
    src: &[u8],
    after_error: bool,
    check: impl FnOnce(&[u8]) -> Result<(), Utf8Error>,
) -> (usize, usize) {
    let mut i = 0;
    if after_error {
        while i < src.len() && i < NEIGHBOURHOOD {
            // Eight ASCII bytes at once, the common case after an error in text.
            if let Some(Ok(word)) = src.get(i..i + 8).map(<[u8; 8]>::try_from) {
                if u64::from_le_bytes(word) & 0x8080_8080_8080_8080 == 0 {
                    i += 8;
                    continue;
                }
            }
            match check_char(&src[i..]) {
                Ok(width) => i += width,
                Err((0, _)) => return (i, src.len() - i),
                Err((len, _)) => return (i, len as usize),
            }
        }
        if i == src.len() {
            return (i, 0);
        }
    }
    match check(&src[i..]) {
        Ok(()) => (src.len(), 0),
        Err(e) => {
            let valid = i + e.valid_up_to();
            (valid, e.error_len().unwrap_or(src.len() - valid))
        }
    }
}

/// A piece of UTF-8 input: a valid stretch and the invalid piece that follows it
/// (empty at the end of the input). What [`utf8_chunks`] yields; the same as
/// std's `Utf8Chunk`.
///
/// ```
/// let chunk = utfast::utf8_chunks(b"ab\xFFcd").next().unwrap();
/// assert_eq!((chunk.valid(), chunk.invalid()), ("ab", &b"\xFF"[..]));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Utf8Chunk<'a> {
    valid: &'a str,
    invalid: &'a [u8],
}

impl<'a> Utf8Chunk<'a> {
    /// The valid UTF-8 before the invalid bytes (possibly empty).
    pub fn valid(&self) -> &'a str {
        self.valid
    }

    /// The invalid bytes after the valid stretch: one maximal subpart (1 to 3
    /// bytes), the incomplete sequence at the end of the input, or empty for the
    /// last chunk of input that ends validly.
    pub fn invalid(&self) -> &'a [u8] {
        self.invalid
    }
}

/// An iterator over the [`Utf8Chunk`]s of a byte slice: [`utf8_chunks`].
#[derive(Clone, Debug)]
pub struct Utf8Chunks<'a> {
    rest: &'a [u8],
    engine: Engine,
    after_error: bool,
}

impl<'a> Iterator for Utf8Chunks<'a> {
    type Item = Utf8Chunk<'a>;

    #[inline]
    fn next(&mut self) -> Option<Utf8Chunk<'a>> {
        if self.rest.is_empty() {
            return None;
        }
        let engine = self.engine;
        let (valid, invalid) = split_utf8(self.rest, self.after_error, |s| engine.check_utf8(s));
        let (head, tail) = self.rest.split_at(valid);
        let (bad, rest) = tail.split_at(invalid);
        self.rest = rest;
        self.after_error = invalid > 0;
        Some(Utf8Chunk {
            // SAFETY: `split_utf8` found `head` to be valid UTF-8 (the kernel or
            // `check_char`, both checked against std).
            valid: unsafe { core::str::from_utf8_unchecked(head) },
            invalid: bad,
        })
    }
}

impl core::iter::FusedIterator for Utf8Chunks<'_> {}

impl Engine {
    /// [`utf8_chunks`] on this engine's kernel.
    ///
    /// ```
    /// let engine = utfast::Engine::active();
    /// assert_eq!(engine.utf8_chunks(b"a\xC0b").count(), 2);
    /// ```
    #[inline]
    pub fn utf8_chunks<'a>(&self, src: &'a [u8]) -> Utf8Chunks<'a> {
        Utf8Chunks {
            rest: src,
            engine: *self,
            after_error: false,
        }
    }
}

/// The valid stretches and invalid pieces of `src`, in order, like std's
/// `<[u8]>::utf8_chunks`: each chunk is a valid `&str` and the invalid bytes after
/// it (a maximal subpart, or the incomplete sequence at the end). Empty input
/// yields no chunk.
///
/// ```
/// let mut text = String::new();
/// for chunk in utfast::utf8_chunks(b"caf\xC3\xA9 \xE2\x82 ok \xFF") {
///     text.push_str(chunk.valid());
///     if !chunk.invalid().is_empty() {
///         text.push_str(&format!("[{:02X?}]", chunk.invalid()));
///     }
/// }
/// assert_eq!(text, "café [[E2, 82]] ok [[FF]]");
/// ```
#[inline]
pub fn utf8_chunks(src: &[u8]) -> Utf8Chunks<'_> {
    Engine::active().utf8_chunks(src)
}

/// A UTF-16 or UTF-32 output of lossy UTF-8 decoding.
trait WideTarget {
    type Unit: Copy;
    /// The kernel's strict conversion.
    fn convert(engine: &Engine, src: &[u8], dst: &mut [Self::Unit]) -> Result<usize, Utf8Error>;
    /// The kernel's conversion of valid UTF-8 (no checks; `OutputTooSmall` only).
    fn convert_valid(
        engine: &Engine,
        src: &str,
        dst: &mut [Self::Unit],
    ) -> Result<usize, Utf8Error>;
    /// Writes the code point `cp` (a scalar value, or an escape surrogate) at
    /// `dst[at..]`: the units written, or `None` when they do not fit.
    fn put(dst: &mut [Self::Unit], at: usize, cp: u32) -> Option<usize>;
}

struct ToUtf16<const BIG: bool>;
struct ToUtf32;

impl<const BIG: bool> WideTarget for ToUtf16<BIG> {
    type Unit = u16;

    #[inline]
    fn convert(engine: &Engine, src: &[u8], dst: &mut [u16]) -> Result<usize, Utf8Error> {
        call!(engine.utf8_to_utf16(src, dst, order(BIG)))
    }

    #[inline]
    fn convert_valid(engine: &Engine, src: &str, dst: &mut [u16]) -> Result<usize, Utf8Error> {
        call!(engine.valid_utf8_to_utf16(src.as_bytes(), dst, order(BIG)))
    }

    #[inline]
    fn put(dst: &mut [u16], at: usize, cp: u32) -> Option<usize> {
        let o = order(BIG);
        if cp < 0x1_0000 {
            *dst.get_mut(at)? = o.write_u16(cp as u16);
            Some(1)
        } else {
            let pair = dst.get_mut(at..at + 2)?;
            let v = cp - 0x1_0000;
            pair[0] = o.write_u16(0xD800 | (v >> 10) as u16);
            pair[1] = o.write_u16(0xDC00 | (v & 0x3FF) as u16);
            Some(2)
        }
    }
}

impl WideTarget for ToUtf32 {
    type Unit = u32;

    #[inline]
    fn convert(engine: &Engine, src: &[u8], dst: &mut [u32]) -> Result<usize, Utf8Error> {
        call!(engine.utf8_to_utf32(src, dst))
    }

    #[inline]
    fn convert_valid(engine: &Engine, src: &str, dst: &mut [u32]) -> Result<usize, Utf8Error> {
        call!(engine.valid_utf8_to_utf32(src.as_bytes(), dst))
    }

    #[inline]
    fn put(dst: &mut [u32], at: usize, cp: u32) -> Option<usize> {
        *dst.get_mut(at)? = cp;
        Some(1)
    }
}

const fn order(big: bool) -> ByteOrder {
    if big {
        ByteOrder::Big
    } else {
        ByteOrder::Little
    }
}

/// UTF-8 to UTF-16 or UTF-32 under `mode`: one strict pass by the kernel, which
/// is all valid input needs; from the first error on, [`walk_pieces`] gives the
/// valid stretches (converted by the kernel's no-check transcoder) and the invalid
/// pieces (replaced as the mode says).
fn utf8_to_wide<T: WideTarget>(
    engine: &Engine,
    src: &[u8],
    dst: &mut [T::Unit],
    mode: ErrorMode,
) -> Result<usize, Utf8Error> {
    let first = match T::convert(engine, src, dst) {
        Ok(n) => return Ok(n),
        Err(e) => e,
    };
    if mode == ErrorMode::Strict || first.kind() == Utf8ErrorKind::OutputTooSmall {
        return Err(first);
    }
    let mut written = first.written();
    let too_small = |at: usize, written: usize| {
        Utf8Error::new(at, 0, Utf8ErrorKind::OutputTooSmall).with_written(written)
    };
    walk_pieces(engine, src, first.valid_up_to(), |from, to, bad| {
        if bad {
            let mut n = 0;
            let fits = mode.replace_piece(&src[from..to], |cp| {
                T::put(dst, written + n, cp).map(|k| n += k).is_some()
            });
            if !fits {
                return Err(too_small(from, written));
            }
            written += n;
            return Ok(());
        }
        // SAFETY: `walk_pieces` hands out only valid UTF-8 as not `bad`.
        let text = unsafe { core::str::from_utf8_unchecked(&src[from..to]) };
        match T::convert_valid(engine, text, &mut dst[written..]) {
            Ok(n) => {
                written += n;
                Ok(())
            }
            Err(e) => Err(too_small(from + e.valid_up_to(), written + e.written())),
        }
    })?;
    Ok(written)
}

/// Bytes the kernel flags at a time: 128 blocks of 64 (the spans' buffer, on the
/// stack, stays 1 KiB: short inputs pay little to clear it).
const WINDOW: usize = 8 << 10;

/// Walks `src` from `start` (a character boundary) to its end as valid stretches
/// and invalid pieces (std's maximal subparts, and the incomplete sequence at the
/// end), in order: `piece(from, to, false)` for each non-empty stretch
/// `src[from..to]` of valid UTF-8, `piece(at, at + len, true)` for each invalid
/// piece. Returns the first `Err` of `piece`.
///
/// The kernel flags the error spans of a window at a time without stopping at
/// them (`Engine::flag_utf8`); only the spans are read in scalar code, each from
/// the character start before it through three bytes past it: after an error the
/// vector check's context is broken for up to three bytes (a continuation byte
/// there can pass for an expected one), and is exact again after them.
fn walk_pieces<E>(
    engine: &Engine,
    src: &[u8],
    start: usize,
    mut piece: impl FnMut(usize, usize, bool) -> Result<(), E>,
) -> Result<(), E> {
    let mut spans = [(0u32, 0u32); WINDOW / crate::kernels::utf8::BLOCK + 1];
    let mut pos = start;
    while pos < src.len() {
        let window = &src[pos..src.len().min(pos + WINDOW)];
        let last = pos + window.len() == src.len();
        let n = engine.flag_utf8(window, &mut spans);
        // Handed out up to `cursor`; read in scalar code up to `scanned`.
        let (mut cursor, mut scanned) = (0, 0);
        let mut end = window.len();
        'spans: for &(first, last_flag) in &spans[..n] {
            let stop = (last_flag as usize + 4).min(window.len());
            let mut i = scanned.max(crate::kernels::utf8::boundary_before(
                window,
                first as usize,
            ));
            while i < stop {
                let len = match check_char(&window[i..]) {
                    Ok(width) => {
                        i += width;
                        continue;
                    }
                    // Cut by the window's end: read with the next window.
                    Err((0, _)) if !last => {
                        end = i;
                        break 'spans;
                    }
                    Err((0, _)) => window.len() - i,
                    Err((len, _)) => len as usize,
                };
                if cursor < i {
                    piece(pos + cursor, pos + i, false)?;
                }
                piece(pos + i, pos + i + len, true)?;
                i += len;
                cursor = i;
            }
            scanned = scanned.max(i);
        }
        if cursor < end {
            piece(pos + cursor, pos + end, false)?;
        }
        pos += end;
    }
    Ok(())
}

api! {
    /// UTF-8 to UTF-16 (machine byte order) under `mode`: like
    /// [`utf8_to_utf16`](crate::utf8_to_utf16), but invalid input is replaced as
    /// [`ErrorMode`] says instead of stopping (unless the mode is `Strict`).
    /// `dst.len() >= src.len()` always suffices, in every mode; with less room the
    /// error of kind `OutputTooSmall` says how far it got.
    ///
    /// ```
    /// use utfast::ErrorMode;
    /// let mut out = [0u16; 8];
    /// let n = utfast::utf8_to_utf16_with(b"a\xF0\x9F\x98b\xFF", &mut out, ErrorMode::Replace).unwrap();
    /// assert_eq!(&out[..n], &[0x61, 0xFFFD, 0x62, 0xFFFD]);
    /// let n = utfast::utf8_to_utf16_with(b"a\xFF", &mut out, ErrorMode::SurrogateEscape).unwrap();
    /// assert_eq!(&out[..n], &[0x61, 0xDCFF]);
    /// ```
    fn utf8_to_utf16_with(src: &[u8], dst: &mut [u16], mode: ErrorMode) -> Result<usize, Utf8Error> =
        |e| if cfg!(target_endian = "big") {
            utf8_to_wide::<ToUtf16<true>>(e, src, dst, mode)
        } else {
            utf8_to_wide::<ToUtf16<false>>(e, src, dst, mode)
        };

    /// [`utf8_to_utf16_with`] writing UTF-16LE units.
    ///
    /// ```
    /// let mut out = [0u16; 2];
    /// let n = utfast::utf8_to_utf16le_with(b"\x80", &mut out, utfast::ErrorMode::Windows1252).unwrap();
    /// assert_eq!(out[..n][0].to_ne_bytes(), [0xAC, 0x20]);
    /// ```
    fn utf8_to_utf16le_with(src: &[u8], dst: &mut [u16], mode: ErrorMode) -> Result<usize, Utf8Error> =
        |e| utf8_to_wide::<ToUtf16<false>>(e, src, dst, mode);

    /// [`utf8_to_utf16_with`] writing UTF-16BE units.
    ///
    /// ```
    /// let mut out = [0u16; 2];
    /// let n = utfast::utf8_to_utf16be_with(b"\xE9", &mut out, utfast::ErrorMode::Latin1).unwrap();
    /// assert_eq!(out[..n][0].to_ne_bytes(), [0x00, 0xE9]);
    /// ```
    fn utf8_to_utf16be_with(src: &[u8], dst: &mut [u16], mode: ErrorMode) -> Result<usize, Utf8Error> =
        |e| utf8_to_wide::<ToUtf16<true>>(e, src, dst, mode);

    /// UTF-8 to UTF-32 under `mode`, like [`utf8_to_utf16_with`]. With
    /// `SurrogateEscape` the output holds surrogate values U+DC80–U+DCFF, which are
    /// not scalar values. `dst.len() >= src.len()` always suffices.
    ///
    /// ```
    /// let mut out = [0u32; 4];
    /// let n = utfast::utf8_to_utf32_with(b"\xC3\xA9\xC3", &mut out, utfast::ErrorMode::Replace).unwrap();
    /// assert_eq!(&out[..n], &[0xE9, 0xFFFD]);
    /// ```
    fn utf8_to_utf32_with(src: &[u8], dst: &mut [u32], mode: ErrorMode) -> Result<usize, Utf8Error> =
        |e| utf8_to_wide::<ToUtf32>(e, src, dst, mode);
}

/// A UTF-16 or UTF-32 input of lossy encoding to UTF-8.
trait WideSource {
    type Unit: Copy;
    type Error: Copy;
    /// The kernel's strict conversion.
    fn convert(engine: &Engine, src: &[Self::Unit], dst: &mut [u8]) -> Result<usize, Self::Error>;
    /// The position, output count and whether it is the output's fault.
    fn parts(e: Self::Error) -> (usize, usize, bool);
    /// The error at `at` (units), after `written` bytes.
    fn error(at: usize, written: usize, too_small: bool, src: &[Self::Unit]) -> Self::Error;
    /// The next character: `Ok((scalar value, units))`, or `Err(value)` for an
    /// invalid unit (one unit long).
    fn next(src: &[Self::Unit]) -> Result<(char, usize), u32>;
}

struct FromUtf16<const BIG: bool>;
struct FromUtf32;

impl<const BIG: bool> WideSource for FromUtf16<BIG> {
    type Unit = u16;
    type Error = Utf16Error;

    #[inline]
    fn convert(engine: &Engine, src: &[u16], dst: &mut [u8]) -> Result<usize, Utf16Error> {
        call!(engine.utf16_to_utf8(src, dst, order(BIG)))
    }

    fn parts(e: Utf16Error) -> (usize, usize, bool) {
        let too_small = e.kind() == Utf16ErrorKind::OutputTooSmall;
        (e.valid_up_to(), e.written(), too_small)
    }

    fn error(at: usize, written: usize, too_small: bool, src: &[u16]) -> Utf16Error {
        let o = order(BIG);
        let kind = match src.get(at).map(|&u| o.read_u16(u)) {
            _ if too_small => Utf16ErrorKind::OutputTooSmall,
            Some(0xDC00..=0xDFFF) => Utf16ErrorKind::UnpairedLowSurrogate,
            _ if at + 1 == src.len() => Utf16ErrorKind::TruncatedAtEnd,
            _ => Utf16ErrorKind::UnpairedHighSurrogate,
        };
        Utf16Error::new(at, written, kind)
    }

    #[inline]
    fn next(src: &[u16]) -> Result<(char, usize), u32> {
        let o = order(BIG);
        let unit = o.read_u16(src[0]);
        match unit {
            0xD800..=0xDBFF => match src.get(1).map(|&u| o.read_u16(u)) {
                Some(low @ 0xDC00..=0xDFFF) => {
                    let cp = 0x1_0000 + ((unit as u32 - 0xD800) << 10) + (low as u32 - 0xDC00);
                    char::from_u32(cp).map(|c| (c, 2)).ok_or(unit as u32)
                }
                _ => Err(unit as u32),
            },
            _ => char::from_u32(unit as u32)
                .map(|c| (c, 1))
                .ok_or(unit as u32),
        }
    }
}

impl WideSource for FromUtf32 {
    type Unit = u32;
    type Error = Utf32Error;

    #[inline]
    fn convert(engine: &Engine, src: &[u32], dst: &mut [u8]) -> Result<usize, Utf32Error> {
        call!(engine.utf32_to_utf8(src, dst))
    }

    fn parts(e: Utf32Error) -> (usize, usize, bool) {
        let too_small = e.kind() == Utf32ErrorKind::OutputTooSmall;
        (e.valid_up_to(), e.written(), too_small)
    }

    fn error(at: usize, written: usize, too_small: bool, src: &[u32]) -> Utf32Error {
        let kind = match src.get(at) {
            _ if too_small => Utf32ErrorKind::OutputTooSmall,
            Some(0xD800..=0xDFFF) => Utf32ErrorKind::Surrogate,
            _ => Utf32ErrorKind::TooLarge,
        };
        Utf32Error::new(at, written, kind)
    }

    #[inline]
    fn next(src: &[u32]) -> Result<(char, usize), u32> {
        char::from_u32(src[0]).map(|c| (c, 1)).ok_or(src[0])
    }
}

/// UTF-16 or UTF-32 to UTF-8 under `mode`: the kernel converts valid stretches,
/// the neighbourhood of each invalid unit is encoded here.
fn wide_to_utf8<S: WideSource>(
    engine: &Engine,
    src: &[S::Unit],
    dst: &mut [u8],
    mode: ErrorMode,
) -> Result<usize, S::Error> {
    let (mut read, mut written) = (0, 0);
    loop {
        let e = match S::convert(engine, &src[read..], &mut dst[written..]) {
            Ok(n) => return Ok(written + n),
            Err(e) => e,
        };
        let (at, out, too_small) = S::parts(e);
        (read, written) = (read + at, written + out);
        if too_small || mode == ErrorMode::Strict {
            return Err(S::error(read, written, too_small, src));
        }
        let mut calm = 0;
        while read < src.len() && calm < NEIGHBOURHOOD {
            let mut buf = [0u8; 4];
            let (units, bytes) = match S::next(&src[read..]) {
                Ok((c, units)) => {
                    calm += units;
                    (units, c.encode_utf8(&mut buf).as_bytes())
                }
                Err(unit) => {
                    calm = 0;
                    match mode.replace_unit(unit, &mut buf) {
                        Some(bytes) => (1, bytes),
                        None => return Err(S::error(read, written, false, src)),
                    }
                }
            };
            let Some(out) = dst.get_mut(written..written + bytes.len()) else {
                return Err(S::error(read, written, true, src));
            };
            out.copy_from_slice(bytes);
            (read, written) = (read + units, written + bytes.len());
        }
        if read == src.len() {
            return Ok(written);
        }
    }
}

api! {
    /// UTF-16 (machine byte order) to UTF-8 under `mode`: with `Replace`, `Latin1`
    /// or `Windows1252` each unpaired surrogate becomes U+FFFD (as
    /// `String::from_utf16_lossy` does); with `SurrogateEscape` an unpaired
    /// U+DC80–U+DCFF becomes the byte it escapes (so the output may not be UTF-8:
    /// it is the original byte string) and any other unpaired surrogate is an
    /// error. `dst.len() >= 3 * src.len()` always suffices.
    ///
    /// ```
    /// use utfast::ErrorMode;
    /// let mut out = [0u8; 12];
    /// let n = utfast::utf16_to_utf8_with(&[0x61, 0xD800, 0x62], &mut out, ErrorMode::Replace).unwrap();
    /// assert_eq!(&out[..n], "a\u{FFFD}b".as_bytes());
    /// let n = utfast::utf16_to_utf8_with(&[0x61, 0xDCFF], &mut out, ErrorMode::SurrogateEscape).unwrap();
    /// assert_eq!(&out[..n], b"a\xFF");
    /// ```
    fn utf16_to_utf8_with(src: &[u16], dst: &mut [u8], mode: ErrorMode) -> Result<usize, Utf16Error> =
        |e| if cfg!(target_endian = "big") {
            wide_to_utf8::<FromUtf16<true>>(e, src, dst, mode)
        } else {
            wide_to_utf8::<FromUtf16<false>>(e, src, dst, mode)
        };

    /// [`utf16_to_utf8_with`] reading UTF-16LE units.
    ///
    /// ```
    /// let mut out = [0u8; 6];
    /// let n = utfast::utf16le_to_utf8_with(&[0xDC00u16.to_le()], &mut out, utfast::ErrorMode::Replace).unwrap();
    /// assert_eq!(&out[..n], "\u{FFFD}".as_bytes());
    /// ```
    fn utf16le_to_utf8_with(src: &[u16], dst: &mut [u8], mode: ErrorMode) -> Result<usize, Utf16Error> =
        |e| wide_to_utf8::<FromUtf16<false>>(e, src, dst, mode);

    /// [`utf16_to_utf8_with`] reading UTF-16BE units.
    ///
    /// ```
    /// let mut out = [0u8; 6];
    /// let n = utfast::utf16be_to_utf8_with(&[0xDC80u16.to_be()], &mut out, utfast::ErrorMode::SurrogateEscape).unwrap();
    /// assert_eq!(&out[..n], b"\x80");
    /// ```
    fn utf16be_to_utf8_with(src: &[u16], dst: &mut [u8], mode: ErrorMode) -> Result<usize, Utf16Error> =
        |e| wide_to_utf8::<FromUtf16<true>>(e, src, dst, mode);

    /// UTF-32 to UTF-8 under `mode`, like [`utf16_to_utf8_with`]: a surrogate or a
    /// value above U+10FFFF is the invalid unit. `dst.len() >= 4 * src.len()`
    /// always suffices.
    ///
    /// ```
    /// let mut out = [0u8; 8];
    /// let n = utfast::utf32_to_utf8_with(&[0x41, 0x11_0000], &mut out, utfast::ErrorMode::Replace).unwrap();
    /// assert_eq!(&out[..n], "A\u{FFFD}".as_bytes());
    /// ```
    fn utf32_to_utf8_with(src: &[u32], dst: &mut [u8], mode: ErrorMode) -> Result<usize, Utf32Error> =
        |e| wide_to_utf8::<FromUtf32>(e, src, dst, mode);
}

/// Replaces each unpaired surrogate of UTF-16 stored in `order` by U+FFFD, in
/// place; returns how many were replaced.
fn repair(engine: &Engine, buf: &mut [u16], order: ByteOrder) -> usize {
    let mut replaced = 0;
    let mut at = 0;
    while at < buf.len() {
        let Err(e) = call!(engine.check_utf16(&buf[at..], order)) else {
            break;
        };
        at += e.valid_up_to();
        let mut calm = 0;
        while at < buf.len() && calm < NEIGHBOURHOOD {
            let unit = order.read_u16(buf[at]);
            let paired = (0xD800..0xDC00).contains(&unit)
                && buf
                    .get(at + 1)
                    .is_some_and(|&u| (0xDC00..0xE000).contains(&order.read_u16(u)));
            if paired {
                (at, calm) = (at + 2, calm + 2);
            } else if (0xD800..0xE000).contains(&unit) {
                buf[at] = order.write_u16(0xFFFD);
                (at, calm, replaced) = (at + 1, 0, replaced + 1);
            } else {
                (at, calm) = (at + 1, calm + 1);
            }
        }
    }
    replaced
}

api! {
    /// Makes UTF-16 (machine byte order) well-formed in place: each unpaired
    /// surrogate becomes U+FFFD, as `String::from_utf16_lossy` would decode it.
    /// Returns how many units were replaced (0 when it was already valid).
    ///
    /// ```
    /// let mut units = [0x61, 0xD800, 0x62, 0xDC00, 0xD83D, 0xDE00];
    /// assert_eq!(utfast::repair_utf16(&mut units), 2);
    /// assert_eq!(units, [0x61, 0xFFFD, 0x62, 0xFFFD, 0xD83D, 0xDE00]);
    /// assert!(utfast::validate_utf16(&units));
    /// ```
    fn repair_utf16(buf: &mut [u16]) -> usize = |e| repair(e, buf, ByteOrder::NATIVE);

    /// [`repair_utf16`] for UTF-16LE units.
    ///
    /// ```
    /// let mut units = [0xDBFFu16.to_le()];
    /// assert_eq!(utfast::repair_utf16le(&mut units), 1);
    /// assert_eq!(units[0].to_ne_bytes(), [0xFD, 0xFF]);
    /// ```
    fn repair_utf16le(buf: &mut [u16]) -> usize = |e| repair(e, buf, ByteOrder::Little);

    /// [`repair_utf16`] for UTF-16BE units.
    ///
    /// ```
    /// let mut units = [0xDFFFu16.to_be()];
    /// assert_eq!(utfast::repair_utf16be(&mut units), 1);
    /// assert_eq!(units[0].to_ne_bytes(), [0xFF, 0xFD]);
    /// ```
    fn repair_utf16be(buf: &mut [u16]) -> usize = |e| repair(e, buf, ByteOrder::Big);
}

#[cfg(feature = "alloc")]
mod owned {
    use super::*;
    use alloc::borrow::Cow;
    use alloc::string::String;
    use alloc::vec::Vec;

    /// `src` decoded under `mode` (not `Strict`, not `SurrogateEscape`), given the
    /// error of its first invalid piece: the valid stretches copied, the invalid
    /// pieces replaced ([`walk_pieces`]).
    fn decode_string(engine: &Engine, src: &[u8], first: Utf8Error, mode: ErrorMode) -> String {
        let mut out = String::with_capacity(src.len() + src.len() / 64 + 16);
        let start = first.valid_up_to();
        // SAFETY: the kernel found `src[..start]` to be valid UTF-8.
        out.push_str(unsafe { core::str::from_utf8_unchecked(&src[..start]) });
        let copied: Result<(), core::convert::Infallible> =
            walk_pieces(engine, src, start, |from, to, bad| {
                if bad {
                    push_replacement(&mut out, &src[from..to], mode);
                } else {
                    // SAFETY: `walk_pieces` hands out only valid UTF-8 as not `bad`.
                    out.push_str(unsafe { core::str::from_utf8_unchecked(&src[from..to]) });
                }
                Ok(())
            });
        let Ok(()) = copied;
        debug_assert!(core::str::from_utf8(out.as_bytes()).is_ok());
        out
    }

    fn push_replacement(out: &mut String, bad: &[u8], mode: ErrorMode) {
        if !bad.is_empty() {
            mode.replace_piece(bad, |cp| {
                out.push(char::from_u32(cp).unwrap_or(char::REPLACEMENT_CHARACTER));
                true
            });
        }
    }

    /// `src` decoded under `mode` into a string, borrowed when it is valid.
    fn to_string_with<'a>(
        engine: &Engine,
        src: &'a [u8],
        mode: ErrorMode,
        check: impl Fn(&[u8]) -> Result<(), Utf8Error>,
    ) -> Result<Cow<'a, str>, Utf8Error> {
        match check(src) {
            // SAFETY: `check` (a kernel, checked against std) found `src` valid.
            Ok(()) => Ok(Cow::Borrowed(unsafe {
                core::str::from_utf8_unchecked(src)
            })),
            Err(e) if matches!(mode, ErrorMode::Strict | ErrorMode::SurrogateEscape) => Err(e),
            Err(e) => Ok(Cow::Owned(decode_string(engine, src, e, mode))),
        }
    }

    impl Engine {
        /// [`from_utf8_lossy`] on this engine's kernel.
        ///
        /// ```
        /// let engine = utfast::Engine::active();
        /// assert_eq!(engine.from_utf8_lossy(b"a\xFFb"), "a\u{FFFD}b");
        /// ```
        pub fn from_utf8_lossy<'a>(&self, src: &'a [u8]) -> Cow<'a, str> {
            let engine = *self;
            match to_string_with(self, src, ErrorMode::Replace, |s| engine.check_utf8(s)) {
                Ok(text) => text,
                Err(_) => unreachable!("Replace never fails"),
            }
        }

        /// [`utf8_to_string_with`] on this engine's kernel.
        ///
        /// ```
        /// use utfast::ErrorMode;
        /// let engine = utfast::Engine::active();
        /// assert_eq!(engine.utf8_to_string_with(b"\xE9", ErrorMode::Latin1).unwrap(), "é");
        /// ```
        pub fn utf8_to_string_with<'a>(
            &self,
            src: &'a [u8],
            mode: ErrorMode,
        ) -> Result<Cow<'a, str>, Utf8Error> {
            let engine = *self;
            to_string_with(self, src, mode, |s| engine.check_utf8(s))
        }
    }

    /// Decodes UTF-8 into a string, replacing each invalid piece by U+FFFD:
    /// byte for byte what `String::from_utf8_lossy` returns, borrowed when `src`
    /// is valid. Valid stretches are checked by the active kernel.
    ///
    /// ```
    /// use std::borrow::Cow;
    /// let bytes = b"Hello \xF0\x90\x80World \xED\xA0\x80!";
    /// assert_eq!(utfast::from_utf8_lossy(bytes), String::from_utf8_lossy(bytes));
    /// assert_eq!(utfast::from_utf8_lossy(bytes), "Hello \u{FFFD}World \u{FFFD}\u{FFFD}\u{FFFD}!");
    /// assert!(matches!(utfast::from_utf8_lossy(b"valid"), Cow::Borrowed("valid")));
    /// ```
    #[inline]
    pub fn from_utf8_lossy(src: &[u8]) -> Cow<'_, str> {
        match crate::check_utf8(src) {
            // SAFETY: `check_utf8` found `src` to be valid UTF-8.
            Ok(()) => Cow::Borrowed(unsafe { core::str::from_utf8_unchecked(src) }),
            Err(e) => Cow::Owned(lossy_slow(src, e)),
        }
    }

    #[cold]
    #[inline(never)]
    fn lossy_slow(src: &[u8], first: Utf8Error) -> String {
        decode_string(&Engine::active(), src, first, ErrorMode::Replace)
    }

    /// Decodes UTF-8 into a string under `mode`, borrowed when `src` is valid:
    /// `Replace` is [`from_utf8_lossy`]; `Latin1` and `Windows1252` decode each
    /// invalid byte as that encoding's character; `Strict`, and `SurrogateEscape`
    /// (a `str` cannot hold the escapes), return the first error.
    ///
    /// ```
    /// use utfast::ErrorMode;
    /// assert_eq!(utfast::utf8_to_string_with(b"\x93hi\x94", ErrorMode::Windows1252).unwrap(), "“hi”");
    /// assert_eq!(utfast::utf8_to_string_with(b"\x93hi\x94", ErrorMode::Latin1).unwrap(), "\u{93}hi\u{94}");
    /// assert!(utfast::utf8_to_string_with(b"\x93", ErrorMode::Strict).is_err());
    /// ```
    pub fn utf8_to_string_with(src: &[u8], mode: ErrorMode) -> Result<Cow<'_, str>, Utf8Error> {
        to_string_with(&Engine::active(), src, mode, crate::check_utf8)
    }

    /// A vector of `len` units filled by `convert`, truncated to what it wrote.
    fn filled<T: Copy + Default, E>(
        len: usize,
        convert: impl FnOnce(&mut [T]) -> Result<usize, E>,
    ) -> Result<Vec<T>, E> {
        let mut out = alloc::vec![T::default(); len];
        let n = convert(&mut out)?;
        out.truncate(n);
        Ok(out)
    }

    /// `Ok` of a conversion whose mode cannot fail and whose output has room.
    fn infallible<T, E: core::fmt::Debug>(result: Result<T, E>) -> T {
        match result {
            Ok(value) => value,
            Err(e) => unreachable!("a lossy conversion with room failed: {e:?}"),
        }
    }

    /// Converts `src` under `mode` into a string of UTF-16 or UTF-32 units.
    macro_rules! wide_vec {
        ($e:ident, $src:ident, $len:expr, $method:ident, $mode:expr) => {
            filled($len, |out| $e.$method($src, out, $mode))
        };
    }

    api! {
        /// UTF-8 to a `Vec<u16>` (machine byte order) under `mode`, like
        /// [`utf8_to_utf16_with`].
        ///
        /// ```
        /// use utfast::ErrorMode;
        /// let units = utfast::utf8_to_utf16_vec_with(b"\xFFok", ErrorMode::SurrogateEscape).unwrap();
        /// assert_eq!(units, vec![0xDCFF, 0x6F, 0x6B]);
        /// ```
        fn utf8_to_utf16_vec_with(src: &[u8], mode: ErrorMode) -> Result<Vec<u16>, Utf8Error> =
            |e| wide_vec!(e, src, src.len(), utf8_to_utf16_with, mode);

        /// UTF-8 to a `Vec<u32>` under `mode`, like [`utf8_to_utf32_with`].
        ///
        /// ```
        /// let values = utfast::utf8_to_utf32_vec_with(b"\x80", utfast::ErrorMode::Windows1252).unwrap();
        /// assert_eq!(values, vec![0x20AC]);
        /// ```
        fn utf8_to_utf32_vec_with(src: &[u8], mode: ErrorMode) -> Result<Vec<u32>, Utf8Error> =
            |e| wide_vec!(e, src, src.len(), utf8_to_utf32_with, mode);

        /// UTF-8 to UTF-16 (machine byte order), each invalid piece replaced by
        /// U+FFFD: the UTF-16 of `String::from_utf8_lossy(src)`.
        ///
        /// ```
        /// let bytes = b"\xE2\x82\xAC \xE2\x82";
        /// let expected: Vec<u16> = String::from_utf8_lossy(bytes).encode_utf16().collect();
        /// assert_eq!(utfast::utf8_to_utf16_lossy(bytes), expected);
        /// ```
        fn utf8_to_utf16_lossy(src: &[u8]) -> Vec<u16> =
            |e| infallible(wide_vec!(e, src, src.len(), utf8_to_utf16_with, ErrorMode::Replace));

        /// UTF-8 to UTF-32, each invalid piece replaced by U+FFFD: the scalar
        /// values of `String::from_utf8_lossy(src)`.
        ///
        /// ```
        /// assert_eq!(utfast::utf8_to_utf32_lossy(b"a\xC0\x80"), vec![0x61, 0xFFFD, 0xFFFD]);
        /// ```
        fn utf8_to_utf32_lossy(src: &[u8]) -> Vec<u32> =
            |e| infallible(wide_vec!(e, src, src.len(), utf8_to_utf32_with, ErrorMode::Replace));

        /// UTF-16 (machine byte order) to a `String`, each unpaired surrogate
        /// replaced by U+FFFD: `String::from_utf16_lossy`.
        ///
        /// ```
        /// let units = [0x48, 0xD834, 0x69];
        /// assert_eq!(utfast::utf16_to_string_lossy(&units), String::from_utf16_lossy(&units));
        /// ```
        fn utf16_to_string_lossy(src: &[u16]) -> String =
            |e| lossy_string(filled(3 * src.len(), |out| e.utf16_to_utf8_with(src, out, ErrorMode::Replace)));

        /// [`utf16_to_string_lossy`] for UTF-16LE units.
        ///
        /// ```
        /// assert_eq!(utfast::utf16le_to_string_lossy(&[0x41u16.to_le(), 0xD800u16.to_le()]), "A\u{FFFD}");
        /// ```
        fn utf16le_to_string_lossy(src: &[u16]) -> String =
            |e| lossy_string(filled(3 * src.len(), |out| e.utf16le_to_utf8_with(src, out, ErrorMode::Replace)));

        /// [`utf16_to_string_lossy`] for UTF-16BE units.
        ///
        /// ```
        /// assert_eq!(utfast::utf16be_to_string_lossy(&[0x41u16.to_be(), 0xDC00u16.to_be()]), "A\u{FFFD}");
        /// ```
        fn utf16be_to_string_lossy(src: &[u16]) -> String =
            |e| lossy_string(filled(3 * src.len(), |out| e.utf16be_to_utf8_with(src, out, ErrorMode::Replace)));

        /// UTF-32 to a `String`, each surrogate or value above U+10FFFF replaced by
        /// U+FFFD.
        ///
        /// ```
        /// assert_eq!(utfast::utf32_to_string_lossy(&[0x61, 0xD800, 0x1F600]), "a\u{FFFD}😀");
        /// ```
        fn utf32_to_string_lossy(src: &[u32]) -> String =
            |e| lossy_string(filled(4 * src.len(), |out| e.utf32_to_utf8_with(src, out, ErrorMode::Replace)));

        /// UTF-16 (machine byte order) to UTF-8 bytes under `mode`, like
        /// [`utf16_to_utf8_with`]; with `SurrogateEscape` the bytes are the
        /// original byte string again, which need not be UTF-8.
        ///
        /// ```
        /// use utfast::ErrorMode;
        /// let bytes = b"caf\xE9 \xFF\xFE".to_vec();
        /// let units = utfast::utf8_to_utf16_vec_with(&bytes, ErrorMode::SurrogateEscape).unwrap();
        /// assert_eq!(utfast::utf16_to_utf8_vec_with(&units, ErrorMode::SurrogateEscape).unwrap(), bytes);
        /// ```
        fn utf16_to_utf8_vec_with(src: &[u16], mode: ErrorMode) -> Result<Vec<u8>, Utf16Error> =
            |e| filled(3 * src.len(), |out| e.utf16_to_utf8_with(src, out, mode));

        /// UTF-32 to UTF-8 bytes under `mode`, like [`utf32_to_utf8_with`].
        ///
        /// ```
        /// use utfast::ErrorMode;
        /// assert_eq!(utfast::utf32_to_utf8_vec_with(&[0x61, 0xDC80], ErrorMode::SurrogateEscape).unwrap(), b"a\x80");
        /// ```
        fn utf32_to_utf8_vec_with(src: &[u32], mode: ErrorMode) -> Result<Vec<u8>, Utf32Error> =
            |e| filled(4 * src.len(), |out| e.utf32_to_utf8_with(src, out, mode));
    }

    /// The UTF-8 a `Replace` conversion wrote, as a `String`.
    fn lossy_string<E: core::fmt::Debug>(bytes: Result<Vec<u8>, E>) -> String {
        let mut bytes = infallible(bytes);
        // Sized for the worst case (3 or 4 bytes a unit): give back what is far
        // more than used.
        if bytes.capacity() > bytes.len() + bytes.len() / 4 + 64 {
            bytes.shrink_to_fit();
        }
        debug_assert!(core::str::from_utf8(&bytes).is_ok());
        // SAFETY: with `Replace` the output is the kernels' UTF-8 (checked against
        // the reference) and U+FFFD written by `char::encode_utf8`.
        unsafe { String::from_utf8_unchecked(bytes) }
    }
}

#[cfg(feature = "alloc")]
pub use owned::*;
