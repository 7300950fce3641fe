//! [`ConvertedRows`], a converted column in Arrow's layout: what every column
//! conversion returns ([`convert`](super::convert()), the whole-column Latin-1 and
//! UTF-16 paths, and the lossy repair).

use super::offset::RowOffset;
use super::validate::row_bytes;
use super::RowValidity;
use alloc::vec::Vec;

/// A converted column in Arrow's layout: row `i` is
/// `values()[offsets()[i]..offsets()[i + 1]]`, the offsets start at 0, and
/// [`validity`](ConvertedRows::validity) says which rows were converted (with
/// [`rows::convert_or_null`](crate::rows::convert_or_null), a row that could not be converted is empty and
/// cleared there; every row is valid otherwise).
///
/// ```
/// use utfast::{Encoding, ErrorMode};
/// let rows = utfast::rows::convert(b"caf\xE9ok", &[0i32, 4, 6], Encoding::Latin1, Encoding::Utf8, ErrorMode::Strict)
///     .unwrap();
/// assert_eq!(rows.values(), "caféok".as_bytes());
/// assert_eq!(rows.offsets(), &[0, 5, 7]);
/// assert_eq!(rows.row(0), Some("café".as_bytes()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConvertedRows<O> {
    pub(super) values: Vec<u8>,
    pub(super) offsets: Vec<O>,
    pub(super) validity: RowValidity,
}

impl<O: RowOffset> ConvertedRows<O> {
    /// The bytes of all rows, in the target encoding.
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// One offset more than there are rows.
    pub fn offsets(&self) -> &[O] {
        &self.offsets
    }

    /// The number of rows.
    pub fn len(&self) -> usize {
        self.offsets.len() - 1
    }

    /// True when there are no rows.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The bytes of row `row`, or `None` past the last row.
    pub fn row(&self, row: usize) -> Option<&[u8]> {
        (row < self.len()).then(|| row_bytes(&self.values, &self.offsets, row))
    }

    /// Which rows were converted: all of them, except with
    /// [`rows::convert_or_null`](crate::rows::convert_or_null), which clears the rows it could not convert.
    ///
    /// ```
    /// use utfast::Encoding;
    /// let rows = utfast::rows::convert_or_null(b"ok\xFF", &[0i64, 2, 3], Encoding::Utf8, Encoding::Utf16Le)
    ///     .unwrap();
    /// assert_eq!((rows.validity().invalid_count(), rows.row(1)), (1, Some(&[][..])));
    /// ```
    pub fn validity(&self) -> &RowValidity {
        &self.validity
    }

    /// The values, the offsets and the validity, to build an Arrow array without
    /// a copy.
    pub fn into_parts(self) -> (Vec<u8>, Vec<O>, RowValidity) {
        (self.values, self.offsets, self.validity)
    }
}
