//! The conveniences that return a `String`, a `Cow` or a `Vec`: `from_utf8_lossy`
//! (borrowed when valid), `utf8_to_string_with`, the `_vec_with` and `_lossy`
//! conversions.

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
        match to_string_with(self, src, ErrorMode::Replace, |s| {
            engine.ops().check_utf8(s)
        }) {
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
        to_string_with(self, src, mode, |s| engine.ops().check_utf8(s))
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

/// UTF-8 to a `Vec<u16>` (machine byte order) under `mode`, like
/// [`utf8_to_utf16_with`].
///
/// ```
/// use utfast::ErrorMode;
/// let units = utfast::utf8_to_utf16_vec_with(b"\xFFok", ErrorMode::SurrogateEscape).unwrap();
/// assert_eq!(units, vec![0xDCFF, 0x6F, 0x6B]);
/// ```
#[inline]
pub fn utf8_to_utf16_vec_with(src: &[u8], mode: ErrorMode) -> Result<Vec<u16>, Utf8Error> {
    Engine::active().utf8_to_utf16_vec_with(src, mode)
}

impl Engine {
    /// [`utf8_to_utf16_vec_with`] with this engine's kernel.
    ///
    /// ```
    /// use utfast::ErrorMode;
    /// let units = utfast::Engine::active().utf8_to_utf16_vec_with(b"\xFFok", ErrorMode::SurrogateEscape).unwrap();
    /// assert_eq!(units, vec![0xDCFF, 0x6F, 0x6B]);
    /// ```
    #[inline]
    pub fn utf8_to_utf16_vec_with(
        &self,
        src: &[u8],
        mode: ErrorMode,
    ) -> Result<Vec<u16>, Utf8Error> {
        wide_vec!(self, src, src.len(), utf8_to_utf16_with, mode)
    }
}

/// UTF-8 to a `Vec<u32>` under `mode`, like [`utf8_to_utf32_with`].
///
/// ```
/// let values = utfast::utf8_to_utf32_vec_with(b"\x80", utfast::ErrorMode::Windows1252).unwrap();
/// assert_eq!(values, vec![0x20AC]);
/// ```
#[inline]
pub fn utf8_to_utf32_vec_with(src: &[u8], mode: ErrorMode) -> Result<Vec<u32>, Utf8Error> {
    Engine::active().utf8_to_utf32_vec_with(src, mode)
}

impl Engine {
    /// [`utf8_to_utf32_vec_with`] with this engine's kernel.
    ///
    /// ```
    /// let values = utfast::Engine::active().utf8_to_utf32_vec_with(b"\x80", utfast::ErrorMode::Windows1252).unwrap();
    /// assert_eq!(values, vec![0x20AC]);
    /// ```
    #[inline]
    pub fn utf8_to_utf32_vec_with(
        &self,
        src: &[u8],
        mode: ErrorMode,
    ) -> Result<Vec<u32>, Utf8Error> {
        wide_vec!(self, src, src.len(), utf8_to_utf32_with, mode)
    }
}

/// UTF-8 to UTF-16 (machine byte order), each invalid piece replaced by
/// U+FFFD: the UTF-16 of `String::from_utf8_lossy(src)`.
///
/// ```
/// let bytes = b"\xE2\x82\xAC \xE2\x82";
/// let expected: Vec<u16> = String::from_utf8_lossy(bytes).encode_utf16().collect();
/// assert_eq!(utfast::utf8_to_utf16_lossy(bytes), expected);
/// ```
#[inline]
pub fn utf8_to_utf16_lossy(src: &[u8]) -> Vec<u16> {
    Engine::active().utf8_to_utf16_lossy(src)
}

impl Engine {
    /// [`utf8_to_utf16_lossy`] with this engine's kernel.
    ///
    /// ```
    /// let bytes = b"\xE2\x82\xAC \xE2\x82";
    /// let expected: Vec<u16> = String::from_utf8_lossy(bytes).encode_utf16().collect();
    /// assert_eq!(utfast::Engine::active().utf8_to_utf16_lossy(bytes), expected);
    /// ```
    #[inline]
    pub fn utf8_to_utf16_lossy(&self, src: &[u8]) -> Vec<u16> {
        infallible(wide_vec!(
            self,
            src,
            src.len(),
            utf8_to_utf16_with,
            ErrorMode::Replace
        ))
    }
}

/// UTF-8 to UTF-32, each invalid piece replaced by U+FFFD: the scalar
/// values of `String::from_utf8_lossy(src)`.
///
/// ```
/// assert_eq!(utfast::utf8_to_utf32_lossy(b"a\xC0\x80"), vec![0x61, 0xFFFD, 0xFFFD]);
/// ```
#[inline]
pub fn utf8_to_utf32_lossy(src: &[u8]) -> Vec<u32> {
    Engine::active().utf8_to_utf32_lossy(src)
}

impl Engine {
    /// [`utf8_to_utf32_lossy`] with this engine's kernel.
    ///
    /// ```
    /// assert_eq!(utfast::Engine::active().utf8_to_utf32_lossy(b"a\xC0\x80"), vec![0x61, 0xFFFD, 0xFFFD]);
    /// ```
    #[inline]
    pub fn utf8_to_utf32_lossy(&self, src: &[u8]) -> Vec<u32> {
        infallible(wide_vec!(
            self,
            src,
            src.len(),
            utf8_to_utf32_with,
            ErrorMode::Replace
        ))
    }
}

/// UTF-16 (machine byte order) to a `String`, each unpaired surrogate
/// replaced by U+FFFD: `String::from_utf16_lossy`.
///
/// ```
/// let units = [0x48, 0xD834, 0x69];
/// assert_eq!(utfast::utf16_to_string_lossy(&units), String::from_utf16_lossy(&units));
/// ```
#[inline]
pub fn utf16_to_string_lossy(src: &[u16]) -> String {
    Engine::active().utf16_to_string_lossy(src)
}

impl Engine {
    /// [`utf16_to_string_lossy`] with this engine's kernel.
    ///
    /// ```
    /// let units = [0x48, 0xD834, 0x69];
    /// assert_eq!(utfast::Engine::active().utf16_to_string_lossy(&units), String::from_utf16_lossy(&units));
    /// ```
    #[inline]
    pub fn utf16_to_string_lossy(&self, src: &[u16]) -> String {
        lossy_string(filled(3 * src.len(), |out| {
            self.utf16_to_utf8_with(src, out, ErrorMode::Replace)
        }))
    }
}

/// [`utf16_to_string_lossy`] for UTF-16LE units.
///
/// ```
/// assert_eq!(utfast::utf16le_to_string_lossy(&[0x41u16.to_le(), 0xD800u16.to_le()]), "A\u{FFFD}");
/// ```
#[inline]
pub fn utf16le_to_string_lossy(src: &[u16]) -> String {
    Engine::active().utf16le_to_string_lossy(src)
}

impl Engine {
    /// [`utf16le_to_string_lossy`] with this engine's kernel.
    ///
    /// ```
    /// assert_eq!(utfast::Engine::active().utf16le_to_string_lossy(&[0x41u16.to_le(), 0xD800u16.to_le()]), "A\u{FFFD}");
    /// ```
    #[inline]
    pub fn utf16le_to_string_lossy(&self, src: &[u16]) -> String {
        lossy_string(filled(3 * src.len(), |out| {
            self.utf16le_to_utf8_with(src, out, ErrorMode::Replace)
        }))
    }
}

/// [`utf16_to_string_lossy`] for UTF-16BE units.
///
/// ```
/// assert_eq!(utfast::utf16be_to_string_lossy(&[0x41u16.to_be(), 0xDC00u16.to_be()]), "A\u{FFFD}");
/// ```
#[inline]
pub fn utf16be_to_string_lossy(src: &[u16]) -> String {
    Engine::active().utf16be_to_string_lossy(src)
}

impl Engine {
    /// [`utf16be_to_string_lossy`] with this engine's kernel.
    ///
    /// ```
    /// assert_eq!(utfast::Engine::active().utf16be_to_string_lossy(&[0x41u16.to_be(), 0xDC00u16.to_be()]), "A\u{FFFD}");
    /// ```
    #[inline]
    pub fn utf16be_to_string_lossy(&self, src: &[u16]) -> String {
        lossy_string(filled(3 * src.len(), |out| {
            self.utf16be_to_utf8_with(src, out, ErrorMode::Replace)
        }))
    }
}

/// UTF-32 to a `String`, each surrogate or value above U+10FFFF replaced by
/// U+FFFD.
///
/// ```
/// assert_eq!(utfast::utf32_to_string_lossy(&[0x61, 0xD800, 0x1F600]), "a\u{FFFD}😀");
/// ```
#[inline]
pub fn utf32_to_string_lossy(src: &[u32]) -> String {
    Engine::active().utf32_to_string_lossy(src)
}

impl Engine {
    /// [`utf32_to_string_lossy`] with this engine's kernel.
    ///
    /// ```
    /// assert_eq!(utfast::Engine::active().utf32_to_string_lossy(&[0x61, 0xD800, 0x1F600]), "a\u{FFFD}😀");
    /// ```
    #[inline]
    pub fn utf32_to_string_lossy(&self, src: &[u32]) -> String {
        lossy_string(filled(4 * src.len(), |out| {
            self.utf32_to_utf8_with(src, out, ErrorMode::Replace)
        }))
    }
}

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
#[inline]
pub fn utf16_to_utf8_vec_with(src: &[u16], mode: ErrorMode) -> Result<Vec<u8>, Utf16Error> {
    Engine::active().utf16_to_utf8_vec_with(src, mode)
}

impl Engine {
    /// [`utf16_to_utf8_vec_with`] with this engine's kernel.
    ///
    /// ```
    /// use utfast::ErrorMode;
    /// let bytes = b"caf\xE9 \xFF\xFE".to_vec();
    /// let units = utfast::utf8_to_utf16_vec_with(&bytes, ErrorMode::SurrogateEscape).unwrap();
    /// assert_eq!(utfast::Engine::active().utf16_to_utf8_vec_with(&units, ErrorMode::SurrogateEscape).unwrap(), bytes);
    /// ```
    #[inline]
    pub fn utf16_to_utf8_vec_with(
        &self,
        src: &[u16],
        mode: ErrorMode,
    ) -> Result<Vec<u8>, Utf16Error> {
        filled(3 * src.len(), |out| self.utf16_to_utf8_with(src, out, mode))
    }
}

/// UTF-32 to UTF-8 bytes under `mode`, like [`utf32_to_utf8_with`].
///
/// ```
/// use utfast::ErrorMode;
/// assert_eq!(utfast::utf32_to_utf8_vec_with(&[0x61, 0xDC80], ErrorMode::SurrogateEscape).unwrap(), b"a\x80");
/// ```
#[inline]
pub fn utf32_to_utf8_vec_with(src: &[u32], mode: ErrorMode) -> Result<Vec<u8>, Utf32Error> {
    Engine::active().utf32_to_utf8_vec_with(src, mode)
}

impl Engine {
    /// [`utf32_to_utf8_vec_with`] with this engine's kernel.
    ///
    /// ```
    /// use utfast::ErrorMode;
    /// assert_eq!(utfast::Engine::active().utf32_to_utf8_vec_with(&[0x61, 0xDC80], ErrorMode::SurrogateEscape).unwrap(), b"a\x80");
    /// ```
    #[inline]
    pub fn utf32_to_utf8_vec_with(
        &self,
        src: &[u32],
        mode: ErrorMode,
    ) -> Result<Vec<u8>, Utf32Error> {
        filled(4 * src.len(), |out| self.utf32_to_utf8_with(src, out, mode))
    }
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
