//! # utfast
//!
//! Validate and transcode Unicode text at memory speed, with exactly the answers
//! of Rust's std.
//!
//! A run-time dispatcher picks the fastest kernel for the CPU (scalar, SSE4.2, AVX2,
//! AVX-512, NEON); every kernel returns exactly what the reference in
//! [`reference`](mod@reference) returns, and that is exactly what `std::str::from_utf8` returns.
//!
//! ```
//! // Drop-in for std::str::from_utf8:
//! assert_eq!(utfast::from_utf8(b"na\xC3\xAFve"), Ok("naïve"));
//!
//! // Errors carry std's positions and say why:
//! let err = utfast::from_utf8(b"ab\xED\xA0\x80").unwrap_err();
//! assert_eq!(err.valid_up_to(), 2);
//! assert_eq!(err.error_len(), Some(1));
//! assert_eq!(err.kind(), utfast::Utf8ErrorKind::Surrogate);
//!
//! // The fastest yes/no answer:
//! assert!(utfast::validate_utf8("ℝ ⊂ ℂ".as_bytes()));
//!
//! // Conversions live in a module per input format:
//! let units = utfast::utf8::to_utf16_vec("€1".as_bytes(), utfast::ByteOrder::NATIVE).unwrap();
//! assert_eq!(utfast::utf16::to_string(&units, utfast::ByteOrder::NATIVE).unwrap(), "€1");
//!
//! // A specific kernel, e.g. to compare them:
//! use utfast::{Engine, Kernel};
//! for kernel in Kernel::available() {
//!     let engine = Engine::new(kernel).unwrap();
//!     assert!(engine.validate_utf8(b"plain ASCII"));
//! }
//! ```
//!
//! # Map
//!
//! - The root: std's shapes ([`from_utf8`], [`from_utf8_mut`], [`validate_utf8`],
//!   [`string_from_utf8`], [`from_utf8_lossy`], [`utf8_chunks`]), the error
//!   types, [`Encoding`], [`ErrorMode`], [`ByteOrder`], [`Kernel`] and [`Engine`].
//! - [`utf8`], [`utf16`], [`utf32`], [`latin1`]: conversions from each format
//!   (strict, under an [`ErrorMode`], into `Vec`/`String`), validation and
//!   output lengths; UTF-16 functions take the [`ByteOrder`] of their units.
//! - [`variant`]: CESU-8, Modified UTF-8, WTF-8 and RFC 2279.
//! - [`stream`]: input in chunks ([`stream::Transcoder`], [`stream::Utf8Validator`]).
//! - [`rows`]: Arrow-style columns (values + offsets) validated and converted at once.
//! - [`detect`]: which encoding a byte string is in.
//! - [`reference`](mod@reference): the scalar reference every kernel matches.
//!
//! Every operation is both a free function (the active kernel) and an [`Engine`]
//! method (one kernel): `utf16::to_utf8(..)` is `Engine::active().utf16_to_utf8(..)`.
//! Inputs shorter than one 64-byte block take an inlined scalar path (no dispatch,
//! no vector set-up) where that pays; longer ones go to the active kernel.
//!
//! Features: `std` (default: run-time CPU detection, `UTFAST_KERNEL`,
//! `std::io` adapters, `std::error::Error`), `alloc` (`Vec`/`String` results,
//! streaming, columns), `parallel` (large inputs on several threads). Without
//! `std` the kernel is chosen at compile time from the enabled target features.
#![cfg_attr(not(feature = "std"), no_std)]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;

mod api;
mod arch;
mod boundary;
pub mod detect;
mod dispatch;
mod encoding;
mod error;
mod generic;
pub mod latin1;
mod lossy;
mod operations;
#[cfg(feature = "parallel")]
pub mod parallel;
mod position;
pub mod reference;
pub mod rows;
/// Generated benchmark text shared by the CLI's `bench`, the benches and tests;
/// not product API (feature `sample`; hidden from the docs).
#[cfg(feature = "sample")]
#[doc(hidden)]
pub mod sample;
#[cfg(feature = "alloc")]
pub mod stream;
mod transcode;
pub mod utf16;
pub mod utf32;
pub mod utf8;
pub mod variant;

use api::api;
#[cfg(feature = "std")]
pub use dispatch::KernelOverrideError;
pub use dispatch::{Engine, Kernel, UnsupportedKernel};
pub use encoding::{ByteOrder, Encoding};
#[cfg(feature = "alloc")]
pub use error::FromUtf8Error;
pub use error::{ConversionError, OutputTooSmall, Utf8Error, Utf8ErrorKind};
pub use lossy::ErrorMode;

/// The README's examples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// Inputs of up to one block (64 bytes) take the inlined path of the free
/// functions: an ASCII test of a few overlapping words, no dispatch.
pub(crate) const SHORT_INPUT: usize = 65;

/// Short non-ASCII inputs at least this long still go to the vector kernel (a few
/// vectors beat the scalar loop); shorter ones run the scalar DFA inline.
const SHORT_VECTOR_MIN: usize = 16;

/// Validates `src` with the active kernel, or inline when it is short (unless
/// the kernel takes a short string in one vector, which is quicker still).
#[inline(always)]
fn check_utf8(src: &[u8]) -> Result<(), Utf8Error> {
    let engine = dispatch::dispatching();
    if src.len() < SHORT_INPUT && !engine.short_utf8_in_one_vector() {
        if arch::dfa::short_is_ascii(src) {
            return Ok(());
        }
        if src.len() < SHORT_VECTOR_MIN {
            return arch::dfa::check_short(src);
        }
    }
    engine.ops().check_utf8(src)
}

api! { "crate";
    /// True when `src` is valid UTF-8.
    ///
    /// The fastest check: no error position is computed. Use [`from_utf8`] to learn
    /// where and why input is invalid.
    ///
    /// ```
    /// assert!(utfast::validate_utf8("Ünïcödé".as_bytes()));
    /// assert!(!utfast::validate_utf8(b"\xF4\x90\x80\x80")); // above U+10FFFF
    /// ```
    pub fn validate_utf8(src: &[u8]) -> bool
        as validate_utf8;
        free {
            let engine = dispatch::dispatching();
            if src.len() < SHORT_INPUT && !engine.short_utf8_in_one_vector() {
                if arch::dfa::short_is_ascii(src) {
                    return true;
                }
                if src.len() < SHORT_VECTOR_MIN {
                    return arch::dfa::check_short(src).is_ok();
                }
            }
            engine.validate_utf8(src)
        }
        |engine| engine.ops().validate_utf8(src);

    /// Converts bytes to `&str` after validating them: a drop-in replacement for
    /// `std::str::from_utf8`, with the same `valid_up_to` and `error_len` on error.
    ///
    /// ```
    /// assert_eq!(utfast::from_utf8("Ελληνικά".as_bytes()), Ok("Ελληνικά"));
    /// let bad = b"abc\xE2\x82";
    /// assert_eq!(utfast::from_utf8(bad).unwrap_err().error_len(), None);
    /// assert_eq!(
    ///     utfast::from_utf8(bad).unwrap_err().valid_up_to(),
    ///     std::str::from_utf8(bad).unwrap_err().valid_up_to()
    /// );
    /// ```
    pub fn from_utf8[<'a>](src: &'a [u8]) -> Result<&'a str, Utf8Error>
        as from_utf8;
        free {
            check_utf8(src)?;
            // SAFETY: `check_utf8` found `src` to be valid UTF-8.
            Ok(unsafe { core::str::from_utf8_unchecked(src) })
        }
        |engine| {
            engine.ops().check_utf8(src)?;
            // SAFETY: the kernel, checked against the reference, found `src` valid.
            Ok(unsafe { core::str::from_utf8_unchecked(src) })
        };

    /// Like [`from_utf8`], for a mutable slice (`std::str::from_utf8_mut`).
    ///
    /// ```
    /// let mut buf = b"hello".to_vec();
    /// let s = utfast::from_utf8_mut(&mut buf).unwrap();
    /// s.make_ascii_uppercase();
    /// assert_eq!(buf, b"HELLO");
    /// ```
    pub fn from_utf8_mut[<'a>](src: &'a mut [u8]) -> Result<&'a mut str, Utf8Error>
        as from_utf8_mut;
        free {
            check_utf8(src)?;
            // SAFETY: `check_utf8` found `src` to be valid UTF-8.
            Ok(unsafe { core::str::from_utf8_unchecked_mut(src) })
        }
        |engine| {
            engine.ops().check_utf8(src)?;
            // SAFETY: the kernel, checked against the reference, found `src` valid.
            Ok(unsafe { core::str::from_utf8_unchecked_mut(src) })
        };

    /// The valid stretches and invalid pieces of `src`, in order, like std's
    /// `<[u8]>::utf8_chunks`: each chunk is a valid `&str` and the invalid bytes
    /// after it (a maximal subpart, or the incomplete sequence at the end). Empty
    /// input yields no chunk.
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
    pub fn utf8_chunks[<'a>](src: &'a [u8]) -> utf8::Utf8Chunks<'a>
        as utf8_chunks;
        |engine| utf8::Utf8Chunks::new(engine, src);

    #[cfg(feature = "alloc")]
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
    pub fn from_utf8_lossy[<'a>](src: &'a [u8]) -> alloc::borrow::Cow<'a, str>
        as from_utf8_lossy;
        free {
            match check_utf8(src) {
                // SAFETY: `check_utf8` found `src` to be valid UTF-8.
                Ok(()) => alloc::borrow::Cow::Borrowed(unsafe { core::str::from_utf8_unchecked(src) }),
                Err(e) => alloc::borrow::Cow::Owned(lossy::lossy_slow(src, e)),
            }
        }
        |engine| {
            let checked = engine.ops().check_utf8(src);
            lossy::infallible(lossy::to_string_with(engine, src, ErrorMode::Replace, checked))
        };
}

/// Converts a byte vector to a `String` without copying (`String::from_utf8`); on
/// error the vector is given back inside the [`FromUtf8Error`].
///
/// ```
/// let s = utfast::string_from_utf8(vec![0xE2, 0x9C, 0x93]).unwrap();
/// assert_eq!(s, "✓");
/// let err = utfast::string_from_utf8(vec![b'o', b'k', 0xFF]).unwrap_err();
/// assert_eq!(err.utf8_error().valid_up_to(), 2);
/// assert_eq!(err.into_bytes(), vec![b'o', b'k', 0xFF]);
/// ```
#[cfg(feature = "alloc")]
pub fn string_from_utf8(v: alloc::vec::Vec<u8>) -> Result<alloc::string::String, FromUtf8Error> {
    match check_utf8(&v) {
        // SAFETY: `check_utf8` found `v` to be valid UTF-8.
        Ok(()) => Ok(unsafe { alloc::string::String::from_utf8_unchecked(v) }),
        Err(error) => Err(FromUtf8Error { bytes: v, error }),
    }
}
