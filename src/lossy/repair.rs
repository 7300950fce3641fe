//! UTF-16 repaired in place: each unpaired surrogate becomes U+FFFD.

use super::*;

/// Replaces each unpaired surrogate of UTF-16 stored in `order` by U+FFFD, in
/// place; returns how many were replaced.
pub(crate) fn repair(engine: &Engine, buf: &mut [u16], order: ByteOrder) -> usize {
    let (mut replaced, mut at) = (0, 0);
    let format = pieces::Utf16(order);
    let mut pieces = Pieces::new(*engine, format, &buf[..]);
    // Each unpaired surrogate is written over once the pieces up to it are read,
    // so the walk restarts after it.
    while let Some(piece) = pieces.next() {
        if piece.problem.is_none() {
            break;
        }
        at += piece.valid.len();
        buf[at] = order.write_u16(0xFFFD);
        replaced += 1;
        at += 1;
        pieces = Pieces::after_error(*engine, format, &buf[at..]);
    }
    replaced
}
