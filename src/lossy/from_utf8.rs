//! UTF-8 to UTF-16 or UTF-32 under an [`ErrorMode`]: one strict kernel pass for
//! valid input; from the first error, the kernel flags the error spans of a
//! window at a time and only their neighbourhood is read in scalar code.

use super::*;

/// A UTF-16 or UTF-32 output of lossy UTF-8 decoding.
pub(super) trait WideTarget {
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

pub(super) struct ToUtf16<const BIG: bool>;
pub(super) struct ToUtf32;

impl<const BIG: bool> WideTarget for ToUtf16<BIG> {
    type Unit = u16;

    #[inline]
    fn convert(engine: &Engine, src: &[u8], dst: &mut [u16]) -> Result<usize, Utf8Error> {
        engine.ops().utf8_to_utf16(src, dst, order(BIG))
    }

    #[inline]
    fn convert_valid(engine: &Engine, src: &str, dst: &mut [u16]) -> Result<usize, Utf8Error> {
        engine
            .ops()
            .valid_utf8_to_utf16(src.as_bytes(), dst, order(BIG))
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
        engine.ops().utf8_to_utf32(src, dst)
    }

    #[inline]
    fn convert_valid(engine: &Engine, src: &str, dst: &mut [u32]) -> Result<usize, Utf8Error> {
        engine.ops().valid_utf8_to_utf32(src.as_bytes(), dst)
    }

    #[inline]
    fn put(dst: &mut [u32], at: usize, cp: u32) -> Option<usize> {
        *dst.get_mut(at)? = cp;
        Some(1)
    }
}

/// UTF-8 to UTF-16 or UTF-32 under `mode`: one strict pass by the kernel, which
/// is all valid input needs; from the first error on, [`walk_pieces`] gives the
/// valid stretches (converted by the kernel's no-check transcoder) and the invalid
/// pieces (replaced as the mode says).
pub(super) fn utf8_to_wide<T: WideTarget>(
    engine: &Engine,
    src: &[u8],
    dst: &mut [T::Unit],
    mode: ErrorMode,
) -> Result<usize, Utf8Error> {
    let first = match T::convert(engine, src, dst) {
        Ok(n) => return Ok(n),
        Err(e) => e,
    };
    if mode == ErrorMode::Strict || first.is_output_too_small() {
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
pub(super) fn walk_pieces<E>(
    engine: &Engine,
    src: &[u8],
    start: usize,
    mut piece: impl FnMut(usize, usize, bool) -> Result<(), E>,
) -> Result<(), E> {
    let mut spans = [(0u32, 0u32); WINDOW / crate::generic::validate_utf8::BLOCK + 1];
    let mut pos = start;
    while pos < src.len() {
        let window = &src[pos..src.len().min(pos + WINDOW)];
        let last = pos + window.len() == src.len();
        let n = engine.ops().flag_utf8(window, &mut spans);
        // Handed out up to `cursor`; read in scalar code up to `scanned`.
        let (mut cursor, mut scanned) = (0, 0);
        let mut end = window.len();
        'spans: for &(first, last_flag) in &spans[..n] {
            let stop = (last_flag as usize + 4).min(window.len());
            let mut i = scanned.max(crate::generic::validate_utf8::boundary_before(
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

/// UTF-8 to UTF-16 in `order` under `mode` (`utf8::to_utf16_with`).
#[inline]
pub(crate) fn utf8_to_utf16_with(
    engine: &Engine,
    src: &[u8],
    dst: &mut [u16],
    order: ByteOrder,
    mode: ErrorMode,
) -> Result<usize, Utf8Error> {
    match order {
        ByteOrder::Little => utf8_to_wide::<ToUtf16<false>>(engine, src, dst, mode),
        ByteOrder::Big => utf8_to_wide::<ToUtf16<true>>(engine, src, dst, mode),
    }
}

/// UTF-8 to UTF-32 under `mode` (`utf8::to_utf32_with`).
#[inline]
pub(crate) fn utf8_to_utf32_with(
    engine: &Engine,
    src: &[u8],
    dst: &mut [u32],
    mode: ErrorMode,
) -> Result<usize, Utf8Error> {
    utf8_to_wide::<ToUtf32>(engine, src, dst, mode)
}
