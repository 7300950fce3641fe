//! [`RowError`]: the first bad row of a column, and why.

use core::fmt;

#[cfg(feature = "alloc")]
use crate::stream::TranscodeError;
use crate::Utf8Error;

/// The first row of a column that is not valid UTF-8 (or, for the column
/// conversions, cannot be converted), or whose offsets are unsound (negative,
/// decreasing, past the values, or no offsets at all).
///
/// ```
/// let values = b"okbad\xFF";
/// let err = utfast::rows::validate_utf8(values, &[0i32, 2, 6]).unwrap_err();
/// assert_eq!(err.row(), 1);
/// let e = err.utf8_error().unwrap();
/// assert_eq!((e.valid_up_to(), e.error_len()), (3, Some(1))); // within row 1
/// assert_eq!(err.to_string(), "row 1: invalid UTF-8 at byte 3 of the row: byte never valid in UTF-8");
///
/// let err = utfast::rows::validate_utf8(values, &[0i32, 9]).unwrap_err();
/// assert_eq!((err.row(), err.utf8_error()), (0, None));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowError {
    row: usize,
    cause: Cause,
}

/// Why a row is bad.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cause {
    Offsets,
    Utf8(Utf8Error),
    #[cfg(feature = "alloc")]
    Convert(TranscodeError),
}

impl RowError {
    /// Row `row` is not valid UTF-8: `error` as `from_utf8` reports it on the row.
    pub(crate) const fn invalid(row: usize, error: Utf8Error) -> RowError {
        RowError {
            row,
            cause: Cause::Utf8(error),
        }
    }

    /// Row `row` cannot be converted: `error`, its offset within the row.
    #[cfg(feature = "alloc")]
    pub(crate) const fn convert(row: usize, error: TranscodeError) -> RowError {
        RowError {
            row,
            cause: Cause::Convert(error),
        }
    }

    /// The offsets of row `row` are unsound.
    pub(crate) const fn offsets(row: usize) -> RowError {
        RowError {
            row,
            cause: Cause::Offsets,
        }
    }

    /// The index of the first bad row.
    pub const fn row(&self) -> usize {
        self.row
    }

    /// The row's error, exactly as [`from_utf8`](crate::from_utf8) reports it on
    /// that row alone; `None` when the offsets are unsound (or for a column
    /// conversion's error, [`transcode_error`](RowError::transcode_error)).
    pub const fn utf8_error(&self) -> Option<Utf8Error> {
        match self.cause {
            Cause::Utf8(error) => Some(error),
            _ => None,
        }
    }

    /// For the column conversions ([`rows::convert`](fn@crate::rows::convert)), why the
    /// row cannot be converted, as the [`Transcoder`](crate::stream::Transcoder) reports it
    /// on that row alone: its [`offset`](TranscodeError::offset) is within the row.
    ///
    /// ```
    /// use utfast::{Encoding, ErrorMode};
    /// let values = "ok€".as_bytes();
    /// let err = utfast::rows::convert(values, &[0i32, 2, 5], Encoding::Utf8, Encoding::Latin1, ErrorMode::Strict)
    ///     .unwrap_err();
    /// assert_eq!(err.row(), 1);
    /// assert_eq!(err.transcode_error().unwrap().offset(), 0);
    /// assert_eq!(err.to_string(), "row 1: character U+20AC '€' at byte 0 cannot be written in ISO-8859-1 (bytes: e2 82 ac)");
    /// ```
    #[cfg(feature = "alloc")]
    pub const fn transcode_error(&self) -> Option<&TranscodeError> {
        match &self.cause {
            Cause::Convert(error) => Some(error),
            _ => None,
        }
    }
}

impl fmt::Display for RowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.cause {
            Cause::Utf8(e) => write!(
                f,
                "row {}: invalid UTF-8 at byte {} of the row: {}",
                self.row,
                e.valid_up_to(),
                e.kind()
            ),
            #[cfg(feature = "alloc")]
            Cause::Convert(e) => write!(f, "row {}: {e}", self.row),
            Cause::Offsets => write!(
                f,
                "row {}: offsets out of range or decreasing (each must be within the \
                 values and not less than the one before)",
                self.row
            ),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for RowError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.cause {
            Cause::Utf8(e) => Some(e),
            Cause::Convert(e) => Some(e),
            Cause::Offsets => None,
        }
    }
}
