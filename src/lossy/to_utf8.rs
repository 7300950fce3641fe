//! UTF-16 or UTF-32 to UTF-8 under an [`ErrorMode`]: the input is walked as
//! [`Pieces`], the kernel converts the valid stretches as it goes, each invalid
//! unit becomes what the mode says.

use super::pieces::{self, Problem};
use super::*;

/// A UTF-16 or UTF-32 input of lossy encoding to UTF-8.
pub(super) trait WideSource {
    type Unit: Copy;
    type Error: ConversionError;
    /// The kernel's strict conversion.
    fn convert(engine: &Engine, src: &[Self::Unit], dst: &mut [u8]) -> Result<usize, Self::Error>;
    /// The error at `at` (units), after `written` bytes.
    fn error(at: usize, written: usize, too_small: bool, src: &[Self::Unit]) -> Self::Error;
    /// The value of a unit, in the machine's byte order.
    fn value(unit: Self::Unit) -> u32;
    /// The next character: `Ok((scalar value, units))`, or `Err(value)` for an
    /// invalid unit (one unit long).
    fn next(src: &[Self::Unit]) -> Result<(char, usize), u32>;
}

pub(super) struct FromUtf16<const BIG: bool>;
pub(super) struct FromUtf32;

impl<const BIG: bool> WideSource for FromUtf16<BIG> {
    type Unit = u16;
    type Error = Utf16Error;

    #[inline]
    fn convert(engine: &Engine, src: &[u16], dst: &mut [u8]) -> Result<usize, Utf16Error> {
        engine.ops().utf16_to_utf8(src, dst, order(BIG))
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
    fn value(unit: u16) -> u32 {
        order(BIG).read_u16(unit) as u32
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
        engine.ops().utf32_to_utf8(src, dst)
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
    fn value(unit: u32) -> u32 {
        unit
    }

    #[inline]
    fn next(src: &[u32]) -> Result<(char, usize), u32> {
        char::from_u32(src[0]).map(|c| (c, 1)).ok_or(src[0])
    }
}

/// What stops [`IntoUtf8`]: an invalid unit (its value), or a full output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stop {
    Invalid(u32),
    Full,
}

/// UTF-16 or UTF-32 walked as [`Pieces`] and converted to UTF-8 on the way: the
/// kernel converts each valid stretch into `dst`, scalar code the characters of
/// an error's neighbourhood; the caller writes what each invalid unit becomes.
struct IntoUtf8<'d, S> {
    dst: &'d mut [u8],
    written: usize,
    source: core::marker::PhantomData<S>,
}

impl<S> IntoUtf8<'_, S> {
    /// Appends `bytes`; false (writing nothing) when they do not fit.
    #[inline]
    fn put(&mut self, bytes: &[u8]) -> bool {
        let Some(out) = self.dst.get_mut(self.written..self.written + bytes.len()) else {
            return false;
        };
        out.copy_from_slice(bytes);
        self.written += bytes.len();
        true
    }
}

impl<S: WideSource> pieces::Format for IntoUtf8<'_, S> {
    type Unit = S::Unit;
    type Kind = Stop;

    #[inline]
    fn check(&mut self, engine: &Engine, src: &[S::Unit]) -> Result<(), (usize, Problem<Stop>)> {
        match S::convert(engine, src, &mut self.dst[self.written..]) {
            Ok(n) => {
                self.written += n;
                Ok(())
            }
            Err(e) => {
                self.written += e.written();
                let problem = if e.is_output_too_small() {
                    Problem {
                        len: Some(0),
                        kind: Stop::Full,
                    }
                } else {
                    let unit = S::value(src[e.read()]);
                    Problem {
                        len: Some(1),
                        kind: Stop::Invalid(unit),
                    }
                };
                Err((e.read(), problem))
            }
        }
    }

    #[inline]
    fn next(&mut self, src: &[S::Unit]) -> Option<Result<usize, Problem<Stop>>> {
        Some(match S::next(src) {
            Ok((c, units)) if self.put(c.encode_utf8(&mut [0; 4]).as_bytes()) => Ok(units),
            Ok(_) => Err(Problem {
                len: Some(0),
                kind: Stop::Full,
            }),
            Err(unit) => Err(Problem {
                len: Some(1),
                kind: Stop::Invalid(unit),
            }),
        })
    }
}

/// UTF-16 or UTF-32 to UTF-8 under `mode`: [`Pieces`] with [`IntoUtf8`]; each
/// invalid unit becomes what the mode says.
pub(super) fn wide_to_utf8<S: WideSource>(
    engine: &Engine,
    src: &[S::Unit],
    dst: &mut [u8],
    mode: ErrorMode,
) -> Result<usize, S::Error> {
    let into = IntoUtf8::<S> {
        dst,
        written: 0,
        source: core::marker::PhantomData,
    };
    let mut pieces = Pieces::new(*engine, into, src);
    let mut read = 0;
    while let Some(piece) = pieces.next() {
        read += piece.valid.len();
        let Some(problem) = piece.problem else {
            break;
        };
        let out = pieces.format_mut();
        let unit = match problem.kind {
            Stop::Full => return Err(S::error(read, out.written, true, src)),
            Stop::Invalid(unit) => unit,
        };
        if mode == ErrorMode::Strict {
            return Err(S::error(read, out.written, false, src));
        }
        let mut buf = [0u8; 4];
        let Some(bytes) = mode.replace_unit(unit, &mut buf) else {
            return Err(S::error(read, out.written, false, src));
        };
        if !out.put(bytes) {
            return Err(S::error(read, out.written, true, src));
        }
        read += piece.invalid.len();
    }
    Ok(pieces.format().written)
}

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
#[inline]
pub fn utf16_to_utf8_with(
    src: &[u16],
    dst: &mut [u8],
    mode: ErrorMode,
) -> Result<usize, Utf16Error> {
    Engine::active().utf16_to_utf8_with(src, dst, mode)
}

impl Engine {
    /// [`utf16_to_utf8_with`] with this engine's kernel.
    ///
    /// ```
    /// use utfast::ErrorMode;
    /// let mut out = [0u8; 12];
    /// let n = utfast::Engine::active().utf16_to_utf8_with(&[0x61, 0xD800, 0x62], &mut out, ErrorMode::Replace).unwrap();
    /// assert_eq!(&out[..n], "a\u{FFFD}b".as_bytes());
    /// let n = utfast::Engine::active().utf16_to_utf8_with(&[0x61, 0xDCFF], &mut out, ErrorMode::SurrogateEscape).unwrap();
    /// assert_eq!(&out[..n], b"a\xFF");
    /// ```
    #[inline]
    pub fn utf16_to_utf8_with(
        &self,
        src: &[u16],
        dst: &mut [u8],
        mode: ErrorMode,
    ) -> Result<usize, Utf16Error> {
        if cfg!(target_endian = "big") {
            wide_to_utf8::<FromUtf16<true>>(self, src, dst, mode)
        } else {
            wide_to_utf8::<FromUtf16<false>>(self, src, dst, mode)
        }
    }
}

/// [`utf16_to_utf8_with`] reading UTF-16LE units.
///
/// ```
/// let mut out = [0u8; 6];
/// let n = utfast::utf16le_to_utf8_with(&[0xDC00u16.to_le()], &mut out, utfast::ErrorMode::Replace).unwrap();
/// assert_eq!(&out[..n], "\u{FFFD}".as_bytes());
/// ```
#[inline]
pub fn utf16le_to_utf8_with(
    src: &[u16],
    dst: &mut [u8],
    mode: ErrorMode,
) -> Result<usize, Utf16Error> {
    Engine::active().utf16le_to_utf8_with(src, dst, mode)
}

impl Engine {
    /// [`utf16le_to_utf8_with`] with this engine's kernel.
    ///
    /// ```
    /// let mut out = [0u8; 6];
    /// let n = utfast::Engine::active().utf16le_to_utf8_with(&[0xDC00u16.to_le()], &mut out, utfast::ErrorMode::Replace).unwrap();
    /// assert_eq!(&out[..n], "\u{FFFD}".as_bytes());
    /// ```
    #[inline]
    pub fn utf16le_to_utf8_with(
        &self,
        src: &[u16],
        dst: &mut [u8],
        mode: ErrorMode,
    ) -> Result<usize, Utf16Error> {
        wide_to_utf8::<FromUtf16<false>>(self, src, dst, mode)
    }
}

/// [`utf16_to_utf8_with`] reading UTF-16BE units.
///
/// ```
/// let mut out = [0u8; 6];
/// let n = utfast::utf16be_to_utf8_with(&[0xDC80u16.to_be()], &mut out, utfast::ErrorMode::SurrogateEscape).unwrap();
/// assert_eq!(&out[..n], b"\x80");
/// ```
#[inline]
pub fn utf16be_to_utf8_with(
    src: &[u16],
    dst: &mut [u8],
    mode: ErrorMode,
) -> Result<usize, Utf16Error> {
    Engine::active().utf16be_to_utf8_with(src, dst, mode)
}

impl Engine {
    /// [`utf16be_to_utf8_with`] with this engine's kernel.
    ///
    /// ```
    /// let mut out = [0u8; 6];
    /// let n = utfast::Engine::active().utf16be_to_utf8_with(&[0xDC80u16.to_be()], &mut out, utfast::ErrorMode::SurrogateEscape).unwrap();
    /// assert_eq!(&out[..n], b"\x80");
    /// ```
    #[inline]
    pub fn utf16be_to_utf8_with(
        &self,
        src: &[u16],
        dst: &mut [u8],
        mode: ErrorMode,
    ) -> Result<usize, Utf16Error> {
        wide_to_utf8::<FromUtf16<true>>(self, src, dst, mode)
    }
}

/// UTF-32 to UTF-8 under `mode`, like [`utf16_to_utf8_with`]: a surrogate or a
/// value above U+10FFFF is the invalid unit. `dst.len() >= 4 * src.len()`
/// always suffices.
///
/// ```
/// let mut out = [0u8; 8];
/// let n = utfast::utf32_to_utf8_with(&[0x41, 0x11_0000], &mut out, utfast::ErrorMode::Replace).unwrap();
/// assert_eq!(&out[..n], "A\u{FFFD}".as_bytes());
/// ```
#[inline]
pub fn utf32_to_utf8_with(
    src: &[u32],
    dst: &mut [u8],
    mode: ErrorMode,
) -> Result<usize, Utf32Error> {
    Engine::active().utf32_to_utf8_with(src, dst, mode)
}

impl Engine {
    /// [`utf32_to_utf8_with`] with this engine's kernel.
    ///
    /// ```
    /// let mut out = [0u8; 8];
    /// let n = utfast::Engine::active().utf32_to_utf8_with(&[0x41, 0x11_0000], &mut out, utfast::ErrorMode::Replace).unwrap();
    /// assert_eq!(&out[..n], "A\u{FFFD}".as_bytes());
    /// ```
    #[inline]
    pub fn utf32_to_utf8_with(
        &self,
        src: &[u32],
        dst: &mut [u8],
        mode: ErrorMode,
    ) -> Result<usize, Utf32Error> {
        wide_to_utf8::<FromUtf32>(self, src, dst, mode)
    }
}
