//! Line and column of a byte offset, for error messages (the CLI reports
//! `line:column` beside the byte offset). Counting newlines is a plain loop that
//! compilers vectorise well, so it is compiled for several CPU levels with
//! `multiversion` rather than hand-written per ISA.

use multiversion::multiversion;

/// A 1-based line and column; the column counts characters (code points).
///
/// ```
/// let pos = utfast::line_column(b"a\nbc", 3);
/// assert_eq!(pos, utfast::LineColumn { line: 2, column: 2 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LineColumn {
    /// Line number, from 1; lines end at `\n`.
    pub line: usize,
    /// Column, from 1, in characters: the number of characters before the
    /// position on its line, plus one.
    pub column: usize,
}

#[multiversion(targets(
    "x86_64+avx512f+avx512bw",
    "x86_64+avx2",
    "x86_64+sse4.2",
    "aarch64+neon"
))]
fn count_newlines(bytes: &[u8]) -> usize {
    bytes.iter().map(|&b| usize::from(b == b'\n')).sum()
}

#[multiversion(targets(
    "x86_64+avx512f+avx512bw",
    "x86_64+avx2",
    "x86_64+sse4.2",
    "aarch64+neon"
))]
fn count_char_starts(bytes: &[u8]) -> usize {
    // Every byte except a continuation byte (10xxxxxx) starts a character; for
    // invalid input this counts each stray byte as one character.
    bytes.iter().map(|&b| usize::from((b as i8) >= -0x40)).sum()
}

#[multiversion(targets(
    "x86_64+avx512f+avx512bw",
    "x86_64+avx2",
    "x86_64+sse4.2",
    "aarch64+neon"
))]
fn last_newline(bytes: &[u8]) -> Option<usize> {
    // Whole 64-byte chunks from the end, each tested without an early exit so the
    // test vectorises; then the byte in the first chunk that has one.
    let mut end = bytes.len();
    while end > 0 {
        let start = end.saturating_sub(64);
        let chunk = &bytes[start..end];
        if chunk.iter().fold(false, |seen, &b| seen | (b == b'\n')) {
            return chunk.iter().rposition(|&b| b == b'\n').map(|i| start + i);
        }
        end = start;
    }
    None
}

/// The line and column of byte `offset` in `src` (clamped to `src.len()`).
///
/// ```
/// let text = "first\nsecond line: é!".as_bytes();
/// let at = text.iter().position(|&b| b == b'!').unwrap();
/// let pos = utfast::line_column(text, at);
/// assert_eq!((pos.line, pos.column), (2, 15));
/// ```
pub fn line_column(src: &[u8], offset: usize) -> LineColumn {
    let before = &src[..offset.min(src.len())];
    let line_start = last_newline(before).map_or(0, |i| i + 1);
    LineColumn {
        line: 1 + count_newlines(before),
        column: 1 + count_char_starts(&before[line_start..]),
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
            assert_eq!(
                line_column(bytes, offset),
                LineColumn { line, column },
                "offset {offset}"
            );
        }
        assert_eq!(
            line_column(bytes, usize::MAX),
            line_column(bytes, bytes.len())
        );
    }
}
