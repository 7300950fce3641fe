//! Line and column of a byte offset, for error messages (the CLI reports
//! `line:column` beside the byte offset). The counts are kernel operations
//! (portable loops, vectorised for each kernel's instruction set).

use crate::api::api;

/// A 1-based line and column; the column counts characters (code points).
///
/// ```
/// let pos = utfast::utf8::line_column(b"a\nbc", 3);
/// assert_eq!(pos, utfast::utf8::LineColumn { line: 2, column: 2 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LineColumn {
    /// Line number, from 1; lines end at `\n`.
    pub line: usize,
    /// Column, from 1, in characters: the number of characters before the
    /// position on its line, plus one.
    pub column: usize,
}

impl LineColumn {
    /// Line 1, column 1: where a text starts.
    pub const START: LineColumn = LineColumn { line: 1, column: 1 };

    /// Moves past `text`, the next piece of a text read in pieces (a stream), so
    /// that the position stays that of the whole: lines and columns are counted
    /// as [`utf8::line_column`](crate::utf8::line_column) counts them, a character cut at either end of a piece
    /// counted once, by its first byte.
    ///
    /// ```
    /// let mut at = utfast::utf8::LineColumn::START;
    /// for piece in ["ab\nc", "dé", "\nxy"] {
    ///     at.advance(piece.as_bytes());
    /// }
    /// assert_eq!(at, utfast::utf8::line_column(b"ab\ncd\xC3\xA9\nxy", 12));
    /// ```
    pub fn advance(&mut self, text: &[u8]) {
        let end = line_column(text, text.len());
        if end.line > 1 {
            self.line += end.line - 1;
            self.column = end.column;
        } else {
            self.column += end.column - 1;
        }
    }

    /// Moves back over one character of the current line (not before column 1):
    /// for a reader that counted the first byte of a character that turns out to
    /// be where an error starts.
    ///
    /// ```
    /// let mut at = utfast::utf8::LineColumn { line: 3, column: 5 };
    /// at.back_one();
    /// assert_eq!(at.column, 4);
    /// ```
    pub fn back_one(&mut self) {
        self.column = self.column.saturating_sub(1).max(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_a_naive_count() {
        let text = "ab\ncdé\n\nxyz 世界\nend".repeat(30);
        let bytes = text.as_bytes();
        for offset in 0..=bytes.len() {
            let before = &text.as_bytes()[..offset];
            let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
            let start = before
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1);
            let column = 1 + before[start..]
                .iter()
                .filter(|&&b| b & 0xC0 != 0x80)
                .count();
            for kernel in crate::Kernel::available() {
                let engine = crate::Engine::new(kernel).unwrap();
                assert_eq!(
                    engine.line_column(bytes, offset),
                    LineColumn { line, column },
                    "offset {offset}, {kernel}"
                );
            }
        }
        assert_eq!(
            line_column(bytes, usize::MAX),
            line_column(bytes, bytes.len())
        );
    }
}

api! { "utf8";
    /// The line and column of byte `offset` in `src` (clamped to `src.len()`).
    ///
    /// ```
    /// let text = "first\nsecond line: é!".as_bytes();
    /// let at = text.iter().position(|&b| b == b'!').unwrap();
    /// let pos = utfast::utf8::line_column(text, at);
    /// assert_eq!((pos.line, pos.column), (2, 15));
    /// ```
    pub fn line_column(src: &[u8], offset: usize) -> LineColumn
        as line_column;
        |engine| {
            let before = &src[..offset.min(src.len())];
            let ops = engine.ops();
            let line_start = ops.last_newline(before).map_or(0, |i| i + 1);
            LineColumn {
                line: 1 + ops.count_newlines(before),
                // Every byte but a continuation byte starts a character; in invalid
                // input each stray byte counts as one.
                column: 1 + ops.count_chars(&before[line_start..]),
            }
        };
}
