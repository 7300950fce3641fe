//! # utfast
//!
//! Validate Unicode text at memory speed, with exactly the answers of Rust's std.
//!
//! A run-time dispatcher picks the fastest kernel for the CPU (scalar, SSE4.2, AVX2,
//! AVX-512, NEON); every kernel returns exactly what the scalar reference in
//! [`scalar`] returns, and that is exactly what `std::str::from_utf8` returns.
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
//! // A specific kernel, e.g. to compare them:
//! use utfast::{Engine, Kernel};
//! for kernel in Kernel::available() {
//!     let engine = Engine::new(kernel).unwrap();
//!     assert!(engine.validate_utf8(b"plain ASCII"));
//! }
//! ```
//!
//! Inputs shorter than one 64-byte block take an inlined scalar path (no dispatch,
//! no vector set-up); longer ones go to the active kernel.
//!
//! Features: `std` (default: run-time CPU detection, `UTFAST_KERNEL`,
//! `std::error::Error`), `alloc` (`string_from_utf8`). Without `std` the kernel is
//! chosen at compile time from the enabled target features.
#![cfg_attr(not(feature = "std"), no_std)]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;

mod arch;
mod boundary;
mod detect;
mod dispatch;
mod encoding;
mod error;
mod generic;
mod lossy;
mod operations;
#[cfg(feature = "parallel")]
pub mod parallel;
mod position;
mod rows;
/// Generated benchmark text shared by the CLI's `bench`, the benches and tests;
/// not product API (feature `sample`, which `cli` turns on; hidden from the docs).
#[cfg(feature = "sample")]
#[doc(hidden)]
pub mod sample;
pub mod scalar;
#[cfg(feature = "alloc")]
mod stream;
mod transcode;
mod variants;

pub use boundary::{
    ceil_char_boundary, floor_char_boundary, incomplete_tail_len, is_char_boundary,
    trim_incomplete_tail,
};
pub use detect::{
    detect_encoding, detect_encoding_prefix, plausible_encodings, sniff_bom, Detection,
    DETECTION_SAMPLE,
};
pub use dispatch::{Engine, Kernel};
pub use encoding::Encoding;
#[cfg(feature = "alloc")]
pub use error::FromUtf8Error;
pub use error::{
    ConversionError, OutputTooSmall, UnsupportedKernel, Utf16Error, Utf16ErrorKind, Utf32Error,
    Utf32ErrorKind, Utf8Error, Utf8ErrorKind,
};
pub use lossy::*;
pub use position::{line_column, LineColumn};
pub use rows::*;
#[cfg(feature = "alloc")]
pub use stream::*;
pub use transcode::*;
pub use variants::*;

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

/// Validates `src` with the active kernel, or inline when it is short.
#[inline(always)]
fn check_utf8(src: &[u8]) -> Result<(), Utf8Error> {
    if src.len() < SHORT_INPUT {
        if arch::scalar::short_is_ascii(src) {
            return Ok(());
        }
        if src.len() < SHORT_VECTOR_MIN {
            return arch::scalar::check_short(src);
        }
    }
    Engine::active().ops().check_utf8(src)
}

/// True when `src` is valid UTF-8.
///
/// The fastest check: no error position is computed. Use [`from_utf8`] to learn
/// where and why input is invalid.
///
/// ```
/// assert!(utfast::validate_utf8("Ünïcödé".as_bytes()));
/// assert!(!utfast::validate_utf8(b"\xF4\x90\x80\x80")); // above U+10FFFF
/// ```
#[inline]
pub fn validate_utf8(src: &[u8]) -> bool {
    if src.len() < SHORT_INPUT {
        if arch::scalar::short_is_ascii(src) {
            return true;
        }
        if src.len() < SHORT_VECTOR_MIN {
            return arch::scalar::check_short(src).is_ok();
        }
    }
    Engine::active().validate_utf8(src)
}

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
#[inline]
pub fn from_utf8(src: &[u8]) -> Result<&str, Utf8Error> {
    check_utf8(src)?;
    // SAFETY: `check_utf8` found `src` to be valid UTF-8.
    Ok(unsafe { core::str::from_utf8_unchecked(src) })
}

/// Like [`from_utf8`], for a mutable slice (`std::str::from_utf8_mut`).
///
/// ```
/// let mut buf = b"hello".to_vec();
/// let s = utfast::from_utf8_mut(&mut buf).unwrap();
/// s.make_ascii_uppercase();
/// assert_eq!(buf, b"HELLO");
/// ```
#[inline]
pub fn from_utf8_mut(src: &mut [u8]) -> Result<&mut str, Utf8Error> {
    check_utf8(src)?;
    // SAFETY: `check_utf8` found `src` to be valid UTF-8.
    Ok(unsafe { core::str::from_utf8_unchecked_mut(src) })
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
