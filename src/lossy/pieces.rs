//! The one way to walk past errors: [`Pieces`] splits input of any encoding
//! ([`Format`]: UTF-8, UTF-16, UTF-32, a UTF-8 variant) into valid stretches, each
//! followed by one invalid piece, as std's `Utf8Chunks` does for UTF-8. The
//! public [`Utf8Chunks`], the stream transcoder's decoders,
//! lossy UTF-16/UTF-32 decoding and UTF-16 repair are built on it.
//!
//! The kernel finds each valid stretch (it stops at the first error and says
//! where and why). After an error, up to [`NEIGHBOURHOOD`] units are read one
//! character at a time in scalar code, so that dense errors (binary data) do
//! not pay the kernel's start-up for each; the first stretch that long without
//! an error goes back to the kernel. Pieces are what the reference names: a
//! maximal subpart of UTF-8, one unpaired surrogate, one invalid UTF-32 value.

use super::*;
use crate::variant::{VariantError, VariantErrorKind};

/// Why a piece is invalid: its length (`None` when it is an incomplete
/// sequence cut off by the end of the input, which is all of the rest) and kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Problem<K> {
    pub(crate) len: Option<usize>,
    pub(crate) kind: K,
}

/// An input encoding [`Pieces`] can split. A format may also take in what it
/// reads (convert it as it goes): `check` and `next` then do so for the valid
/// units they pass over, and each invalid piece is left to the caller.
pub(crate) trait Format {
    /// The code unit.
    type Unit: Copy;
    /// The kind of an invalid piece.
    type Kind: Copy;

    /// The kernel: `Ok` when all of `src` is valid, else the length of its valid
    /// prefix and the problem of the piece after it.
    fn check(
        &mut self,
        engine: &Engine,
        src: &[Self::Unit],
    ) -> Result<(), (usize, Problem<Self::Kind>)>;

    /// Scalar code: a valid prefix of `src` (not empty) at least one unit long,
    /// or the problem of the piece at its start; `None` when this format leaves
    /// even the neighbourhood of an error to the kernel.
    fn next(&mut self, src: &[Self::Unit]) -> Option<Result<usize, Problem<Self::Kind>>>;
}

/// A valid stretch and the invalid piece after it (empty, with no problem, at
/// the end of input that ends validly).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Piece<'a, F: Format> {
    pub(crate) valid: &'a [F::Unit],
    pub(crate) invalid: &'a [F::Unit],
    pub(crate) problem: Option<Problem<F::Kind>>,
}

/// The [`Piece`]s of an input, in order; the valid stretches and invalid pieces
/// together are the whole input.
#[derive(Clone, Debug)]
pub(crate) struct Pieces<'a, F: Format> {
    rest: &'a [F::Unit],
    engine: Engine,
    format: F,
    after_error: bool,
}

impl<'a, F: Format> Pieces<'a, F> {
    /// The pieces of `src` in `format`, found by `engine`'s kernel.
    #[inline]
    pub(crate) fn new(engine: Engine, format: F, src: &'a [F::Unit]) -> Self {
        Pieces {
            rest: src,
            engine,
            format,
            after_error: false,
        }
    }

    /// Like [`Pieces::new`] where `src` follows an error: its start is read in
    /// scalar code.
    #[inline]
    pub(crate) fn after_error(engine: Engine, format: F, src: &'a [F::Unit]) -> Self {
        Pieces {
            after_error: true,
            ..Pieces::new(engine, format, src)
        }
    }

    /// The format, with what it has taken in so far.
    #[inline]
    pub(crate) fn format(&self) -> &F {
        &self.format
    }

    /// The format, to take in an invalid piece the caller has dealt with.
    #[inline]
    pub(crate) fn format_mut(&mut self) -> &mut F {
        &mut self.format
    }

    /// Where the first error of the rest is, and its problem: after an error,
    /// scalar code reads the neighbourhood first; the kernel reads what remains.
    #[inline]
    fn first_error(&mut self) -> Option<(usize, Problem<F::Kind>)> {
        let rest = self.rest;
        let mut i = 0;
        if self.after_error {
            while i < rest.len() && i < NEIGHBOURHOOD {
                match self.format.next(&rest[i..]) {
                    Some(Ok(width)) => i += width,
                    Some(Err(problem)) => return Some((i, problem)),
                    None => break,
                }
            }
            if i >= rest.len() {
                return None;
            }
        }
        match self.format.check(&self.engine, &rest[i..]) {
            Ok(()) => None,
            Err((valid, problem)) => Some((i + valid, problem)),
        }
    }
}

impl<'a, F: Format> Iterator for Pieces<'a, F> {
    type Item = Piece<'a, F>;

    #[inline]
    fn next(&mut self) -> Option<Piece<'a, F>> {
        if self.rest.is_empty() {
            return None;
        }
        let error = self.first_error();
        let (valid, invalid) = match error {
            None => (self.rest.len(), 0),
            Some((at, problem)) => (at, problem.len.unwrap_or(self.rest.len() - at)),
        };
        let (valid, tail) = self.rest.split_at(valid);
        let (invalid, rest) = tail.split_at(invalid.min(tail.len()));
        self.rest = rest;
        self.after_error = error.is_some();
        Some(Piece {
            valid,
            invalid,
            problem: error.map(|(_, problem)| problem),
        })
    }
}

impl<F: Format> core::iter::FusedIterator for Pieces<'_, F> {}

/// UTF-8: std's maximal subparts.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Utf8;

impl Format for Utf8 {
    type Unit = u8;
    type Kind = Utf8ErrorKind;

    #[inline]
    fn check(
        &mut self,
        engine: &Engine,
        src: &[u8],
    ) -> Result<(), (usize, Problem<Utf8ErrorKind>)> {
        engine.ops().check_utf8(src).map_err(|e| {
            let problem = Problem {
                len: e.error_len(),
                kind: e.kind(),
            };
            (e.valid_up_to(), problem)
        })
    }

    #[inline]
    fn next(&mut self, src: &[u8]) -> Option<Result<usize, Problem<Utf8ErrorKind>>> {
        // Eight ASCII bytes at once, the common case after an error in text.
        if let Some(Ok(word)) = src.get(..8).map(<[u8; 8]>::try_from) {
            if u64::from_le_bytes(word) & 0x8080_8080_8080_8080 == 0 {
                return Some(Ok(8));
            }
        }
        Some(check_char(src).map_err(|(len, kind)| Problem {
            len: (len > 0).then_some(len as usize),
            kind,
        }))
    }
}

/// UTF-16 in a byte order: one unpaired surrogate per piece.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Utf16(pub(crate) ByteOrder);

impl Format for Utf16 {
    type Unit = u16;
    type Kind = Utf16ErrorKind;

    #[inline]
    fn check(
        &mut self,
        engine: &Engine,
        src: &[u16],
    ) -> Result<(), (usize, Problem<Utf16ErrorKind>)> {
        engine.ops().check_utf16(src, self.0).map_err(|e| {
            let problem = Problem {
                len: Some(1),
                kind: e.kind(),
            };
            (e.valid_up_to(), problem)
        })
    }

    #[inline]
    fn next(&mut self, src: &[u16]) -> Option<Result<usize, Problem<Utf16ErrorKind>>> {
        let order = self.0;
        let unit = |i: usize| src.get(i).map(|&u| order.read_u16(u));
        let kind = match unit(0)? {
            0xD800..=0xDBFF => match unit(1) {
                Some(0xDC00..=0xDFFF) => return Some(Ok(2)),
                Some(_) => Utf16ErrorKind::UnpairedHighSurrogate,
                None => Utf16ErrorKind::TruncatedAtEnd,
            },
            0xDC00..=0xDFFF => Utf16ErrorKind::UnpairedLowSurrogate,
            _ => return Some(Ok(1)),
        };
        Some(Err(Problem { len: Some(1), kind }))
    }
}

/// UTF-32: one invalid value per piece.
#[derive(Clone, Copy, Debug)]
#[cfg_attr(not(feature = "alloc"), allow(dead_code))] // used by the streaming decoders
pub(crate) struct Utf32;

impl Format for Utf32 {
    type Unit = u32;
    type Kind = Utf32ErrorKind;

    #[inline]
    fn check(
        &mut self,
        engine: &Engine,
        src: &[u32],
    ) -> Result<(), (usize, Problem<Utf32ErrorKind>)> {
        engine.ops().check_utf32(src).map_err(|e| {
            let problem = Problem {
                len: Some(1),
                kind: e.kind(),
            };
            (e.valid_up_to(), problem)
        })
    }

    #[inline]
    fn next(&mut self, src: &[u32]) -> Option<Result<usize, Problem<Utf32ErrorKind>>> {
        let kind = match *src.first()? {
            0xD800..=0xDFFF => Utf32ErrorKind::Surrogate,
            0x11_0000.. => Utf32ErrorKind::TooLarge,
            _ => return Some(Ok(1)),
        };
        Some(Err(Problem { len: Some(1), kind }))
    }
}

/// A UTF-8 variant (CESU-8, Modified UTF-8, WTF-8, RFC 2279), by its engine
/// check (e.g. [`Engine::check_cesu8`]): the check reads the neighbourhood of
/// special sequences itself, so everything goes to it.
#[derive(Clone, Copy, Debug)]
#[cfg_attr(not(feature = "alloc"), allow(dead_code))] // used by the streaming decoders
pub(crate) struct Variant(pub(crate) fn(&Engine, &[u8]) -> Result<(), VariantError>);

impl Format for Variant {
    type Unit = u8;
    type Kind = VariantErrorKind;

    #[inline]
    fn check(
        &mut self,
        engine: &Engine,
        src: &[u8],
    ) -> Result<(), (usize, Problem<VariantErrorKind>)> {
        (self.0)(engine, src).map_err(|e| {
            let problem = Problem {
                len: e.error_len(),
                kind: e.kind(),
            };
            (e.valid_up_to(), problem)
        })
    }

    #[inline]
    fn next(&mut self, _src: &[u8]) -> Option<Result<usize, Problem<VariantErrorKind>>> {
        None
    }
}
