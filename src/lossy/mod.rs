//! Decoding that goes on past errors: `from_utf8_lossy` (std's output, byte for
//! byte), the [`Utf8Chunks`] iterator, and conversions that take an [`ErrorMode`]
//! saying what becomes of invalid input (stop, U+FFFD, surrogate escape, Latin-1 or
//! Windows-1252 fallback), plus in-place repair of UTF-16.
//!
//! Valid stretches go through the engine's kernels; only the neighbourhood of an
//! error takes a scalar path: after an error, up to [`NEIGHBOURHOOD`] input units
//! are decoded one character at a time (dense errors, such as binary data, stay
//! there), and the first stretch that long without an error hands the rest back to
//! the kernel. The invalid pieces are the maximal subparts of the Unicode Standard
//! (std's `error_len`), so one U+FFFD replaces each, as std does.
//!
//! One file per concern: [`mode`] (the error modes and the Windows-1252 table),
//! [`chunks`] (UTF-8 split into valid stretches and invalid pieces), `from_utf8`
//! (UTF-8 to UTF-16/UTF-32 under a mode), `to_utf8` (UTF-16/UTF-32 to UTF-8 under
//! a mode), `repair` (UTF-16 in place), `owned` (the `String`/`Vec` results).

mod chunks;
mod from_utf8;
mod mode;
#[cfg(feature = "alloc")]
mod owned;
pub(crate) mod pieces;
mod repair;
mod to_utf8;

use crate::error::{ConversionError, Utf16Error, Utf16ErrorKind, Utf32Error, Utf32ErrorKind};
use crate::error::{Utf8Error, Utf8ErrorKind};
use crate::reference::utf8::check_char;
use crate::{ByteOrder, Engine};
use pieces::Pieces;

pub use chunks::{Utf8Chunk, Utf8Chunks};
#[cfg(feature = "alloc")]
use from_utf8::walk_pieces;
pub(crate) use from_utf8::{utf8_to_utf16_with, utf8_to_utf32_with};
pub use mode::{windows1252_byte, windows1252_char, ErrorMode};
#[cfg(feature = "alloc")]
pub(crate) use owned::{infallible, lossy_slow, lossy_string, to_string_with};
pub(crate) use repair::repair;
pub(crate) use to_utf8::{utf16_to_utf8_with, utf32_to_utf8_with};

/// The byte order of UTF-16 `BIG`-endian (or not).
const fn order(big: bool) -> ByteOrder {
    if big {
        ByteOrder::Big
    } else {
        ByteOrder::Little
    }
}

/// Input units decoded in scalar code after an error before the kernel takes over
/// again: long enough that dense errors do not call the kernel for every few
/// bytes, short enough that a lone error costs little.
const NEIGHBOURHOOD: usize = 16;
