//! Transcoding between UTF-8, UTF-16, UTF-32 and Latin-1: the public functions,
//! one file per input encoding, plus validation of UTF-16/32, exact output
//! lengths and `Vec`/`String` conveniences. Each is a free function (the active
//! kernel) followed by the [`Engine`](crate::Engine) method of the same name (one
//! kernel), which calls the kernel's operation.
//!
//! # Output slices
//!
//! Every conversion writes into a caller's slice and returns `Ok(units written)`.
//! A slice of the worst-case size always suffices: for UTF-8 input, as many units
//! as input bytes (to UTF-16, UTF-32 or Latin-1); to UTF-8, three bytes per UTF-16
//! unit, four per UTF-32 value, two per Latin-1 byte; otherwise one unit per input
//! unit. The exact size comes from the `*_len_from_*` functions. With a shorter
//! slice nothing is ever written out of bounds and nothing panics: the conversion
//! stops at the first character that does not fit and returns an error of kind
//! `OutputTooSmall` (or [`OutputTooSmall`] where the input cannot be invalid) that
//! says how much input was converted into how much output. Units of `dst` past the
//! returned count may have been overwritten with scratch values.
//!
//! # Errors
//!
//! Invalid input stops the conversion at the first invalid character: the error
//! (the same [`Utf8Error`] [`from_utf8`](crate::from_utf8) returns, with std's
//! position; or [`Utf16Error`](crate::Utf16Error), [`Utf32Error`](crate::Utf32Error)) says where, why, and how many output
//! units hold the conversion of the valid prefix.
//!
//! ```
//! let text = "Grüße, 世界 🎉";
//! let mut utf16 = vec![0u16; text.len()];
//! let n = utfast::utf8_to_utf16(text.as_bytes(), &mut utf16).unwrap();
//! assert_eq!(&utf16[..n], text.encode_utf16().collect::<Vec<_>>().as_slice());
//!
//! let mut utf8 = vec![0u8; 3 * n];
//! let m = utfast::utf16_to_utf8(&utf16[..n], &mut utf8).unwrap();
//! assert_eq!(&utf8[..m], text.as_bytes());
//! ```

use crate::error::{OutputTooSmall, Utf8Error, Utf8ErrorKind};

/// The byte order in which UTF-16 code units are stored.
///
/// A `u16` "in byte order `Big`" is one whose bytes in memory, `u16::to_ne_bytes`,
/// are big-endian: on a little-endian machine its value is the code unit with its
/// bytes swapped. The `*le`/`*be` functions read or write units in that order; the
/// plain ones use the machine's own ([`ByteOrder::NATIVE`]).
///
/// ```
/// use utfast::ByteOrder;
/// let stored = ByteOrder::Big.write_u16(0x20AC);
/// assert_eq!(stored.to_ne_bytes(), [0x20, 0xAC]);
/// assert_eq!(ByteOrder::Big.read_u16(stored), 0x20AC);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ByteOrder {
    /// Little-endian: UTF-16LE.
    Little,
    /// Big-endian: UTF-16BE.
    Big,
}

impl ByteOrder {
    /// The byte order of this machine.
    pub const NATIVE: ByteOrder = if cfg!(target_endian = "big") {
        ByteOrder::Big
    } else {
        ByteOrder::Little
    };

    /// The code unit stored as `stored` in this byte order.
    #[inline(always)]
    pub const fn read_u16(self, stored: u16) -> u16 {
        match self {
            ByteOrder::Little => u16::from_le(stored),
            ByteOrder::Big => u16::from_be(stored),
        }
    }

    /// How `unit` is stored in this byte order.
    #[inline(always)]
    pub const fn write_u16(self, unit: u16) -> u16 {
        match self {
            ByteOrder::Little => unit.to_le(),
            ByteOrder::Big => unit.to_be(),
        }
    }
}

/// The error of a `&str` conversion, which can only be the output's.
fn str_output(e: Utf8Error) -> OutputTooSmall {
    debug_assert_eq!(e.kind(), Utf8ErrorKind::OutputTooSmall);
    OutputTooSmall {
        read: e.valid_up_to(),
        written: e.written(),
    }
}

mod from_latin1;
mod from_utf16;
mod from_utf32;
mod from_utf8;
mod lengths;
#[cfg(feature = "alloc")]
mod owned;
mod short;
mod validate;

pub use from_latin1::*;
pub use from_utf16::*;
pub use from_utf32::*;
pub use from_utf8::*;
pub use lengths::*;
#[cfg(feature = "alloc")]
pub use owned::*;
pub use validate::*;
