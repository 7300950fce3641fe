//! UTF-8 split into its valid stretches and invalid pieces: [`Utf8Chunks`] (std's
//! `Utf8Chunks`), and the split of one stretch that the lossy loops share.

use super::*;

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
        let (valid, invalid) =
            split_utf8(self.rest, self.after_error, |s| engine.ops().check_utf8(s));
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
