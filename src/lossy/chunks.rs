//! UTF-8 split into its valid stretches and invalid pieces: [`Utf8Chunks`] (std's
//! `Utf8Chunks`), the public face of [`Pieces`] for UTF-8.

use super::*;

/// A piece of UTF-8 input: a valid stretch and the invalid piece that follows it
/// (empty at the end of the input). What [`utf8_chunks`](crate::utf8_chunks) yields; the same as
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

/// An iterator over the [`Utf8Chunk`]s of a byte slice: [`utf8_chunks`](crate::utf8_chunks).
#[derive(Clone, Debug)]
pub struct Utf8Chunks<'a> {
    pieces: Pieces<'a, pieces::Utf8>,
}

impl<'a> Iterator for Utf8Chunks<'a> {
    type Item = Utf8Chunk<'a>;

    #[inline]
    fn next(&mut self) -> Option<Utf8Chunk<'a>> {
        let piece = self.pieces.next()?;
        Some(Utf8Chunk {
            // SAFETY: `Pieces` hands out as valid only what the kernel or
            // `check_char` (both checked against std) found to be valid UTF-8.
            valid: unsafe { core::str::from_utf8_unchecked(piece.valid) },
            invalid: piece.invalid,
        })
    }
}

impl core::iter::FusedIterator for Utf8Chunks<'_> {}

impl<'a> Utf8Chunks<'a> {
    /// The chunks of `src`, found by `engine`'s kernel.
    pub(crate) fn new(engine: &Engine, src: &'a [u8]) -> Utf8Chunks<'a> {
        Utf8Chunks {
            pieces: Pieces::new(*engine, pieces::Utf8, src),
        }
    }
}
