//! Validating a column: the first bad row ([`rows::validate_utf8`](crate::rows::validate_utf8)), and every
//! row's validity ([`rows::utf8_validity`](crate::rows::utf8_validity)).
//!
//! All rows are valid exactly when the bytes they cover are valid UTF-8 and no
//! row starts inside a character: one kernel pass over the values, one over the
//! offsets. When that fails, only rows near the trouble are read one by one: a
//! byte that is not a continuation byte always begins a character or an invalid
//! piece, so a row whose first byte and whose end are such boundaries, and that
//! holds no invalid piece of the whole, is valid on its own.

use super::offset::{sound, RowOffset, Span};
use super::RowError;
use crate::api::api;
use crate::Engine;

/// Row `row` of sound offsets.
#[inline(always)]
pub(super) fn row_bytes<'a, O: RowOffset>(values: &'a [u8], offsets: &[O], row: usize) -> &'a [u8] {
    let at = |i: usize| offsets[i].to_usize().unwrap_or(0);
    values.get(at(row)..at(row + 1)).unwrap_or_default()
}

/// Where the trouble of a column starts: the first invalid byte of the covered
/// bytes, and the first row that starts inside a character (`rows` for none).
#[derive(Clone, Copy, Debug)]
pub(super) struct Suspects {
    error_at: Option<usize>,
    split: usize,
}

impl Suspects {
    /// `None` when every row is valid; else a row before which every row is
    /// valid (the row of the first error, or the row before the first split).
    fn first_row<O: RowOffset>(self, offsets: &[O], span: Span) -> Option<usize> {
        let error_row = self.error_at.map(|at| row_of(offsets, at));
        let split_row = (self.split < span.rows).then(|| self.split.saturating_sub(1));
        error_row.into_iter().chain(split_row).min()
    }
}

/// One kernel pass over the covered bytes (the row starts were checked with the
/// offsets).
#[inline]
pub(super) fn first_suspect(engine: &Engine, values: &[u8], span: Span) -> Suspects {
    let covered = &values[span.start..span.end];
    let error_at = engine
        .ops()
        .check_utf8(covered)
        .err()
        .map(|e| span.start + e.valid_up_to());
    Suspects {
        error_at,
        split: span.split,
    }
}

/// The row of sound offsets that holds byte `at` (the last row starting at or
/// before it).
#[inline]
pub(super) fn row_of<O: RowOffset>(offsets: &[O], at: usize) -> usize {
    offsets
        .partition_point(|o| o.to_usize().is_some_and(|o| o <= at))
        .saturating_sub(1)
}

/// Every row's validity: what [`rows::utf8_validity`](crate::rows::utf8_validity) returns.
///
/// ```
/// let v = utfast::rows::utf8_validity(b"ok\xFFfine", &[0i32, 2, 3, 7]).unwrap();
/// assert_eq!((v.len(), v.invalid_count()), (3, 1));
/// assert!(v.is_valid(0) && !v.is_valid(1) && v.is_valid(2));
/// assert_eq!(v.bitmap(), &[0b101]);
/// ```
#[cfg(feature = "alloc")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowValidity {
    bitmap: alloc::vec::Vec<u8>,
    rows: usize,
    invalid: usize,
}

#[cfg(feature = "alloc")]
impl RowValidity {
    /// The number of rows.
    pub fn len(&self) -> usize {
        self.rows
    }

    /// True when the column has no rows.
    pub fn is_empty(&self) -> bool {
        self.rows == 0
    }

    /// The number of rows that are not valid UTF-8.
    pub fn invalid_count(&self) -> usize {
        self.invalid
    }

    /// Whether row `row` is valid UTF-8 (false past the last row).
    pub fn is_valid(&self, row: usize) -> bool {
        row < self.rows && self.bitmap[row / 8] >> (row % 8) & 1 == 1
    }

    /// One bit per row, least significant bit first (Arrow's validity bitmap):
    /// set for a valid row. Bits past the last row are clear.
    pub fn bitmap(&self) -> &[u8] {
        &self.bitmap
    }

    /// The bitmap, to hand to an Arrow null buffer without a copy.
    pub fn into_bitmap(self) -> alloc::vec::Vec<u8> {
        self.bitmap
    }

    /// `rows` rows, all valid.
    pub(super) fn all_valid(rows: usize) -> RowValidity {
        let mut bitmap = alloc::vec![0xFF; rows.div_ceil(8)];
        if let Some(last) = bitmap.last_mut() {
            if !rows.is_multiple_of(8) {
                *last = (1u8 << (rows % 8)) - 1;
            }
        }
        RowValidity {
            bitmap,
            rows,
            invalid: 0,
        }
    }

    /// Marks the valid row `row` invalid.
    pub(super) fn clear(&mut self, row: usize) {
        self.bitmap[row / 8] &= !(1 << (row % 8));
        self.invalid += 1;
    }
}

/// Every row's validity, for sound offsets.
#[cfg(feature = "alloc")]
pub(super) fn validity<O: RowOffset>(
    engine: &Engine,
    values: &[u8],
    offsets: &[O],
    span: Span,
) -> RowValidity {
    let mut validity = RowValidity::all_valid(span.rows);
    let suspects = first_suspect(engine, values, span);
    if suspects.first_row(offsets, span).is_none() {
        return validity;
    }
    for_each_suspect(engine, values, offsets, span, suspects, |row| {
        if validity.is_valid(row)
            && engine
                .ops()
                .check_utf8(row_bytes(values, offsets, row))
                .is_err()
        {
            validity.clear(row);
        }
    });
    validity
}

/// Calls `suspect(row)` (possibly more than once) for every row that may be
/// invalid: the rows holding an invalid piece of the covered bytes, and the two
/// rows at each offset inside a character. Every other row is valid.
#[cfg(feature = "alloc")]
pub(super) fn for_each_suspect<O: RowOffset>(
    engine: &Engine,
    values: &[u8],
    offsets: &[O],
    span: Span,
    from: Suspects,
    mut suspect: impl FnMut(usize),
) {
    use crate::lossy::pieces::{self, Pieces};
    // Everything before the first error and the first split is known good.
    let mut at = from.error_at.unwrap_or(span.end);
    for piece in Pieces::new(*engine, pieces::Utf8, &values[at..span.end]) {
        at += piece.valid.len();
        if piece.problem.is_some() {
            suspect(row_of(offsets, at));
        }
        at += piece.invalid.len();
    }
    let (before_end, starts) = (&values[..span.end], &offsets[..span.rows]);
    let mut row = from.split;
    while row < span.rows {
        row += O::first_split_offset(engine, before_end, &starts[row..]);
        if row == span.rows {
            break;
        }
        if row > 0 {
            suspect(row - 1);
        }
        suspect(row);
        row += 1;
    }
}

api! { "rows";
    /// Ok when every row is valid UTF-8 and the offsets are sound (at least one,
    /// none negative or decreasing, none past `values`); else the first bad row, with
    /// its error exactly as [`from_utf8`](crate::from_utf8) reports it on that row.
    /// Rows are Arrow's: row `i` is `values[offsets[i]..offsets[i + 1]]`; bytes
    /// outside the rows are not read.
    ///
    /// ```
    /// let values = "héllo wörld".as_bytes();
    /// assert!(utfast::rows::validate_utf8(values, &[0i32, 6, 13]).is_ok());
    /// // An offset inside the "ö" cuts two rows:
    /// let err = utfast::rows::validate_utf8(values, &[0i64, 9, 13]).unwrap_err();
    /// assert_eq!(err.row(), 0);
    /// assert_eq!(err.utf8_error().unwrap().error_len(), None); // cut at the row's end
    /// ```
    pub fn validate_utf8[<O: RowOffset>](values: &[u8], offsets: &[O]) -> Result<(), RowError>
        as validate_utf8_rows;
        |engine| {
            let span = sound(engine, values, offsets)?;
            let Some(from) = first_suspect(engine, values, span).first_row(offsets, span) else {
                return Ok(());
            };
            // Every row before `from` is valid; one at or after it is not.
            for row in from..span.rows {
                if let Err(e) = engine.ops().check_utf8(row_bytes(values, offsets, row)) {
                    return Err(RowError::invalid(row, e));
                }
            }
            debug_assert!(false, "a suspect column with no invalid row");
            Ok(())
        };

    #[cfg(feature = "alloc")]
    /// Every row's validity in one pass: a bitmap (Arrow's layout, set for a valid
    /// row) and the number of invalid rows. A valid column costs what
    /// [`rows::validate_utf8`](crate::rows::validate_utf8) costs; otherwise only the rows near each error are
    /// read one by one. Unsound offsets are an error.
    ///
    /// ```
    /// let values = b"a\xC3\xA9\xFFb\xE2\x82";
    /// let v = utfast::rows::utf8_validity(values, &[0i64, 3, 4, 5, 7]).unwrap();
    /// assert_eq!(v.invalid_count(), 2); // rows 1 (0xFF) and 3 (cut "€")
    /// ```
    pub fn utf8_validity[<O: RowOffset>](values: &[u8], offsets: &[O]) -> Result<RowValidity, RowError>
        as utf8_rows_validity;
        |engine| {
            let span = sound(engine, values, offsets)?;
            Ok(validity(engine, values, offsets, span))
        };
}
