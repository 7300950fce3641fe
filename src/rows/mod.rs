//! Column kernels: many strings at once, stored as Arrow stores them — one values
//! buffer and offsets, row `i` being `values[offsets[i]..offsets[i + 1]]` with
//! `i32`, `i64` or `usize` offsets ([`RowOffset`]). No Arrow dependency here; the
//! `utfast-arrow` crate maps Arrow's arrays onto these.
//!
//! A valid column costs one kernel pass over the values and one over the offsets
//! (is every row start a character boundary); only rows near an error are read
//! one by one, so a million short rows cost about what one long string does.
//! Offsets are checked before any byte is read: unsound ones are an error value
//! ([`RowError`]), never a panic or an out-of-bounds read.
//!
//! - [`validate_utf8`]: the first bad row, with `from_utf8`'s error on it;
//! - [`utf8_validity`]: every row's validity, as a bitmap, and the count;
//! - [`utf8_lossy`]: each invalid row as `String::from_utf8_lossy` makes it;
//! - [`convert`](fn@convert), [`convert_or_null`]: every row from one
//!   [`Encoding`](crate::Encoding) to another.

#[cfg(feature = "alloc")]
mod convert;
#[cfg(feature = "alloc")]
mod converted;
mod error;
#[cfg(feature = "alloc")]
mod latin1;
mod offset;
#[cfg(feature = "alloc")]
mod repair;
#[cfg(feature = "alloc")]
mod utf16;
mod validate;

#[cfg(feature = "alloc")]
pub use convert::{convert, convert_or_null};
#[cfg(feature = "alloc")]
pub use converted::ConvertedRows;
pub use error::RowError;
pub use offset::RowOffset;
#[cfg(feature = "alloc")]
pub use repair::{utf8_lossy, Utf8Rows};
pub use validate::validate_utf8;
#[cfg(feature = "alloc")]
pub use validate::{utf8_validity, RowValidity};
