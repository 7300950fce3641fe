//! Row offsets: the [`RowOffset`] types (`i32`, `i64`, `usize`, as Arrow's
//! `StringArray`, `LargeStringArray` and plain Rust use), and the soundness check
//! every column kernel makes before it reads a byte.

use super::RowError;
use crate::Engine;

/// An offset type of a column: row `i` is `values[offsets[i]..offsets[i + 1]]`.
/// Implemented for `i32` and `i64` (Arrow's offsets) and `usize`; sealed.
///
/// ```
/// use utfast::rows::RowOffset;
/// assert_eq!(7i32.to_usize(), Some(7));
/// assert_eq!((-1i64).to_usize(), None);
/// assert_eq!(i32::from_usize(1 << 40), None);
/// ```
pub trait RowOffset:
    Copy + Default + Eq + Ord + core::hash::Hash + core::fmt::Debug + sealed::Offsets + 'static
{
    /// The offset as an index, or `None` when it is negative.
    fn to_usize(self) -> Option<usize>;

    /// The offset `n`, or `None` when this type cannot hold it.
    fn from_usize(n: usize) -> Option<Self>;
}

/// The crate's side of [`RowOffset`]: each type's kernel operations.
pub(crate) mod sealed {
    use crate::Engine;

    pub trait Offsets: Sized {
        /// The first unsound row and the first row starting inside a character
        /// (see `Ops::scan_offsets_*`).
        fn scan(engine: &Engine, values: &[u8], offsets: &[Self]) -> (usize, usize);
        /// The first offset (of sound ones) that starts a row inside a character
        /// (see `Ops::split_offset_*`).
        fn first_split_offset(engine: &Engine, values: &[u8], offsets: &[Self]) -> usize;
        /// The row starts after a Latin-1 to UTF-8 conversion of the whole
        /// column, and its length (see `Ops::latin1_offsets_*`).
        fn latin1_offsets(
            engine: &Engine,
            values: &[u8],
            offsets: &[Self],
            out: &mut [Self],
        ) -> Option<usize>;
        /// The same for UTF-16 in `order` (see `Ops::utf16_offsets_*`).
        fn utf16_offsets(
            engine: &Engine,
            values: &[u8],
            offsets: &[Self],
            out: &mut [Self],
            order: crate::ByteOrder,
        ) -> Option<usize>;
    }
}

macro_rules! row_offset {
    ($($t:ty: $scan:ident, $split:ident, $latin1:ident, $utf16:ident;)*) => {$(
        impl RowOffset for $t {
            #[inline(always)]
            fn to_usize(self) -> Option<usize> {
                usize::try_from(self).ok()
            }

            #[inline(always)]
            fn from_usize(n: usize) -> Option<Self> {
                <$t>::try_from(n).ok()
            }
        }

        impl sealed::Offsets for $t {
            #[inline]
            fn scan(engine: &Engine, values: &[u8], offsets: &[$t]) -> (usize, usize) {
                engine.ops().$scan(values, offsets)
            }

            #[inline]
            fn first_split_offset(engine: &Engine, values: &[u8], offsets: &[$t]) -> usize {
                engine.ops().$split(values, offsets)
            }

            #[inline]
            fn latin1_offsets(engine: &Engine, values: &[u8], offsets: &[$t], out: &mut [$t]) -> Option<usize> {
                engine.ops().$latin1(values, offsets, out)
            }

            #[inline]
            fn utf16_offsets(
                engine: &Engine,
                values: &[u8],
                offsets: &[$t],
                out: &mut [$t],
                order: crate::ByteOrder,
            ) -> Option<usize> {
                engine.ops().$utf16(values, offsets, out, order)
            }
        }
    )*};
}

row_offset! {
    i32: scan_offsets_i32, split_offset_i32, latin1_offsets_i32, utf16_offsets_i32;
    i64: scan_offsets_i64, split_offset_i64, latin1_offsets_i64, utf16_offsets_i64;
    usize: scan_offsets_usize, split_offset_usize, latin1_offsets_usize, utf16_offsets_usize;
}

/// The bytes the rows cover, `values[start..end]`, once the offsets are found
/// sound: at least one offset, none negative, none decreasing, none past the
/// values.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Span {
    pub(crate) start: usize,
    pub(crate) end: usize,
    pub(crate) rows: usize,
    /// The first row that starts inside a character (`rows` for none).
    pub(crate) split: usize,
}

/// Checks the offsets, and finds the first row starting inside a character, in
/// one vector pass; the error names the first unsound row.
#[inline]
pub(crate) fn sound<O: RowOffset>(
    engine: &Engine,
    values: &[u8],
    offsets: &[O],
) -> Result<Span, RowError> {
    let (Some(first), Some(last)) = (offsets.first(), offsets.last()) else {
        return Err(RowError::offsets(0));
    };
    let rows = offsets.len() - 1;
    let (bad, split) = O::scan(engine, values, offsets);
    match (first.to_usize(), last.to_usize()) {
        (Some(start), Some(end)) if bad == rows && start <= end && end <= values.len() => {
            Ok(Span {
                start,
                end,
                rows,
                split,
            })
        }
        // One offset and no row: only the offset itself can be out of range.
        _ => Err(RowError::offsets(bad.min(rows.saturating_sub(1)))),
    }
}
