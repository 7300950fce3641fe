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
        let mut buf = [0u8; super::mode::ESCAPE_MAX];
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

/// UTF-16 in `order` to UTF-8 under `mode` (`utf16::to_utf8_with`).
#[inline]
pub(crate) fn utf16_to_utf8_with(
    engine: &Engine,
    src: &[u16],
    dst: &mut [u8],
    order: ByteOrder,
    mode: ErrorMode,
) -> Result<usize, Utf16Error> {
    match order {
        ByteOrder::Little => wide_to_utf8::<FromUtf16<false>>(engine, src, dst, mode),
        ByteOrder::Big => wide_to_utf8::<FromUtf16<true>>(engine, src, dst, mode),
    }
}

/// UTF-32 to UTF-8 under `mode` (`utf32::to_utf8_with`).
#[inline]
pub(crate) fn utf32_to_utf8_with(
    engine: &Engine,
    src: &[u32],
    dst: &mut [u8],
    mode: ErrorMode,
) -> Result<usize, Utf32Error> {
    wide_to_utf8::<FromUtf32>(engine, src, dst, mode)
}
