//! What the conversions of [`utf8`](crate::utf8), [`utf16`](crate::utf16),
//! [`utf32`](crate::utf32) and [`latin1`](crate::latin1) share: the inlined
//! path for short input (`short`), the sizing of `Vec`/`String` results
//! (`owned`), and the error of a `&str` conversion.

use crate::error::{OutputTooSmall, Utf8Error, Utf8ErrorKind};

/// The error of a `&str` conversion, which can only be the output's.
pub(crate) fn str_output(e: Utf8Error) -> OutputTooSmall {
    debug_assert_eq!(e.kind(), Utf8ErrorKind::OutputTooSmall);
    OutputTooSmall {
        read: e.valid_up_to(),
        written: e.written(),
    }
}

#[cfg(feature = "alloc")]
mod owned;
pub(crate) mod short;

#[cfg(feature = "alloc")]
pub(crate) use owned::{into_vec, into_vec_with, str_into_vec, utf8_string};
