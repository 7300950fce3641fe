//! The algorithms, each written once: generic over the vector traits of
//! [`vector_traits`] (implemented per ISA in [`arch`](crate::arch)), one file per
//! direction, plus the [`portable`] algorithms every kernel starts from.
//!
//! - [`validate_utf8`], [`validate_utf16`]: validation ([`utf8_classes`]: the
//!   UTF-8 error-class tables);
//! - [`from_utf8`]: UTF-8 to UTF-16, UTF-32, Latin-1;
//! - [`to_utf8`]: UTF-16, UTF-32, Latin-1 to UTF-8;
//! - [`widen`], [`narrow`]: Latin-1 to UTF-16/UTF-32 and back, a vector a step;
//! - [`units`]: UTF-16 ⇄ UTF-32 chunks without surrogate pairs, a vector a step;
//! - [`wide`]: the hook for ISAs with whole-register conversions (AVX-512);
//! - [`vectors`]: the vector kernels' implementation of the operation list;
//! - [`columns`]: new row offsets for the whole-column conversions;
//! - [`portable`]: the scalar kernel's algorithms, every kernel's defaults;
//! - [`prefetch`]: cache lines asked for ahead of long passes;
//! - [`ascii_prefix`]: the ASCII an input starts with, copied.
//!
//! Nothing here knows about dispatch: the dispatcher compiles these for each ISA.

#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
pub(crate) mod ascii_prefix;
#[cfg(any(target_arch = "x86", target_arch = "x86_64", target_arch = "aarch64"))]
pub(crate) mod cesu8;
pub(crate) mod columns;
#[cfg(any(target_arch = "x86", target_arch = "x86_64", target_arch = "aarch64"))]
pub(crate) mod from_utf8;
#[cfg(any(target_arch = "x86", target_arch = "x86_64", target_arch = "aarch64"))]
pub(crate) mod narrow;
pub(crate) mod portable;
pub(crate) mod prefetch;
#[cfg(any(target_arch = "x86", target_arch = "x86_64", target_arch = "aarch64"))]
pub(crate) mod to_utf8;
pub(crate) mod units;
pub(crate) mod utf8_classes;
#[cfg(any(target_arch = "x86", target_arch = "x86_64", target_arch = "aarch64"))]
pub(crate) mod validate_utf16;
pub(crate) mod validate_utf8;
pub(crate) mod vector_traits;
#[cfg(any(target_arch = "x86", target_arch = "x86_64", target_arch = "aarch64"))]
pub(crate) mod vectors;
#[cfg(any(target_arch = "x86", target_arch = "x86_64", target_arch = "aarch64"))]
pub(crate) mod wide;
#[cfg(any(target_arch = "x86", target_arch = "x86_64", target_arch = "aarch64"))]
pub(crate) mod widen;

use crate::operations::Algorithms;

/// The implementation with no vector code: every operation is portable.
pub(crate) struct Portable;

impl Algorithms for Portable {}

/// UTF-16 units, little-endian or, with `BIG`, big-endian: an input of
/// [`to_utf8`] and an output of [`from_utf8`].
#[allow(dead_code)] // unused on targets without vector kernels
pub(crate) struct Utf16<const BIG: bool>;

/// UTF-32 values in the machine's byte order.
#[allow(dead_code)]
pub(crate) struct Utf32;

/// Latin-1 bytes: every byte is the code point.
#[allow(dead_code)]
pub(crate) struct Latin1;
