//! [`RowError`]: the first bad row of a column, and why.

use core::fmt;

use crate::Utf8Error;

/// The first row of a column that is not valid UTF-8, or whose offsets are
/// unsound (negative, decreasing, past the values, or no offsets at all).
///
/// ```
/// let values = b"okbad\xFF";
/// let err = utfast::validate_utf8_rows(values, &[0i32, 2, 6]).unwrap_err();
/// assert_eq!(err.row(), 1);
/// let e = err.utf8_error().unwrap();
/// assert_eq!((e.valid_up_to(), e.error_len()), (3, Some(1))); // within row 1
/// assert_eq!(err.to_string(), "row 1: invalid UTF-8 at byte 3 of the row: byte never valid in UTF-8");
///
/// let err = utfast::validate_utf8_rows(values, &[0i32, 9]).unwrap_err();
/// assert_eq!((err.row(), err.utf8_error()), (0, None));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowError {
    row: usize,
    error: Option<Utf8Error>,
}

impl RowError {
    /// Row `row` is not valid UTF-8: `error` as `from_utf8` reports it on the row.
    pub(crate) const fn invalid(row: usize, error: Utf8Error) -> RowError {
        RowError {
            row,
            error: Some(error),
        }
    }

    /// The offsets of row `row` are unsound.
    pub(crate) const fn offsets(row: usize) -> RowError {
        RowError { row, error: None }
    }

    /// The index of the first bad row.
    pub const fn row(&self) -> usize {
        self.row
    }

    /// The row's error, exactly as [`from_utf8`](crate::from_utf8) reports it on
    /// that row alone; `None` when the offsets are unsound.
    pub const fn utf8_error(&self) -> Option<Utf8Error> {
        self.error
    }
}

impl fmt::Display for RowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.error {
            Some(e) => write!(
                f,
                "row {}: invalid UTF-8 at byte {} of the row: {}",
                self.row,
                e.valid_up_to(),
                e.kind()
            ),
            None => write!(
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
        self.error.as_ref().map(|e| e as _)
    }
}
