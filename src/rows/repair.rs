//! Lossy repair of a whole column: each invalid row becomes exactly
//! `String::from_utf8_lossy` of that row, valid rows are copied in runs.

use crate::api::api;
use alloc::vec::Vec;

use super::converted::ConvertedRows;
use super::offset::{sound, RowOffset};
use super::validate::{row_bytes, validity};
use super::{RowError, RowValidity};

/// A column of UTF-8 rows in Arrow's layout, built by a column kernel: row `i`
/// is `values()[offsets()[i]..offsets()[i + 1]]`, and the offsets start at 0.
/// It derefs to the [`ConvertedRows`] it is (values, offsets, length), with
/// rows as `&str` here.
///
/// ```
/// let fixed = utfast::rows::utf8_lossy(b"ok\xFF", &[0i32, 2, 3]).unwrap().unwrap();
/// assert_eq!(fixed.values(), "ok\u{FFFD}".as_bytes());
/// assert_eq!(fixed.offsets(), &[0, 2, 5]);
/// assert_eq!(fixed.row(1), Some("\u{FFFD}"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Utf8Rows<O> {
    rows: ConvertedRows<O>,
}

impl<O> core::ops::Deref for Utf8Rows<O> {
    type Target = ConvertedRows<O>;

    fn deref(&self) -> &ConvertedRows<O> {
        &self.rows
    }
}

impl<O: RowOffset> Utf8Rows<O> {
    /// Row `row` as a `&str`, or `None` past the last row.
    pub fn row(&self, row: usize) -> Option<&str> {
        if row >= self.len() {
            return None;
        }
        let bytes = row_bytes(self.values(), self.offsets(), row);
        // SAFETY: the column kernels build `values` of valid UTF-8 rows only, and
        // offsets at their boundaries.
        Some(unsafe { core::str::from_utf8_unchecked(bytes) })
    }

    /// Which rows of the input were valid (and kept as they were) and which were
    /// repaired.
    ///
    /// ```
    /// let fixed = utfast::rows::utf8_lossy(b"a\xFFb", &[0i32, 1, 2, 3]).unwrap().unwrap();
    /// assert_eq!(fixed.input_validity().invalid_count(), 1);
    /// assert!(!fixed.input_validity().is_valid(1));
    /// ```
    pub fn input_validity(&self) -> &RowValidity {
        self.rows.validity()
    }

    /// The values and the offsets, to build an Arrow array without a copy.
    pub fn into_parts(self) -> (Vec<u8>, Vec<O>) {
        let (values, offsets, _) = self.rows.into_parts();
        (values, offsets)
    }
}

api! { "rows";
    /// Repairs a column: each row that is not valid UTF-8 becomes exactly what
    /// `String::from_utf8_lossy` makes of it (U+FFFD for each maximal invalid
    /// piece). `Ok(None)` when every row is already valid (use the input as it is,
    /// no copy); the error names the first row with unsound offsets, or the first
    /// row past which the repaired column no longer fits the offset type.
    ///
    /// ```
    /// let values = b"caf\xC3\xA9bad\xE2\x82end";
    /// let fixed = utfast::rows::utf8_lossy(values, &[0i64, 5, 10, 13]).unwrap().unwrap();
    /// assert_eq!(fixed.row(0), Some("café"));
    /// assert_eq!(fixed.row(1), Some("bad\u{FFFD}"));
    /// assert_eq!(fixed.row(2), Some("end"));
    /// assert_eq!(utfast::rows::utf8_lossy(b"fine", &[0i32, 4]).unwrap(), None);
    /// ```
    pub fn utf8_lossy[<O: RowOffset>](values: &[u8], offsets: &[O]) -> Result<Option<Utf8Rows<O>>, RowError>
        as utf8_rows_lossy;
        |engine| {
            let span = sound(engine, values, offsets)?;
            let validity = validity(engine, values, offsets, span);
            if validity.invalid_count() == 0 {
                return Ok(None);
            }
            let at = |row: usize| offsets[row].to_usize().unwrap_or(0);
            let mut out = Vec::with_capacity(span.end - span.start + 3 * validity.invalid_count());
            let mut new_offsets = Vec::with_capacity(offsets.len());
            new_offsets.push(O::default());
            let mut row = 0;
            while row < span.rows {
                // A run of valid rows, copied at once, its offsets moved.
                let mut bad = row;
                while bad < span.rows && validity.is_valid(bad) {
                    bad += 1;
                }
                let (from, shift) = (at(row), out.len());
                for end in row + 1..=bad {
                    let moved = O::from_usize(at(end) - from + shift).ok_or(RowError::offsets(end - 1));
                    new_offsets.push(moved?);
                }
                out.extend_from_slice(&values[from..at(bad)]);
                if bad == span.rows {
                    break;
                }
                out.extend_from_slice(
                    engine.from_utf8_lossy(row_bytes(values, offsets, bad))
                        .as_bytes(),
                );
                new_offsets.push(O::from_usize(out.len()).ok_or(RowError::offsets(bad))?);
                row = bad + 1;
            }
            Ok(Some(Utf8Rows {
                rows: ConvertedRows {
                    values: out,
                    offsets: new_offsets,
                    validity,
                },
            }))
        };
}
